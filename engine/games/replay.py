"""A finished hand again, move by move: the table as it stood after each move.

The hand is rebuilt from the state it was dealt in (the first snapshot) by
applying the logged moves again, so every frame is what the engine itself saw.
A frame holds only :func:`~engine.games.views.table_view`: public cards, and
the face-down cards of the players who showed them at the showdown (the last
frame only). A folded player's face-down cards are in no frame.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from engine.cards import ALL_CARDS, Deck
from engine.errors import EngineError
from engine.games.events import ActionName, EventKind
from engine.games.state import HandState
from engine.games.views import table_view

# The log's name of a player leaving the hand (not an engine action).
FORFEIT: Final = "forfeit"


class ReplayError(EngineError):
    """The logged moves do not give the hand that was stored: it cannot be replayed."""


@dataclass(frozen=True, kw_only=True)
class LoggedMove:
    """One move of the log: ``cards`` (a draw's discards) are private and never shown."""

    action: str
    seat: int
    amount: int | None = None
    cards: tuple[int, ...] = ()
    game: str | None = None


@dataclass(frozen=True, kw_only=True)
class Frame:
    """The table after ``move`` (``None``: as dealt); ``events`` are the log lines it added."""

    move: LoggedMove | None
    view: dict[str, Any]
    events: list[dict[str, Any]]


def replay(initial: HandState, moves: Sequence[LoggedMove]) -> tuple[list[Frame], HandState]:
    """Every frame of the hand, and the state it ends in.

    ``initial`` is changed (it becomes the end state); a move the engine refuses
    raises :class:`ReplayError`.
    """
    state = initial
    view = table_view(state)
    frames = [Frame(move=None, view=view, events=list(view["log"]))]
    for move in moves:
        seen = len(state.history)
        try:
            _apply(state, move)
        except (EngineError, ValueError) as error:
            raise ReplayError(
                f"move {len(frames)} ({move.action}) cannot be replayed: {error}",
                code="replay_move",
                params={"move": len(frames)},
            ) from error
        view = table_view(state)
        frames.append(Frame(move=move, view=view, events=list(view["log"][seen:])))
    return frames, state


def _apply(state: HandState, move: LoggedMove) -> None:
    if move.action == FORFEIT:
        state.forfeit(seat=move.seat)
        return
    action = ActionName(move.action)
    # The web passes each argument only to the actions that take it.
    state.act(
        action,
        seat=move.seat,
        amount=move.amount if action in (ActionName.BET, ActionName.RAISE_BY) else None,
        cards=move.cards if action is ActionName.DRAW else None,
        game=move.game if action is ActionName.SWITCH_GAME else None,
    )


def check_same_end(replayed: HandState, stored: HandState) -> None:
    """The replay must end where the stored hand did: same log, same stacks."""
    if [e.to_dict() for e in replayed.history] != [e.to_dict() for e in stored.history]:
        raise ReplayError("the replayed log differs from the stored one", code="replay_differs")
    if replayed.stacks != stored.stacks or replayed.payouts != stored.payouts:
        raise ReplayError("the replayed chips differ from the stored ones", code="replay_differs")


# Events whose card came off the top of the deck, in the order it was dealt.
_FROM_DECK: Final = frozenset({EventKind.DEAL, EventKind.TABLE_CARD})


def rebuild_initial(stored: HandState, *, start_stacks: Sequence[int]) -> HandState:
    """The hand as dealt, for a hand saved without its first snapshot: dealt again from
    a deck stacked with the cards its log dealt, in that order, then the rest.

    Only a hand whose every card off the deck is in its log comes back this way (not
    one that dealt a card face down to the table, or reshuffled discards or a voided
    deal); the caller checks the replay against the stored end
    (:func:`check_same_end`), so a wrong guess is refused, never shown.
    """
    dealt = [e.card for e in stored.history if e.kind in _FROM_DECK and e.card is not None]
    codes = dealt + stored.deck.codes()
    if sorted(codes) != list(range(len(ALL_CARDS))):
        raise ReplayError(
            "the log does not name every card the deck dealt", code="replay_cards_unknown"
        )
    try:
        return HandState.start(
            stored.rules,
            names=stored.names,
            stacks=start_stacks,
            dealer=stored.dealer,
            deck=Deck.from_codes(codes),
            ante=stored.ante,
            limit=stored.limit,
            raise_cap=stored.raise_cap,
            carry=stored.carry,
        )
    except EngineError as error:
        raise ReplayError(
            f"the hand cannot be dealt again: {error}", code="replay_cards_unknown"
        ) from error
