"""Shelby and Psycho Shelby: settle one round from who held and the showdown (ruling 15).

Everyone antes before the deal. Each round everyone holds or drops at once;
dropping does not end a player's game. One holder gets a Shelby marker, and
three Shelbys take the pot and end the game. Several holders: each loser pays
the winner directly the pot amount (Shelby: capped at the agreed limit;
Psycho Shelby: uncapped, the pot as it was at the start of the round); the pot
itself stays. Nobody holds: everyone antes. After the last round everyone
antes and the cards are redealt; Shelbys carry over.

>>> from engine.hands.showdown import HostRanking
>>> state = ShelbyState(pot=4, round=2, stacks={0: 30, 1: 30, 2: 30, 3: 30}, dealer=3)
>>> played = settle_shelby_round(state, ShelbyOptions(limit=20), holders=[0, 1],
...                              showdown=HostRanking(groups=((1,), (0,))))
>>> played.pays, played.receives, played.pot, played.next_state.round
({0: 4}, {1: 4}, 4, 3)

:func:`engine.games.families.shelby.json_io.settle_shelby_json` reads the same from
``python -m engine settle`` (its JSON format is described there).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Final

from engine.chips.dealer import left_of_dealer_order, next_dealer
from engine.chips.movements import SHELBY_POT, Ledger, split_chips
from engine.chips.seats import Seat, check_known, check_not_negative, check_seats, seat_name
from engine.errors import (
    NegativeAmountError,
    SettlementError,
    ShowdownMismatchError,
    StackTooShortError,
)
from engine.games.families.guts.showdown import (
    RankedShowdown,
    describe_hands,
    rank_showdown,
    shown_hands,
)
from engine.games.families.shelby.hands import cards_held, rate_round
from engine.games.families.shelby.state import (
    SHELBYS_TO_WIN,
    ShelbyOptions,
    ShelbyOutcome,
    ShelbyRoundSettlement,
    ShelbyState,
    ShelbyVariant,
)
from engine.hands.showdown import Showdown, ShowdownScores
from engine.text import Explanation, join_names

# Why everyone antes, as a code beside the English (a page words it in its language).
WHY_CODES: Final = {
    "a new game starts": "new_game",
    "nobody held": "nobody_held",
    "the last round is over, the cards are redealt": "redeal",
}

__all__ = [
    "ShelbyOptions",
    "ShelbyOutcome",
    "ShelbyRoundSettlement",
    "ShelbyState",
    "ShelbyVariant",
    "settle_shelby_round",
]

_FOUR = 2  # rank index of the 4 (ranks count from the two)


def settle_shelby_round(
    state: ShelbyState,
    options: ShelbyOptions,
    *,
    holders: Iterable[Seat],
    showdown: Showdown | None = None,
    extra_cards: Mapping[Seat, int] | None = None,
) -> ShelbyRoundSettlement:
    """Settle one round: antes, extra cards, a Shelby or the losers' payments, the next round.

    ``showdown`` ranks the holders when several held. ``extra_cards`` counts the
    cards each player bought for a 4 (Psycho Shelby, round 3 only).
    """
    _check_state(state, options)
    bought = _check_extra_cards(state, options, extra_cards or {})
    game = _Round(state, options)
    held = check_known(
        holders,
        stacks=state.stacks,
        names=state.names,
        doing="held",
        among="the players who held",
    )
    if state.pot == 0:
        game.antes_from_everyone(why="a new game starts")
    pot_at_start = game.pot
    game.buy_extra_cards(bought)
    payment = pot_at_start if options.limit is None else min(pot_at_start, options.limit)
    ranked = (
        rank_showdown(
            showdown,
            entrants=set(held),
            names=state.names,
            check_hand=game.hand_checker(bought),
            rate=game.rate,
        )
        if showdown is not None
        else None
    )
    if not held:
        game.outcome = ShelbyOutcome.NOBODY_HELD
        game.antes_from_everyone(why="nobody held")
    elif len(held) == 1:
        game.shelby(held[0])
    else:
        game.check_covers(held, payment=payment)
        if ranked is None:
            raise ShowdownMismatchError(
                f"{game.names(held)} held: the showdown is missing (a ranking or their cards)",
                code="shelby_showdown_missing",
                params={"names": tuple(game.name(s) for s in held)},
            )
        game.losers_pay(ranked, payment=payment, pot_at_start=pot_at_start)
    return game.settlement()


def _check_state(state: ShelbyState, options: ShelbyOptions) -> None:
    check_seats(stacks=state.stacks, dealer=state.dealer, names=state.names)
    check_not_negative(state.pot, what="the pot")
    rounds = options.variant.rounds
    if not 1 <= state.round <= rounds:
        raise SettlementError(
            f"round {state.round} does not exist: {options.variant.title} has rounds 1 to {rounds}",
            code="shelby_no_such_round",
            params={"round": state.round, "game": options.variant.game, "rounds": rounds},
        )
    if state.pot == 0 and state.round != 1:
        raise SettlementError(
            f"the pot is empty in round {state.round}: a game starts in round 1, "
            "when everyone antes before the deal",
            code="shelby_pot_empty_mid_game",
            params={"round": state.round},
        )
    for seat, count in state.shelbys.items():
        name = seat_name(state.names, seat)
        if seat not in state.stacks:
            raise SettlementError(
                f"{name} has Shelbys but is not at the table",
                code="shelbys_not_seated",
                params={"name": name},
            )
        if count < 0:
            raise NegativeAmountError(
                f"{name} has {count} Shelbys: it cannot be negative",
                code="shelbys_negative",
                params={"name": name, "count": count},
            )
        if count >= SHELBYS_TO_WIN:
            raise SettlementError(
                f"{name} already has {count} Shelbys: that game is over, start a new one",
                code="shelbys_game_over",
                params={"name": name, "count": count},
            )


def _check_extra_cards(
    state: ShelbyState, options: ShelbyOptions, extra_cards: Mapping[Seat, int]
) -> dict[Seat, int]:
    bought = {seat: n for seat, n in extra_cards.items() if n}
    for seat, n in extra_cards.items():
        name = seat_name(state.names, seat)
        if seat not in state.stacks:
            raise SettlementError(
                f"{name} bought extra cards but is not at the table",
                code="extra_cards_not_seated",
                params={"name": name},
            )
        if n < 0:
            raise NegativeAmountError(
                f"{name} bought {n} extra cards: it cannot be negative",
                code="extra_cards_negative",
                params={"name": name, "count": n},
            )
    last = options.variant.rounds
    if bought and (options.variant is not ShelbyVariant.PSYCHO or state.round != last):
        raise SettlementError(
            f"{join_names([seat_name(state.names, s) for s in sorted(bought)])} bought extra "
            f"cards, but only Psycho Shelby's round {ShelbyVariant.PSYCHO.rounds} sells them "
            f"(this is {options.variant.title}, round {state.round})",
            code="extra_cards_not_sold",
            params={
                "names": tuple(seat_name(state.names, s) for s in sorted(bought)),
                "last": ShelbyVariant.PSYCHO.rounds,
                "game": options.variant.game,
                "round": state.round,
            },
        )
    return bought


class _Round:
    """One round being settled: every chip moves through the ledger, with a reason."""

    def __init__(self, state: ShelbyState, options: ShelbyOptions) -> None:
        self.state = state
        self.options = options
        self.ledger = Ledger(stacks=state.stacks, accounts={SHELBY_POT: state.pot})
        self.order = left_of_dealer_order(state.stacks, state.dealer)
        self.shelbys = {seat: state.shelbys.get(seat, 0) for seat in state.stacks}
        self.outcome = ShelbyOutcome.NOBODY_HELD
        self.groups: tuple[tuple[Seat, ...], ...] = ()
        self.explained = Explanation()
        self.reasons = self.explained.texts
        self.say = self.explained.say
        self.antes: dict[Seat, int] = {}
        self.extra_cards: dict[Seat, int] = {}
        self.pays: dict[Seat, int] = {}
        self.receives: dict[Seat, int] = {}
        self.takes: dict[Seat, int] = {}
        self.shelby_to: Seat | None = None

    def name(self, seat: Seat) -> str:
        return seat_name(self.state.names, seat)

    def names(self, seats: Iterable[Seat]) -> str:
        return join_names([self.name(s) for s in seats])

    @property
    def pot(self) -> int:
        return self.ledger.balance(SHELBY_POT)

    @property
    def game_over(self) -> bool:
        return self.outcome is ShelbyOutcome.THIRD_SHELBY

    def rate(self, hands: Mapping[Seat, Sequence[int]]) -> ShowdownScores:
        return rate_round(
            self.options.variant,
            self.state.round,
            hands,
            flushes_count=self.options.flushes_count,
        )

    def hand_checker(self, bought: Mapping[Seat, int]) -> Callable[[Seat, Sequence[int]], None]:
        variant, number = self.options.variant, self.state.round

        def check(seat: Seat, cards: Sequence[int]) -> None:
            extra = bought.get(seat, 0)
            wanted = cards_held(variant, number, extra=extra)
            if len(cards) != wanted:
                raise ShowdownMismatchError(
                    f"{self.name(seat)} shows {len(cards)} cards: in round {number} of "
                    f"{variant.title} a player holds {wanted}"
                    + (f" ({extra} bought for 4s)" if extra else ""),
                    code="shelby_hand_size",
                    params={
                        "name": self.name(seat),
                        "count": len(cards),
                        "round": number,
                        "game": "shelby" if variant is ShelbyVariant.SHELBY else "psycho-shelby",
                        "wanted": wanted,
                        "extra": extra,
                    },
                )
            fours = sum(1 for card in cards if card >> 2 == _FOUR)
            if extra > fours:
                raise ShowdownMismatchError(
                    f"{self.name(seat)} bought {extra} extra cards but shows {fours} fours: "
                    "each extra card is bought for a 4",
                    code="extra_cards_beyond_fours",
                    params={"name": self.name(seat), "count": extra, "fours": fours},
                )

        return check

    def antes_from_everyone(self, *, why: str) -> None:
        """Everyone with chips antes; a stack of 0 is out (ruling 9)."""
        ante = self.options.ante
        payers = [seat for seat in self.order if self.ledger.balance(seat) > 0]
        if not payers:
            raise StackTooShortError(
                "nobody at the table has chips left to ante — rebuy first", code="nobody_can_ante"
            )
        for seat in payers:
            stack = self.ledger.balance(seat)
            if stack < ante:
                raise StackTooShortError(
                    f"{self.name(seat)} cannot ante: the ante is {ante} and "
                    f"{self.name(seat)} has {stack} — rebuy first",
                    code="ante_beyond_stack",
                    params={"name": self.name(seat), "ante": ante, "stack": stack},
                )
        for seat in payers:
            self.ledger.move(source=seat, target=SHELBY_POT, amount=ante, reason=f"ante: {why}")
            self.antes[seat] = self.antes.get(seat, 0) + ante
        self.say(
            f"{self.names(payers)} ante {ante} each: {why}",
            "antes",
            names=tuple(self.name(s) for s in payers),
            ante=ante,
            why=WHY_CODES.get(why, why),
        )

    def buy_extra_cards(self, bought: Mapping[Seat, int]) -> None:
        price = self.options.extra_card_price
        for seat in (s for s in self.order if s in bought):
            cost = bought[seat] * price
            stack = self.ledger.balance(seat)
            if stack < cost:
                raise StackTooShortError(
                    f"{self.name(seat)} cannot buy {bought[seat]} extra cards: they cost {cost} "
                    f"and {self.name(seat)} has {stack} — rebuy first",
                    code="extra_cards_beyond_stack",
                    params={
                        "name": self.name(seat),
                        "count": bought[seat],
                        "cost": cost,
                        "stack": stack,
                    },
                )
            self.ledger.move(
                source=seat, target=SHELBY_POT, amount=cost, reason="extra cards for 4s"
            )
            self.extra_cards[seat] = cost
            cards = "an extra card" if bought[seat] == 1 else f"{bought[seat]} extra cards"
            self.say(
                f"{self.name(seat)} buys {cards} for 4s: {cost} to the pot",
                "buys_extra_cards",
                name=self.name(seat),
                count=bought[seat],
                cost=cost,
            )

    def check_covers(self, held: Sequence[Seat], *, payment: int) -> None:
        """Like Guts (ruling 14): only a player who can pay if they lose may hold."""
        for seat in held:
            stack = self.ledger.balance(seat)
            if stack < payment:
                raise StackTooShortError(
                    f"{self.name(seat)} cannot hold: a loser pays {payment} and "
                    f"{self.name(seat)} has {stack} — rebuy first",
                    code="hold_beyond_stack",
                    params={"name": self.name(seat), "payment": payment, "stack": stack},
                )

    def shelby(self, seat: Seat) -> None:
        self.shelby_to = seat
        self.shelbys[seat] += 1
        count = self.shelbys[seat]
        if count < SHELBYS_TO_WIN:
            self.outcome = ShelbyOutcome.SHELBY
            self.say(
                f"only {self.name(seat)} held: a Shelby, {self.name(seat)} has {count}",
                "shelby",
                name=self.name(seat),
                count=count,
            )
            return
        self.outcome = ShelbyOutcome.THIRD_SHELBY
        pot = self.pot
        self.ledger.move(source=SHELBY_POT, target=seat, amount=pot, reason="third Shelby")
        self.takes[seat] = pot
        self.say(
            f"only {self.name(seat)} held: a third Shelby, {self.name(seat)} takes the pot "
            f"of {pot} and the game is over",
            "third_shelby",
            name=self.name(seat),
            pot=pot,
        )

    def losers_pay(self, ranked: RankedShowdown, *, payment: int, pot_at_start: int) -> None:
        groups = self.groups = ranked.groups
        shown = describe_hands(ranked, names=self.state.names)
        if shown:
            self.say(
                f"hands shown: {shown}",
                "hands_shown",
                hands=shown_hands(ranked, names=self.state.names),
            )
        best = list(groups[0])
        losers = [s for s in self.order if s not in best and any(s in g for g in groups)]
        self.outcome = ShelbyOutcome.WON if len(best) == 1 else ShelbyOutcome.SPLIT
        shares = split_chips(amount=payment * len(losers), winners=best, order=self.order)
        if self.options.variant is ShelbyVariant.PSYCHO:
            why, why_code = f"the pot at the start of the round, {pot_at_start}", "pot_at_start"
        elif self.options.limit is not None and payment < pot_at_start:
            why, why_code = f"the pot of {pot_at_start} capped at the limit", "pot_capped"
        else:
            why, why_code = "the pot", "pot"
        if not losers:
            self.say(
                f"{self.names(best)} tie for the best hand: nobody pays",
                "tie_nobody_pays",
                names=tuple(self.name(s) for s in best),
            )
            return
        winner = self.names(best)
        if len(best) > 1:
            winner += " (" + ", ".join(f"{self.name(s)} {n}" for s, n in shares.items()) + ")"
        self.say(
            f"{self.names(best)} {'has' if len(best) == 1 else 'tie for'} the best hand: "
            f"{self.names(losers)} {'pays' if len(losers) == 1 else 'each pay'} {payment} "
            f"({why}) directly to {winner}; the pot stays",
            "losers_pay_winners",
            names=tuple(self.name(s) for s in best),
            losers=tuple(self.name(s) for s in losers),
            payment=payment,
            why=why_code,
            pot=pot_at_start,
            shares=[[self.name(s), n] for s, n in shares.items()] if len(best) > 1 else [],
        )
        owed = dict.fromkeys(losers, payment)
        # Match payers to winners in seat order so that each chip goes straight
        # from a loser's stack to a winner's, as at the table.
        for winner_seat, share in shares.items():
            for loser in losers:
                amount = min(share, owed[loser])
                if amount:
                    self.ledger.move(
                        source=loser, target=winner_seat, amount=amount, reason="loses a round"
                    )
                    owed[loser] -= amount
                    share -= amount
            self.receives[winner_seat] = shares[winner_seat]
        self.pays = dict.fromkeys(losers, payment)

    def settlement(self) -> ShelbyRoundSettlement:
        last = self.state.round == self.options.variant.rounds
        redeal = last and not self.game_over
        if redeal:
            self.antes_from_everyone(why="the last round is over, the cards are redealt")
        stacks = self.ledger.stacks(self.state.stacks)
        if self.game_over:
            next_state = ShelbyState(
                pot=self.pot,
                round=1,
                stacks=stacks,
                shelbys={},
                dealer=next_dealer(stacks, self.state.dealer),
                names=self.state.names,
            )
        else:
            next_state = ShelbyState(
                pot=self.pot,
                round=1 if redeal else self.state.round + 1,
                stacks=stacks,
                shelbys={seat: n for seat, n in self.shelbys.items() if n},
                dealer=self.state.dealer,
                names=self.state.names,
            )
        return ShelbyRoundSettlement(
            outcome=self.outcome,
            round=self.state.round,
            showdown=self.groups,
            antes=self.antes,
            extra_cards=self.extra_cards,
            pays=self.pays,
            receives=self.receives,
            takes=self.takes,
            shelby_to=self.shelby_to,
            game_over=self.game_over,
            redeal=redeal,
            net={seat: stacks[seat] - self.state.stacks[seat] for seat in stacks},
            reasons=tuple(self.reasons),
            said=tuple(self.explained.said),
            movements=self.ledger.movements,
            next_state=next_state,
        )
