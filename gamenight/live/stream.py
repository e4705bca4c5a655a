"""The server-sent event streams of a night's open pages (seat pages and the TV).

Each stream registers its screen with its process's hub (gamenight/live/hub.py)
and writes what the hub gives it: the page's new live part after every change
(``live``, tagged with the part's ETag as the event's id), ``changed`` where
the page should fetch its part itself, ``gone`` when the stream shows nothing
more (the seat moved to another phone, the TV's link was renewed, the night is
over: the page fetches and gets the page saying so). A comment every
``KEEPALIVE_SECONDS`` keeps proxies and phones from dropping the connection.

On connecting, the page says which state it shows: the ``seen`` parameter
(the page's ETag as rendered) or, when EventSource reconnects by itself, the
Last-Event-ID header (the last part it was sent). A page that missed a change
while it was away is sent the current part at once; one that did not is sent
nothing. An open stream costs no worker thread: the views are async, served by
uvicorn workers (gamenight/commands.py WEB).

Under WSGI (``make dev``'s runserver) a stream would hold a thread forever, so
the answer there is 204, which tells EventSource not to reconnect: the page
keeps polling.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

from django.core.handlers.asgi import ASGIRequest
from django.http import HttpRequest, HttpResponse, HttpResponseBase, StreamingHttpResponse

from gamenight.live.hub import Listener, hub
from gamenight.live.screens import Screen

KEEPALIVE_SECONDS = 15.0
RETRY_MS = 2000
"""How long EventSource waits before it reconnects a dropped stream."""


def seen_state(request: HttpRequest) -> str:
    """The state the page shows, as it says so (see the module's docstring)."""
    return request.headers.get("Last-Event-ID") or request.GET.get("seen", "")


async def _events(listener: Listener) -> AsyncIterator[str]:
    yield f"retry: {RETRY_MS}\n\n"
    own = hub()
    await own.join(listener)
    try:
        while True:
            try:
                push = await asyncio.wait_for(listener.queue.get(), KEEPALIVE_SECONDS)
            except TimeoutError:
                yield ": keep-alive\n\n"
                continue
            yield push.event()
            if push.kind == "gone":
                return
    finally:
        await own.leave(listener)


def event_stream(request: HttpRequest, night_id: int, screen: Screen) -> HttpResponseBase:
    """The night's event stream of ``screen`` as the answer to ``request`` (204 under WSGI)."""
    if not isinstance(request, ASGIRequest):
        return HttpResponse(status=204)
    listener = Listener(night_id=night_id, screen=screen, seen=seen_state(request))
    response = StreamingHttpResponse(_events(listener), content_type="text/event-stream")
    response.headers["Cache-Control"] = "no-store"
    # nginx and the like would hold the events back in a buffer.
    response.headers["X-Accel-Buffering"] = "no"
    return response
