"""The checks of a hand's setup and of the counted chips: no negative amounts, nobody
above their stack, nobody still in below the call unless they are all-in."""

from __future__ import annotations

from engine.errors import (
    NegativeAmountError,
    SettlementError,
    StackTooShortError,
    UnknownPlayerError,
)
from engine.table_hand.contributions import Chips
from engine.table_hand.model import TableHand
from engine.text import join_names


def check_setup(hand: TableHand) -> None:
    if len(hand.players) < 2:
        raise SettlementError("a hand needs at least two players", code="hand_too_few")
    names = [p.name for p in hand.players]
    for name in names:
        if not name.strip():
            raise SettlementError("every player needs a name", code="player_unnamed")
        if names.count(name) > 1:
            raise SettlementError(
                f"two players are called {name}: give them different names",
                code="player_name_twice",
                params={"name": name},
            )
    if hand.dealer not in hand.seats:
        raise UnknownPlayerError(
            f"the dealer, seat {hand.dealer}, is not at the table",
            code="dealer_seat_not_seated",
            params={"seat": hand.dealer},
        )
    if hand.ante < 0:
        raise NegativeAmountError(
            f"the ante is {hand.ante}: it cannot be negative",
            code="ante_negative",
            params={"amount": hand.ante},
        )
    for player in hand.players:
        if player.stack is not None and player.stack < 0:
            raise NegativeAmountError(
                f"{player.name}'s stack is {player.stack}: it cannot be negative",
                code="stack_negative",
                params={"name": player.name, "amount": player.stack},
            )
    for seat, amount in (hand.put_in or {}).items():
        if seat not in hand.seats:
            raise UnknownPlayerError(
                f"seat {seat} put in chips but is not at the table",
                code="seat_listed_not_seated",
                params={"seat": seat},
            )
        if amount < 0:
            raise NegativeAmountError(
                f"{hand.name(seat)} put in {amount}: it cannot be negative",
                code="put_in_negative",
                params={"name": hand.name(seat), "amount": amount},
            )
    listed = [
        ("folded", hand.folded),
        ("all-in", hand.all_in),
        ("anted", hand.anted or ()),
        ("paid the pot", [p.seat for p in hand.pot_payments]),
        ("bought the walk", [w.seat for w in hand.walk_purchases]),
    ]
    for what, seats in listed:
        for seat in seats:
            if seat not in hand.seats:
                raise UnknownPlayerError(
                    f"seat {seat} {what} but is not at the table",
                    code="seat_listed_not_seated",
                    params={"seat": seat},
                )
    for payment in hand.pot_payments:
        if payment.amount is not None and payment.amount < 0:
            raise NegativeAmountError(
                f"{hand.name(payment.seat)} paid the pot with {payment.amount}: "
                "it cannot be negative",
                code="pot_payment_negative",
                params={"name": hand.name(payment.seat), "amount": payment.amount},
            )
    for walk in hand.walk_purchases:
        if walk.amount < 0:
            raise NegativeAmountError(
                f"{hand.name(walk.seat)} bought the walk for {walk.amount}: it cannot be negative",
                code="walk_negative",
                params={"name": hand.name(walk.seat), "amount": walk.amount},
            )


def check_chips(hand: TableHand, chips: Chips) -> None:
    both = chips.folded & chips.all_in
    if both:
        names = join_names([hand.name(s) for s in sorted(both)])
        raise SettlementError(
            f"{names} cannot be both folded and all-in",
            code="folded_and_all_in",
            params={"names": tuple(hand.name(s) for s in sorted(both))},
        )
    for seat in hand.seats:
        stack, total, name = hand.stack(seat), chips.total(seat), hand.name(seat)
        if stack is None:
            continue
        if total > stack:
            raise StackTooShortError(
                f"{name} put in {total} but had only {stack}",
                code="put_in_beyond_stack",
                params={"name": name, "total": total, "stack": stack},
            )
        if seat in chips.all_in and total < stack:
            raise SettlementError(
                f"{name} is marked all-in but put in {total} of {stack} chips",
                code="all_in_not_all",
                params={"name": name, "total": total, "stack": stack},
            )
        if total == stack and seat not in chips.folded:
            chips.all_in.add(seat)
    live = [s for s in hand.seats if s not in chips.folded]
    if not live:
        raise SettlementError(
            "everyone folded: at least one player must still be in", code="everyone_folded"
        )
    call = max(chips.bets[s] for s in live)
    for seat in live:
        short = call - chips.bets[seat]
        if short > 0 and seat not in chips.all_in:
            name, total = hand.name(seat), chips.total(seat)
            raise SettlementError(
                f"{name} put in {total} but the call is {total + short}: "
                f"mark {name} folded or all-in",
                code="put_in_below_call",
                params={"name": name, "total": total, "call": total + short},
            )
    if hand.pot is not None and hand.pot != sum(chips.contributions.values()):
        raise SettlementError(
            f"the pot is {hand.pot} but the players put in "
            f"{sum(chips.contributions.values())} altogether: check the amounts",
            code="pot_differs",
            params={"pot": hand.pot, "total": sum(chips.contributions.values())},
        )
