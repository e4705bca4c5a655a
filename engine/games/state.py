"""One state machine for every game described by a :class:`~engine.games.rules.GameRules`.

The hand walks the game's steps (:mod:`engine.games.steps`) by itself
(antes, dealing, triggers, opening a betting round, the showdown) until a
player must act; :attr:`HandState.actor` then names that player. Every
action has ``verify_x`` (raises a specific
:class:`~engine.errors.IllegalActionError`), ``can_x`` and ``x`` (applies it,
appends a frozen :class:`~engine.games.events.Event` and returns it), as in
:mod:`engine.betting.round`. A rejected action changes nothing.

Chips: ``stacks`` are the chips behind, ``put_in`` what each seat put in
during the hand (antes, bets, pot payments, walks); the pot is their sum
until the showdown pays it out, so stacks plus pot never change.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from engine.betting import (
    DEFAULT_LIMIT,
    DEFAULT_RAISE_CAP,
    ActionKind,
    BettingAction,
    BettingRound,
    Limit,
    clockwise_from_dealer_left,
    post_antes,
)
from engine.cards import Deck
from engine.chips.pots import WINNER_RULES, build_pots, settle_pots
from engine.errors import EngineError, IllegalActionError, OutOfTurnError
from engine.games.errors import ForfeitError, HandOverError, NoDecisionError, TableSizeError
from engine.games.events import ActionName, Event, EventKind, LegalAction
from engine.games.hand_sizes import check_dealt_sizes
from engine.games.rules import ExtraCard, Face, GameRules, Step
from engine.games.steps.declare import DeclareActions
from engine.games.steps.draw import DrawActions
from engine.games.steps.flip import FlipActions
from engine.games.steps.shelby import ShelbyActions
from engine.games.steps.spit_call import SpitCallActions
from engine.games.steps.variants import VariantActions
from engine.hands.rankings import HighRanking, Ranking
from engine.hands.showdown import ShowdownScores, scores_from_cards

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
class HandState(
    FlipActions, DrawActions, ShelbyActions, DeclareActions, VariantActions, SpitCallActions
):
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
    step_index: int = 0
    step_begun: bool = False
    # What the current game's steps keep between calls (JSON-able): the No Peek
    # flipper, a wild rank set by the table, ... Steps own their keys.
    phase: dict[str, Any] = field(default_factory=dict)
    # Cards in the middle that belong to no one (a spit card), face up.
    table: list[int] = field(default_factory=list)
    to_deal: list[tuple[int, Face]] = field(default_factory=list)
    betting: BettingRound | None = None
    decision: Decision | None = None
    pay_cards_seen: int = 0
    voids: int = 0
    payouts: list[int] | None = None
    shown: list[int] = field(default_factory=list)
    history: list[Event] = field(default_factory=list)
    # Seats that left the hand (:meth:`forfeit`): folded for good, even through a
    # voided deal's fresh start.
    departed: list[int] = field(default_factory=list)

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
        carry: Mapping[str, int] | None = None,
    ) -> HandState:
        """Ante, deal the first street and run until the first player must act.

        ``deck`` (stacked in tests) is dealt from; otherwise ``rng`` shuffles a new
        one. ``rng``, or the deck when no ``rng`` is given, also seeds the reshuffle
        after a voided deal, so the same inputs give the same hand. ``carry``: chips
        the night keeps between hands (the Guts pot and reserve), kept in
        ``phase["carry"]``; the game leaves what it carries on in ``phase["carry_out"]``.
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
        if carry is not None:
            state.phase["carry"] = {key: int(chips) for key, chips in carry.items()}
        if rules.antes:
            for seat, chips in enumerate(post_antes(stacks=stacks, ante=ante)):
                state.move(seat, chips)
                state.record(EventKind.ANTE, seat, chips=chips)
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
    def step(self) -> Step | None:
        """The step under way, ``None`` before the first and after the last."""
        if self.step_begun and self.step_index < len(self.rules.steps):
            return self.rules.steps[self.step_index]
        return None

    @property
    def actor(self) -> int | None:
        """The seat that must act now, or ``None`` once the hand is over."""
        if self.is_over:
            return None
        if self.decision is not None:
            return self.decision.seat
        step = self.step
        return step.actor(self) if step is not None else None

    @property
    def ranking(self) -> Ranking:
        """The ranking in force: the game's, or wild ranks the table set (a spit card)."""
        wild = self.phase.get("wild")
        if wild is not None:
            return HighRanking(wild=frozenset(int(r) for r in wild))
        return self.rules.ranking

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
        step = self.step
        return step.legal_actions(self, seat) if step is not None else []

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
        event = self.record(EventKind.FOLD, seat)
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
        self.move(seat, chips)
        self.decision = None
        event = self.record(EventKind.PAY_POT, seat, chips=chips)
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
        self.move(seat, chips)
        self.decision = None
        self.to_deal.insert(0, (seat, decision.face))
        event = self.record(EventKind.BUY_WALK, seat, chips=chips)
        self._advance()
        return event

    def verify_decline_walk(self, *, seat: int) -> None:
        self._verify_decision(seat, "buy_walk", "decline the extra card")

    def can_decline_walk(self, *, seat: int) -> bool:
        return _can(lambda: self.verify_decline_walk(seat=seat))

    def decline_walk(self, *, seat: int) -> Event:
        self.verify_decline_walk(seat=seat)
        self.decision = None
        event = self.record(EventKind.DECLINE_WALK, seat)
        self._advance()
        return event

    # ------------------------------------------------------------------ leaving

    def verify_forfeit(self, *, seat: int) -> None:
        """A player may leave the hand at any moment, in turn or not, except in a game
        that settles everyone together at its end (Guts, Shelby)."""
        name = self._verify_not_over(seat, "leave the hand")
        if seat in self.departed:
            raise IllegalActionError(f"{name} has already left the hand")
        if not all(step.allows_forfeit for step in self.rules.steps):
            raise ForfeitError(
                f"{name} cannot leave during a hand of {self.rules.name}: "
                "its chips are settled only at the end"
            )

    def can_forfeit(self, *, seat: int) -> bool:
        return _can(lambda: self.verify_forfeit(seat=seat))

    def forfeit(self, *, seat: int) -> Event:
        """``seat`` leaves the hand: folded, whatever they owe, wherever the hand is.

        Their chips in the pot stay there (they can win none of it back); the hand
        goes on without them, or ends if one player is left. Not a move of the game:
        for a player who goes home mid-hand, as the host decides.
        """
        self.verify_forfeit(seat=seat)
        self.departed.append(seat)
        if self.betting is not None:
            self.betting.forfeit(seat=seat)
        self.folded[seat] = True
        if self.decision is not None and self.decision.seat == seat:
            self.decision = None
        step = self.step
        if step is not None:
            step.forfeit(self, seat)
        event = self.record(EventKind.LEAVE, seat)
        self._advance()
        return event

    # ------------------------------------------------------------------ one entry point

    def act(
        self,
        *,
        seat: int,
        action: ActionName,
        amount: int | None = None,
        cards: Sequence[int] | None = None,
        game: str | None = None,
    ) -> Event:
        """Apply ``action`` by name (a web form, a script); bets and raises need
        ``amount``, a draw the ``cards`` to throw away, a switch the ``game``."""
        method: Callable[..., Event] = getattr(self, action.value)
        extra: dict[str, Any] = {}
        if action in (ActionName.BET, ActionName.RAISE_BY):
            if amount is None:
                raise EngineError(f"{action.value} needs an amount")
            extra["amount"] = amount
        if cards is not None:
            extra["cards"] = cards
        if game is not None:
            extra["game"] = game  # Jack the Shifter: the game switched to
        return method(seat=seat, **extra)

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
        """Run the game's steps until a player must act or the hand ends."""
        steps = self.rules.steps
        while not self.is_over:
            if len(self.live_seats) <= 1 or self.step_index >= len(steps):
                self._finish()
                return
            if self.decision is not None:
                return
            step = steps[self.step_index]
            if not self.step_begun:
                self.step_begun = True
                step.begin(self)
                continue
            index = self.step_index
            done = step.run(self)
            if self.step_index != index or not self.step_begun:
                continue  # the step started the deal again (Rainy Day)
            if not done:
                if self.actor is None and not self.is_over:
                    raise EngineError(f"{type(step).__name__} waits, but for nobody")
                return
            self.step_index += 1
            self.step_begun = False

    def restart(self) -> None:
        """Begin the game's steps again (a voided deal); chips stay where they are."""
        self.step_index = 0
        self.step_begun = False
        self.to_deal = []
        self.betting = None
        self.decision = None

    def _after_bet(self, action: BettingAction) -> Event:
        betting = self.betting
        assert betting is not None  # only called right after a betting action
        self.stacks = list(betting.stacks)
        self.put_in = betting.contributions
        self.folded = list(betting.folded)
        kind = _EVENT_BY_ACTION[action.kind]
        event = self.record(kind, action.seat, chips=action.chips, all_in=action.all_in)
        self._advance()
        return event

    def rate_hands(self, seats: Sequence[int]) -> ShowdownScores:
        """Score the hands of ``seats`` as the showdown does: the ranking in force,
        the shared cards in the middle, single wild cards (only the spit card)."""
        return scores_from_cards(
            {s: [c for c, _ in self.cards[s]] for s in seats},
            ranking=self.ranking,
            shared=self.table if self.rules.table_shared else (),
            wild_cards=[int(c) for c in self.phase.get("wild_cards", ())],
        )

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
            check_dealt_sizes(self, live)
            shown = self.rate_hands(live)
            scores, names = dict(shown.scores), dict(shown.names)
            # A step may name who shows first (draw games: the last bettor or raiser).
            first = self.phase.get("show_first")
            start = order.index(first) if first in live else 0
            self.shown = [s for s in order[start:] + order[:start] if s in live]
            for seat in self.shown:
                self.record(EventKind.SHOW, seat, text=names[seat])
        winners = WINNER_RULES[self.rules.winner]
        settlement = settle_pots(split, scores=scores, order=order, winners=winners)
        for award in settlement.awards:
            for seat in award.winners:
                hand = names.get(seat)
                text = f"{award.name}, {hand}" if hand else award.name
                self.record(EventKind.WIN, seat, chips=award.won(seat), text=text)
        for seat, chips in split.returned.items():
            self.record(EventKind.RETURN, seat, chips=chips)
        payouts = settlement.payouts()
        self.payouts = [payouts.get(s, 0) for s in range(self.seat_count)]
        for seat, chips in enumerate(self.payouts):
            self.stacks[seat] += chips
        self.decision = None
        self.betting = None
        self.to_deal = []

    def move(self, seat: int, chips: int) -> None:
        """``chips`` from the seat's stack into the pot."""
        self.stacks[seat] -= chips
        self.put_in[seat] += chips

    def record(
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
        """Append an event to the history (steps record theirs here too)."""
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
