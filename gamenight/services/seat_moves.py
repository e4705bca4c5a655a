"""Moving a seat to a new phone: the player asks from that phone, the host approves.

Once a phone holds a seat (:mod:`gamenight.services.seat_binding`) nobody else
may take it over, the host included. A player with a new phone opens the
night's table link, picks "this is my seat" and gets a short code
(:func:`ask_for_seat`); nothing of the seat shows there. The host sees the
request and its code on the night page and approves it only when the player
shows that code (:func:`approve_move`): the seat's link is revoked (its old
phone loses the seat at once, and one nobody had opened dies with its QR code)
and a new link is made, bound to the phone that asked, never the host's. Every
step runs under the night's row lock, so a double tap approves once and two
phones cannot both get a seat.

The refusals (a browser logged in as another member, a phone holding another
seat, a second request while one waits, a request too old, a night over, an id
of another night) say why in the page's language and change nothing.
"""

from __future__ import annotations

import datetime
import secrets
from typing import Final

from django.contrib.auth.models import User as AuthUser
from django.db import IntegrityError, connection, transaction
from django.db.models import BooleanField, QuerySet
from django.db.models.expressions import RawSQL
from django.utils import timezone
from django.utils.translation import gettext

from gamenight.models import Night, NightStatus, Seat, SeatLink, SeatMove, SeatMoveStatus
from gamenight.services.access import User, night_for_recording
from gamenight.services.errors import REFUSALS
from gamenight.services.seat_binding import SeatRefusedError, blocker, refusal

# A request the host has not answered in this time is void: a phone left asking
# at the end of one evening cannot be approved by a stray tap hours later.
REQUEST_MINUTES: Final = 15


def _cutoff() -> datetime.datetime:
    return timezone.now() - datetime.timedelta(minutes=REQUEST_MINUTES)


def _new_code() -> str:
    return f"{secrets.randbelow(10_000):04d}"


def _locked(night_id: int) -> Night:
    return Night.objects.select_for_update().get(pk=night_id)


def _waiting() -> QuerySet[SeatMove]:
    """The requests still waiting for the host (not yet too old)."""
    return SeatMove.objects.filter(status=SeatMoveStatus.PENDING, created_at__gte=_cutoff())


def _expire_old(night: Night) -> None:
    SeatMove.objects.filter(
        night=night, status=SeatMoveStatus.PENDING, created_at__lt=_cutoff()
    ).update(status=SeatMoveStatus.EXPIRED)


# ---------------------------------------------------------------------- the asking phone


def held_link(night: Night, device_hash: str) -> SeatLink | None:
    """The live link of the night this phone holds, if any."""
    if not device_hash:
        return None
    return (
        SeatLink.objects.filter(night=night, revoked=False, device_hash=device_hash)
        .select_related("seat__player")
        .first()
    )


def last_request(night: Night, device_hash: str) -> SeatMove | None:
    """This phone's latest request of the night (a stale pending one counts as too old)."""
    if not device_hash:
        return None
    move = (
        SeatMove.objects.filter(night=night, device_hash=device_hash)
        .select_related("seat__player")
        .order_by("-id")
        .first()
    )
    if move is not None and move.status == SeatMoveStatus.PENDING and is_stale(move):
        move.status = SeatMoveStatus.EXPIRED
    return move


def is_stale(move: SeatMove) -> bool:
    return move.created_at < _cutoff()


def seats_to_pick(night: Night) -> list[Seat]:
    """The seats a phone may ask for: everyone at the table, in seat order."""
    return list(Seat.objects.filter(night=night, seated=True).select_related("player"))


def ask_for_seat(*, night_id: int, seat_id: int, user: User | None, device_hash: str) -> SeatMove:
    """The phone holding ``device_hash`` asks for the night's Seat ``seat_id``.

    Asking again for the same seat while the request waits returns that request
    (a double tap); anything else that cannot be asked raises
    :class:`SeatRefusedError` with the reason, for the asking phone.
    """
    try:
        with transaction.atomic():
            night = _locked(night_id)
            if night.status != NightStatus.RUNNING:
                raise SeatRefusedError(gettext("The night is not in play: nothing was asked."))
            seat = Seat.objects.filter(night=night, pk=seat_id).select_related("player").first()
            if seat is None or not seat.seated:
                raise SeatRefusedError(
                    gettext("That is not a seat at tonight's table: reload the page.")
                )
            _expire_old(night)
            if SeatLink.objects.filter(
                night=night, seat=seat, revoked=False, device_hash=device_hash
            ).exists():
                raise SeatRefusedError(gettext("This phone holds this seat already."))
            why = refusal(night, seat, user=user, device_hash=device_hash)
            if why:
                raise SeatRefusedError(why)
            waiting = SeatMove.objects.filter(
                night=night, device_hash=device_hash, status=SeatMoveStatus.PENDING
            ).first()
            if waiting is not None and waiting.seat_id == seat.pk:
                return waiting
            if waiting is not None:
                raise SeatRefusedError(
                    gettext(
                        "This phone is waiting for the host already: withdraw that request first."
                    )
                )
            if SeatMove.objects.filter(seat=seat, status=SeatMoveStatus.PENDING).exists():
                raise SeatRefusedError(
                    gettext(
                        "Another phone has asked for %(name)s's seat: the host answers that "
                        "request first. Try again in a moment."
                    )
                    % {"name": seat.player.name}
                )
            return SeatMove.objects.create(
                night=night,
                seat=seat,
                device_hash=device_hash,
                asked_by=user if isinstance(user, AuthUser) else None,
                code=_new_code(),
            )
    except IntegrityError:
        # Another request for the seat (or from this phone) got in at the same moment.
        raise SeatRefusedError(
            gettext("Someone asked at the same moment: reload the page.")
        ) from None


def withdraw_request(*, night_id: int, device_hash: str) -> None:
    """The asking phone takes its waiting request back (nothing to take back: nothing done)."""
    if not device_hash:
        return
    with transaction.atomic():
        night = _locked(night_id)
        waiting = SeatMove.objects.filter(
            night=night, device_hash=device_hash, status=SeatMoveStatus.PENDING
        ).first()
        if waiting is not None:
            waiting.status = SeatMoveStatus.CANCELLED
            waiting.decided_at = timezone.now()
            # Saved, not updated: the seat's own phone hears that nobody asks any more.
            waiting.save(update_fields=["status", "decided_at"])


# ---------------------------------------------------------------------- the host's answer


def night_moves(night: Night) -> tuple[list[SeatMove], list[SeatMove]]:
    """The requests waiting for the host (oldest first) and the night's log of seat
    moves the host answered (newest first), in one query."""
    moves = list(
        SeatMove.objects.filter(night=night)
        .select_related("seat__player", "decided_by")
        .order_by("id")
    )
    pending = [m for m in moves if m.status == SeatMoveStatus.PENDING and not is_stale(m)]
    answered = [
        m for m in reversed(moves) if m.status in (SeatMoveStatus.APPROVED, SeatMoveStatus.REFUSED)
    ]
    return pending, answered


def pending_ids(night_id: int) -> list[int]:
    """The ids of the requests waiting for the host (what the host's prompt shows)."""
    return list(_waiting().filter(night_id=night_id).order_by("id").values_list("pk", flat=True))


def asked_for() -> RawSQL:
    """Whether a new phone waits for the seat of a query's SeatLink rows: its own phone
    is told, in case that new phone is not its player's. An expression, so the seat's
    poll reads it in its one query; in SQL of its own because the ORM's Exists cost
    the poll 1 ms of CPU to build (2.6 against 1.6 ms a poll query, measured), this
    0.1 ms."""
    moves, links = SeatMove._meta, SeatLink._meta
    seat = moves.get_field("seat").column
    status = moves.get_field("status").column
    created = moves.get_field("created_at").column
    outer = f"{links.db_table}.{links.get_field('seat').column}"
    cutoff = connection.ops.adapt_datetimefield_value(_cutoff())
    return RawSQL(
        f"EXISTS (SELECT 1 FROM {moves.db_table} m WHERE m.{seat} = {outer}"
        f" AND m.{status} = %s AND m.{created} >= %s)",
        (SeatMoveStatus.PENDING.value, cutoff),
        output_field=BooleanField(),
    )


def seat_is_asked_for(seat_id: int) -> bool:
    return _waiting().filter(seat_id=seat_id).exists()


def _move_to_answer(night: Night, move_id: int) -> SeatMove:
    move = SeatMove.objects.filter(pk=move_id, night=night).select_related("seat__player").first()
    if move is None:
        raise SeatRefusedError(gettext("That request is not one of this night's: reload the page."))
    return move


def _not_pending(move: SeatMove) -> str:
    """Why a request that no longer waits cannot be answered (nothing changed)."""
    name = move.seat.player.name
    if move.status == SeatMoveStatus.APPROVED:
        return gettext("%(name)s's seat moved to that phone already.") % {"name": name}
    if move.status == SeatMoveStatus.REFUSED:
        return gettext("That request for %(name)s's seat was turned down already.") % {"name": name}
    if move.status == SeatMoveStatus.CANCELLED:
        return gettext("The phone took its request for %(name)s's seat back: nothing changed.") % {
            "name": name
        }
    return gettext(
        "That request for %(name)s's seat is too old: the phone asks again. Nothing changed."
    ) % {"name": name}


def approve_move(*, night_id: int, by: User, move_id: int) -> SeatMove:
    """Bind the seat to the phone that asked; its old link (and phone) lose it at once.

    Hosts and co-hosts. Approving an approved request again (a double tap)
    changes nothing and returns it.
    """
    night = night_for_recording(by, night_id)
    stale = False
    with transaction.atomic():
        night = _locked(night.pk)
        move = _move_to_answer(night, move_id)
        if move.status == SeatMoveStatus.APPROVED:
            return move
        if night.status != NightStatus.RUNNING:
            raise SeatRefusedError(str(REFUSALS["night_over"]))
        if move.status != SeatMoveStatus.PENDING:
            raise SeatRefusedError(_not_pending(move))
        seat = move.seat
        if not seat.seated:
            raise SeatRefusedError(
                gettext("%(name)s has left the table: nothing changed.")
                % {"name": seat.player.name}
            )
        if is_stale(move):
            SeatMove.objects.filter(pk=move.pk).update(status=SeatMoveStatus.EXPIRED)
            move.status = SeatMoveStatus.EXPIRED
            stale = True
        else:
            _refuse_if_blocked(night, move)
            _bind(night, move, by=by)
    if stale:
        raise SeatRefusedError(_not_pending(move))
    return move


def _refuse_if_blocked(night: Night, move: SeatMove) -> None:
    """The asking phone is checked again: since it asked, it may have taken another seat."""
    found = blocker(night, move.seat, user=move.asked_by, device_hash=move.device_hash)
    if found is None:
        return
    if found.login:
        raise SeatRefusedError(
            gettext(
                "That phone was logged in as %(login)s, who does not log in as %(name)s: "
                "nothing changed."
            )
            % {"login": found.login, "name": found.name}
        )
    raise SeatRefusedError(
        gettext("That phone holds %(other)s's seat already: one phone, one seat. Nothing changed.")
        % {"other": found.held}
    )


def _bind(night: Night, move: SeatMove, *, by: User) -> None:
    now = timezone.now()
    old = SeatLink.objects.filter(night=night, seat=move.seat, hand=None, revoked=False).first()
    # Every live link of the seat dies: the old phone's and any QR code still unopened.
    SeatLink.objects.filter(night=night, seat=move.seat, revoked=False).update(revoked=True)
    new = SeatLink.objects.create(
        night=night, seat=move.seat, device_hash=move.device_hash, claimed_at=now
    )
    move.status = SeatMoveStatus.APPROVED
    move.decided_at = now
    move.decided_by = by if isinstance(by, AuthUser) else None
    move.from_link = old
    move.to_link = new
    move.save(update_fields=["status", "decided_at", "decided_by", "from_link", "to_link"])


def refuse_move(*, night_id: int, by: User, move_id: int) -> SeatMove:
    """Turn a request down; turning it down again (a double tap) changes nothing."""
    night = night_for_recording(by, night_id)
    with transaction.atomic():
        night = _locked(night.pk)
        move = _move_to_answer(night, move_id)
        if move.status == SeatMoveStatus.REFUSED:
            return move
        if night.status != NightStatus.RUNNING:
            raise SeatRefusedError(str(REFUSALS["night_over"]))
        if move.status != SeatMoveStatus.PENDING:
            raise SeatRefusedError(_not_pending(move))
        move.status = SeatMoveStatus.REFUSED
        move.decided_at = timezone.now()
        move.decided_by = by if isinstance(by, AuthUser) else None
        move.save(update_fields=["status", "decided_at", "decided_by"])
        return move


# ---------------------------------------------------------------------- the old phone


def moved_away(token: str, device_hash: str) -> SeatMove | None:
    """The approved move that took the seat of link ``token`` from this phone, if this
    phone held that link: its page then says where the seat went, not a bare 404."""
    if not device_hash:
        return None
    return (
        SeatMove.objects.filter(
            from_link__token=token,
            from_link__device_hash=device_hash,
            status=SeatMoveStatus.APPROVED,
        )
        .select_related("seat__player", "decided_by")
        .first()
    )
