"""One state machine for every game described by a :class:`~engine.games.rules.GameRules`.

The hand walks the game's steps (:mod:`engine.games.steps`) by itself
(antes, dealing, triggers, opening a betting round, the showdown) until a
player must act; :attr:`HandState.actor` then names that player. The hand
knows no game: :meth:`HandState.verify` (raises a specific
:class:`~engine.errors.IllegalActionError`), :meth:`~HandState.can` and
:meth:`~HandState.act` (applies it, appends a frozen
:class:`~engine.games.events.Event` and returns it) send a betting action to
the betting round, a pot payment or walk to the question a card asked, and
any other action to the step in play (:mod:`engine.games.steps.actions`). A
rejected action changes nothing.

Chips: ``stacks`` are the chips behind, ``put_in`` what each seat put in
during the hand (antes, bets, pot payments, walks); the pot is their sum
until the showdown pays it out, so stacks plus pot never change.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from engine.betting import (
    DEFAULT_LIMIT,
    DEFAULT_RAISE_CAP,
    BettingRound,
    Blinds,
    Limit,
    clockwise_from_dealer_left,
    post_antes,
)
from engine.betting.blinds import BIG, post_blinds, with_big_blind
from engine.cards import Deck
from engine.errors import EngineError, IllegalActionError, OutOfTurnError
from engine.games.errors import HandOverError
from engine.games.events import ActionName, Event, EventKind, LegalAction
from engine.games.hand_actions import (
    HAND_MOVES,
    NEEDS,
    REFUSALS,
    VERBS,
    Decision,
    decision_actions,
    forfeit,
    verify_forfeit,
)
from engine.games.payout import finish
from engine.games.rules import Face, GameRules, Step
from engine.games.seating import check_seating
from engine.games.steps.actions import ActionArgs, Move, StepState
from engine.games.steps.claims import claim_actions
from engine.hands.rankings import HighRanking, Ranking

S = TypeVar("S", bound=StepState)


@dataclass(kw_only=True)
class HandState:
    """A digital hand in progress; build it with :meth:`start`."""

    rules: GameRules
    names: tuple[str, ...]
    dealer: int
    ante: int
    limit: Limit
    raise_cap: int | None
    # Hold'em and Omaha dealt with blinds (a tournament's level); None: home style.
    blinds: Blinds | None = None
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
    # What the game's steps keep between calls, one typed state a step family
    # (engine.games.steps.actions.StepState), by its key.
    step_states: dict[str, StepState] = field(default_factory=dict)
    # Chips the night carries between hands (Guts' pot and reserve, Shelby's pot
    # and markers): what the hand started from, and what it leaves on.
    carry: dict[str, int] | None = None
    carry_out: dict[str, int] | None = None
    # Wild ranks the table set (a spit card, the Good, a jack's switch), replacing
    # the game's; single wild cards (a spit card wild alone).
    wild: list[int] | None = None
    wild_cards: list[int] = field(default_factory=list)
    # The seat a step named to show first at the showdown (draw games).
    show_first: int | None = None
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
        blinds: Blinds | None = None,
    ) -> HandState:
        """Ante, post the blinds, deal the first street and run until the first player
        must act.

        ``deck`` (stacked in tests) is dealt from; otherwise ``rng`` shuffles a new
        one. ``rng``, or the deck when no ``rng`` is given, also seeds the reshuffle
        after a voided deal, so the same inputs give the same hand. ``carry``: chips
        the night keeps between hands (the Guts pot and reserve), kept in
        ``carry``; the game leaves what it carries on in ``carry_out``.

        ``blinds`` (Hold'em and Omaha only, :mod:`engine.betting.blinds`): the small
        and big blind are posted after the antes, and the blinds' ante is the hand's
        ante in place of ``ante``; the limit's smallest bet becomes the big blind.
        """
        if blinds is not None:
            if not rules.takes_blinds:
                raise EngineError(
                    f"{rules.name} is played with antes: only Hold'em and Omaha take blinds",
                    code="blinds_not_for_game",
                    params={"game": rules.name},
                )
            ante = blinds.ante
            limit = with_big_blind(limit, big=blinds.big)
        check_seating(rules, names=names, stacks=stacks, dealer=dealer, ante=ante)
        n = len(names)
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
            blinds=blinds,
            deck=deck if deck is not None else Deck(source),
            seed=source.getrandbits(64),
            stacks=list(stacks),
            put_in=[0] * n,
            folded=[False] * n,
            cards=[[] for _ in range(n)],
        )
        if carry is not None:
            state.carry = {key: int(chips) for key, chips in carry.items()}
        if rules.antes:
            for seat, chips in enumerate(post_antes(stacks=stacks, ante=ante)):
                state.move(seat, chips)
                # A blinds level without an ante (ante 0) logs no "antes 0" line.
                if chips:
                    state.record(EventKind.ANTE, seat, chips=chips)
        if blinds is not None:
            posts = post_blinds(stacks=state.stacks, blinds=blinds, dealer=dealer)
            for which, seat, chips in posts:
                state.move(seat, chips)
                kind = EventKind.BIG_BLIND if which == BIG else EventKind.SMALL_BLIND
                state.record(kind, seat, chips=chips)
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
        if self.wild is not None:
            return HighRanking(wild=frozenset(self.wild))
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
            return decision_actions(self.decision)
        step = self.step
        actions = step.legal_actions(self, seat) if step is not None else []
        return actions + claim_actions(self, seat)

    def find(self, kind: type[S]) -> S | None:
        """The state a step of ``kind``'s family keeps, if one set it up."""
        found = self.step_states.get(kind.key)
        return found if isinstance(found, kind) else None

    def kept(self, kind: type[S]) -> S:
        """The state of ``kind``, created empty if no step set it up yet."""
        found = self.step_states.get(kind.key)
        if isinstance(found, kind):
            return found
        fresh = kind()
        self.step_states[kind.key] = fresh
        return fresh

    def keep(self, value: StepState) -> None:
        """Keep ``value`` as its kind's state, replacing an older one."""
        self.step_states[value.key] = value

    @property
    def set_aside(self) -> list[int]:
        """Cards out of play that nobody holds (discards, Wild Widow's card, the Good,
        the Bad and the Ugly's table cards, a ghost hand): each step state says its own."""
        return [card for kept in self.step_states.values() for card in kept.set_aside()]

    # ------------------------------------------------------------------ actions

    def verify(
        self,
        action: ActionName,
        *,
        seat: int,
        amount: int | None = None,
        cards: Sequence[int] = (),
        game: str | None = None,
    ) -> None:
        """Raise the specific :class:`IllegalActionError` unless ``seat`` may take
        ``action`` now (with ``amount``, ``cards``, ``game``); changes nothing."""
        args = ActionArgs(amount=amount, cards=tuple(cards), game=game)
        self._move(action, seat, args).verify(self, seat, args)

    def can(
        self,
        action: ActionName,
        *,
        seat: int,
        amount: int | None = None,
        cards: Sequence[int] = (),
        game: str | None = None,
    ) -> bool:
        try:
            self.verify(action, seat=seat, amount=amount, cards=cards, game=game)
        except IllegalActionError:
            return False
        return True

    def act(
        self,
        action: ActionName,
        *,
        seat: int,
        amount: int | None = None,
        cards: Sequence[int] | None = None,
        game: str | None = None,
    ) -> Event:
        """Apply ``action`` (a web form, a script): betting actions go to the betting
        round, the rest to the step in play; bets and raises need ``amount``, a draw
        the ``cards`` to throw away, a switch the ``game``. Then the hand runs on."""
        args = ActionArgs(amount=amount, cards=tuple(cards or ()), game=game)
        move = self._move(action, seat, args)
        move.verify(self, seat, args)
        event = move.apply(self, seat, args)
        self._advance()
        return event

    def _move(self, action: ActionName, seat: int, args: ActionArgs) -> Move:
        """Who answers ``action`` now: the hand (betting, a Decision) or the step in play;
        an action nobody answers now gets the refusal the action's family words."""
        if action not in VERBS:
            raise EngineError(
                f"there is no action {action!r}", code="action_unknown", params={"action": action}
            )
        needed = NEEDS.get(action)
        if needed is not None and getattr(args, needed) is None:
            article = "an" if needed == "amount" else "a"
            raise EngineError(
                f"{action.value} needs {article} {needed}",
                code="amount_missing" if needed == "amount" else "action_needs_choice",
                params={"action": action.value},
            )
        self.verify_not_over(seat, VERBS[action])
        hand_move = HAND_MOVES.get(action)
        if hand_move is not None:
            return hand_move
        step = self.step
        move = step.moves().get(action) if step is not None else None
        return move if move is not None else REFUSALS[action]

    # ------------------------------------------------------------------ leaving

    def verify_forfeit(self, *, seat: int) -> None:
        verify_forfeit(self, seat)

    def can_forfeit(self, *, seat: int) -> bool:
        try:
            verify_forfeit(self, seat)
        except IllegalActionError:
            return False
        return True

    def forfeit(self, *, seat: int) -> Event:
        """``seat`` leaves the hand (:func:`~engine.games.hand_actions.forfeit`)."""
        verify_forfeit(self, seat)
        event = forfeit(self, seat)
        self._advance()
        return event

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> str:
        from engine.games.serialise import hand_to_json

        return hand_to_json(self)

    @classmethod
    def from_json(cls, text: str) -> HandState:
        from engine.games.serialise import hand_from_json

        return hand_from_json(text)

    # ------------------------------------------------------------------ checks

    def verify_not_over(self, seat: int, verb: str) -> str:
        """The seat's name, unless there is no such seat or the hand is over."""
        if not 0 <= seat < self.seat_count:
            raise OutOfTurnError(
                f"there is no seat {seat} at this table", code="no_such_seat", params={"seat": seat}
            )
        if self.is_over:
            raise HandOverError(
                f"{self.names[seat]} cannot {verb}: the hand is over",
                code="act_hand_over",
                params={"name": self.names[seat], "verb": verb},
            )
        return self.names[seat]

    # ------------------------------------------------------------------ moving on

    def _advance(self) -> None:
        """Run the game's steps until a player must act or the hand ends."""
        steps = self.rules.steps
        while not self.is_over:
            if len(self.live_seats) <= 1 or self.step_index >= len(steps):
                finish(self)
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
                    raise EngineError(
                        f"{type(step).__name__} waits, but for nobody", code="step_stuck"
                    )
                return
            self.step_index += 1
            self.step_begun = False

    def move(self, seat: int, chips: int) -> None:
        """``chips`` from the seat's stack into the pot."""
        self.stacks[seat] -= chips
        self.put_in[seat] += chips
        betting = self.betting
        if betting is not None and not betting.is_over:
            # A payment during a betting round (a walk for a 4 claimed at will) is no
            # bet, but the round keeps the stacks too: it must see the same chips.
            betting.stacks[seat] -= chips
            betting.put_in[seat] += chips
            if betting.stacks[seat] == 0:
                betting.to_act = [s for s in betting.to_act if s != seat]

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
        code: str = "",
        params: Mapping[str, Any] | None = None,
    ) -> Event:
        """Append an event to the history (steps record theirs here too); ``code`` and
        ``params`` say what the English ``text`` says (see :class:`Event`)."""
        if all_in is None:
            all_in = kind in _PAYMENTS and chips > 0 and self.stacks[seat] == 0
        event = Event(
            kind=kind,
            seat=seat,
            chips=chips,
            card=card,
            face_up=face_up,
            all_in=all_in,
            text=text,
            code=code,
            params=dict(params or {}),
        )
        self.history.append(event)
        return event


# Events whose chips leave the stack outside a betting round; they can empty it.
_PAYMENTS = frozenset(
    {
        EventKind.ANTE,
        EventKind.SMALL_BLIND,
        EventKind.BIG_BLIND,
        EventKind.PAY_POT,
        EventKind.BUY_WALK,
    }
)
