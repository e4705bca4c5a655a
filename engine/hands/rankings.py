"""Rankings: how a game orders hands (ruling 2 to 6) and which ranks are wild.

A ranking is plain data; :mod:`engine.hands.evaluate` turns cards and a ranking into a
:class:`~engine.hands.evaluate.HandValue`. Strengths are comparable only within one ranking.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from engine.cards import NINE, THREE, parse_rank
from engine.hands.low_eight import LowEightRanking
from engine.hands.omaha import OmahaRankings


@dataclass(frozen=True, kw_only=True)
class HighRanking:
    """Standard high poker: best five of any number of cards; wild ranks as given.

    Fewer than five cards follow ruling 4 (no straights, flushes or full houses).
    """

    wild: frozenset[int] = field(default_factory=frozenset)


@dataclass(frozen=True, kw_only=True)
class Guts2Ranking:
    """Two-card Guts: a pair beats no pair; then the higher card, then the lower."""


@dataclass(frozen=True, kw_only=True)
class Guts3Ranking:
    """Three-card Guts: trips, straight flush, straight, flush, pair, high card (by default).

    A-2-3 and Q-K-A are straights.
    """

    straight_flush_over_trips: bool = False
    flush_over_straight: bool = False


@dataclass(frozen=True, kw_only=True)
class LowRanking:
    """Ace-to-five low over the best ``size`` cards: aces low, pairs count against you,
    straights ignored; flushes count against you only if ``flushes_count``."""

    size: int = 5
    flushes_count: bool = False


Ranking = HighRanking | Guts2Ranking | Guts3Ranking | LowRanking | LowEightRanking | OmahaRankings

STANDARD: Final = HighRanking()
BASEBALL_WILD: Final = frozenset({THREE, NINE})

# Which game ranks hands how: ``RANKING_BY_GAME`` in :mod:`engine.games.catalog`, derived
# from each game's entry.


def parse_wild(text: str) -> frozenset[int]:
    """Wild ranks written as ``3,9`` or ``3 9`` or ``D``."""
    return frozenset(parse_rank(t) for t in text.replace(",", " ").split())
