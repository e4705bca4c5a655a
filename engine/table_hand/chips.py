"""Who put what into the pot, from the host's totals or from the recorded actions.

Both ways end in the same :class:`Chips`, checked the same way: no negative
amounts, nobody above their stack, nobody still in below the call unless they
are all-in. Pot payments and walk purchases are not bets: nobody has to match
them, so they are left out when the call is checked.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engine.chips.pots import pot_payment
from engine.errors import (
    ErrorParam,
    NegativeAmountError,
    SettlementError,
    StackTooShortError,
    UnknownPlayerError,
)
from engine.hands.size import house_options
from engine.table_hand.model import Move, TableAction, TableHand
from engine.text import join_names


@dataclass(frozen=True, kw_only=True)
class PayTerms:
    """What a face-up 3 costs under the hand's house options: the pot, the pot capped
    at ``cap`` (``pot_cap``), or a ``fixed`` payment instead (``pay_fixed``)."""

    cap: int | None = None
    fixed: int | None = None
    # The walk's price when the options fix it (the same on every street).
    walk: int | None = None
    # Every price a walk may cost under the options, one per street (ruling 11 and the
    # English sheet); ``None`` when it is the limit's largest bet, which is not known here.
    walk_prices: tuple[int, ...] | None = None

    @classmethod
    def of(cls, hand: TableHand) -> PayTerms:
        values = house_options(hand.game, hand.options)
        cap, fixed = values.get("pot_cap"), values.get("pay_fixed")
        return cls(
            cap=cap if isinstance(cap, int) else None,
            fixed=fixed if isinstance(fixed, int) else None,
            walk=_fixed_walk(values),
            walk_prices=walk_prices(hand.game, values),
        )

    def check_walk(self, name: str, amount: int, *, all_in: bool) -> str | None:
        """Why ``amount`` cannot be what a walk cost, if it cannot (less is only all-in)."""
        prices = self.walk_prices
        if prices is None or amount in prices or (all_in and amount < max(prices)):
            return None
        if len(prices) == 1:
            return f"{name} bought the walk for {amount} but the walk costs {prices[0]}"
        listed = "/".join(str(p) for p in prices)
        return f"{name} bought the walk for {amount} but a walk costs {listed} by street"

    def price(self, pot: int) -> int:
        if self.fixed is not None:
            return self.fixed
        return pot if self.cap is None else min(pot, self.cap)

    def too_much(
        self, name: str, amount: int, pot: int, *, where: str = "", in_round: int = 0
    ) -> SettlementError:
        """Why ``amount`` is more than the payment (``where``: the round it was paid in)."""
        params: dict[str, ErrorParam] = {"name": name, "amount": amount}
        if in_round:
            params["in_round"] = in_round
        if self.fixed is not None:
            return SettlementError(
                f"{where}{name} paid {amount} but the fixed payment is {self.fixed}",
                code="paid_beyond_fixed",
                params={**params, "price": self.fixed},
            )
        if self.cap is not None and self.cap < pot:
            return SettlementError(
                f"{where}{name} paid {amount} but the pot payment is capped at {self.cap}",
                code="paid_beyond_cap",
                params={**params, "price": self.cap},
            )
        return SettlementError(
            f"{where}{name} paid {amount} but the pot was only {pot}",
            code="paid_beyond_pot",
            params={**params, "pot": pot},
        )


def walk_prices(game: str, values: Mapping[str, object]) -> tuple[int, ...] | None:
    """What one walk may cost under the house options ``values`` (as read by the digital
    game), from the cheapest: the price of its face, plus the per-street step for each
    street dealt before. ``None``: the limit's largest bet (ruling 11), or no price."""
    down, up = values.get("walk_price"), values.get("walk_price_up")
    base = up if values.get("extra_face") == "up" and isinstance(up, int) else down
    if not isinstance(base, int):
        return None
    step = values.get("walk_price_per_street")
    if not isinstance(step, int) or not step:
        return (base,)
    from engine.games.catalog import make_rules  # the digital games load only for prices

    streets = len(make_rules(game, values).streets)
    return tuple(base + step * street for street in range(streets))


def _fixed_walk(values: dict[str, object]) -> int | None:
    """The walk's price under the options, unless it grows with the streets or is the
    limit's largest bet (which the settlement does not know)."""
    if values.get("walk_price_per_street"):
        return None
    down, up = values.get("walk_price"), values.get("walk_price_up")
    if values.get("extra_face") == "up" and isinstance(up, int):
        return up
    return down if isinstance(down, int) else None


@dataclass(kw_only=True)
class Chips:
    """Each seat's antes, bets, pot payments and walk purchases, and who is still in."""

    antes: dict[int, int]
    bets: dict[int, int]
    payments: list[tuple[int, int]] = field(default_factory=list)
    walks: list[tuple[int, int]] = field(default_factory=list)
    folded: set[int] = field(default_factory=set)
    refused_to_pay: set[int] = field(default_factory=set)
    all_in: set[int] = field(default_factory=set)

    def paid(self, seat: int) -> int:
        return sum(a for s, a in self.payments if s == seat)

    def walked(self, seat: int) -> int:
        return sum(a for s, a in self.walks if s == seat)

    def total(self, seat: int) -> int:
        return self.antes[seat] + self.bets[seat] + self.paid(seat) + self.walked(seat)

    @property
    def contributions(self) -> dict[int, int]:
        return {seat: self.total(seat) for seat in self.antes}


def count_chips(hand: TableHand) -> Chips:
    """The checked chips of ``hand``; a :class:`SettlementError` names what cannot be right."""
    _check_setup(hand)
    if (hand.put_in is None) == (hand.rounds is None):
        raise SettlementError(
            "give either what each player put in altogether (put_in) or the betting "
            "actions (rounds), not both and not neither",
            code="put_in_or_rounds",
        )
    chips = _from_totals(hand) if hand.rounds is None else _from_rounds(hand, hand.rounds)
    _check_chips(hand, chips)
    return chips


def _antes(hand: TableHand) -> dict[int, int]:
    antes = {}
    for seat in hand.seats:
        if hand.anted is not None and seat not in hand.anted:
            antes[seat] = 0
            continue
        stack = hand.stack(seat)
        antes[seat] = hand.ante if stack is None else min(hand.ante, stack)
    return antes


def _from_totals(hand: TableHand) -> Chips:
    assert hand.put_in is not None
    missing = [hand.name(s) for s in hand.seats if s not in hand.put_in]
    if missing:
        raise SettlementError(
            f"put_in has no amount for {join_names(missing)}: give 0 for a player who "
            "put in nothing",
            code="put_in_missing",
            params={"names": tuple(missing)},
        )
    chips = Chips(antes=_antes(hand), bets={})
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


class _Replay:
    """Adds up recorded actions the way the table played them (no turn order is
    checked: at a physical table the host records what happened)."""

    def __init__(self, hand: TableHand) -> None:
        self.hand = hand
        self.chips = Chips(antes=_antes(hand), bets=dict.fromkeys(hand.seats, 0))
        self.left = {
            s: None if (stack := hand.stack(s)) is None else stack - self.chips.antes[s]
            for s in hand.seats
        }
        self.round_bets = dict.fromkeys(hand.seats, 0)
        self.where = ""
        self.number = 0
        self.terms = PayTerms.of(hand)

    @property
    def bet(self) -> int:
        return max(self.round_bets.values())

    @property
    def pot(self) -> int:
        return sum(self.chips.contributions.values())

    def play(self, number: int, actions: tuple[TableAction, ...]) -> None:
        self.round_bets = dict.fromkeys(self.hand.seats, 0)
        for action in actions:
            self.where = f"round {number}: "
            self.number = number
            self.act(action)

    def fail(
        self, message: str, *, code: str, params: Mapping[str, ErrorParam] | None = None
    ) -> SettlementError:
        """An error of the round being replayed: the page says which round."""
        return SettlementError(
            self.where + message, code=code, params={**(params or {}), "in_round": self.number}
        )

    def act(self, action: TableAction) -> None:
        seat, name, move = action.seat, self.hand.name(action.seat), action.move
        params = {"name": name, "verb": _verb(move)}
        if seat not in self.hand.seats:
            raise UnknownPlayerError(
                f"{self.where}seat {seat} acts but is not at the table",
                code="seat_acts_not_seated",
                params={"seat": seat, "in_round": self.number},
            )
        if seat in self.chips.folded:
            raise self.fail(
                f"{name} cannot {_verb(move)}: {name} has folded", code="act_folded", params=params
            )
        if seat in self.chips.all_in:
            raise self.fail(
                f"{name} cannot {_verb(move)}: {name} is all-in", code="act_all_in", params=params
            )
        if action.amount is not None and action.amount < 0:
            raise NegativeAmountError(
                f"{self.where}{name}'s {_verb(move)} of {action.amount} is negative",
                code="action_amount_negative",
                params={**params, "amount": action.amount, "in_round": self.number},
            )
        owed = self.bet - self.round_bets[seat]
        match move:
            case Move.CHECK:
                if owed:
                    raise self.fail(
                        f"{name} cannot check: the bet is {self.bet}",
                        code="check_bet_open",
                        params={"name": name, "bet": self.bet},
                    )
            case Move.CALL:
                if not owed:
                    raise self.fail(
                        f"{name} calls but there is no bet to call",
                        code="calls_no_bet",
                        params={"name": name},
                    )
                self.call(seat, name, owed, action.amount)
            case Move.BET:
                if self.bet:
                    raise self.fail(
                        f"{name} bets but the bet is already {self.bet}: a raise?",
                        code="bets_bet_open",
                        params={"name": name, "bet": self.bet},
                    )
                self.put(seat, self.positive(action, name))
            case Move.RAISE:
                if not self.bet:
                    raise self.fail(
                        f"{name} raises but nobody has bet: a bet?",
                        code="raises_no_bet",
                        params={"name": name},
                    )
                self.put(seat, owed + self.positive(action, name))
            case Move.FOLD:
                self.chips.folded.add(seat)
            case Move.ALL_IN:
                left = self.left[seat]
                if left is None:
                    raise self.fail(
                        f"{name} goes all-in but {name}'s stack is unknown: "
                        "give it with the players",
                        code="all_in_stack_unknown",
                        params={"name": name},
                    )
                if left == 0:
                    raise self.fail(
                        f"{name} goes all-in with no chips left",
                        code="all_in_no_chips",
                        params={"name": name},
                    )
                self.put(seat, left)
            case Move.PAY_POT:
                self.pay_pot(seat, name, action.amount)
            case Move.BUY_WALK:
                price = self.walk_price(action, name)
                self.spend(seat, price)
                self.chips.walks.append((seat, price))

    def call(self, seat: int, name: str, owed: int, amount: int | None) -> None:
        """A call puts in what is owed, or every chip left when that is less. An
        amount below what is owed records an all-in call when the stack is unknown."""
        left = self.left[seat]
        chips = owed if left is None else min(owed, left)
        if amount is not None and amount != chips:
            if amount > chips:
                raise self.fail(
                    f"{name} calls {amount} but the call is {chips}",
                    code="call_beyond_owed",
                    params={"name": name, "amount": amount, "chips": chips},
                )
            if left is not None:
                raise self.fail(
                    f"{name} calls {amount} of {owed} with {left} chips left: "
                    "a call is for the whole amount unless all-in",
                    code="call_short",
                    params={"name": name, "amount": amount, "owed": owed, "stack": left},
                )
            chips = amount
            self.chips.all_in.add(seat)
        self.put(seat, chips)

    def walk_price(self, action: TableAction, name: str) -> int:
        """The walk's price: the amount recorded, or the options' fixed price (a stack
        shorter than it pays what it has)."""
        fixed = self.terms.walk
        if fixed is None:
            price = self.positive(action, name)
            left = self.left.get(action.seat)
            wrong = self.terms.check_walk(name, price, all_in=left == price)
            if wrong is not None:
                prices = self.terms.walk_prices or ()
                raise self.fail(
                    wrong,
                    code="walk_price",
                    params={
                        "name": name,
                        "amount": price,
                        "prices": "/".join(str(p) for p in prices),
                        "by_street": len(prices) > 1,
                    },
                )
            return price
        left = self.left[seat] if (seat := action.seat) in self.left else None
        due = fixed if left is None else min(fixed, left)
        if action.amount is None:
            return due
        if action.amount != due:
            if left is not None or action.amount > fixed:
                raise self.fail(
                    f"{name} bought the walk for {action.amount} but the walk costs {due}",
                    code="walk_price",
                    params={"name": name, "amount": action.amount, "prices": str(due)},
                )
            # Less than the price is only all-in, as for a pot payment (ruling 8).
            self.chips.all_in.add(action.seat)
        return action.amount

    def positive(self, action: TableAction, name: str) -> int:
        if action.amount is None or action.amount < 1:
            raise self.fail(
                f"{name}'s {_verb(action.move)} needs an amount of at least 1",
                code="action_amount_below_one",
                params={"name": name, "verb": _verb(action.move)},
            )
        return action.amount

    def put(self, seat: int, chips: int) -> None:
        self.spend(seat, chips)
        self.round_bets[seat] += chips
        self.chips.bets[seat] += chips

    def spend(self, seat: int, chips: int) -> None:
        left = self.left[seat]
        if left is not None:
            if chips > left:
                name = self.hand.name(seat)
                raise StackTooShortError(
                    f"{self.where}{name} would put in {chips} but has only {left} left",
                    code="put_in_beyond_left",
                    params={"name": name, "chips": chips, "stack": left, "in_round": self.number},
                )
            self.left[seat] = left - chips
            if left == chips:
                self.chips.all_in.add(seat)

    def pay_pot(self, seat: int, name: str, amount: int | None) -> None:
        pot = self.pot
        left = self.left[seat]
        price = self.terms.price(pot)
        due = pot_payment(pot=price, stack=left)
        if amount is None:
            amount = due
        elif amount > price:
            raise self.terms.too_much(name, amount, pot, where=self.where, in_round=self.number)
        elif amount < due:
            if left is not None:
                fixed = self.terms.fixed is not None
                what = (
                    f"the fixed payment is {price}"
                    if fixed
                    else f"the pot of {pot}" + (f" is capped at {price}" if price < pot else "")
                )
                raise self.fail(
                    f"{name} paid {amount} with {left} chips left: {what}, paid in full, "
                    "or with every chip if the stack is shorter",
                    code="paid_short_fixed"
                    if fixed
                    else ("paid_short_capped" if price < pot else "paid_short_pot"),
                    params={
                        "name": name,
                        "amount": amount,
                        "stack": left,
                        "price": price,
                        "pot": pot,
                    },
                )
            # Paying less than the pot is only allowed all-in (ruling 8).
            self.chips.all_in.add(seat)
        self.spend(seat, amount)
        self.chips.payments.append((seat, amount))


def _verb(move: Move) -> str:
    return {
        Move.ALL_IN: "go all-in",
        Move.PAY_POT: "pay the pot",
        Move.BUY_WALK: "buy the walk",
    }.get(move, move.value)


def _from_rounds(hand: TableHand, rounds: tuple[tuple[TableAction, ...], ...]) -> Chips:
    if hand.pot_payments or hand.walk_purchases:
        raise SettlementError(
            "with betting actions, record pot payments and walks as actions "
            "(pay_pot, buy_walk) where they happened",
            code="rounds_with_payments",
        )
    replay = _Replay(hand)
    for number, actions in enumerate(rounds, start=1):
        replay.play(number, actions)
    chips = replay.chips
    chips.folded |= set(hand.folded)
    chips.all_in |= set(hand.all_in)
    return chips


def _check_setup(hand: TableHand) -> None:
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


def _check_chips(hand: TableHand, chips: Chips) -> None:
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
