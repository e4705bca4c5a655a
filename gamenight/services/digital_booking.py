"""Booking a digital hand: what the night carries into it, and the one ledger transaction
that books its end (each player's net, the Guts pot and reserve or the Shelby pot), and
passing the deal on; a tournament's hand in its chips instead (:func:`book_end`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.utils.translation import gettext

from engine.chips.dealer import next_dealer
from engine.games import HandState
from gamenight.games import family_of, games_of_family
from gamenight.models import (
    Account,
    AccountKind,
    Deal,
    DealStatus,
    DigitalHand,
    HandStatus,
    Night,
    Seat,
    Transaction,
    TransactionKind,
)
from gamenight.models.deals import continuing
from gamenight.services.digital_errors import DigitalHandError
from gamenight.services.nights import cash_out_rest
from gamenight.services.posting import Draft, Leg, post
from gamenight.services.table import deal_pot, night_pot, set_dealer, stack
from gamenight.tournaments.guards import is_tournament
from gamenight.tournaments.hands import book_tournament_hand


def carry_accounts(night: Night, game: str) -> dict[str, Account]:
    if family_of(game) == "guts":
        return {
            "pot": night_pot(night, AccountKind.GUTS_POT),
            "reserve": night_pot(night, AccountKind.GUTS_RESERVE),
        }
    if family_of(game) == "shelby":
        return {"pot": night_pot(night, AccountKind.SHELBY_POT)}
    return {}


def balances(accounts: Mapping[str, Account]) -> dict[str, int]:
    ids = {name: a.pk for name, a in accounts.items()}
    found = dict(Account.objects.filter(pk__in=ids.values()).values_list("pk", "balance"))
    return {name: int(found[pk]) for name, pk in ids.items()}


def carry_in_hand(
    night: Night, game: str, accounts: Mapping[str, Account], seats: Sequence[Seat]
) -> dict[str, int] | None:
    """What the night carries into the hand: the Guts pot and reserve, or the Shelby
    pot with the Shelby markers of the game in play (from the last Shelby deal)."""
    if not accounts:
        return None
    carry = balances(accounts)
    if family_of(game) == "shelby" and carry["pot"]:
        last = (
            Deal.objects.filter(
                night=night, game__in=games_of_family("shelby"), status=DealStatus.SETTLED
            )
            .order_by("-number")
            .first()
        )
        marks = (last.state_after or {}).get("shelbys", {}) if last else {}
        index = {seat.player_id: i for i, seat in enumerate(seats)}
        for player_id, count in marks.items():
            if int(player_id) in index and int(count):
                carry[f"shelbys_{index[int(player_id)]}"] = int(count)
    return carry


def book_hand(hand: DigitalHand, state: HandState) -> Transaction:
    """ONE transaction: each player's net, and the night's pots a Guts or Shelby deal moved."""
    night = hand.night
    deal = hand.deal
    game = deal.game
    start = [int(c) for c in hand.start_stacks]
    net = [state.stacks[i] - start[i] for i in range(state.seat_count)]
    carry_in = state.carry or {}
    carry_out = state.carry_out or {}
    pot_moves: dict[str, int] = {
        name: int(carry_out.get(name, 0)) - int(carry_in.get(name, 0))
        for name in ("pot", "reserve")
        if name in carry_in or name in carry_out
    }

    def build(locked: Night) -> Draft:
        seats = {s.pk: s for s in Seat.objects.filter(night=locked).select_related("player")}
        players = [seats[int(pk)] for pk in hand.seat_ids]
        accounts = [stack(locked, seat.player) for seat in players]
        carried = carry_accounts(locked, game)
        if carried:
            now = balances(carried)
            if any(now[name] != int(carry_in.get(name, 0)) for name in carried):
                raise DigitalHandError(
                    gettext(
                        "the chips in the middle changed while this hand was played: "
                        "abandon it and deal again"
                    )
                )
        legs: list[Leg] = []
        if carried:
            for i, account in enumerate(accounts):
                legs.append(Leg(account, net[i], f"{game}: digital deal"))
            for name, account in carried.items():
                legs.append(Leg(account, pot_moves.get(name, 0), f"{game}: digital deal"))
        else:
            pot = deal_pot(deal)
            losers = [(i, n) for i, n in enumerate(net) if n < 0]
            winners = [(i, n) for i, n in enumerate(net) if n > 0]
            for i, n in losers:
                legs += [Leg(accounts[i], n, _reason(state, i)), Leg(pot, -n, "")]
            for i, n in winners:
                legs += [Leg(pot, -n, ""), Leg(accounts[i], n, _reason(state, i))]
        if sum(leg.amount for leg in legs) != 0:
            raise DigitalHandError(
                gettext("internal error: the hand's chips do not add up; nothing was recorded")
            )
        deal.status = DealStatus.SETTLED
        if family_of(game) == "shelby":
            marks = {
                str(players[int(k.removeprefix("shelbys_"))].player_id): int(v)
                for k, v in carry_out.items()
                if k.startswith("shelbys_")
            }
            pot_before = int(carry_in.get("pot", 0))
            deal.state_after = {"round": 1, "shelbys": marks, **continuing(pot_before)}
        deal.save(update_fields=["status", "state_after"])
        _pass_deal(locked, players, net, deal, game, int(carry_out.get("pot", 0)))
        return Draft(kind=_kind(game), legs=legs, deal=deal, summary=_summary(state))

    return post(
        night_id=night.pk,
        by=hand.started_by,
        key=f"digital-hand-{hand.pk}",
        kind=_kind(game),
        payload={"hand": hand.pk, "net": net, "pots": pot_moves},
        build=build,
    )


def book_end(hand: DigitalHand, state: HandState) -> None:
    """Book a hand that is over: a tournament's in its chips (never the ledger,
    gamenight/tournaments/hands.py), any other in the ledger."""
    if is_tournament(hand.night):
        book_tournament_hand(hand, state)
    else:
        hand.settlement = book_hand(hand, state)
        cash_out_departed(hand, state)
    hand.status = HandStatus.FINISHED


def cash_out_departed(hand: DigitalHand, state: HandState) -> None:
    """A player who left during the hand gets back chips of theirs nobody matched;
    they are not at the table to take them, so those go to the bank with them."""
    for index in state.departed:
        seat = Seat.objects.select_related("player").get(pk=int(hand.seat_ids[index]))
        if seat.seated:
            continue  # folded out this very moment: their own cash-out follows
        if stack(hand.night, seat.player).balance > 0:
            cash_out_rest(
                night_id=hand.night_id,
                by=hand.started_by,
                key=f"digital-hand-{hand.pk}-rest-{index}",
                player_id=seat.player_id,
            )


def _kind(game: str) -> TransactionKind:
    if family_of(game) == "guts":
        return TransactionKind.GUTS_DEAL
    if family_of(game) == "shelby":
        return TransactionKind.SHELBY_ROUND
    return TransactionKind.TABLE_HAND


def _reason(state: HandState, seat: int) -> str:
    paid = state.put_in[seat]
    won = (state.payouts or [0] * state.seat_count)[seat]
    return f"{state.rules.name} (digital): put in {paid}, won {won}"


def _summary(state: HandState) -> str:
    return f"{state.rules.name} (digital): pot of {sum(state.put_in)}"


def _pass_deal(
    night: Night, players: Sequence[Seat], net: Sequence[int], deal: Deal, game: str, pot: int
) -> None:
    """The deal passes left after a hand; a Shelby game still in play keeps its dealer."""
    if family_of(game) == "shelby" and pot:
        return
    seated = {s.position: s for s in Seat.objects.filter(night=night, seated=True)}
    balances = dict(
        Account.objects.filter(
            night=night,
            kind=AccountKind.STACK,
            player_id__in=[s.player_id for s in seated.values()],
        ).values_list("player_id", "balance")
    )
    after = {pos: int(balances.get(s.player_id, 0)) for pos, s in seated.items()}
    for seat, chips in zip(players, net, strict=True):
        if seat.position in after:
            after[seat.position] += chips
    if after:
        position = next_dealer(after, deal.dealer.position)
        if position in seated:
            set_dealer(night, position)
