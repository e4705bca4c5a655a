"""One state machine for every stud game described by a :class:`~engine.games.rules.GameRules`.

The hand moves on by itself (antes, dealing, triggers, opening a betting
round, the showdown) until a player must act; :attr:`HandState.actor` then
names that player. Every action has ``verify_x`` (raises a specific
:class:`~engine.errors.IllegalActionError`), ``can_x`` and ``x`` (applies it,
appends a frozen :class:`~engine.games.events.Event` and returns it), as in
:mod:`engine.betting.round`. A rejected action changes nothing.

Chips: ``stacks`` are the chips behind, ``put_in`` what each seat put in
during the hand (antes, bets, pot payments, walks); the pot is their sum
until the showdown pays it out, so stacks plus pot never change.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from engine.betting import (
    DEFAULT_LIMIT,
    DEFAULT_RAISE_CAP,
    ActionKind,
    BettingAction,
    BettingRound,
    Limit,
    clockwise_from_dealer_left,
    post_antes,
    stud_opener,
)
from engine.betting.limits import bet_sizes
from engine.cards import ALL_CARDS, Deck
from engine.errors import EngineError, IllegalActionError, OutOfTurnError
from engine.evaluate import strength
from engine.games.errors import HandOverError, NoDecisionError, TableSizeError
from engine.games.events import ActionName, Event, EventKind, LegalAction
from engine.games.legal_actions import betting_actions
from engine.games.rules import ExtraCard, Face, GameRules, PayPotOrFold, VoidDeal
from engine.pots import build_pots, settle_pots
from engine.showdown import scores_from_cards

DecisionKind = Literal["pay_pot", "buy_walk"]


@dataclass(frozen=True, kw_only=True)
class Decision:
    """A question a dealt card put to one player; the deal waits for the answer.

    ``chips`` is the price (the pot, capped, or the walk), already cut to the stack.
    """

    kind: DecisionKind
    seat: int
    chips: int
    face: Face = "down"


@dataclass(kw_only=True)
class HandState:
    """A digital hand in progress; build it with :meth:`start`."""

    rules: GameRules
    names: tuple[str, ...]
    dealer: int
    ante: int
    limit: Limit
    raise_cap: int | None
    # A voided deal (Rainy Day) reshuffles from this seed, so a replay needs no
    # random source beyond the one given to :meth:`start`.
    seed: int
    deck: Deck
    stacks: list[int]
    put_in: list[int]
    folded: list[bool]
    cards: list[list[tuple[int, bool]]]
    street: int = 0
    street_bet: bool = False
    to_deal: list[tuple[int, Face]] = field(default_factory=list)
    betting: BettingRound | None = None
    decision: Decision | None = None
    pay_cards_seen: int = 0
    voids: int = 0
    payouts: list[int] | None = None
    shown: list[int] = field(default_factory=list)
    history: list[Event] = field(default_factory=list)

    # ------------------------------------------------------------------ set-up

    @classmethod
    def start(
        cls,
        rules: GameRules,
        *,
        names: Sequence[str],
        stacks: Sequence[int],
        dealer: int,
        rng: random.Random | None = None,
        deck: Deck | None = None,
        ante: int = 1,
        limit: Limit = DEFAULT_LIMIT,
        raise_cap: int | None = DEFAULT_RAISE_CAP,
    ) -> HandState:
        """Ante, deal the first street and run until the first player must act.

        ``deck`` (stacked in tests) is dealt from; otherwise ``rng`` shuffles a new
        one. ``rng``, or the deck when no ``rng`` is given, also seeds the reshuffle
        after a voided deal, so the same inputs give the same hand.
        """
        n = len(names)
        if len(stacks) != n:
            raise TableSizeError(f"{n} names but {len(stacks)} stacks: give one stack a player")
        if not rules.min_players <= n <= rules.max_players:
            raise TableSizeError(
                f"{rules.name} is for {rules.min_players} to {rules.max_players} players, not {n}"
            )
        extras = sum(4 for t in rules.triggers if isinstance(t, ExtraCard))
        if n * rules.card_count + extras > 52:
            raise TableSizeError(f"one deck is not enough for {n} players of {rules.name}")
        for name, stack in zip(names, stacks, strict=True):
            if stack < 1:
                raise TableSizeError(f"{name} has no chips left and cannot be dealt in")
        if not 0 <= dealer < n:
            raise TableSizeError(f"the dealer must be a seat from 0 to {n - 1}, not {dealer}")
        if ante < 0:
            raise EngineError(f"the ante is {ante}: it cannot be negative")
        if rng is not None:
            source = rng
        elif deck is not None:
            # A given deck alone replays the hand, Rainy Day redeals included.
            source = random.Random(",".join(map(str, deck.codes())))
        else:
            source = random.Random()
        state = cls(
            rules=rules,
            names=tuple(names),
            dealer=dealer,
            ante=ante,
            limit=limit,
            raise_cap=raise_cap,
            deck=deck if deck is not None else Deck(source),
            seed=source.getrandbits(64),
            stacks=list(stacks),
            put_in=[0] * n,
            folded=[False] * n,
            cards=[[] for _ in range(n)],
        )
        for seat, chips in enumerate(post_antes(stacks=stacks, ante=ante)):
            state._move(seat, chips)
            state._record(EventKind.ANTE, seat, chips=chips)
        state._begin_street(0)
        state._advance()
        return state

    # ------------------------------------------------------------------ state

    @property
    def seat_count(self) -> int:
        return len(self.names)

    @property
    def is_over(self) -> bool:
        return self.payouts is not None

    @property
    def pot(self) -> int:
        """Every chip in the middle; zero once the hand is paid out."""
        paid = sum(self.payouts) if self.payouts is not None else 0
        return sum(self.put_in) - paid

    @property
    def live_seats(self) -> list[int]:
        """Seats still in the hand, all-in players included."""
        return [s for s in range(self.seat_count) if not self.folded[s]]

    @property
    def actor(self) -> int | None:
        """The seat that must act now, or ``None`` once the hand is over."""
        if self.is_over:
            return None
        if self.decision is not None:
            return self.decision.seat
        return self.betting.actor if self.betting is not None else None

    def order(self) -> list[int]:
        """Every seat clockwise from the dealer's left: the deal and the odd chips follow it."""
        return clockwise_from_dealer_left(dealer=self.dealer, seat_count=self.seat_count)

    def up_cards(self, seat: int) -> list[int]:
        return [card for card, up in self.cards[seat] if up]

    def legal_actions(self) -> list[LegalAction]:
        """What the actor may do now (empty once the hand is over)."""
        seat = self.actor
        if seat is None:
            return []
        if self.decision is not None:
            if self.decision.kind == "pay_pot":
                return [
                    LegalAction(kind=ActionName.PAY_POT, chips=self.decision.chips),
                    LegalAction(kind=ActionName.FOLD),
                ]
            return [
                LegalAction(kind=ActionName.BUY_WALK, chips=self.decision.chips),
                LegalAction(kind=ActionName.DECLINE_WALK),
            ]
        assert self.betting is not None  # an actor without a decision is a bettor
        return betting_actions(self.betting, seat)

    # ------------------------------------------------------------------ betting actions

    def verify_check(self, *, seat: int) -> None:
        self._betting_for(seat, "check").verify_check(seat=seat)

    def can_check(self, *, seat: int) -> bool:
        return _can(lambda: self.verify_check(seat=seat))

    def check(self, *, seat: int) -> Event:
        self.verify_check(seat=seat)
        return self._after_bet(self._betting_for(seat, "check").check(seat=seat))

    def verify_call(self, *, seat: int) -> int:
        """The chips a call would put in."""
        return self._betting_for(seat, "call").verify_call(seat=seat)

    def can_call(self, *, seat: int) -> bool:
        return _can(lambda: self.verify_call(seat=seat))

    def call(self, *, seat: int) -> Event:
        self.verify_call(seat=seat)
        return self._after_bet(self._betting_for(seat, "call").call(seat=seat))

    def verify_bet(self, *, seat: int, amount: int) -> None:
        self._betting_for(seat, "bet").verify_bet(seat=seat, amount=amount)

    def can_bet(self, *, seat: int, amount: int) -> bool:
        return _can(lambda: self.verify_bet(seat=seat, amount=amount))

    def bet(self, *, seat: int, amount: int) -> Event:
        self.verify_bet(seat=seat, amount=amount)
        return self._after_bet(self._betting_for(seat, "bet").bet(seat=seat, amount=amount))

    def verify_raise_by(self, *, seat: int, amount: int) -> None:
        self._betting_for(seat, "raise").verify_raise_by(seat=seat, amount=amount)

    def can_raise_by(self, *, seat: int, amount: int) -> bool:
        return _can(lambda: self.verify_raise_by(seat=seat, amount=amount))

    def raise_by(self, *, seat: int, amount: int) -> Event:
        self.verify_raise_by(seat=seat, amount=amount)
        betting = self._betting_for(seat, "raise")
        return self._after_bet(betting.raise_by(seat=seat, amount=amount))

    def verify_all_in(self, *, seat: int) -> None:
        self._betting_for(seat, "go all-in").verify_all_in(seat=seat)

    def can_all_in(self, *, seat: int) -> bool:
        return _can(lambda: self.verify_all_in(seat=seat))

    def all_in(self, *, seat: int) -> Event:
        self.verify_all_in(seat=seat)
        return self._after_bet(self._betting_for(seat, "go all-in").all_in(seat=seat))

    # ------------------------------------------------------------------ fold

    def verify_fold(self, *, seat: int) -> None:
        """Fold facing a bet, or instead of paying the pot for a face-up 3."""
        if self.decision is not None and self.decision.kind == "pay_pot":
            self._verify_decision(seat, "pay_pot", "fold")
            return
        self._betting_for(seat, "fold").verify_fold(seat=seat)

    def can_fold(self, *, seat: int) -> bool:
        return _can(lambda: self.verify_fold(seat=seat))

    def fold(self, *, seat: int) -> Event:
        self.verify_fold(seat=seat)
        if self.betting is not None and self.decision is None:
            return self._after_bet(self.betting.fold(seat=seat))
        self.folded[seat] = True
        self.decision = None
        event = self._record(EventKind.FOLD, seat)
        self._advance()
        return event

    # ------------------------------------------------------------------ decisions

    def verify_pay_pot(self, *, seat: int) -> int:
        """What paying the pot costs ``seat`` now."""
        return self._verify_decision(seat, "pay_pot", "pay the pot").chips

    def can_pay_pot(self, *, seat: int) -> bool:
        return _can(lambda: self.verify_pay_pot(seat=seat))

    def pay_pot(self, *, seat: int) -> Event:
        chips = self.verify_pay_pot(seat=seat)
        self._move(seat, chips)
        self.decision = None
        event = self._record(EventKind.PAY_POT, seat, chips=chips)
        self._advance()
        return event

    def verify_buy_walk(self, *, seat: int) -> int:
        """What buying the extra card costs ``seat`` now."""
        return self._verify_decision(seat, "buy_walk", "buy the extra card").chips

    def can_buy_walk(self, *, seat: int) -> bool:
        return _can(lambda: self.verify_buy_walk(seat=seat))

    def buy_walk(self, *, seat: int) -> Event:
        chips = self.verify_buy_walk(seat=seat)
        decision = self.decision
        assert decision is not None  # verified above
        self._move(seat, chips)
        self.decision = None
        self.to_deal.insert(0, (seat, decision.face))
        event = self._record(EventKind.BUY_WALK, seat, chips=chips)
        self._advance()
        return event

    def verify_decline_walk(self, *, seat: int) -> None:
        self._verify_decision(seat, "buy_walk", "decline the extra card")

    def can_decline_walk(self, *, seat: int) -> bool:
        return _can(lambda: self.verify_decline_walk(seat=seat))

    def decline_walk(self, *, seat: int) -> Event:
        self.verify_decline_walk(seat=seat)
        self.decision = None
        event = self._record(EventKind.DECLINE_WALK, seat)
        self._advance()
        return event

    # ------------------------------------------------------------------ one entry point

    def act(self, *, seat: int, action: ActionName, amount: int | None = None) -> Event:
        """Apply ``action`` by name (a web form, a script); bets and raises need ``amount``."""
        if action in (ActionName.BET, ActionName.RAISE_BY):
            if amount is None:
                raise EngineError(f"{action.value} needs an amount")
            if action is ActionName.BET:
                return self.bet(seat=seat, amount=amount)
            return self.raise_by(seat=seat, amount=amount)
        simple = {
            ActionName.CHECK: self.check,
            ActionName.CALL: self.call,
            ActionName.FOLD: self.fold,
            ActionName.ALL_IN: self.all_in,
            ActionName.PAY_POT: self.pay_pot,
            ActionName.BUY_WALK: self.buy_walk,
            ActionName.DECLINE_WALK: self.decline_walk,
        }
        return simple[action](seat=seat)

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> str:
        from engine.games.serialise import hand_to_json

        return hand_to_json(self)

    @classmethod
    def from_json(cls, text: str) -> HandState:
        from engine.games.serialise import hand_from_json

        return hand_from_json(text)

    # ------------------------------------------------------------------ checks

    def _name(self, seat: int) -> str:
        if not 0 <= seat < self.seat_count:
            raise OutOfTurnError(f"there is no seat {seat} at this table")
        return self.names[seat]

    def _verify_not_over(self, seat: int, verb: str) -> str:
        name = self._name(seat)
        if self.is_over:
            raise HandOverError(f"{name} cannot {verb}: the hand is over")
        return name

    def _betting_for(self, seat: int, verb: str) -> BettingRound:
        name = self._verify_not_over(seat, verb)
        if self.decision is not None:
            asked = self.names[self.decision.seat]
            what = (
                "pay the pot or fold"
                if self.decision.kind == "pay_pot"
                else "buy or decline the extra card"
            )
            raise OutOfTurnError(f"{name} cannot {verb}: {asked} must first {what}")
        if self.betting is None:
            raise OutOfTurnError(f"{name} cannot {verb}: nobody is betting now")
        return self.betting

    def _verify_decision(self, seat: int, kind: DecisionKind, verb: str) -> Decision:
        name = self._verify_not_over(seat, verb)
        decision = self.decision
        if decision is None or decision.kind != kind or decision.seat != seat:
            why = (
                "only a face-up 3 asks for the pot"
                if kind == "pay_pot"
                else "nobody is offered an extra card"
            )
            raise NoDecisionError(f"{name} cannot {verb}: {name} was not asked to; {why}")
        return decision

    # ------------------------------------------------------------------ moving on

    def _advance(self) -> None:
        """Deal, open rounds and show down until a player must act or the hand ends."""
        while not self.is_over:
            if len(self.live_seats) <= 1:
                self._finish()
            elif self.decision is not None:
                return
            elif self.betting is not None:
                if not self.betting.is_over:
                    return
                self.betting = None
            elif self.to_deal:
                self._deal_next()
            elif self.rules.streets[self.street].betting and not self.street_bet:
                self.street_bet = True
                self._open_betting()
            elif self.street + 1 < len(self.rules.streets):
                self._begin_street(self.street + 1)
            else:
                self._finish()

    def _begin_street(self, index: int) -> None:
        self.street = index
        self.street_bet = False
        order = [s for s in self.order() if not self.folded[s]]
        self.to_deal = [(seat, face) for face in self.rules.streets[index].cards for seat in order]

    def _deal_next(self) -> None:
        seat, face = self.to_deal.pop(0)
        if self.folded[seat]:
            return  # folded (to a face-up 3) after the street was laid out
        if not len(self.deck):
            raise EngineError("the deck ran out of cards")
        card = self.deck.deal_one()
        up = face == "up"
        self.cards[seat].append((int(card), up))
        self._record(EventKind.DEAL, seat, card=int(card), face_up=up)
        self._apply_triggers(seat, int(card), up=up)

    def _apply_triggers(self, seat: int, card: int, *, up: bool) -> None:
        rank = ALL_CARDS[card].rank
        for trigger in self.rules.triggers:
            if isinstance(trigger, VoidDeal) and up and card == int(trigger.card):
                self._void(seat, card)
                return
        for trigger in self.rules.triggers:
            if isinstance(trigger, PayPotOrFold) and up and rank == trigger.rank:
                self.pay_cards_seen += 1
                free = trigger.first_only and self.pay_cards_seen > 1
                # An all-in player is never asked: they keep the card (ruling 8).
                if not free and self.stacks[seat] > 0:
                    price = self.pot if trigger.cap is None else min(self.pot, trigger.cap)
                    self.decision = Decision(
                        kind="pay_pot", seat=seat, chips=min(price, self.stacks[seat])
                    )
            elif isinstance(trigger, ExtraCard) and rank == trigger.rank:
                if not up and trigger.when != "any":
                    continue
                if trigger.buy and self.stacks[seat] > 0:
                    high = bet_sizes(self.limit, pot=self.pot)
                    price = high[1] if high[1] is not None else high[0]
                    self.decision = Decision(
                        kind="buy_walk",
                        seat=seat,
                        chips=min(price, self.stacks[seat]),
                        face=trigger.extra_face,
                    )
                else:
                    self.to_deal.insert(0, (seat, trigger.extra_face))

    def _void(self, seat: int, card: int) -> None:
        """Rainy Day: everyone gets a fresh deal from a new shuffle; the pot stays."""
        self._record(EventKind.VOID_DEAL, seat, card=card, face_up=True)
        self.voids += 1
        self.deck = Deck(random.Random(f"{self.seed}:{self.voids}"))
        self.cards = [[] for _ in range(self.seat_count)]
        self.folded = [False] * self.seat_count
        self.pay_cards_seen = 0
        self._begin_street(0)

    def _open_betting(self) -> None:
        """Ruling 10: the best showing hand opens, ties to the seat nearest the dealer's left."""
        showing = {
            s: strength(up, self.rules.ranking) if (up := self.up_cards(s)) else 0
            for s in self.live_seats
        }
        opener = stud_opener(dealer=self.dealer, seat_count=self.seat_count, showing=showing)
        self.betting = BettingRound.start(
            stacks=self.stacks,
            opener=opener,
            limit=self.limit,
            raise_cap=self.raise_cap,
            put_in=self.put_in,
            folded=[s for s in range(self.seat_count) if self.folded[s]],
            names=self.names,
        )

    def _after_bet(self, action: BettingAction) -> Event:
        betting = self.betting
        assert betting is not None  # only called right after a betting action
        self.stacks = list(betting.stacks)
        self.put_in = betting.contributions
        self.folded = list(betting.folded)
        kind = _EVENT_BY_ACTION[action.kind]
        event = self._record(kind, action.seat, chips=action.chips, all_in=action.all_in)
        self._advance()
        return event

    def _finish(self) -> None:
        """Show down (or award the pot to the one player left) and pay out."""
        live = self.live_seats
        order = self.order()
        split = build_pots(
            contributions=dict(enumerate(self.put_in)),
            folded=[s for s in range(self.seat_count) if self.folded[s]],
            all_in=[s for s in live if self.stacks[s] == 0],
        )
        scores: dict[int, int] = {}
        names: dict[int, str] = {}
        if len(live) >= 2:
            shown = scores_from_cards(
                {s: [c for c, _ in self.cards[s]] for s in live}, ranking=self.rules.ranking
            )
            scores, names = dict(shown.scores), dict(shown.names)
            self.shown = [s for s in order if s in live]
            for seat in self.shown:
                self._record(EventKind.SHOW, seat, text=names[seat])
        settlement = settle_pots(split, scores=scores, order=order)
        for award in settlement.awards:
            for seat in award.winners:
                hand = names.get(seat)
                text = f"{award.name}, {hand}" if hand else award.name
                self._record(EventKind.WIN, seat, chips=award.won(seat), text=text)
        for seat, chips in split.returned.items():
            self._record(EventKind.RETURN, seat, chips=chips)
        payouts = settlement.payouts()
        self.payouts = [payouts.get(s, 0) for s in range(self.seat_count)]
        for seat, chips in enumerate(self.payouts):
            self.stacks[seat] += chips
        self.decision = None
        self.betting = None
        self.to_deal = []

    def _move(self, seat: int, chips: int) -> None:
        self.stacks[seat] -= chips
        self.put_in[seat] += chips

    def _record(
        self,
        kind: EventKind,
        seat: int,
        *,
        chips: int = 0,
        card: int | None = None,
        face_up: bool = False,
        all_in: bool | None = None,
        text: str = "",
    ) -> Event:
        if all_in is None:
            all_in = kind in _PAYMENTS and chips > 0 and self.stacks[seat] == 0
        event = Event(
            kind=kind, seat=seat, chips=chips, card=card, face_up=face_up, all_in=all_in, text=text
        )
        self.history.append(event)
        return event


# Events whose chips leave the stack outside a betting round; they can empty it.
_PAYMENTS = frozenset({EventKind.ANTE, EventKind.PAY_POT, EventKind.BUY_WALK})

_EVENT_BY_ACTION = {
    ActionKind.CHECK: EventKind.CHECK,
    ActionKind.BET: EventKind.BET,
    ActionKind.CALL: EventKind.CALL,
    ActionKind.RAISE: EventKind.RAISE,
    ActionKind.FOLD: EventKind.FOLD,
}


def _can(verify: Callable[[], object]) -> bool:
    try:
        verify()
    except IllegalActionError:
        return False
    return True
