"""High/low split pots: each pot halves between the best high and the best low.

The pots come from :func:`engine.chips.pots.build_pots` as in every game; what
changes is how each pot, main and side, is awarded. Pot by pot, among the
players who can win that pot:

- The pot halves. **The odd chip of an odd pot goes to the high half**
  (RULINGS.md has no ruling for it; this is the usual card-room rule). Ruling 9
  then applies inside each half: tied hands split the half and its odd chips go
  one each to the tied winners clockwise from the dealer's left.
- The high half goes to the best high hand; the low half to the best
  qualifying low (eight or better in Omaha high/low).
- Nobody who can win the pot has a qualifying low: the high takes the whole pot.
- One player may win both halves (a scoop), or tie for one and win the other.

Worked example (Omaha high/low, board ``Ks Qs 8s 6s 2s``, dealer seat 3; seat 1
went all-in for 10, seats 0, 2 and 3 put in 25 each)::

    seat  hole cards     high                 low         main 40  side 45
    0     As Js 9d 9c    flush, ace high      none        20       23
    1     Ac 3d Kd Jh    pair of kings        8-6-3-2-A   20        -
    2     4c 7d Kh Td    pair of kings        8-7-6-4-2    0       22
    3     Qd Qh 9h Tc    three of a kind, Q   none         0        0

The main pot (all four) halves 20/20: seat 0's flush takes the high, seat 1's
8-6-3-2-A beats seat 2's 8-7-6-4-2 for the low. The side pot (45, seat 1 not
in it) halves 23/22, the odd chip to the high: seat 0 again, and seat 2 has the
only low left. Payouts 43, 20, 22, 0: the 85 chips put in.

>>> from engine.chips.pots import build_pots
>>> split = build_pots(contributions={0: 25, 1: 10, 2: 25, 3: 25}, all_in={1})
>>> result = settle_hi_lo(
...     split,
...     highs={0: 9, 1: 5, 2: 5, 3: 7},
...     lows={0: None, 1: 8, 2: 6, 3: None},
...     order=[0, 1, 2, 3],
... )
>>> result.payouts()
{0: 43, 1: 20, 2: 22, 3: 0}

**Declared high/low** (:func:`settle_declared`, for Sequence high/low with
declaration): before the showdown each player still in declares ``high``,
``low`` or ``both``. A side's half goes to the best hand among those who
declared that side (``both`` counts for both). A player who declared ``both``
must win, or tie, both ways, against everyone who declared each side, or gets
nothing from that pot (the common home rule); the pot is then awarded among the
others as if they had not been in it. A side nobody (left) contends for: the
other side takes the whole pot. If nobody is left to win a pot (every player
forfeited, or declared low without a qualifying low), the declarations are set
aside for that pot and it is split as undeclared (best high, best qualifying
low), so that no pot is ever left without a winner.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from engine.chips.pots import (
    Pot,
    PotSplit,
    Settlement,
    best_scores,
    contributions_of,
    pot_names,
)
from engine.errors import SettlementError, ShowdownMismatchError

Side = Literal["high", "low"]
Declaration = Literal["high", "low", "both"]
DECLARATIONS: Final[tuple[Declaration, ...]] = ("high", "low", "both")


@dataclass(frozen=True, kw_only=True)
class HalfAward:
    """One side of a pot: its chips, equal shares to the winners, then one odd chip each
    to ``odd_chips`` (ruling 9). The whole pot when the other side has nobody."""

    side: Side
    amount: int
    winners: tuple[int, ...]
    share: int
    odd_chips: tuple[int, ...]

    def won(self, seat: int) -> int:
        if seat not in self.winners:
            return 0
        return self.share + (1 if seat in self.odd_chips else 0)


@dataclass(frozen=True, kw_only=True)
class HiLoPotAward:
    """How one pot was awarded: the high half first, then the low half (if it had one)."""

    name: str
    index: int
    pot: Pot
    halves: tuple[HalfAward, ...]
    # Declared games: the seats that declared both, lost a way, and so won nothing here.
    forfeited: tuple[int, ...] = ()

    def won(self, seat: int) -> int:
        return sum(half.won(seat) for half in self.halves)

    def half(self, side: Side) -> HalfAward | None:
        return next((half for half in self.halves if half.side == side), None)

    @property
    def scooped_by(self) -> int | None:
        """The one seat that took the whole pot, if one did."""
        winners = {seat for half in self.halves for seat in half.winners}
        return next(iter(winners)) if len(winners) == 1 else None


HiLoSettlement = Settlement[HiLoPotAward]


def settle_hi_lo(
    split: PotSplit,
    *,
    highs: Mapping[int, int],
    lows: Mapping[int, int | None],
    order: Sequence[int],
) -> HiLoSettlement:
    """Split each pot between the best high and the best qualifying low (see the module).

    ``highs`` and ``lows`` are scores (higher wins, equal ties) of every seat that
    can win a contested pot; a low of ``None`` does not qualify (lows are positive:
    :func:`engine.hands.hole_board.hi_lo_scores` turns ``NO_LOW`` into ``None``). ``order`` lists
    the seats clockwise from the dealer's left (ruling 9).
    """
    awards = []
    for index, (name, pot) in enumerate(zip(pot_names(len(split.pots)), split.pots, strict=True)):
        _check_scores(pot, highs, lows)
        halves = _halves(pot, pot.eligible, highs=highs, lows=lows, order=order)
        awards.append(HiLoPotAward(name=name, index=index, pot=pot, halves=halves))
    return _settlement(split, awards, order)


def settle_declared(
    split: PotSplit,
    *,
    highs: Mapping[int, int],
    lows: Mapping[int, int | None],
    declarations: Mapping[int, str],
    order: Sequence[int],
) -> HiLoSettlement:
    """Split each pot by the players' declarations (see the module for the rules).

    ``declarations`` maps every seat that can win a contested pot to ``high``,
    ``low`` or ``both``; scores as in :func:`settle_hi_lo`.

    >>> from engine.chips.pots import build_pots
    >>> split = build_pots(contributions={0: 10, 1: 10, 2: 10})
    >>> both_loses_low = settle_declared(
    ...     split,
    ...     highs={0: 9, 1: 5, 2: 3},
    ...     lows={0: 4, 1: None, 2: 6},
    ...     declarations={0: "both", 1: "high", 2: "low"},
    ...     order=[0, 1, 2],
    ... )
    >>> both_loses_low.payouts(), both_loses_low.awards[0].forfeited
    ({0: 0, 1: 15, 2: 15}, (0,))
    """
    awards = []
    for index, (name, pot) in enumerate(zip(pot_names(len(split.pots)), split.pots, strict=True)):
        _check_scores(pot, highs, lows)
        halves, forfeited = _declared_halves(pot, highs, lows, declarations, order)
        awards.append(
            HiLoPotAward(name=name, index=index, pot=pot, halves=halves, forfeited=forfeited)
        )
    return _settlement(split, awards, order)


def _check_scores(pot: Pot, highs: Mapping[int, int], lows: Mapping[int, int | None]) -> None:
    """A contested pot needs a high and a low (possibly ``None``) for each of its seats."""
    if not pot.contested:
        return
    missing = [s for s in pot.eligible if s not in highs or s not in lows]
    if missing:
        raise ShowdownMismatchError(
            f"no showdown result for seat{'s' if len(missing) > 1 else ''} "
            + ", ".join(str(s) for s in missing),
            code="showdown_seats_missing",
            params={"seats": tuple(missing)},
        )
    for seat in pot.eligible:
        low = lows.get(seat)
        # Every qualifying low rates above 0; NO_LOW (0) passed on would win a half.
        if low is not None and low <= 0:
            raise SettlementError(
                f"seat {seat} has a low score of {low}: give None for no qualifying low",
                code="low_score_invalid",
                params={"seat": seat},
            )


def _halves(
    pot: Pot,
    among: Sequence[int],
    *,
    highs: Mapping[int, int],
    lows: Mapping[int, int | None],
    order: Sequence[int],
    high_side: Collection[int] | None = None,
    low_side: Collection[int] | None = None,
) -> tuple[HalfAward, ...]:
    """The high and low halves of ``pot`` among the seats ``among``.

    ``high_side``/``low_side`` limit who contends for each side (declarations);
    by default every seat of ``among`` contends for both. Only qualifying lows
    contend for the low half.
    """
    if len(among) == 1 and high_side is None:  # nobody to beat: no hand needs to be shown
        return (_half("high", pot.amount, among, order),)
    high_seats = [s for s in among if high_side is None or s in high_side]
    low_seats = [
        s for s in among if (low_side is None or s in low_side) and lows.get(s) is not None
    ]
    high_winners = _winners(high_seats, highs, order)
    low_winners = _winners(low_seats, {s: lows[s] or 0 for s in low_seats}, order)
    if not low_winners:
        return (_half("high", pot.amount, high_winners, order),)
    if not high_winners:
        return (_half("low", pot.amount, low_winners, order),)
    # The odd chip of an odd pot goes to the high half.
    low_amount = pot.amount // 2
    return (
        _half("high", pot.amount - low_amount, high_winners, order),
        _half("low", low_amount, low_winners, order),
    )


def _winners(
    seats: Sequence[int], scores: Mapping[int, int], order: Sequence[int]
) -> tuple[int, ...]:
    """The seats with the best score, in seat order from the dealer's left."""
    if not seats:
        return ()
    unordered = [s for s in seats if s not in order]
    if unordered:
        raise SettlementError(
            f"seat {unordered[0]} is missing from the seat order",
            code="seat_order_missing",
            params={"seat": unordered[0]},
        )
    chosen = best_scores({s: scores[s] for s in seats})
    return tuple(s for s in order if s in chosen)


def _half(side: Side, amount: int, winners: Sequence[int], order: Sequence[int]) -> HalfAward:
    ordered = tuple(s for s in order if s in winners) or tuple(winners)
    share, odd = divmod(amount, len(ordered))
    return HalfAward(
        side=side, amount=amount, winners=ordered, share=share, odd_chips=ordered[:odd]
    )


def _declared_halves(
    pot: Pot,
    highs: Mapping[int, int],
    lows: Mapping[int, int | None],
    declarations: Mapping[int, str],
    order: Sequence[int],
) -> tuple[tuple[HalfAward, ...], tuple[int, ...]]:
    """A pot's halves by declaration, and the seats that declared both and lost a way."""
    if not pot.contested:
        return _halves(pot, pot.eligible, highs=highs, lows=lows, order=order), ()
    declared = {s: _declaration(s, declarations) for s in pot.eligible}
    high_side = [s for s in pot.eligible if declared[s] in ("high", "both")]
    low_side = [s for s in pot.eligible if declared[s] in ("low", "both")]
    best_high = set(_winners(high_side, highs, order))
    qualified_low = [s for s in low_side if lows[s] is not None]
    best_low = set(_winners(qualified_low, {s: lows[s] or 0 for s in qualified_low}, order))
    forfeited = tuple(
        s
        for s in order
        if s in pot.eligible and declared[s] == "both" and not (s in best_high and s in best_low)
    )
    left = [s for s in pot.eligible if s not in forfeited]
    high_left = [s for s in high_side if s in left]
    low_left = [s for s in low_side if s in left and lows[s] is not None]
    if not high_left and not low_left:
        # Nobody is left to win: set the declarations aside rather than leave the pot unwon.
        return _halves(pot, pot.eligible, highs=highs, lows=lows, order=order), forfeited
    halves = _halves(
        pot, left, highs=highs, lows=lows, order=order, high_side=high_left, low_side=low_left
    )
    return halves, forfeited


def _declaration(seat: int, declarations: Mapping[int, str]) -> Declaration:
    declared = declarations.get(seat)
    for known in DECLARATIONS:
        if declared == known:
            return known
    if declared is None:
        raise ShowdownMismatchError(
            f"seat {seat} has not declared high, low or both",
            code="declaration_missing",
            params={"seat": str(seat)},
        )
    raise SettlementError(
        f"seat {seat} declared {declared!r}: declare high, low or both",
        code="declaration_unknown",
        params={"seat": str(seat), "declared": str(declared)},
    )


def _settlement(
    split: PotSplit, awards: Sequence[HiLoPotAward], order: Sequence[int]
) -> HiLoSettlement:
    contributions = contributions_of(split, order)
    settlement = HiLoSettlement(split=split, awards=tuple(awards), contributions=contributions)
    # Conservation is the one promise no input may break; check it pot by pot, every time.
    for award in settlement.awards:
        if sum(half.amount for half in award.halves) != award.pot.amount or any(
            sum(half.won(s) for s in half.winners) != half.amount for half in award.halves
        ):
            raise AssertionError(f"the {award.name} was not awarded exactly")
    if sum(settlement.payouts().values()) != sum(contributions.values()):
        raise AssertionError("pot payouts do not add up to the contributions")
    return settlement
