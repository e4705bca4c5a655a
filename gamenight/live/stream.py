"""The server-sent event streams of a night's open pages (seat pages and the TV).

Each stream joins the night's Channels group and writes one ``changed`` event
per announcement (:mod:`gamenight.live.publish`), and a comment every
``KEEPALIVE_SECONDS`` so that proxies and phones keep the connection and a dead
one is noticed. The event says only that something changed: the page then
fetches its live part with its ETag as before, and that request decides what it
may see. An open stream costs no worker: the views are async, served by uvicorn
workers (gamenight/commands.py WEB).

Under WSGI (``make dev``'s runserver) a stream would hold a thread forever, so
the answer there is 204, which tells EventSource not to reconnect: the page
keeps polling.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

from channels.layers import get_channel_layer
from django.core.handlers.asgi import ASGIRequest
from django.http import HttpRequest, HttpResponse, HttpResponseBase, StreamingHttpResponse

from gamenight.live.groups import CHANGED, night_group

KEEPALIVE_SECONDS = 15.0
RETRY_MS = 2000
"""How long EventSource waits before it reconnects a dropped stream."""


async def _events(night_id: int) -> AsyncIterator[str]:
    layer = get_channel_layer()
    assert layer is not None  # settings.CHANNEL_LAYERS always names one
    channel = await layer.new_channel()
    group = night_group(night_id)
    await layer.group_add(group, channel)
    try:
        # The first event makes the page fetch once: it may have missed a change
        # while it was connecting.
        yield f"retry: {RETRY_MS}\nevent: changed\ndata: \n\n"
        while True:
            try:
                message = await asyncio.wait_for(layer.receive(channel), KEEPALIVE_SECONDS)
            except TimeoutError:
                yield ": keep-alive\n\n"
                continue
            if message.get("type") == CHANGED:
                yield "event: changed\ndata: \n\n"
    finally:
        await layer.group_discard(group, channel)


def event_stream(request: HttpRequest, night_id: int) -> HttpResponseBase:
    """The night's event stream as the answer to ``request`` (204 under WSGI)."""
    if not isinstance(request, ASGIRequest):
        return HttpResponse(status=204)
    response = StreamingHttpResponse(_events(night_id), content_type="text/event-stream")
    response.headers["Cache-Control"] = "no-store"
    # nginx and the like would hold the events back in a buffer.
    response.headers["X-Accel-Buffering"] = "no"
    return response
