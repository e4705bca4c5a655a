"""Claiming the extra card of a face-down 4 (Baseball's ``down_extras``, ruling 11).

The English sheet: "Practice varies as to when the player should reveal the
four and claim the extra card ... 1. the four must be revealed as soon as it
is dealt, and the extra card is dealt immediately; 2. any concealed fours are
revealed in clockwise order and extra cards given immediately before the next
betting round; 3. concealed fours may be revealed whenever the holder wishes,
and an extra card is given as soon as the four is revealed."

The first way is the deal's (:func:`engine.games.steps.deal.apply_triggers`);
the second runs at the end of each street (:func:`claim_before_betting`); the
third is an action of the holder, ``claim_extra``, in turn or not, whatever
step is in play (:data:`CLAIM_MOVE`). Until it is revealed, a face-down 4 is
as private as any face-down card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import ALL_CARDS, rank_name
from engine.errors import IllegalActionError
from engine.games.events import ActionName, Event, LegalAction
from engine.games.rules import Claim, ExtraCard
from engine.games.steps.actions import ActionArgs, Move
from engine.games.steps.deal import deal_next, give_extra_card, reveal

if TYPE_CHECKING:
    from engine.games.state import HandState


class ClaimError(IllegalActionError):
    """An extra card claimed when the game, the hand or the player's cards do not allow it."""


def claim_trigger(state: HandState, claim: Claim) -> ExtraCard | None:
    """The game's face-down extra-card trigger when it is claimed the ``claim`` way."""
    for trigger in state.rules.triggers:
        if isinstance(trigger, ExtraCard) and trigger.when == "any" and trigger.claim == claim:
            return trigger
    return None


def concealed(state: HandState, seat: int, trigger: ExtraCard) -> list[int]:
    """``seat``'s face-down cards of the trigger's rank, not yet claimed."""
    return [
        card for card, up in state.cards[seat] if not up and ALL_CARDS[card].rank == trigger.rank
    ]


def claim_before_betting(state: HandState) -> bool:
    """Reveal the next concealed 4 clockwise from the dealer's left and give its extra
    card; ``False`` when there is none left (the betting round may begin)."""
    trigger = claim_trigger(state, "before_betting")
    if trigger is None:
        return False
    for seat in state.order():
        if state.folded[seat]:
            continue
        cards = concealed(state, seat, trigger)
        if cards:
            reveal(state, seat, cards[0])
            give_extra_card(state, seat, trigger)
            return True
    return False


def claim_actions(state: HandState, seat: int) -> list[LegalAction]:
    """``claim_extra`` when ``seat`` may claim an extra card now."""
    try:
        verify_claim(state, seat, ActionArgs())
    except IllegalActionError:
        return []
    return [LegalAction(kind=ActionName.CLAIM_EXTRA)]


def verify_claim(state: HandState, seat: int, args: ActionArgs) -> None:
    name = state.names[seat]
    trigger = claim_trigger(state, "any_time")
    if trigger is None:
        raise ClaimError(
            f"{name} cannot claim an extra card: in this game a face-down card is not "
            "revealed for one at will",
            code="claim_not_in_game",
            params={"name": name},
        )
    if state.folded[seat]:
        raise ClaimError(
            f"{name} cannot claim an extra card: {name} has folded",
            code="claim_folded",
            params={"name": name},
        )
    if not concealed(state, seat, trigger):
        raise ClaimError(
            f"{name} cannot claim an extra card: {name} holds no face-down "
            f"{rank_name(trigger.rank)}",
            code="claim_no_card",
            params={"name": name, "rank": trigger.rank},
        )
    if state.decision is not None:
        asked = state.names[state.decision.seat]
        raise ClaimError(
            f"{name} cannot claim an extra card now: {asked} must answer first",
            code="claim_waits",
            params={"name": name, "asked": asked},
        )


def claim(state: HandState, seat: int, args: ActionArgs) -> Event:
    """Reveal ``seat``'s first concealed 4 and give its extra card at once (or offer
    it at its price); cards still to come in the street stay where they were."""
    trigger = claim_trigger(state, "any_time")
    assert trigger is not None  # verified
    card = concealed(state, seat, trigger)[0]
    reveal(state, seat, card)
    event = state.history[-1]
    waiting = len(state.to_deal)
    give_extra_card(state, seat, trigger)
    # The extra cards this claim brings (one, or more with face-up 4s) are dealt
    # now, ahead of the street; a question one of them asks waits for its answer.
    while len(state.to_deal) > waiting and state.decision is None and not state.is_over:
        deal_next(state)
    return event


CLAIM_MOVE = Move(verify_claim, claim)
