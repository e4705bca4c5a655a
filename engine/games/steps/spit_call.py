"""Spit in the Ocean's house rule "Spit!": the spit card is called during a five-card deal.

The dealer deals five cards each, one round at a time. After every round but
the last, each player in turn from the dealer's left may call "Spit!" or pass;
the first call turns the next card face up to the middle as the spit card
(everyone's shared card, wild with its rank) and the deal goes on without
further questions. If nobody calls, the game's :class:`~engine.games.steps.draw.TableCard`
step turns the spit card after the last round. A call after the last round
is not offered: it would turn the very card the dealer turns anyway.

What the step keeps between calls lives in ``state.phase``: ``spit_call_round``
(cards in one round), ``spit_call_queue`` (the seats still to call or pass
after this round) and ``spit_call_by`` (who called).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from engine.errors import IllegalActionError, OutOfTurnError
from engine.games.events import ActionName, Event, EventKind, LegalAction
from engine.games.rules import Face
from engine.games.steps.deal import Deal, deal_next
from engine.games.steps.draw import turn_table_card

if TYPE_CHECKING:
    from engine.games.state import HandState

_ROUND: Final = "spit_call_round"
_QUEUE: Final = "spit_call_queue"
_CALLER: Final = "spit_call_by"


class SpitCallError(IllegalActionError):
    """A call of "Spit!" (or a pass) when nobody is asked: no deal with calls under way,
    or between two rounds of cards."""


class SpitAlreadyCalledError(SpitCallError):
    """A call of "Spit!" when the spit card is already in the middle."""


@dataclass(frozen=True, kw_only=True)
class SpitCallDeal(Deal):
    """Five cards each, a round at a time, with the chance to call "Spit!" between rounds.

    ``rank_wild``: the spit card a call turns is wild with its rank (otherwise alone).
    """

    cards: tuple[Face, ...] = ("down",) * 5
    rank_wild: bool = True

    def begin(self, state: HandState) -> None:
        super().begin(state)
        state.phase[_ROUND] = len([s for s in state.order() if not state.folded[s]])
        state.phase[_QUEUE] = []

    def run(self, state: HandState) -> bool:
        queue: list[int] = state.phase[_QUEUE]
        size = int(state.phase[_ROUND])
        while True:
            while queue and state.folded[queue[0]]:
                queue.pop(0)
            if queue:
                return False
            if not state.to_deal:
                return True
            deal_next(state)
            # A round ends when as many cards are left as whole rounds; after the
            # last one the dealer turns the spit card anyway, so nobody is asked.
            between_rounds = bool(state.to_deal) and len(state.to_deal) % size == 0
            if between_rounds and not state.table:
                queue.extend(s for s in state.order() if not state.folded[s])

    def actor(self, state: HandState) -> int | None:
        queue = state.phase.get(_QUEUE)
        return int(queue[0]) if queue else None

    def legal_actions(self, state: HandState, seat: int) -> list[LegalAction]:
        if self.actor(state) != seat:
            return []
        return [LegalAction(kind=ActionName.CALL_SPIT), LegalAction(kind=ActionName.PASS_SPIT)]


class SpitCallActions:
    """Calling "Spit!" and passing, mixed into :class:`~engine.games.state.HandState`."""

    def _verify_spit_turn(self: HandState, seat: int, verb: str) -> SpitCallDeal:  # type: ignore[misc]
        name = self._verify_not_over(seat, verb)
        step = self.step
        queue = self.phase.get(_QUEUE)
        if not isinstance(step, SpitCallDeal) or not queue or self.decision is not None:
            raise SpitCallError(
                f"{name} cannot {verb}: nobody is asked now; "
                "the dealer asks after each round of a deal with calls"
            )
        if queue[0] != seat:
            raise OutOfTurnError(
                f"{name} cannot {verb}: it is {self.names[queue[0]]}'s turn to call or pass"
            )
        return step

    def verify_call_spit(self: HandState, *, seat: int) -> None:  # type: ignore[misc]
        """Raise unless ``seat`` may call "Spit!" now."""
        verb = "call Spit"
        name = self._verify_not_over(seat, verb)
        if self.table:
            caller = self.phase.get(_CALLER)
            who = "" if caller is None else f" ({self.names[int(caller)]} called it)"
            raise SpitAlreadyCalledError(
                f"{name} cannot call Spit: the spit card is already in the middle{who}"
            )
        self._verify_spit_turn(seat, verb)

    def can_call_spit(self: HandState, *, seat: int) -> bool:  # type: ignore[misc]
        try:
            self.verify_call_spit(seat=seat)
        except IllegalActionError:
            return False
        return True

    def call_spit(self: HandState, *, seat: int) -> Event:  # type: ignore[misc]
        """Call "Spit!": the next card goes face up to the middle, and the deal goes on."""
        self.verify_call_spit(seat=seat)
        step = self._verify_spit_turn(seat, "call Spit")
        # The first call is the only one: nobody else is asked for the rest of the deal.
        self.phase[_QUEUE] = []
        self.phase[_CALLER] = seat
        event = self.record(EventKind.DECLARE, seat, text="Spit!")
        turn_table_card(self, role="spit", rank_wild=step.rank_wild)
        self._advance()
        return event

    def verify_pass_spit(self: HandState, *, seat: int) -> None:  # type: ignore[misc]
        """Raise unless ``seat`` is the one asked whether to call "Spit!"."""
        self._verify_spit_turn(seat, "pass")

    def can_pass_spit(self: HandState, *, seat: int) -> bool:  # type: ignore[misc]
        try:
            self.verify_pass_spit(seat=seat)
        except IllegalActionError:
            return False
        return True

    def pass_spit(self: HandState, *, seat: int) -> Event:  # type: ignore[misc]
        """Let the deal go on without calling; the next player is asked."""
        self.verify_pass_spit(seat=seat)
        self.phase[_QUEUE] = self.phase[_QUEUE][1:]
        event = self.record(EventKind.DECLARE, seat, text="no Spit")
        self._advance()
        return event
