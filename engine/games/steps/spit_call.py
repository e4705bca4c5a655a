"""Spit in the Ocean's house rule "Spit!": the spit card is called during a five-card deal.

The dealer deals five cards each, one round at a time. With ``any_card`` (the
default, ruling 22; the sheet: "Während des Gebens darf jeder jederzeit „Spit!“
rufen") the deal stops after every card but the last: the player just dealt the
card is asked to call or let it go, and anyone else still in may call at that
moment too. A moment between two cards that tells nobody anything new is no
moment a call could differ, so these are all the moments of the deal.

The house option (``any_card`` off): after every round but the last, each
player in turn from the dealer's left may call "Spit!" or pass.

Either way the first call turns the next card face up to the middle as the spit
card (everyone's shared card, wild with its rank) and the deal goes on without
further questions. If nobody calls, the game's :class:`~engine.games.steps.draw.TableCard`
step turns the spit card after the last card. A call after the last card is not
offered: it would turn the very card the dealer turns anyway.

What the step keeps between calls is its :class:`SpitCallState`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Self

from engine.errors import IllegalActionError, OutOfTurnError
from engine.games.events import ActionName, Event, EventKind, LegalAction
from engine.games.rules import Face
from engine.games.steps.actions import ActionArgs, Move, StepState
from engine.games.steps.deal import Deal, deal_next
from engine.games.steps.draw import turn_table_card

if TYPE_CHECKING:
    from engine.games.state import HandState


class SpitCallError(IllegalActionError):
    """A call of "Spit!" (or a pass) when nobody is asked: no deal with calls under way,
    or between two rounds of cards."""


class SpitAlreadyCalledError(SpitCallError):
    """A call of "Spit!" when the spit card is already in the middle."""


@dataclass(kw_only=True)
class SpitCallState(StepState):
    """``round_size``: cards in one round of the deal; ``queue``: the seats still to
    call or pass after this round; ``caller``: who called "Spit!"."""

    key = "spit_call"
    round_size: int = 0
    queue: list[int] = field(default_factory=list)
    caller: int | None = None

    @classmethod
    def from_old_phase(cls, phase: Mapping[str, Any]) -> Self | None:
        if "spit_call_round" not in phase:
            return None
        caller = phase.get("spit_call_by")
        return cls(
            round_size=int(phase["spit_call_round"]),
            queue=[int(s) for s in phase.get("spit_call_queue", [])],
            caller=None if caller is None else int(caller),
        )


@dataclass(frozen=True, kw_only=True)
class SpitCallDeal(Deal):
    """Five cards each, a round at a time, with the chance to call "Spit!" after any card
    (``any_card``, the default) or between rounds only.

    ``rank_wild``: the spit card a call turns is wild with its rank (otherwise alone).
    """

    cards: tuple[Face, ...] = ("down",) * 5
    rank_wild: bool = True
    any_card: bool = True

    def begin(self, state: HandState) -> None:
        super().begin(state)
        size = len([s for s in state.order() if not state.folded[s]])
        state.keep(SpitCallState(round_size=size))

    def run(self, state: HandState) -> bool:
        calls = state.kept(SpitCallState)
        queue, size = calls.queue, calls.round_size
        while True:
            while queue and state.folded[queue[0]]:
                queue.pop(0)
            if queue:
                return False
            if not state.to_deal:
                return True
            dealt_to = state.to_deal[0][0]
            deal_next(state)
            if state.table or not state.to_deal:
                # Called already, or the last card: the dealer turns the spit card
                # next anyway, so nobody is asked.
                continue
            if self.any_card:
                if not state.folded[dealt_to]:
                    queue.append(dealt_to)
            # A round ends when as many cards are left as whole rounds.
            elif len(state.to_deal) % size == 0:
                queue.extend(s for s in state.order() if not state.folded[s])

    def actor(self, state: HandState) -> int | None:
        queue = state.kept(SpitCallState).queue
        return queue[0] if queue else None

    def legal_actions(self, state: HandState, seat: int) -> list[LegalAction]:
        if self.actor(state) == seat:
            return [LegalAction(kind=ActionName.CALL_SPIT), LegalAction(kind=ActionName.PASS_SPIT)]
        if seat in self.also_waiting(state):
            return [LegalAction(kind=ActionName.CALL_SPIT)]
        return []

    def also_waiting(self, state: HandState) -> list[int]:
        """With ``any_card``, everyone else still in may call while the deal stops."""
        queue = state.kept(SpitCallState).queue
        if not self.any_card or not queue or state.decision is not None:
            return []
        return [s for s in state.order() if not state.folded[s] and s != queue[0]]

    def moves(self) -> Mapping[ActionName, Move]:
        return {
            ActionName.CALL_SPIT: Move(self.verify_call_spit, self.call_spit),
            ActionName.PASS_SPIT: Move(self.verify_pass_spit, self.pass_spit),
        }

    def _verify_turn(self, state: HandState, seat: int, verb: str) -> None:
        queue = state.kept(SpitCallState).queue
        if not queue or state.decision is not None:
            _refuse(state, seat, verb)
        if queue[0] != seat:
            raise OutOfTurnError(
                f"{state.names[seat]} cannot {verb}: it is {state.names[queue[0]]}'s turn "
                "to call or pass",
                code="spit_not_your_turn",
                params={"name": state.names[seat], "verb": verb, "actor": state.names[queue[0]]},
            )

    def verify_call_spit(self, state: HandState, seat: int, args: ActionArgs) -> None:
        """Raise unless ``seat`` may call "Spit!" now."""
        refuse_call_if_called(state, seat)
        if seat in self.also_waiting(state):
            return  # anyone may call at any moment of the deal
        if self.any_card and state.folded[seat]:
            raise SpitCallError(
                f"{state.names[seat]} cannot call Spit: {state.names[seat]} has folded",
                code="spit_folded",
                params={"name": state.names[seat]},
            )
        self._verify_turn(state, seat, "call Spit")

    def call_spit(self, state: HandState, seat: int, args: ActionArgs) -> Event:
        """Call "Spit!": the next card goes face up to the middle, and the deal goes on."""
        calls = state.kept(SpitCallState)
        # The first call is the only one: nobody else is asked for the rest of the deal.
        calls.queue = []
        calls.caller = seat
        event = state.record(EventKind.DECLARE, seat, text="Spit!", code="spit")
        turn_table_card(state, role="spit", rank_wild=self.rank_wild)
        return event

    def verify_pass_spit(self, state: HandState, seat: int, args: ActionArgs) -> None:
        """Raise unless ``seat`` is the one asked whether to call "Spit!"."""
        self._verify_turn(state, seat, "pass")

    def pass_spit(self, state: HandState, seat: int, args: ActionArgs) -> Event:
        """Let the deal go on without calling; the next player is asked."""
        calls = state.kept(SpitCallState)
        calls.queue = calls.queue[1:]
        return state.record(EventKind.DECLARE, seat, text="no Spit", code="no_spit")


def refuse_call_if_called(state: HandState, seat: int) -> None:
    if state.table:
        calls = state.find(SpitCallState)
        caller = calls.caller if calls is not None else None
        who = "" if caller is None else f" ({state.names[caller]} called it)"
        raise SpitAlreadyCalledError(
            f"{state.names[seat]} cannot call Spit: the spit card is already in the middle{who}",
            code="spit_called_already" if caller is None else "spit_called_by",
            params={"name": state.names[seat]}
            if caller is None
            else {"name": state.names[seat], "caller": state.names[caller]},
        )


def _refuse(state: HandState, seat: int, verb: str) -> None:
    raise SpitCallError(
        f"{state.names[seat]} cannot {verb}: nobody is asked now; "
        "Spit! is called while the cards are dealt, before the spit card is turned",
        code="spit_nobody_asked",
        params={"name": state.names[seat], "verb": verb},
    )


def refuse_call(state: HandState, seat: int) -> None:
    """A call of "Spit!" when no deal with calls asks."""
    refuse_call_if_called(state, seat)
    _refuse(state, seat, "call Spit")


def refuse_pass(state: HandState, seat: int) -> None:
    _refuse(state, seat, "pass")
