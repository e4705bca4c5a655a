"""Seat links: the unguessable per-seat addresses the players open on their phones.

A night link follows its seat from hand to hand; revoking one gives the seat
a new link. A link dies with its night. Every token is at least 128 bits from
:mod:`secrets` (see :class:`~gamenight.models.SeatLink`).
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import OuterRef, Subquery
from django.http import Http404
from django.utils.translation import gettext

from gamenight.models import DigitalHand, Night, NightStatus, Seat, SeatLink
from gamenight.services.access import User, night_for_recording
from gamenight.services.seat_binding import SeatRefusedError
from gamenight.services.seat_moves import asked_for


def live_link(night: Night, seat: Seat) -> SeatLink:
    """The seat's live night link, made if it has none (callers hold the night's lock)."""
    link = SeatLink.objects.filter(night=night, seat=seat, hand=None, revoked=False).first()
    if link is None:
        link = SeatLink.objects.create(night=night, seat=seat)
    return link


def night_links(night: Night) -> list[SeatLink]:
    """The live night-scoped link of every seated player who has one."""
    return list(
        SeatLink.objects.filter(night=night, hand=None, revoked=False, seat__seated=True)
        .select_related("seat__player")
        .order_by("seat__position")
    )


def make_link(*, night_id: int, by: User, seat_id: int) -> SeatLink:
    """The seat's live night link, made if it has none."""
    night = night_for_recording(by, night_id)
    seat = Seat.objects.filter(night=night, pk=seat_id, seated=True).first()
    if seat is None:
        raise Http404("no such seat")
    with transaction.atomic():
        Night.objects.select_for_update().get(pk=night.pk)
        return live_link(night, seat)


def revoke_link(*, night_id: int, by: User, link_id: int) -> SeatLink | None:
    """Revoke a seat link nobody has opened yet and give the seat a new one (for a
    night link). A link a phone holds is refused: only its player moves the seat
    (:mod:`gamenight.services.seat_moves`), or the host could take it over."""
    night = night_for_recording(by, night_id)
    with transaction.atomic():
        Night.objects.select_for_update().get(pk=night.pk)
        link = (
            SeatLink.objects.filter(night=night, pk=link_id).select_related("seat__player").first()
        )
        if link is None:
            raise Http404("no such link")
        if link.is_claimed and not link.revoked:
            raise SeatRefusedError(
                gettext(
                    "%(name)s's seat is on a phone: only %(name)s can move it, by asking "
                    "from the new phone (“This is my seat” on the table link)."
                )
                % {"name": link.seat.player.name}
            )
        if not link.revoked:
            link.revoked = True
            link.save(update_fields=["revoked"])
        if link.hand_id is None and link.seat.seated:
            return live_link(night, link.seat)
    return None


def link_for_token(token: str) -> SeatLink:
    """The live link of ``token``; Http404 for an unknown, revoked or expired one."""
    link = (
        SeatLink.objects.filter(token=token).select_related("night", "seat__player", "hand").first()
    )
    if link is None or not link.is_live:
        raise Http404("no such seat")
    return link


def seat_poll(token: str) -> tuple[int, str, bool, bool, int | None, int | None]:
    """The link's id and device hash (whose phone holds it), whether its player is
    seated, whether a new phone asks for the seat, and the id and version of the hand
    it opens (None, None: no hand yet), in one indexed query without the hand's state:
    what a seat's poll needs before answering 304. Http404 as :func:`link_for_token`."""
    latest = DigitalHand.objects.filter(night=OuterRef("night")).order_by("-id")
    # Spelled out: django-stubs types the nullable hand's columns as never None.
    row: tuple[int, str, bool, bool, int | None, int | None, int | None, int | None] | None = (
        SeatLink.objects.filter(token=token, revoked=False)
        .exclude(night__status=NightStatus.CLOSED)
        .annotate(
            latest_id=Subquery(latest.values("id")[:1]),
            latest_version=Subquery(latest.values("version")[:1]),
            asked=asked_for(),
        )
        .values_list(
            "pk",
            "device_hash",
            "seat__seated",
            "asked",
            "hand_id",
            "hand__version",
            "latest_id",
            "latest_version",
        )
        .first()
    )
    if row is None:
        raise Http404("no such seat")
    link_id, device_hash, seated, asked, hand_id, hand_version, latest_id, latest_version = row
    if hand_id is not None:
        return link_id, device_hash, seated, asked, hand_id, hand_version
    return link_id, device_hash, seated, asked, latest_id, latest_version


def hand_for_link(link: SeatLink) -> DigitalHand | None:
    """The hand a link opens: its own, or the night's running (else latest) hand."""
    if link.hand_id is not None:
        return link.hand
    return current_hand(link.night)


def current_hand(night: Night) -> DigitalHand | None:
    """The night's running hand, else its last one: at most one runs at a time, and a
    new one starts only after the last has ended, so the running hand is the latest."""
    # Without the hand as dealt (the replay's alone): a move's pages need the state only.
    return (
        DigitalHand.objects.filter(night=night)
        .select_related("deal")
        .defer("initial_state")
        .order_by("-id")
        .first()
    )


def closed_night_of(token: str) -> Night | None:
    """The closed night a not revoked seat link belongs to, if it is one: its phone
    is told the night is over instead of a bare 404 (gamenight/pages/night_over.py)."""
    link = (
        SeatLink.objects.filter(token=token, revoked=False, night__status=NightStatus.CLOSED)
        .select_related("night")
        .first()
    )
    return None if link is None else link.night
