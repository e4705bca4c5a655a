"""The event streams of the seat pages and the TV (gamenight/live/stream.py).

The views are async: an open stream waits on the channel layer, not in a worker
thread. The access checks are the sync ones the pages use, run in a thread.
"""

from __future__ import annotations

from asgiref.sync import sync_to_async
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponseBase
from django.views.decorators.http import require_GET

from gamenight.live.stream import event_stream
from gamenight.pages.access import night_for_user
from gamenight.services import seat_binding, seat_links, table_links
from gamenight.services.seat_binding import Binding


def _member_night(request: HttpRequest, night_id: int) -> int:
    night, _membership = night_for_user(request, night_id)
    return night.pk


def _seat_night(request: HttpRequest, token: str) -> int:
    link = seat_links.link_for_token(token)
    # As the seat's poll: a phone the link is not bound to learns nothing.
    if seat_binding.binding(request, link.device_hash) is not Binding.MINE:
        raise PermissionDenied("this seat is open on another phone")
    return link.night_id


def _table_night(request: HttpRequest, token: str) -> int:
    # As the TV's poll: a live table link, no login.
    return table_links.table_link_for_token(token).night_id


@require_GET
async def night_events(request: HttpRequest, night_id: int) -> HttpResponseBase:
    """The stream of a night for a member of its group (the TV's table view)."""
    return event_stream(request, await sync_to_async(_member_night)(request, night_id))


@require_GET
async def seat_events(request: HttpRequest, token: str) -> HttpResponseBase:
    """The stream of a seat link's night, for the phone the link is bound to."""
    return event_stream(request, await sync_to_async(_seat_night)(request, token))


@require_GET
async def tv_events(request: HttpRequest, token: str) -> HttpResponseBase:
    """The stream of a table link's night, for the TV that opened the link."""
    return event_stream(request, await sync_to_async(_table_night)(request, token))
