"""What each open screen of a night is sent when the night changes: its new live part.

A screen is a seat's phone (:class:`SeatScreen`), the night's TV by its table
link (:class:`TvScreen`) or a member's table view (:class:`TableScreen`), as its
event stream opened it (gamenight/views/live_events.py). :func:`bring_up_to_date`
renders, for every screen of one night, the live part its page would fetch
(the same template partial and context, the same ETag), from one read of the
hand shared by all of them (:class:`gamenight.pages.hand_read.HandRead`).

What a screen may see is decided here as for its fetch, every time: a seat's
part is built only from that seat's view (``seat_view``) and only while its link
is live and still bound to the phone that opened the stream; a phone that lost
the seat (moved to a new phone, the night over) is told ``gone`` and sent
nothing more. A screen whose page already shows the current state (the same
tag) is sent nothing.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Iterable, Mapping
from typing import Any, Literal

from django.db.models import QuerySet
from django.template.loader import render_to_string
from django.utils import translation

from gamenight.models import Night, NightStatus, SeatLink, TableLink
from gamenight.pages.hand_read import HandRead
from gamenight.pages.seat import seat_context, seat_tag
from gamenight.pages.table import table_tag, tv_tag
from gamenight.services.seat_moves import asked_for

logger = logging.getLogger(__name__)


@dataclasses.dataclass(frozen=True)
class SeatScreen:
    """A seat's page on the phone holding it (``device_hash``: that phone's)."""

    token: str
    device_hash: str
    language: str
    csrf_token: str


@dataclasses.dataclass(frozen=True)
class TvScreen:
    """The night's TV, opened by its table link (no login)."""

    token: str
    language: str


@dataclasses.dataclass(frozen=True)
class TableScreen:
    """A member's table view of hand ``hand_id`` (None: the page did not say)."""

    night_id: int
    hand_id: int | None
    language: str


Screen = SeatScreen | TvScreen | TableScreen


@dataclasses.dataclass(frozen=True)
class Push:
    """What a stream sends: ``live``, the page's new live part (tagged); ``changed``,
    fetch your live part yourself; ``gone``, this stream shows nothing more."""

    kind: Literal["live", "changed", "gone"]
    tag: str = ""
    html: str = ""

    def event(self) -> str:
        """The server-sent event: the tag is its id, so a reconnecting EventSource says
        which state it has (Last-Event-ID); every line of the part is a data line."""
        if self.kind != "live":
            return f"event: {self.kind}\ndata: \n\n"
        data = "".join(f"data: {line}\n" for line in self.html.splitlines())
        return f"id: {self.tag}\nevent: live\n{data}\n"


CHANGED = Push("changed")
GONE = Push("gone")


def bring_up_to_date(screens: Mapping[Screen, str]) -> dict[Screen, Push]:
    """What each of one night's ``screens`` (with the tag its page shows) is sent now;
    a screen already up to date is left out."""
    read = HandRead()
    pushes: dict[Screen, Push] = {}
    seats = [s for s in screens if isinstance(s, SeatScreen)]
    links = _seat_links(s.token for s in seats) if seats else {}
    for screen, seen in screens.items():
        with translation.override(screen.language):
            try:
                push = _push(screen, seen, read, links)
            except Exception:  # the page fetches its part itself; the log keeps why
                logger.exception("live: rendering a screen's part failed")
                push = CHANGED
        if push is not None:
            pushes[screen] = push
    return pushes


def _push(screen: Screen, seen: str, read: HandRead, links: Mapping[str, Any]) -> Push | None:
    if isinstance(screen, SeatScreen):
        return _seat(screen, seen, read, links.get(screen.token))
    if isinstance(screen, TvScreen):
        return _tv(screen, seen, read)
    return _table(screen, seen, read)


def _seat_links(tokens: Iterable[str]) -> dict[str, SeatLink]:
    """The seats' links in one query, with whether a new phone asks for each seat."""
    found: QuerySet[SeatLink] = (
        SeatLink.objects.filter(token__in=list(tokens))
        .select_related("night", "seat__player", "hand__deal")
        .annotate(asked=asked_for())
    )
    return {link.token: link for link in found}


def _seat(screen: SeatScreen, seen: str, read: HandRead, link: SeatLink | None) -> Push | None:
    # The same checks as the seat's poll, before anything of the seat is read: a phone
    # that no longer holds the seat (or a seat whose night is over) gets nothing more.
    if link is None or not link.is_live or link.device_hash != screen.device_hash:
        return GONE
    asked = bool(getattr(link, "asked", False))
    hand = link.hand if link.hand_id is not None else read.latest(link.night)
    tag = seat_tag(
        (
            link.pk,
            link.device_hash,
            link.seat.seated,
            asked,
            None if hand is None else hand.pk,
            None if hand is None else hand.version,
        )
    )
    if tag == seen:
        return None
    context = seat_context(link, asked=asked, read=read)
    html = _render("digital/seat.html#live", context, csrf_token=screen.csrf_token)
    return Push("live", tag=context["etag"], html=html)


def _tv(screen: TvScreen, seen: str, read: HandRead) -> Push | None:
    from gamenight.views.tv import tv_context

    link = (
        TableLink.objects.filter(token=screen.token, revoked=False)
        .exclude(night__status=NightStatus.CLOSED)
        .select_related("night")
        .first()
    )
    if link is None:
        # Renewed, or the night is over: the page fetches what its link says now.
        return GONE
    hand = read.latest(link.night)
    tag = tv_tag(link.pk, None if hand is None else hand.pk, None if hand is None else hand.version)
    if tag == seen:
        return None
    context = tv_context(link, read=read)
    return Push("live", tag=context["etag"], html=_render("digital/table.html#live", context))


def _table(screen: TableScreen, seen: str, read: HandRead) -> Push | None:
    from gamenight.views.digital_table import member_context

    night = Night.objects.filter(pk=screen.night_id).first()
    if night is None:
        return GONE
    hand = read.latest(night)
    if hand is None or hand.pk != screen.hand_id:
        # The night dealt the next hand: the page fetches, and follows it there.
        return None if seen == "moved" else CHANGED
    tag = table_tag(hand)
    if tag == seen:
        return None
    context = member_context(hand, read=read)
    return Push("live", tag=context["etag"], html=_render("digital/table.html#live", context))


def _render(name: str, context: dict[str, Any], *, csrf_token: str = "") -> str:
    """The partial as its page's fetch renders it: the stream's page listens to events
    (``live_events``), and its forms carry the phone's own CSRF token."""
    return render_to_string(name, {**context, "live_events": True, "csrf_token": csrf_token})
