"""Whether a page may open an event stream: only when served over ASGI.

Under WSGI (``make dev``'s runserver, the test suite's live server) a stream
would hold a thread for as long as the page is open, so the pages there keep
polling and never try (gamenight/live/stream.py answers 204 all the same).
"""

from __future__ import annotations

from django.core.handlers.asgi import ASGIRequest
from django.http import HttpRequest


def live_events(request: HttpRequest) -> dict[str, bool]:
    return {"live_events": isinstance(request, ASGIRequest)}
