"""Sequence's one wild rank that moves up (ruling 16), and reading it afresh (ruling 23).

The English sheet: "If a two is dealt as a face-up card, all twos become wild. If
a three is dealt face up when twos are wild, twos cease to be wild and threes
become wild instead ... And so on". A :class:`~engine.games.steps.variants.WatchedDeal`
moves the rank card by card; a jack of Jack the Shifter that switches a hand to
Sequence makes it Sequence from its first card, so the rank is read from every
card dealt face up so far, in the order dealt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import ACE, ALL_CARDS, TWO, rank_name
from engine.games.events import EventKind

if TYPE_CHECKING:
    from engine.games.state import HandState


def next_sequence_wild(wild: int | None, rank: int) -> int | None:
    """The wild rank after a face-up ``rank``: 2s start it, the next rank up moves it.

    >>> next_sequence_wild(None, 0), next_sequence_wild(None, 1), next_sequence_wild(0, 1)
    (0, None, 1)
    """
    if wild is None:
        return rank if rank == TWO else None
    return rank if rank == wild + 1 and wild < ACE else None


def sequence_wild_so_far(state: HandState) -> int | None:
    """The wild rank Sequence would have now: every card dealt face up since the deal
    began (a voided deal's cards are gone), read in the order dealt (ruling 23)."""
    wild: int | None = None
    for event in state.history:
        if event.kind is EventKind.VOID_DEAL:
            wild = None
        elif event.kind is EventKind.DEAL and event.face_up and event.card is not None:
            moved = next_sequence_wild(wild, ALL_CARDS[event.card].rank)
            wild = wild if moved is None else moved
    return wild


def read_sequence_so_far(state: HandState, seat: int) -> None:
    """A jack's switch to Sequence (by ``seat``): the wild rank every face-up card dealt
    so far leaves in force, logged when there is one."""
    wild = sequence_wild_so_far(state)
    state.wild = [] if wild is None else [wild]
    if wild is not None:
        state.record(
            EventKind.WILD_CHANGE,
            seat,
            text=f"{rank_name(wild, plural=True)} are wild",
            code="wild_rank",
            params={"rank": wild},
        )


def move_sequence_wild(state: HandState, seat: int, card: int) -> None:
    """``card`` just dealt face up to ``seat`` starts or moves the wild rank (or not)."""
    current = state.wild
    wild = current[0] if current else None
    new = next_sequence_wild(wild, ALL_CARDS[card].rank)
    if new is None:
        return
    state.wild = [new]
    text = f"{rank_name(new, plural=True)} are wild"
    if wild is not None:
        text += f" instead of {rank_name(wild, plural=True)}"
    params = {"rank": new} if wild is None else {"rank": new, "before": wild}
    state.record(
        EventKind.WILD_CHANGE,
        seat,
        card=card,
        face_up=True,
        text=text,
        code="wild_rank" if wild is None else "wild_rank_moves",
        params=params,
    )
