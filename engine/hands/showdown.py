"""A showdown turned into one integer score per seat (higher wins, equal ties).

At a physical table the host either enters the cards (the evaluator rates them
with the game's ranking and wild cards) or just the order of the hands, best
first, with ties in one group. Both end as the same thing, a score per seat, so
the pot code (and Guts, Shelby) award chips without caring which it was.

>>> scores_from_ranking([[2], [0, 3], [1]]).scores
{2: 3, 0: 2, 3: 2, 1: 1}
>>> from engine.cards import parse_cards
>>> shown = scores_from_cards({0: parse_cards("Ks Kh 4d"), 1: parse_cards("Qs Qh Ad")})
>>> shown.scores[0] > shown.scores[1], shown.names[0]
(True, 'pair of kings')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.cards import check_distinct
from engine.errors import ShowdownMismatchError
from engine.hands.rankings import STANDARD, HighRanking, Ranking

if TYPE_CHECKING:  # the evaluator's tables load only when cards are rated
    from engine.hands.evaluate import HandValue


@dataclass(frozen=True, kw_only=True)
class HostRanking:
    """The host's order of the hands, best first; seats in one group tie: ``((2,), (0, 3))``."""

    groups: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, kw_only=True)
class ShownCards:
    """The cards each player showed; ``shared`` cards (a spit card) count for every hand."""

    hands: Mapping[int, Sequence[int]]
    shared: tuple[int, ...] = ()


Showdown = HostRanking | ShownCards


@dataclass(frozen=True, kw_only=True)
class ShowdownScores:
    """Scores per seat, and the hand's name where cards were shown (for the reasons)."""

    scores: Mapping[int, int]
    names: Mapping[int, str] = field(default_factory=dict)
    # The rated hands themselves, so a caller can name them in another language.
    values: Mapping[int, HandValue] = field(default_factory=dict)

    def best(self, among: Sequence[int]) -> tuple[int, ...]:
        """The seats of ``among`` with the top score, in the order given."""
        top = max(self.scores[s] for s in among)
        return tuple(s for s in among if self.scores[s] == top)


def scores_from_ranking(groups: Sequence[Sequence[int]]) -> ShowdownScores:
    """The host's order, best first; seats in one group tie.

    The best group scores the number of groups, the last scores 1.
    """
    scores: dict[int, int] = {}
    for place, group in enumerate(groups):
        if not group:
            raise ShowdownMismatchError(
                "the ranking has an empty place: every place needs a hand",
                code="ranking_empty_place",
            )
        for seat in group:
            if seat in scores:
                raise ShowdownMismatchError(
                    f"seat {seat} is ranked twice", code="ranking_seat_twice", params={"seat": seat}
                )
            scores[seat] = len(groups) - place
    return ShowdownScores(scores=scores)


def scores_from_cards(
    hands: Mapping[int, Sequence[int]],
    *,
    ranking: Ranking = STANDARD,
    shared: Sequence[int] = (),
    wild_cards: Sequence[int] = (),
) -> ShowdownScores:
    """Rate each seat's cards with ``ranking`` (its wild ranks included).

    ``shared`` cards belong to every hand (the spit card of Spit in the Ocean, a
    board). The same card twice anywhere else is refused: a deck has each card once.
    ``wild_cards`` are wild by themselves, not their rank (Spit: only the spit card).
    """
    # Imported here so that a host-ranked showdown never loads the evaluator's tables.
    from engine.hands.evaluate import evaluate

    check_distinct([card for cards in hands.values() for card in cards] + list(shared))
    scores: dict[int, int] = {}
    names: dict[int, str] = {}
    values: dict[int, HandValue] = {}
    for seat, cards in hands.items():
        held, rated = _with_stand_ins([*cards, *shared], ranking, wild_cards)
        value = evaluate(held, rated)
        scores[seat] = value.strength
        names[seat] = value.name()
        values[seat] = value
    return ShowdownScores(scores=scores, names=names, values=values)


def _with_stand_ins(
    cards: Sequence[int], ranking: Ranking, wild_cards: Sequence[int]
) -> tuple[list[int], Ranking]:
    """Cards wild by themselves replaced by stand-ins of a rank nobody holds, made wild.

    The evaluator knows wild ranks only; a rank absent from the hand's natural
    cards, made wild, acts exactly like the lone wild card. Strengths depend on
    the made hand only, so they compare with every other hand.
    """
    wild = [c for c in cards if c in wild_cards]
    if not wild or not isinstance(ranking, HighRanking):
        return list(cards), ranking
    natural = [c for c in cards if c not in wild_cards]
    held_ranks = {c >> 2 for c in natural} | set(ranking.wild)
    free = next(r for r in range(13) if r not in held_ranks)
    stand_ins = [free * 4 + suit for suit in range(len(wild))]
    return natural + stand_ins, HighRanking(wild=ranking.wild | {free})
