"""Guts: declaring in or out, and settling the deal (ruling 14).

A digital Guts hand is one deal. It starts from the night's pot and reserve
(``phase["carry"]``, given to :meth:`HandState.start`) and ends with the next
pot and reserve (``phase["carry_out"]``). No chip moves while players decide:
the whole deal, antes included, is settled at the end by
:func:`engine.games.families.guts.settle.settle_guts_deal`, the same code that settles a physically
dealt deal, and each of its movements becomes a SETTLE event.

Declaring at once (or by dropping cards) is private until everyone has
decided: a player's choice is kept in ``phase`` (which no view shows), the
log says only that they declared, and the choices are revealed together.
Declaring in turn goes from the dealer's left, the dealer last; if everyone
before the dealer is out, the dealer takes the pot without declaring.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

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
        if self.options.ghost_hand:
            if len(state.deck) < cards:
                raise TableSizeError(f"one deck is not enough for {n} players and a ghost hand")
            ghost = [int(state.deck.deal_one()) for _ in range(cards)]
            for card in ghost:
                state.record(EventKind.DEAL, NO_SEAT, card=card)
            state.phase["guts_ghost"] = ghost
            # Out of the deck, in no player's hand, hidden until the showdown.
            state.phase["set_aside"] = list(ghost)
        allowed = set(may_be_in(table, self.options))
        state.phase["guts_pot"] = pot_to_cover(table, self.options)
        state.phase["guts_may_be_in"] = [seat in allowed for seat in range(n)]
        state.phase["guts_declared"] = [None] * n
        in_turn = self.options.declare is Declare.IN_TURN
        state.phase["guts_order"] = list(declaration_order(table) if in_turn else state.order())

    def run(self, state: HandState) -> bool:
        if self.actor(state) is not None:
            return False
        settle(state, self.options)
        return True

    def actor(self, state: HandState) -> int | None:
        declared = state.phase["guts_declared"]
        order: list[int] = state.phase["guts_order"]
        before = order[:-1]
        if self.options.declare is Declare.IN_TURN and all(declared[s] is False for s in before):
            return None  # everyone before the dealer is out: the dealer takes the pot unasked
        return next((s for s in order if declared[s] is None), None)

    def legal_actions(self, state: HandState, seat: int) -> list[LegalAction]:
        may_in = state.phase["guts_may_be_in"][seat]
        pot = int(state.phase["guts_pot"])
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
        declared = state.phase["guts_declared"]
        return [s for s in state.phase["guts_order"] if declared[s] is None]


def guts_table(state: HandState) -> GutsTable:
    """The night's table as the Guts settlement sees it, from the digital hand."""
    carry = state.phase.get("carry") or {}
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
                "in antes — rebuy first"
            )
    if again and all(stack == first for stack in state.stacks):
        # The ante would leave nobody a chip: nobody could be in, nor ante again.
        raise StackTooShortError(
            f"after the ante of {first} nobody has a chip left to play with — rebuy first"
        )


def settle(state: HandState, options: GutsOptions) -> None:
    """Settle the deal with the Guts settlement (``settle_guts_deal``) and apply its result."""
    table = guts_table(state)
    declared = state.phase["guts_declared"]
    in_players = [s for s in state.phase["guts_order"] if declared[s]]
    if options.declare is not Declare.IN_TURN:
        for seat in state.phase["guts_order"]:
            state.record(EventKind.REVEAL, seat, text="in" if declared[seat] else "out")
    ghost: list[int] = state.phase.get("guts_ghost", [])
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
        named = scores_from_cards(hands, ranking=options.ranking).names
        state.shown = [s for s in state.order() if s in hands]
        for seat in state.shown:
            state.record(EventKind.SHOW, seat, text=named[seat])
        if ghost:
            for card in ghost:
                state.record(EventKind.REVEAL, NO_SEAT, card=card, face_up=True, text=named[GHOST])
            state.table = list(ghost)
            state.phase["set_aside"] = []
    record_movements(state, result.movements)
    after = result.next_table
    state.stacks = [after.stacks[s] for s in range(state.seat_count)]
    state.folded = [not declared[s] for s in range(state.seat_count)]
    state.phase["carry_out"] = {"pot": after.pot, "reserve": after.reserve}
    state.phase["guts_outcome"] = result.outcome.value
    state.phase["guts_reasons"] = list(result.reasons)
    state.payouts = [0] * state.seat_count
    state.decision = None


def _step(state: HandState) -> GutsDeclare | None:
    step = state.step
    return step if isinstance(step, GutsDeclare) else None


class DeclareActions:
    """The actions of this family, mixed into :class:`~engine.games.state.HandState`."""

    def _verify_declare(  # type: ignore[misc]
        self: HandState, seat: int, *, staying: bool, action: ActionName, verb: str
    ) -> GutsDeclare:
        name = self._verify_not_over(seat, verb)
        step = _step(self)
        if step is None or step.actor(self) is None:
            raise NotDeclaringError(f"{name} cannot {verb}: nobody is declaring now")
        dropping = step.options.declare is Declare.DROP
        if dropping != (action in (ActionName.HOLD, ActionName.DROP)):
            how = "hold or drop the cards" if dropping else "declare in or out"
            raise NotDeclaringError(f"{name} cannot {verb}: in this game players {how}")
        declared = self.phase["guts_declared"]
        if declared[seat] is not None:
            raise AlreadyDeclaredError(f"{name} has already declared")
        if step.options.declare is Declare.IN_TURN and step.actor(self) != seat:
            actor = step.actor(self)
            assert actor is not None
            raise OutOfTurnError(f"{name} cannot {verb}: it is {self.names[actor]}'s turn")
        if staying and not self.phase["guts_may_be_in"][seat]:
            pot = self.phase["guts_pot"]
            raise PotNotCoveredError(
                f"{name} cannot be in: the pot is {pot} and {name} has "
                f"{self.stacks[seat]} — rebuy first"
            )
        return step

    def _declare(self: HandState, seat: int, *, staying: bool) -> Event:  # type: ignore[misc]
        step = _step(self)
        assert step is not None  # verified by the caller
        self.phase["guts_declared"][seat] = staying
        private = step.options.declare is not Declare.IN_TURN
        text = "declared" if private else ("in" if staying else "out")
        event = self.record(EventKind.DECLARE, seat, text=text)
        self._advance()
        return event

    def verify_declare_in(self: HandState, *, seat: int) -> None:  # type: ignore[misc]
        self._verify_declare(seat, staying=True, action=ActionName.DECLARE_IN, verb="be in")

    def can_declare_in(self: HandState, *, seat: int) -> bool:  # type: ignore[misc]
        return _can(lambda: self.verify_declare_in(seat=seat))

    def declare_in(self: HandState, *, seat: int) -> Event:  # type: ignore[misc]
        self.verify_declare_in(seat=seat)
        return self._declare(seat, staying=True)

    def verify_declare_out(self: HandState, *, seat: int) -> None:  # type: ignore[misc]
        self._verify_declare(seat, staying=False, action=ActionName.DECLARE_OUT, verb="be out")

    def can_declare_out(self: HandState, *, seat: int) -> bool:  # type: ignore[misc]
        return _can(lambda: self.verify_declare_out(seat=seat))

    def declare_out(self: HandState, *, seat: int) -> Event:  # type: ignore[misc]
        self.verify_declare_out(seat=seat)
        return self._declare(seat, staying=False)

    def verify_hold(self: HandState, *, seat: int) -> None:  # type: ignore[misc]
        self._verify_declare(seat, staying=True, action=ActionName.HOLD, verb="hold")

    def can_hold(self: HandState, *, seat: int) -> bool:  # type: ignore[misc]
        return _can(lambda: self.verify_hold(seat=seat))

    def hold(self: HandState, *, seat: int) -> Event:  # type: ignore[misc]
        self.verify_hold(seat=seat)
        return self._declare(seat, staying=True)

    def verify_drop(self: HandState, *, seat: int) -> None:  # type: ignore[misc]
        self._verify_declare(seat, staying=False, action=ActionName.DROP, verb="drop")

    def can_drop(self: HandState, *, seat: int) -> bool:  # type: ignore[misc]
        return _can(lambda: self.verify_drop(seat=seat))

    def drop(self: HandState, *, seat: int) -> Event:  # type: ignore[misc]
        self.verify_drop(seat=seat)
        return self._declare(seat, staying=False)


def _can(verify: object) -> bool:
    try:
        assert callable(verify)
        verify()
    except IllegalActionError:
        return False
    return True
