"""The chips from the recorded betting actions (``rounds``), replayed as played."""

from __future__ import annotations

from collections.abc import Mapping

from engine.chips.pots import pot_payment
from engine.errors import (
    ErrorParam,
    NegativeAmountError,
    SettlementError,
    StackTooShortError,
    UnknownPlayerError,
)
from engine.table_hand.contributions import Chips, antes
from engine.table_hand.model import Move, TableAction, TableHand
from engine.table_hand.prices import PayTerms


class _Replay:
    """Adds up recorded actions the way the table played them (no turn order is
    checked: at a physical table the host records what happened)."""

    def __init__(self, hand: TableHand) -> None:
        self.hand = hand
        self.chips = Chips(antes=antes(hand), bets=dict.fromkeys(hand.seats, 0))
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


def from_rounds(hand: TableHand, rounds: tuple[tuple[TableAction, ...], ...]) -> Chips:
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
