"""A night at the table: start it, players arrive, rebuy and leave, end it."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext

from engine.chips.dealer import left_of_dealer_order
from engine.chips.movements import split_chips
from gamenight.models import (
    NIGHT_POTS,
    Account,
    AccountKind,
    DigitalHand,
    Night,
    NightStatus,
    Player,
    Seat,
    Transaction,
    TransactionKind,
)
from gamenight.reports.build import queue_night_report
from gamenight.services.access import User, night_for_recording
from gamenight.services.errors import LedgerError, NotAtTableError, PotsNotEmptyError
from gamenight.services.posting import Draft, Leg, check_chips, lock_balances, post
from gamenight.services.running_hand import chips_in_hand, refuse_if_running
from gamenight.services.seat_links import live_link
from gamenight.services.table import bank, group_players, night_pot, seated_table, stack
from gamenight.tournaments.guards import refuse_unfinished


def start_night(
    *,
    night_id: int,
    by: User,
    key: str,
    players: Sequence[int],
    draw: random.Random | None = None,
    buy_ins: Mapping[int, int] | None = None,
) -> Transaction:
    """Seat the players present and buy them in (or carry their stacks over).

    ``players`` are in seat order, clockwise, unless ``draw`` is given: then the
    seats are drawn at random with it. The first seat deals first.
    """
    buy_ins = dict(buy_ins or {})
    order = list(players)
    if draw is not None:
        draw.shuffle(order)
    payload = {"players": order, "buy_ins": sorted(buy_ins.items())}

    def build(night: Night) -> Draft:
        present = group_players(night, order)
        if not present:
            raise NotAtTableError(gettext("pick at least one player who is present"))
        extra = set(buy_ins) - set(order)
        if extra:
            raise NotAtTableError(
                gettext("buy-ins for players not present: %(ids)s") % {"ids": sorted(extra)}
            )
        draft = Draft(kind=TransactionKind.BUY_IN, summary="the night starts")
        for position, player in enumerate(present):
            Seat.objects.create(night=night, player=player, position=position)
            draft.legs += _buy_in_legs(night, player, buy_ins.get(player.pk))
        night.status = NightStatus.RUNNING
        night.started_at = timezone.now()
        night.dealer = Seat.objects.get(night=night, position=0)
        night.save(update_fields=["status", "started_at", "dealer"])
        return draft

    return post(
        night_id=night_id,
        by=by,
        key=key,
        kind=TransactionKind.BUY_IN,
        payload=payload,
        build=build,
        allowed=(NightStatus.PLANNED,),
    )


def arrive(
    *, night_id: int, by: User, key: str, player_id: int, buy_in: int | None = None
) -> Transaction:
    """A player sits down during the night (on the last seat) and buys in."""

    def build(night: Night) -> Draft:
        (player,) = group_players(night, [player_id])
        seat = Seat.objects.filter(night=night, player=player).first()
        if seat is not None and seat.seated:
            raise NotAtTableError(gettext("%(name)s is already at the table") % {"name": player})
        last = Seat.objects.filter(night=night).order_by("-position").first()
        position = last.position + 1 if last else 0
        new = seat is None
        if seat is None:
            seat = Seat.objects.create(night=night, player=player, position=position)
        else:
            seat.seated, seat.left_at, seat.position = True, None, position
            seat.save(update_fields=["seated", "left_at", "position"])
        if DigitalHand.objects.filter(night=night).exists():
            # The app deals this night: the newcomer's phone gets its link now and
            # shows "no hand yet" until the next hand deals them in.
            live_link(night, seat)
        legs = _buy_in_legs(night, player, buy_in) if new or buy_in else []
        return Draft(kind=TransactionKind.BUY_IN, legs=legs, summary=f"{player} arrives")

    payload = {"player": player_id, "buy_in": buy_in}
    return post(
        night_id=night_id, by=by, key=key, kind=TransactionKind.BUY_IN, payload=payload, build=build
    )


def rebuy(*, night_id: int, by: User, key: str, player_id: int, amount: int) -> Transaction:
    check_chips(amount, what=gettext("the rebuy"))

    def build(night: Night) -> Draft:
        seat = seated_table(night).by_player(player_id)
        return Draft(
            kind=TransactionKind.REBUY,
            legs=[
                Leg(bank(night), -amount, f"{seat.name} rebuys"),
                Leg(seat.account, amount, f"rebuy of {amount}"),
            ],
            summary=f"{seat.name} rebuys {amount}",
        )

    payload = {"player": player_id, "amount": amount}
    return post(
        night_id=night_id, by=by, key=key, kind=TransactionKind.REBUY, payload=payload, build=build
    )


def leave(*, night_id: int, by: User, key: str, player_id: int) -> Transaction:
    """A player leaves: their stack is cashed out to the bank; the deal moves on if theirs.

    Refused while the player is in the digital hand in play (its chips are still in
    their stack); once folded out of it, the chips they put in stay for the hand to book.
    """

    def build(night: Night) -> Draft:
        table = seated_table(night)
        seat = table.by_player(player_id)
        chips = max(0, seat.stack - chips_in_hand(night, seat.seat, seat.name))
        legs = []
        if chips:
            legs = [
                Leg(seat.account, -chips, "cashes out"),
                Leg(bank(night), chips, f"{seat.name} cashes out"),
            ]
        if night.dealer_id == seat.seat.pk:
            rest = [s.position for s in table.seats if s.seat.pk != seat.seat.pk]
            if rest:
                after = left_of_dealer_order([*rest, seat.position], seat.position)[0]
                night.dealer = table.by_position(after).seat
                night.save(update_fields=["dealer"])
        seat.seat.seated, seat.seat.left_at = False, timezone.now()
        seat.seat.save(update_fields=["seated", "left_at"])
        return Draft(kind=TransactionKind.CASH_OUT, legs=legs, summary=f"{seat.name} leaves")

    payload = {"player": player_id}
    return post(
        night_id=night_id,
        by=by,
        key=key,
        kind=TransactionKind.CASH_OUT,
        payload=payload,
        build=build,
    )


def cash_out_rest(*, night_id: int, by: User, key: str, player_id: int) -> Transaction | None:
    """Cash out the chips a hand gave back to a player who left during it (chips of
    theirs nobody matched); None when there are none or the player sits again."""

    def build(night: Night) -> Draft:
        seat = Seat.objects.filter(night=night, player_id=player_id, seated=False).first()
        if seat is None:
            return Draft(kind=TransactionKind.CASH_OUT, summary="back at the table")
        account = stack(night, seat.player)
        chips = lock_balances([account])[account.pk]
        legs = []
        if chips > 0:
            legs = [
                Leg(account, -chips, "cashes out after the hand"),
                Leg(bank(night), chips, f"{seat.player} cashes out after the hand"),
            ]
        return Draft(kind=TransactionKind.CASH_OUT, legs=legs, summary=f"{seat.player} left")

    return post(
        night_id=night_id,
        by=by,
        key=key,
        kind=TransactionKind.CASH_OUT,
        payload={"player": player_id, "rest": True},
        build=build,
    )


class PotsChangedError(LedgerError):
    """The split was confirmed on a preview of other pot balances (a stale tab)."""


def pots_seen(balances: Sequence[int]) -> str:
    """The night's pot balances as a confirm panel carries them: ``6-0-0``."""
    return "-".join(str(b) for b in balances)


def split_draft(night: Night, players: Sequence[int], *, expect: str | None = None) -> Draft:
    """The legs of splitting the night's pots among ``players`` (read under lock when
    called inside the posting transaction; a preview reads the same without writing)."""
    pots = [night_pot(night, kind) for kind in NIGHT_POTS]
    table = seated_table(night, extra=pots)
    positions = table.positions(players)
    if not positions:
        raise NotAtTableError(gettext("name the players who share the pots"))
    balances = lock_balances(pots)
    if expect is not None and pots_seen([balances[p.pk] for p in pots]) != expect:
        raise PotsChangedError(
            gettext("The chips in the middle changed since you looked: check the split again.")
        )
    order = left_of_dealer_order(table.stacks, table.dealer_position)
    draft = Draft(kind=TransactionKind.POT_SPLIT, summary="the night's pots are split")
    for pot in pots:
        chips = balances[pot.pk]
        if not chips:
            continue
        draft.legs.append(Leg(pot, -chips, "split among the players"))
        for position, share in split_chips(amount=chips, winners=positions, order=order).items():
            draft.legs.append(
                Leg(table.by_position(position).account, share, f"share of the {pot}")
            )
    return draft


def split_night_pots(
    *, night_id: int, by: User, key: str, players: Sequence[int], expect: str | None = None
) -> Transaction:
    """The host's explicit split of the Guts pot, reserve and Shelby pot among ``players``.

    Each pot is split evenly by the engine; odd chips go one each from the dealer's left.
    ``expect`` (from the confirm panel, see :func:`pots_seen`) refuses the split when
    the pots hold other chips than the host was shown. It is not part of the request's
    payload: a double tap of the same confirm is the same request.
    """

    def build(night: Night) -> Draft:
        return split_draft(night, players, expect=expect)

    payload = {"players": list(players)}
    return post(
        night_id=night_id,
        by=by,
        key=key,
        kind=TransactionKind.POT_SPLIT,
        payload=payload,
        build=build,
    )


def end_night(*, night_id: int, by: User) -> Night:
    """Close the night; refused while the Guts pot, reserve or Shelby pot hold chips.

    Ending a closed night again is a no-op, so a double tap is harmless.
    """
    night = night_for_recording(by, night_id)
    with transaction.atomic():
        night = Night.objects.select_for_update().get(pk=night.pk)
        if night.status == NightStatus.CLOSED:
            return night
        refuse_to_end(night)
        night.status = NightStatus.CLOSED
        night.ended_at = timezone.now()
        night.save(update_fields=["status", "ended_at"])
        queue_night_report(night.pk)  # the report row now, its Celery task after the commit
    return night


def refuse_to_end(night: Night) -> None:
    """Why the night cannot end now, if it cannot (under the night's lock when ending;
    the confirm panel asks the same before it offers the end)."""
    if night.status != NightStatus.RUNNING:
        raise LedgerError(gettext("the night has not started"))
    refuse_if_running(night)
    refuse_unfinished(night)
    pots = Account.objects.filter(night=night, kind__in=NIGHT_POTS)
    held = {a.kind: a.balance for a in pots.select_for_update().order_by("pk") if a.balance}
    if held:
        listing = ", ".join(f"{AccountKind(k).label} {n}" for k, n in held.items())
        raise PotsNotEmptyError(
            gettext("chips are still in the middle (%(listing)s): record a split before ending")
            % {"listing": listing}
        )


def _buy_in_legs(night: Night, player: Player, amount: int | None) -> list[Leg]:
    """Carry the stack from the season's last night when the night says so, else buy in."""
    account = stack(night, player)
    if amount is None and night.carry_over:
        carried = _previous_stack(night, player)
        if carried is not None and carried.balance > 0:
            chips = lock_balances([carried])[carried.pk]
            return [
                Leg(carried, -chips, "carried to the next night"),
                Leg(account, chips, "carried over from the last night"),
            ]
    chips = check_chips(
        night.starting_stack if amount is None else amount, what=gettext("the buy-in")
    )
    return [
        Leg(bank(night), -chips, f"{player} buys in"),
        Leg(account, chips, f"buy-in of {chips}"),
    ]


def _previous_stack(night: Night, player: Player) -> Account | None:
    if night.season_id is None:
        return None
    previous = (
        Night.objects.filter(season_id=night.season_id, status=NightStatus.CLOSED)
        .exclude(pk=night.pk)
        .order_by("-date", "-id")
        .first()
    )
    if previous is None:
        return None
    # A player merged into this one may have sat at that night (never both: see
    # gamenight/services/people.py): theirs is the stack this player carries.
    return (
        Account.objects.filter(night=previous, kind=AccountKind.STACK)
        .filter(Q(player=player) | Q(player__merged_into=player))
        .first()
    )
