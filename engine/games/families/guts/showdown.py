"""A Guts or Shelby showdown, entered as the host's ranking or as the cards, in ranked groups.

At a physical table the host often just taps who won; when cards are entered
the evaluator ranks them (both through :mod:`engine.hands.showdown`). Either way the
settlement sees groups of seats, best first, tied seats in one group. The
ghost hand of Guts (a hand nobody owns) takes part as the pseudo-seat :data:`GHOST`.

>>> from engine.hands.showdown import scores_from_cards
>>> ranked = rank_showdown(HostRanking(groups=((2,), (0, 3))), entrants={0, 2, 3}, names={},
...                        check_hand=lambda seat, cards: None, rate=scores_from_cards)
>>> ranked.groups
((2,), (0, 3))
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from engine.chips.seats import Seat, seat_name
from engine.errors import ShowdownMismatchError
from engine.hands.evaluate import HandValue
from engine.hands.showdown import HostRanking, Showdown, ShowdownScores, scores_from_ranking
from engine.text import join_names

GHOST: Final = -1
"""The seat of the ghost hand: dealt like a player's hand, owned by nobody."""


def showdown_name(names: Mapping[Seat, str], seat: Seat) -> str:
    return "the ghost hand" if seat == GHOST else seat_name(names, seat)


@dataclass(frozen=True, kw_only=True)
class RankedShowdown:
    """Groups of tied seats, best first, and the name of each hand shown (none if host-ranked)."""

    groups: tuple[tuple[Seat, ...], ...]
    hand_names: Mapping[Seat, str]
    # The rated hands, so that a page can name them in its own language.
    hand_values: Mapping[Seat, HandValue] = field(default_factory=dict)


def rank_showdown(
    showdown: Showdown,
    *,
    entrants: Collection[Seat],
    names: Mapping[Seat, str],
    check_hand: Callable[[Seat, Sequence[int]], None],
    rate: Callable[[Mapping[Seat, Sequence[int]]], ShowdownScores],
) -> RankedShowdown:
    """Rank a showdown that must name exactly ``entrants``.

    ``check_hand(seat, cards)`` refuses a hand of the wrong size for the game;
    ``rate(hands)`` scores the shown hands (usually
    :func:`engine.hands.showdown.scores_from_cards`).
    """
    if isinstance(showdown, HostRanking):
        named = [seat for group in showdown.groups for seat in group]
        _check_names_exactly(named, entrants=entrants, names=names, what="the ranking")
        scores = scores_from_ranking(showdown.groups)
    else:
        _check_names_exactly(
            list(showdown.hands), entrants=entrants, names=names, what="the cards shown"
        )
        for seat, cards in showdown.hands.items():
            check_hand(seat, cards)
        scores = rate(showdown.hands)
    return RankedShowdown(
        groups=groups_from_scores(scores.scores), hand_names=scores.names, hand_values=scores.values
    )


def shown_hands(ranked: RankedShowdown, *, names: Mapping[Seat, str]) -> list[list[object]]:
    """``[name, HandValue.params()]`` for each hand shown, best first (see :class:`Said`)."""
    return [
        [showdown_name(names, seat), ranked.hand_values[seat].params()]
        for group in ranked.groups
        for seat in group
        if seat in ranked.hand_values
    ]


def describe_hands(ranked: RankedShowdown, *, names: Mapping[Seat, str]) -> str | None:
    """``Anna: pair of sevens; Ben: high card, ace``, best first; ``None`` without cards."""
    if not ranked.hand_names:
        return None
    return "; ".join(
        f"{showdown_name(names, seat)}: {ranked.hand_names[seat]}"
        for group in ranked.groups
        for seat in group
    )


def groups_from_scores(scores: Mapping[Seat, int]) -> tuple[tuple[Seat, ...], ...]:
    """Seats grouped by equal score, best first; seats ascending inside a group."""
    groups: dict[int, list[Seat]] = {}
    for seat in sorted(scores):
        groups.setdefault(scores[seat], []).append(seat)
    return tuple(tuple(groups[value]) for value in sorted(groups, reverse=True))


def _check_names_exactly(
    named: Sequence[Seat], *, entrants: Collection[Seat], names: Mapping[Seat, str], what: str
) -> None:
    def ordered(seats: Collection[Seat]) -> tuple[str, ...]:
        return tuple(showdown_name(names, s) for s in sorted(seats, key=lambda s: (s == GHOST, s)))

    def listing(seats: Collection[Seat]) -> str:
        return join_names(list(ordered(seats)))

    def params(seats: Collection[Seat]) -> dict[str, str | tuple[str, ...]]:
        showdown = "ranking" if what == "the ranking" else "cards"
        return {"showdown": showdown, "hands": ordered(entrants), "names": ordered(seats)}

    expected = f"{what} must name exactly the hands in the showdown ({listing(entrants)})"
    twice = sorted({s for s in named if named.count(s) > 1})
    if twice:
        raise ShowdownMismatchError(
            f"{expected}: it names {listing(twice)} twice",
            code="guts_showdown_twice",
            params=params(twice),
        )
    missing = set(entrants) - set(named)
    if missing:
        raise ShowdownMismatchError(
            f"{expected}: it leaves out {listing(missing)}",
            code="guts_showdown_leaves_out",
            params=params(missing),
        )
    extra = set(named) - set(entrants)
    if GHOST in extra:
        raise ShowdownMismatchError(
            f"{what} names a ghost hand, but this deal has none",
            code="guts_no_ghost",
            params=params(extra),
        )
    if extra:
        raise ShowdownMismatchError(
            f"{expected}: it names {listing(extra)}, who {_were(extra)} not in",
            code="guts_showdown_not_in",
            params=params(extra),
        )


def _were(seats: Collection[Seat]) -> str:
    return "was" if len(seats) == 1 else "were"
