"""Pots from contributions, and payouts with odd chips by seat (rulings 8 and 9).

Pots are recomputed from what each player put in, never kept as running totals:

1. Cut the contributions into layers at every distinct amount. A layer can be
   won by the players still in (not folded) who cover it: an all-in player
   covers up to what they put in, anyone else still in covers everything.
   (Anyone still in and not all-in covers everything because a payment nobody
   had to match, such as a Baseball pot payment, can be won by every player who
   could have matched it.)
2. A layer only its own contributor could win is given back: an uncalled bet.
   A layer nobody still in covers (chips a folded player put in above every
   all-in player still in) is given back to whoever put it in, because an all-in
   player can win from each opponent at most what they put in themselves.
3. The other layers merge while the players who can win them are the same;
   folded chips stay in the layer they were put into. The lowest is the main
   pot, the rest are side pots.

Each pot is awarded separately to the best score among the players who can win
it; a tie splits it and the odd chips go one each to the tied winners clockwise
from the dealer's left. The payouts always add up to the contributions.

>>> split = build_pots(contributions={0: 10, 1: 4, 2: 10, 3: 2}, folded={3}, all_in={1})
>>> [(pot.amount, pot.eligible) for pot in split.pots]
[(14, (0, 1, 2)), (12, (0, 2))]
>>> result = settle_pots(split, scores={0: 5, 1: 9, 2: 5}, order=[1, 2, 3, 0])
>>> result.payouts()
{0: 6, 1: 14, 2: 6, 3: 0}
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Generic, Protocol, TypeVar

from engine.errors import NegativeAmountError, SettlementError, ShowdownMismatchError


@dataclass(frozen=True, kw_only=True)
class Pot:
    """A main or side pot: its chips, who put them in, and who can win it."""

    amount: int
    eligible: tuple[int, ...]
    contributed: Mapping[int, int]

    @property
    def contested(self) -> bool:
        """Two or more players can win it, so a showdown decides."""
        return len(self.eligible) >= 2


@dataclass(frozen=True, kw_only=True)
class PotSplit:
    """The pots, main pot first, and the chips given back before any pot is awarded."""

    pots: tuple[Pot, ...]
    returned: Mapping[int, int]
    uncalled: Mapping[int, int]

    @property
    def total(self) -> int:
        return sum(pot.amount for pot in self.pots) + sum(self.returned.values())


def pot_names(count: int) -> list[str]:
    """``main pot``, ``side pot 1``, ``side pot 2`` ..."""
    return [("main pot" if i == 0 else f"side pot {i}") for i in range(count)]


def build_pots(
    *,
    contributions: Mapping[int, int],
    folded: Collection[int] = (),
    all_in: Collection[int] = (),
) -> PotSplit:
    """Cut ``contributions`` (seat to chips put in during the whole hand) into pots.

    ``returned`` holds every chip given back (seat to chips); ``uncalled`` is the
    part of it that was an uncalled bet of a player still in.
    """
    for seat, chips in contributions.items():
        if chips < 0:
            raise NegativeAmountError(
                f"seat {seat} put in {chips}: it cannot be negative",
                code="seat_put_in_negative",
                params={"seat": seat, "amount": chips},
            )
    seats = sorted(contributions)
    live = [s for s in seats if s not in folded]
    if not live:
        raise SettlementError(
            "everyone folded: at least one player must still be in", code="everyone_folded"
        )
    covers = {s: contributions[s] if s in all_in else None for s in live}

    returned = dict.fromkeys(seats, 0)
    uncalled = dict.fromkeys(seats, 0)
    layers: list[tuple[tuple[int, ...], dict[int, int]]] = []
    previous = 0
    for level in sorted({c for c in contributions.values() if c > 0}):
        layer = {s: min(c, level) - previous for s in seats if (c := contributions[s]) > previous}
        eligible = tuple(s for s in live if (cover := covers[s]) is None or cover >= level)
        previous = level
        if not eligible:
            for s, chips in layer.items():
                returned[s] += chips
        elif len(eligible) == 1 and set(layer) == set(eligible):
            returned[eligible[0]] += sum(layer.values())
            uncalled[eligible[0]] += sum(layer.values())
        elif layers and layers[-1][0] == eligible:
            for s, chips in layer.items():
                layers[-1][1][s] = layers[-1][1].get(s, 0) + chips
        else:
            layers.append((eligible, layer))

    pots = tuple(
        Pot(amount=sum(layer.values()), eligible=eligible, contributed=layer)
        for eligible, layer in layers
    )
    return PotSplit(
        pots=pots,
        returned={s: c for s, c in returned.items() if c},
        uncalled={s: c for s, c in uncalled.items() if c},
    )


@dataclass(frozen=True, kw_only=True)
class PotAward:
    """How one pot was awarded: equal shares, then one odd chip each to ``odd_chips``."""

    name: str
    pot: Pot
    winners: tuple[int, ...]
    share: int
    odd_chips: tuple[int, ...]
    index: int = 0  # 0 for the main pot, n for side pot n (``name`` in words)
    # A high/low game awards each half of a pot apart: "high" or "low" ("" the whole pot).
    side: str = ""

    def won(self, seat: int) -> int:
        if seat not in self.winners:
            return 0
        return self.share + (1 if seat in self.odd_chips else 0)


class Award(Protocol):
    """One pot's award: the chips it gives a seat."""

    def won(self, seat: int) -> int: ...


AwardT = TypeVar("AwardT", bound=Award)


@dataclass(frozen=True, kw_only=True)
class Settlement(Generic[AwardT]):
    """Every pot's award and every chip given back; payouts equal contributions.

    One pot to one winner set (:class:`PotAward`) or halved high and low
    (:class:`engine.chips.hi_lo.HiLoPotAward`): the reading is the same.
    """

    split: PotSplit
    awards: tuple[AwardT, ...]
    contributions: Mapping[int, int]

    def won(self, seat: int) -> int:
        """Chips won from pots (not counting chips given back)."""
        return sum(award.won(seat) for award in self.awards)

    def payouts(self) -> dict[int, int]:
        """Chips each seat takes from the middle: pots won plus chips given back."""
        return {s: self.won(s) + self.split.returned.get(s, 0) for s in self.contributions}

    def net(self) -> dict[int, int]:
        payouts = self.payouts()
        return {s: payouts[s] - self.contributions[s] for s in self.contributions}


PotSettlement = Settlement[PotAward]


# Picks the winning seats of one pot from its eligible seats' scores.
WinnerRule = Callable[[Mapping[int, int]], Collection[int]]


def best_scores(scores: Mapping[int, int]) -> set[int]:
    """The seats with the best score: the usual winners of a pot."""
    top = max(scores.values())
    return {s for s, score in scores.items() if score == top}


def second_best_scores(scores: Mapping[int, int]) -> set[int]:
    """Second Hand High (ruling 16): the seats with the best score below the top one.

    A tie for best wins nothing, so the next hand takes the pot; a tie for
    second splits; when every hand ties, they all split.

    >>> sorted(second_best_scores({0: 9, 1: 9, 2: 5, 3: 5, 4: 1}))
    [2, 3]
    >>> sorted(second_best_scores({0: 7, 1: 7}))
    [0, 1]
    """
    below = [score for score in scores.values() if score < max(scores.values())]
    if not below:
        return set(scores)
    second = max(below)
    return {s for s, score in scores.items() if score == second}


# The games' winning rules by the name :class:`engine.games.rules.GameRules` gives them.
WINNER_RULES: Final[Mapping[str, WinnerRule]] = {
    "high": best_scores,
    "second_high": second_best_scores,
}


def settle_pots(
    split: PotSplit,
    *,
    scores: Mapping[int, int],
    order: Sequence[int],
    winners: WinnerRule = best_scores,
) -> PotSettlement:
    """Award each pot to the best ``scores`` among its eligible players.

    ``order`` lists the seats clockwise from the dealer's left; it orders the
    winners and decides who gets the odd chips of a split pot (ruling 9). A pot
    only one player can win needs no score. ``winners`` picks a pot's winners
    from its eligible players' scores: the best by default, the second best in
    Second Hand High (:func:`second_best_scores`).
    """
    awards = []
    for index, (name, pot) in enumerate(zip(pot_names(len(split.pots)), split.pots, strict=True)):
        winners_of_pot = _best(pot.eligible, scores=scores, order=order, rule=winners)
        share, odd = divmod(pot.amount, len(winners_of_pot))
        awards.append(
            PotAward(
                name=name,
                index=index,
                pot=pot,
                winners=winners_of_pot,
                share=share,
                odd_chips=winners_of_pot[:odd],
            )
        )
    contributions = contributions_of(split, order)
    settlement = PotSettlement(split=split, awards=tuple(awards), contributions=contributions)
    # Conservation is the one promise no input may break; check it every time.
    if sum(settlement.payouts().values()) != sum(contributions.values()):
        raise AssertionError("pot payouts do not add up to the contributions")
    return settlement


def contributions_of(split: PotSplit, order: Sequence[int]) -> dict[int, int]:
    """What each seat put into the pots and had given back: every seat of ``order``,
    0 for one that put in nothing."""
    contributions: dict[int, int] = {}
    for pot in split.pots:
        for s, chips in pot.contributed.items():
            contributions[s] = contributions.get(s, 0) + chips
    for s, chips in split.returned.items():
        contributions[s] = contributions.get(s, 0) + chips
    for s in order:
        contributions.setdefault(s, 0)
    return contributions


def _best(
    eligible: Sequence[int],
    *,
    scores: Mapping[int, int],
    order: Sequence[int],
    rule: WinnerRule = best_scores,
) -> tuple[int, ...]:
    if len(eligible) == 1:
        return tuple(eligible)
    missing = [s for s in eligible if s not in scores]
    if missing:
        raise ShowdownMismatchError(
            f"no showdown result for seat{'s' if len(missing) > 1 else ''} "
            + ", ".join(str(s) for s in missing),
            code="showdown_seats_missing",
            params={"seats": tuple(missing)},
        )
    unordered = [s for s in eligible if s not in order]
    if unordered:
        raise SettlementError(
            f"seat {unordered[0]} is missing from the seat order",
            code="seat_order_missing",
            params={"seat": unordered[0]},
        )
    chosen = rule({s: scores[s] for s in eligible})
    return tuple(s for s in order if s in eligible and s in chosen)


def pot_payment(*, pot: int, stack: int | None) -> int:
    """What a Baseball "pay the pot" costs: the pot at that moment, or the whole
    stack when it is shorter (the player is then all-in; ruling 8)."""
    if pot < 0:
        raise NegativeAmountError(
            f"the pot is {pot}: it cannot be negative", code="pot_negative", params={"amount": pot}
        )
    return pot if stack is None else min(pot, stack)
