"""A cheap check at a digital showdown: every hand holds what the game deals.

The engine deals digital hands itself, so a wrong count is a bug in a step, not
bad input: it raises an :class:`AssertionError` before any chip is paid out. A
hand holds the cards of the game's streets, less the cards a table card
discarded (the Good, the Bad and the Ugly), plus at most one extra card for
each card of an extra-card rank it holds (Baseball's 4s, Football's 2s; the
games a jack may switch to count too). Draws replace cards one for one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.games.events import EventKind
from engine.games.rules import ExtraCard

if TYPE_CHECKING:
    from engine.games.state import HandState


def check_dealt_sizes(state: HandState, seats: Sequence[int]) -> None:
    """Raise an AssertionError if a hand of ``seats`` cannot have been dealt by the game."""
    rules = state.rules
    dealt = rules.card_count
    triggers = list(rules.triggers)
    from engine.games.steps.variants import JackState

    jack = state.find(JackState)
    if jack is not None and jack.game is not None:
        # A jack may have switched the game more than once: any game's extra cards count.
        from engine.games.catalog import GAMES

        triggers += [t for game in GAMES.values() for t in game.triggers]
    walk_ranks = {t.rank for t in triggers if isinstance(t, ExtraCard)}
    discarded = dict.fromkeys(seats, 0)
    for event in state.history:
        if event.kind is EventKind.DISCARD and event.seat in discarded:
            discarded[event.seat] += 1
    for seat in seats:
        held = [card for card, _ in state.cards[seat]]
        extras = sum(1 for card in held if card >> 2 in walk_ranks)
        fewest, most = dealt - discarded[seat], dealt - discarded[seat] + extras
        if not fewest <= len(held) <= most:
            wanted = str(fewest) if fewest == most else f"{fewest} to {most}"
            raise AssertionError(
                f"{state.names[seat]} holds {len(held)} cards: {rules.name} deals {wanted}"
            )
