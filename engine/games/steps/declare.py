"""Guts: declaring in or out, and settling the deal (ruling 14).

A digital Guts hand is one deal. It starts from the night's pot and reserve
(``state.carry``, given to :meth:`HandState.start`) and ends with the next
pot and reserve (``state.carry_out``). No chip moves while players decide:
the whole deal, antes included, is settled at the end by
:func:`engine.games.families.guts.settle.settle_guts_deal`, the same code that settles a physically
dealt deal, and each of its movements becomes a SETTLE event.

Declaring at once (or by dropping cards) is private until everyone has
decided: a player's choice is kept in the :class:`GutsState` (which no view
shows), the
log says only that they declared, and the choices are revealed together.
Declaring in turn goes from the dealer's left, the dealer last; if everyone
before the dealer is out, the dealer takes the pot without declaring.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Self

from engine.errors import IllegalActionError, OutOfTurnError, StackTooShortError
from engine.games.errors import TableSizeError
from engine.games.events import ActionName, Event, EventKind, LegalAction
from engine.games.families.guts.settle import (
    GHOST,
    Declare,
    GutsOptions,
    GutsOutcome,
    GutsTable,
    declaration_order,
    may_be_in,
    pot_to_cover,
    settle_guts_deal,
)
from engine.games.rules import Step
from engine.games.steps.actions import ActionArgs, Move, StepState
from engine.games.steps.settle_events import NO_SEAT, record_movements
from engine.hands.showdown import ShownCards, scores_from_cards

if TYPE_CHECKING:
    from engine.games.state import HandState

# Where a movement has no player (pot to reserve), its SETTLE event names no seat.

_SHOWDOWNS = frozenset(
    {GutsOutcome.WON, GutsOutcome.SPLIT, GutsOutcome.TIE_NO_SPLIT, GutsOutcome.GHOST_WON}
)


class NotDeclaringError(IllegalActionError):
    """In or out asked when nobody is declaring, or the wrong way (hold/drop vs in/out)."""


class AlreadyDeclaredError(IllegalActionError):
    """A player declared a second time."""


class PotNotCoveredError(IllegalActionError):
    """A player whose stack does not cover the pot tried to be in (ruling 14)."""


@dataclass(kw_only=True)
class GutsState(StepState):
    """The deal's declarations: ``pot`` to cover, who ``may_be_in``, each seat's choice
    (``declared``: None until decided), the ``order`` of declaring, the ``ghost``
    hand (hidden until the showdown) and, once settled, ``outcome`` and ``reasons``."""

    key = "guts"
    pot: int = 0
    may_be_in: list[bool] = field(default_factory=list)
    declared: list[bool | None] = field(default_factory=list)
    order: list[int] = field(default_factory=list)
    ghost: list[int] = field(default_factory=list)
    ghost_shown: bool = False
    outcome: str | None = None
    reasons: list[str] = field(default_factory=list)

    def set_aside(self) -> list[int]:
        # Out of the deck, in no player's hand, until the showdown lays it in the middle.
        return [] if self.ghost_shown else list(self.ghost)

    @classmethod
    def from_old_phase(cls, phase: Mapping[str, Any]) -> Self | None:
        if "guts_declared" not in phase:
            return None
        ghost = [int(c) for c in phase.get("guts_ghost", [])]
        outcome = phase.get("guts_outcome")
        return cls(
            pot=int(phase["guts_pot"]),
            may_be_in=[bool(v) for v in phase["guts_may_be_in"]],
            declared=[None if v is None else bool(v) for v in phase["guts_declared"]],
            order=[int(s) for s in phase["guts_order"]],
            ghost=ghost,
            ghost_shown=bool(ghost) and not phase.get("set_aside"),
            outcome=None if outcome is None else str(outcome),
            reasons=[str(r) for r in phase.get("guts_reasons", [])],
        )


@dataclass(frozen=True, kw_only=True)
class GutsDeclare(Step):
    """Everyone still to decide says in or out; then the deal is settled."""

    # Everyone is settled together at the end: a player leaves between hands.
    allows_forfeit: ClassVar[bool] = False

    options: GutsOptions

    def begin(self, state: HandState) -> None:
        table = guts_table(state)
        _check_antes(state, table, self.options)
        n = state.seat_count
        cards = self.options.cards_per_hand
        ghost: list[int] = []
        if self.options.ghost_hand:
            if len(state.deck) < cards:
                raise TableSizeError(
                    f"one deck is not enough for {n} players and a ghost hand",
                    code="seating_deck_short_ghost",
                    params={"count": n},
                )
            ghost = [int(state.deck.deal_one()) for _ in range(cards)]
            for card in ghost:
                state.record(EventKind.DEAL, NO_SEAT, card=card)
        allowed = set(may_be_in(table, self.options))
        in_turn = self.options.declare is Declare.IN_TURN
        state.keep(
            GutsState(
                pot=pot_to_cover(table, self.options),
                may_be_in=[seat in allowed for seat in range(n)],
                declared=[None] * n,
                order=list(declaration_order(table) if in_turn else state.order()),
                ghost=ghost,
            )
        )

    def run(self, state: HandState) -> bool:
        if self.actor(state) is not None:
            return False
        settle(state, self.options)
        return True

    def actor(self, state: HandState) -> int | None:
        guts = state.kept(GutsState)
        declared, order = guts.declared, guts.order
        before = order[:-1]
        if self.options.declare is Declare.IN_TURN and all(declared[s] is False for s in before):
            return None  # everyone before the dealer is out: the dealer takes the pot unasked
        return next((s for s in order if declared[s] is None), None)

    def legal_actions(self, state: HandState, seat: int) -> list[LegalAction]:
        guts = state.kept(GutsState)
        may_in, pot = guts.may_be_in[seat], guts.pot
        if self.options.declare is Declare.DROP:
            stay, leave = ActionName.HOLD, ActionName.DROP
        else:
            stay, leave = ActionName.DECLARE_IN, ActionName.DECLARE_OUT
        actions = [LegalAction(kind=stay, chips=pot)] if may_in else []
        return [*actions, LegalAction(kind=leave)]

    def also_waiting(self, state: HandState) -> list[int]:
        """Declaring at once: every seat still to decide may act, not only the actor."""
        if self.options.declare is Declare.IN_TURN or self.actor(state) is None:
            return []
        guts = state.kept(GutsState)
        return [s for s in guts.order if guts.declared[s] is None]

    def moves(self) -> Mapping[ActionName, Move]:
        return {
            ActionName.DECLARE_IN: self._move(ActionName.DECLARE_IN, "be in", staying=True),
            ActionName.DECLARE_OUT: self._move(ActionName.DECLARE_OUT, "be out", staying=False),
            ActionName.HOLD: self._move(ActionName.HOLD, "hold", staying=True),
            ActionName.DROP: self._move(ActionName.DROP, "drop", staying=False),
        }

    def _move(self, action: ActionName, verb: str, *, staying: bool) -> Move:
        def verify(state: HandState, seat: int, args: ActionArgs) -> None:
            self.verify_declare(state, seat, staying=staying, action=action, verb=verb)

        def apply(state: HandState, seat: int, args: ActionArgs) -> Event:
            return self.declare(state, seat, staying=staying)

        return Move(verify, apply)

    def verify_declare(
        self, state: HandState, seat: int, *, staying: bool, action: ActionName, verb: str
    ) -> None:
        name = state.names[seat]
        actor = self.actor(state)
        if actor is None:
            refuse(verb)(state, seat)
        dropping = self.options.declare is Declare.DROP
        if dropping != (action in (ActionName.HOLD, ActionName.DROP)):
            how = "hold or drop the cards" if dropping else "declare in or out"
            raise NotDeclaringError(
                f"{name} cannot {verb}: in this game players {how}",
                code="declare_hold_or_drop" if dropping else "declare_in_or_out",
                params={"name": name, "verb": verb},
            )
        guts = state.kept(GutsState)
        if guts.declared[seat] is not None:
            raise AlreadyDeclaredError(
                f"{name} has already declared", code="declared_already", params={"name": name}
            )
        if self.options.declare is Declare.IN_TURN and actor != seat:
            assert actor is not None
            raise OutOfTurnError(
                f"{name} cannot {verb}: it is {state.names[actor]}'s turn",
                code="act_not_your_turn",
                params={"name": name, "verb": verb, "actor": state.names[actor]},
            )
        if staying and not guts.may_be_in[seat]:
            raise PotNotCoveredError(
                f"{name} cannot be in: the pot is {guts.pot} and {name} has "
                f"{state.stacks[seat]} — rebuy first",
                code="in_beyond_stack",
                params={"name": name, "pot": guts.pot, "stack": state.stacks[seat]},
            )

    def declare(self, state: HandState, seat: int, *, staying: bool) -> Event:
        state.kept(GutsState).declared[seat] = staying
        private = self.options.declare is not Declare.IN_TURN
        text = "declared" if private else ("in" if staying else "out")
        return state.record(EventKind.DECLARE, seat, text=text, code=text)


def guts_table(state: HandState) -> GutsTable:
    """The night's table as the Guts settlement sees it, from the digital hand."""
    carry = state.carry or {}
    return GutsTable(
        pot=int(carry.get("pot", 0)),
        reserve=int(carry.get("reserve", 0)),
        stacks=dict(enumerate(state.stacks)),
        dealer=state.dealer,
        names=dict(enumerate(state.names)),
    )


def _check_antes(state: HandState, table: GutsTable, options: GutsOptions) -> None:
    """Refuse the deal now if an ante it may ask for later could not be paid.

    The settlement takes the antes at the end, so a stack too short for them
    must be caught before anyone declares: the ante of an empty pot (or of
    every deal, with one loser pays), and another if nobody is in. A stack
    emptied by the first ante owes no second one (ruling 9).
    """
    ante = options.ante
    first = ante if table.pot == 0 or options.one_loser_pays else 0
    again = ante if options.ante_when_nobody_in and not options.one_loser_pays else 0
    for seat, stack in enumerate(state.stacks):
        left = stack - first
        if left < 0 or 0 < left < again:
            need = first + again
            raise StackTooShortError(
                f"{state.names[seat]} has {stack} chips but this deal may ask for {need} "
                "in antes — rebuy first",
                code="antes_beyond_stack",
                params={"name": state.names[seat], "stack": stack, "need": need},
            )
    if again and all(stack == first for stack in state.stacks):
        # The ante would leave nobody a chip: nobody could be in, nor ante again.
        raise StackTooShortError(
            f"after the ante of {first} nobody has a chip left to play with — rebuy first",
            code="ante_leaves_nobody",
            params={"ante": first},
        )


def settle(state: HandState, options: GutsOptions) -> None:
    """Settle the deal with the Guts settlement (``settle_guts_deal``) and apply its result."""
    table = guts_table(state)
    guts = state.kept(GutsState)
    declared = guts.declared
    in_players = [s for s in guts.order if declared[s]]
    if options.declare is not Declare.IN_TURN:
        for seat in guts.order:
            side = "in" if declared[seat] else "out"
            state.record(EventKind.REVEAL, seat, text=side, code=side)
    ghost = guts.ghost
    by_default = options.declare is Declare.IN_TURN and not set(in_players) - {state.dealer}
    compared = not by_default and (len(in_players) >= 2 or bool(ghost and in_players))
    showdown = None
    hands: dict[int, list[int]] = {}
    if compared:
        hands = {s: [card for card, _ in state.cards[s]] for s in in_players}
        if ghost:
            hands[GHOST] = list(ghost)
        showdown = ShownCards(hands=hands)
    result = settle_guts_deal(table, options, in_players=in_players, showdown=showdown)
    if result.outcome in _SHOWDOWNS:
        rated = scores_from_cards(hands, ranking=options.ranking)
        named = rated.names
        state.shown = [s for s in state.order() if s in hands]
        for seat in state.shown:
            state.record(
                EventKind.SHOW,
                seat,
                text=named[seat],
                code="hand",
                params={"hand": rated.values[seat].params()},
            )
        if ghost:
            for card in ghost:
                state.record(
                    EventKind.REVEAL,
                    NO_SEAT,
                    card=card,
                    face_up=True,
                    text=named[GHOST],
                    code="ghost_hand",
                    params={"hand": rated.values[GHOST].params()},
                )
            state.table = list(ghost)
            guts.ghost_shown = True
    record_movements(state, result.movements)
    after = result.next_table
    state.stacks = [after.stacks[s] for s in range(state.seat_count)]
    state.folded = [not declared[s] for s in range(state.seat_count)]
    state.carry_out = {"pot": after.pot, "reserve": after.reserve}
    guts.outcome = result.outcome.value
    guts.reasons = list(result.reasons)
    state.payouts = [0] * state.seat_count
    state.decision = None


def refuse(verb: str) -> Callable[[HandState, int], None]:
    """In or out (hold or drop) when nobody is declaring."""

    def refuse_declare(state: HandState, seat: int) -> None:
        raise NotDeclaringError(
            f"{state.names[seat]} cannot {verb}: nobody is declaring now",
            code="act_nobody_declaring",
            params={"name": state.names[seat], "verb": verb},
        )

    return refuse_declare
