"""The event streams of the seat pages and the TV (gamenight/live/stream.py).

The views are async: an open stream waits on its process's hub, not in a worker
thread. The access checks are the sync ones the pages use, run once in one of
the hub's threads (not the request's own, which would stay open with the stream),
and name the screen the stream shows: which seat and the phone holding it, or
which table, in the page's language (gamenight/live/screens.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from asgiref.sync import sync_to_async
from django.core.exceptions import PermissionDenied
from django.core.handlers.asgi import ASGIRequest
from django.http import HttpRequest, HttpResponseBase
from django.middleware.csrf import get_token
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from gamenight.live.hub import in_thread
from gamenight.live.screens import Screen, SeatScreen, TableScreen, TvScreen
from gamenight.live.stream import event_stream
from gamenight.pages.access import night_for_user
from gamenight.services import seat_binding, seat_links, table_links
from gamenight.services.seat_binding import Binding

K = TypeVar("K", int, str)


def _language() -> str:
    return get_language() or "en"


def _member_night(request: HttpRequest, night_id: int) -> tuple[int, Screen]:
    night, _membership = night_for_user(request, night_id)
    hand = request.GET.get("hand", "")
    hand_id = int(hand) if hand.isascii() and hand.isdigit() and len(hand) < 19 else None
    return night.pk, TableScreen(night_id=night.pk, hand_id=hand_id, language=_language())


def _seat_night(request: HttpRequest, token: str) -> tuple[int, Screen]:
    link = seat_links.link_for_token(token)
    # As the seat's poll: a phone the link is not bound to learns nothing.
    if seat_binding.binding(request, link.device_hash) is not Binding.MINE:
        raise PermissionDenied("this seat is open on another phone")
    screen = SeatScreen(
        token=link.token,
        device_hash=link.device_hash,
        language=_language(),
        csrf_token=get_token(request),
    )
    return link.night_id, screen


def _table_night(request: HttpRequest, token: str) -> tuple[int, Screen]:
    # As the TV's poll: a live table link, no login.
    link = table_links.table_link_for_token(token)
    return link.night_id, TvScreen(token=link.token, language=_language())


async def _checked(
    check: Callable[[HttpRequest, K], tuple[int, Screen]], request: HttpRequest, key: K
) -> tuple[int, Screen]:
    if isinstance(request, ASGIRequest):
        return await in_thread(check, request, key)
    # Under WSGI (no stream: 204) in the request's own thread, as any view.
    return await sync_to_async(check)(request, key)


@require_GET
async def night_events(request: HttpRequest, night_id: int) -> HttpResponseBase:
    """The stream of a night for a member of its group (the TV's table view)."""
    return event_stream(request, *await _checked(_member_night, request, night_id))


@require_GET
async def seat_events(request: HttpRequest, token: str) -> HttpResponseBase:
    """The stream of a seat link's night, for the phone the link is bound to."""
    return event_stream(request, *await _checked(_seat_night, request, token))


@require_GET
async def tv_events(request: HttpRequest, token: str) -> HttpResponseBase:
    """The stream of a table link's night, for the TV that opened the link."""
    return event_stream(request, *await _checked(_table_night, request, token))
