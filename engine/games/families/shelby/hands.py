"""What a Shelby hand holds in each round and how it is ranked (ruling 15).

Shelby deals 2, 1, 2 and 2 cards: the best hand of all cards held, ranked as
two-card Guts with 2 cards, three-card Guts with 3, high poker with 5 or 7.
Psycho Shelby deals 3, 2 and 2: the best two of three (A-A best), the best low
three of five (3-2-A best), and the best five with 3s and 9s wild, plus any
extra cards bought for 4s.

>>> from engine.cards import parse_cards
>>> from engine.games.families.shelby.state import ShelbyVariant
>>> shown = rate_round(ShelbyVariant.PSYCHO, 1, {0: parse_cards("As Ah 2c"),
...                                               1: parse_cards("Ks Kh Kc")})
>>> shown.scores[0] > shown.scores[1], shown.names[0]
(True, 'pair of aces')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from engine.chips.seats import Seat
from engine.games.families.shelby.state import ShelbyVariant
from engine.hands.rankings import (
    BASEBALL_WILD,
    STANDARD,
    Guts2Ranking,
    Guts3Ranking,
    HighRanking,
    LowRanking,
    Ranking,
)
from engine.hands.showdown import ShowdownScores, scores_from_cards

_SHELBY_CARDS: Final = (2, 3, 5, 7)
_PSYCHO_CARDS: Final = (3, 5, 7)
_GUTS2: Final = Guts2Ranking()
# Round by round; Psycho Shelby's first round is two-card Guts over the best two of
# three, which the two-card ranking does by itself (best two of any number).
SHELBY_RANKINGS: Final[tuple[Ranking, ...]] = (_GUTS2, Guts3Ranking(), STANDARD, STANDARD)
PSYCHO_RANKINGS: Final[tuple[Ranking, ...]] = (
    _GUTS2,
    LowRanking(size=3),
    HighRanking(wild=BASEBALL_WILD),
)


def cards_held(variant: ShelbyVariant, round_number: int, *, extra: int = 0) -> int:
    """How many cards a player holds in a round (``extra``: cards bought for 4s)."""
    counts = _SHELBY_CARDS if variant is ShelbyVariant.SHELBY else _PSYCHO_CARDS
    return counts[round_number - 1] + extra


def rate_round(
    variant: ShelbyVariant,
    round_number: int,
    hands: Mapping[Seat, Sequence[int]],
    *,
    flushes_count: bool = False,
) -> ShowdownScores:
    """Score the hands shown in a round: higher wins, equal ties. ``flushes_count``:
    a flush counts against a low hand (Psycho Shelby's round 2, ruling 6 option)."""
    rankings = SHELBY_RANKINGS if variant is ShelbyVariant.SHELBY else PSYCHO_RANKINGS
    ranking = rankings[round_number - 1]
    if flushes_count and isinstance(ranking, LowRanking):
        ranking = LowRanking(size=ranking.size, flushes_count=True)
    return scores_from_cards(hands, ranking=ranking)
