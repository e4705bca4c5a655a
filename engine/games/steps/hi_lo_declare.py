"""Sequence played high/low with declaration (ruling 16, issue 13): who plays for what.

The English sheet: "Alternatively, the game can be played high/low with
declaration." It says no more: not whether players declare in turn or at once.
Declaring at once is the usual home way (each player decides secretly, then
all show together) and the fair one: nobody declares knowing another's choice.
So every player still in declares high, low or both, in any order; a choice
is kept in the :class:`DeclareState` (which no view shows), the log says only
that the player declared, and the choices are revealed together once all are
in. The showdown then pays each pot by the declarations
(:func:`engine.chips.hi_lo.settle_declared`, :mod:`engine.games.declared_showdown`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from engine.chips.hi_lo import Declaration
from engine.errors import IllegalActionError
from engine.games.events import ActionName, Event, EventKind, LegalAction
from engine.games.rules import Step
from engine.games.steps.actions import ActionArgs, Move, StepState

if TYPE_CHECKING:
    from engine.games.state import HandState

DECLARE_ACTIONS: Final[Mapping[ActionName, Declaration]] = {
    ActionName.DECLARE_HIGH: "high",
    ActionName.DECLARE_LOW: "low",
    ActionName.DECLARE_BOTH: "both",
}

# What a refusal says the player cannot do ("Anna cannot declare low: ...").
DECLARE_VERBS: Final[Mapping[ActionName, str]] = {
    ActionName.DECLARE_HIGH: "declare high",
    ActionName.DECLARE_LOW: "declare low",
    ActionName.DECLARE_BOTH: "declare both ways",
}


class NotDeclaringHighLowError(IllegalActionError):
    """High, low or both asked when nobody is declaring (another game, another step)."""


class AlreadyDeclaredHighLowError(IllegalActionError):
    """A player declared a second time: the first choice stands."""


class FoldedDeclarationError(IllegalActionError):
    """A player who folded tried to declare."""


@dataclass(kw_only=True)
class DeclareState(StepState):
    """Each seat's declaration (None until made) and whether they were revealed."""

    key = "hi_lo_declare"
    declared: list[str | None] = field(default_factory=list)
    revealed: bool = False

    def declarations(self, seats: list[int]) -> dict[int, str]:
        """The declarations of ``seats`` (the players still in at the showdown)."""
        return {s: d for s in seats if (d := self.declared[s]) is not None}


@dataclass(frozen=True, kw_only=True)
class DeclareHighLow(Step):
    """Every player still in declares high, low or both at once; then all are revealed."""

    def begin(self, state: HandState) -> None:
        state.keep(DeclareState(declared=[None] * state.seat_count))

    def run(self, state: HandState) -> bool:
        if self.actor(state) is not None:
            return False
        kept = state.kept(DeclareState)
        # Revealed together, clockwise from the dealer's left, as the cards are shown.
        for seat in state.order():
            declared = kept.declared[seat]
            if declared is not None and not state.folded[seat]:
                state.record(EventKind.REVEAL, seat, text=declared, code=declared)
        kept.revealed = True
        return True

    def actor(self, state: HandState) -> int | None:
        """The first player (from the dealer's left) still to declare; the others may too."""
        return next(iter(_waiting(state)), None)

    def also_waiting(self, state: HandState) -> list[int]:
        return _waiting(state)[1:]

    def legal_actions(self, state: HandState, seat: int) -> list[LegalAction]:
        if seat not in _waiting(state):
            return []
        return [LegalAction(kind=action) for action in DECLARE_ACTIONS]

    def moves(self) -> Mapping[ActionName, Move]:
        return {action: _move(action) for action in DECLARE_ACTIONS}


def _waiting(state: HandState) -> list[int]:
    kept = state.find(DeclareState)
    if kept is None:
        return []
    return [s for s in state.order() if not state.folded[s] and kept.declared[s] is None]


def _move(action: ActionName) -> Move:
    declaration = DECLARE_ACTIONS[action]
    verb = DECLARE_VERBS[action]

    def verify(state: HandState, seat: int, args: ActionArgs) -> None:
        name = state.names[seat]
        if state.folded[seat]:
            raise FoldedDeclarationError(
                f"{name} cannot {verb}: {name} has folded",
                code="declare_folded",
                params={"name": name},
            )
        if state.kept(DeclareState).declared[seat] is not None:
            raise AlreadyDeclaredHighLowError(
                f"{name} has already declared: the first declaration stands",
                code="declare_again",
                params={"name": name},
            )

    def apply(state: HandState, seat: int, args: ActionArgs) -> Event:
        state.kept(DeclareState).declared[seat] = declaration
        # Secret until all are in: the log says only that the player declared.
        return state.record(EventKind.DECLARE, seat, text="declared", code="declared")

    return Move(verify, apply)


def refuse_declare(verb: str) -> Move:
    """High, low or both when the step in play is no declaration."""

    def verify(state: HandState, seat: int, args: ActionArgs) -> None:
        name = state.names[seat]
        raise NotDeclaringHighLowError(
            f"{name} cannot {verb}: nobody is declaring high or low now",
            code="declare_not_now",
            params={"name": name},
        )

    def never(state: HandState, seat: int, args: ActionArgs) -> Event:
        raise AssertionError("a refused action is never applied")

    return Move(verify, never)
