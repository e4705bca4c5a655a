"""What one player sees (:func:`seat_view`) and what the whole table sees (:func:`table_view`).

Both are JSON-able dicts, the hand's log included. Face-down cards appear
only in their owner's view, until the showdown makes the hands of the players
who showed public. A card a player may not see is not hidden in the data: it
is left out.
"""

from __future__ import annotations

from typing import Any

from engine.betting import blind_seats
from engine.cards import ALL_CARDS
from engine.games.events import Event, EventKind, LegalAction
from engine.games.state import HandState
from engine.games.steps.claims import claim_actions


def table_view(state: HandState) -> dict[str, Any]:
    """The shared screen: every face-up card, the pot, whose turn; no face-down card."""
    return _view(state, viewer=None)


def seat_view(state: HandState, seat: int) -> dict[str, Any]:
    """One player's screen: the table view plus their own face-down cards and their actions."""
    view = _view(state, viewer=seat)
    view["seat"] = seat
    view["legal_actions"] = [action.to_dict() for action in legal_actions_of(state, seat)]
    return view


def legal_actions_of(state: HandState, seat: int) -> list[LegalAction]:
    """What ``seat`` may do now: the actor's actions, or those of a seat that may act
    out of turn (Guts at once, a face-down 4 claimed at will, "Spit!" at any moment)."""
    if state.actor == seat:
        return state.legal_actions()
    step = state.step
    if step is not None and state.decision is None and seat in step.also_waiting(state):
        return step.legal_actions(state, seat)
    # A face-down 4 claimed at will: its holder may claim it out of turn too.
    return claim_actions(state, seat)


def _view(state: HandState, *, viewer: int | None) -> dict[str, Any]:
    decision = state.decision
    return {
        "game": state.rules.name,
        "step": state.step_index,
        "table": [str(ALL_CARDS[card]) for card in state.table],
        "dealer": state.dealer,
        "pot": state.pot,
        "actor": state.actor,
        "over": state.is_over,
        "decision": None
        if decision is None
        else {"kind": decision.kind, "seat": decision.seat, "chips": decision.chips},
        "current_bet": state.betting.current_bet if state.betting is not None else 0,
        "blinds": _blinds(state),
        "players": [_player(state, seat, viewer=viewer) for seat in range(state.seat_count)],
        "payouts": state.payouts,
        # Chips the night carries between hands (the Guts pot and reserve): in and out.
        "carry": state.carry,
        "carry_out": state.carry_out,
        "log": [_event(event, viewer=viewer, peek=state.rules.peek) for event in state.history],
    }


def _blinds(state: HandState) -> dict[str, int] | None:
    """The hand's blinds and who sits in them (``None``: a home-style hand, no blinds)."""
    if state.blinds is None:
        return None
    small, big = blind_seats(dealer=state.dealer, seat_count=state.seat_count)
    return {**state.blinds.to_dict(), "small_seat": small, "big_seat": big}


def _event(event: Event, *, viewer: int | None, peek: bool) -> dict[str, Any]:
    """An event as the viewer may see it: someone else's face-down card stays unnamed
    (and, in No Peek, one's own too)."""
    data = event.to_dict()
    own = event.seat == viewer and peek
    # A draw's discard is as private as a face-down deal.
    hidden = event.kind in _PRIVATE and not event.face_up and not own
    data["card"] = None if hidden or event.card is None else str(ALL_CARDS[event.card])
    return data


_PRIVATE = frozenset({EventKind.DEAL, EventKind.DRAW})


def _player(state: HandState, seat: int, *, viewer: int | None) -> dict[str, Any]:
    # No Peek: nobody, the owner included, sees a card before it is flipped.
    open_hand = (seat == viewer and state.rules.peek) or seat in state.shown
    cards = [
        {"card": str(ALL_CARDS[card]), "up": up}
        for card, up in state.cards[seat]
        if up or open_hand
    ]
    return {
        "name": state.names[seat],
        "stack": state.stacks[seat],
        "put_in": state.put_in[seat],
        "folded": state.folded[seat],
        "cards": cards,
        "down_count": sum(1 for _, up in state.cards[seat] if not up),
    }
