"""gunicorn's worker for the app: uvicorn serving gamenight.asgi (gamenight/commands.py WEB).

ASGI so that an open event stream (gamenight/live/) waits on the event loop
instead of holding a worker; the pages are Django's sync views, each run in a
thread of its own. Django answers no lifespan events, so uvicorn is told not to
send them (it would log that they are unsupported on every start).
"""

from __future__ import annotations

from typing import Any, ClassVar

from uvicorn_worker import UvicornWorker


class Worker(UvicornWorker):  # type: ignore[misc]  # uvicorn-worker: untyped base (gunicorn)
    CONFIG_KWARGS: ClassVar[dict[str, Any]] = {"loop": "auto", "http": "auto", "lifespan": "off"}
