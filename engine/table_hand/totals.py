"""The chips from what each player put in altogether (``put_in``), as the host tallies."""

from __future__ import annotations

from engine.errors import SettlementError
from engine.table_hand.contributions import Chips, antes
from engine.table_hand.model import TableHand
from engine.table_hand.prices import PayTerms
from engine.text import join_names


def from_totals(hand: TableHand) -> Chips:
    assert hand.put_in is not None
    missing = [hand.name(s) for s in hand.seats if s not in hand.put_in]
    if missing:
        raise SettlementError(
            f"put_in has no amount for {join_names(missing)}: give 0 for a player who "
            "put in nothing",
            code="put_in_missing",
            params={"names": tuple(missing)},
        )
    chips = Chips(antes=antes(hand), bets={})
    terms = PayTerms.of(hand)
    for payment in hand.pot_payments:
        if payment.amount is None:
            chips.refused_to_pay.add(payment.seat)
        else:
            # The pot at the moment of a payment is not known from totals; a fixed
            # payment is, so more than it cannot be right.
            if terms.fixed is not None and payment.amount > terms.fixed:
                raise terms.too_much(hand.name(payment.seat), payment.amount, payment.amount)
            chips.payments.append((payment.seat, payment.amount))
    for walk in hand.walk_purchases:
        wrong = terms.check_walk(hand.name(walk.seat), walk.amount, all_in=walk.seat in hand.all_in)
        if wrong is not None:
            raise SettlementError(
                wrong,
                code="walk_price",
                params={
                    "name": hand.name(walk.seat),
                    "amount": walk.amount,
                    "prices": "/".join(str(p) for p in terms.walk_prices or ()),
                    "by_street": len(terms.walk_prices or ()) > 1,
                },
            )
    chips.walks = [(w.seat, w.amount) for w in hand.walk_purchases]
    for seat in hand.seats:
        total = hand.put_in[seat]
        # The bets are whatever the total holds beyond the ante and the payments.
        bets = total - chips.antes[seat] - chips.paid(seat) - chips.walked(seat)
        if bets < 0:
            raise SettlementError(
                f"{hand.name(seat)} put in {total}, less than the {_breakdown(chips, seat)} alone",
                code="put_in_below_dues",
                params={
                    "name": hand.name(seat),
                    "total": total,
                    "ante": chips.antes[seat],
                    "paid": chips.paid(seat),
                    "walk": chips.walked(seat),
                },
            )
        chips.bets[seat] = bets
    chips.folded = set(hand.folded) | chips.refused_to_pay
    chips.all_in = set(hand.all_in)
    return chips


def _breakdown(chips: Chips, seat: int) -> str:
    parts = []
    if chips.antes[seat]:
        parts.append(f"ante of {chips.antes[seat]}")
    if chips.paid(seat):
        parts.append(f"pot payments of {chips.paid(seat)}")
    if chips.walked(seat):
        parts.append(f"walk of {chips.walked(seat)}")
    return join_names(parts)
