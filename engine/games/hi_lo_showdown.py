"""The showdown of a high/low split game (Omaha eight or better), dealt digitally.

Every pot, main and side, halves between the best high and the best qualifying
low (:func:`engine.chips.hi_lo.settle_hi_lo`, the same code that settles a hand
recorded at the table); without a qualifying low the high takes the pot.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from engine.chips.hi_lo import HiLoSettlement, settle_hi_lo
from engine.chips.pots import PotSplit
from engine.games.events import EventKind
from engine.games.hand_sizes import check_dealt_sizes
from engine.hands.evaluate import HandValue
from engine.hands.low_eight import NO_LOW
from engine.hands.showdown import scores_from_cards

if TYPE_CHECKING:
    from engine.games.state import HandState


def show_hi_lo(
    state: HandState, split: PotSplit, live: Sequence[int], order: Sequence[int]
) -> dict[int, int]:
    """Show the hands of ``live`` (high and low), record the wins; the payouts per seat."""
    low_ranking = state.rules.low
    if low_ranking is None:
        raise AssertionError(f"{state.rules.name} has no low ranking to split with")
    check_dealt_sizes(state, live)
    hands = {s: [c for c, _ in state.cards[s]] for s in live}
    highs = scores_from_cards(hands, ranking=state.ranking, shared=state.table)
    lows = scores_from_cards(hands, ranking=low_ranking, shared=state.table)
    low_scores = {s: (None if score == NO_LOW else score) for s, score in lows.scores.items()}
    first = state.show_first
    start = order.index(first) if first is not None and first in live else 0
    state.shown = [s for s in [*order[start:], *order[:start]] if s in live]
    for seat in state.shown:
        low = lows.names[seat] if low_scores[seat] is not None else "no low"
        params: dict[str, object] = {"hand": highs.values[seat].params()}
        if low_scores[seat] is not None:
            params["low"] = lows.values[seat].params()
        state.record(
            EventKind.SHOW,
            seat,
            text=f"{highs.names[seat]}; {low}",
            code="hand_high_low",
            params=params,
        )
    settlement = settle_hi_lo(split, highs=highs.scores, lows=low_scores, order=order)
    return record_halves(
        state,
        settlement,
        highs=highs.names,
        lows=lows.names,
        values={"high": highs.values, "low": lows.values},
    )


def record_halves(
    state: HandState,
    settlement: HiLoSettlement,
    *,
    highs: Mapping[int, str],
    lows: Mapping[int, str],
    values: Mapping[str, Mapping[int, HandValue]] | None = None,
) -> dict[int, int]:
    """Log who won each half of each pot, with the hand that won it; the chips per seat.
    ``values``: the rated hands of each side, for a page that names them itself."""
    for award in settlement.awards:
        for half in award.halves:
            names = highs if half.side == "high" else lows
            rated = (values or {}).get(half.side, {})
            for seat in half.winners:
                text = f"{award.name} ({half.side}), {names[seat]}"
                params: dict[str, object] = {"pot": award.index, "half": half.side}
                if seat in rated:
                    params["hand"] = rated[seat].params()
                state.record(
                    EventKind.WIN,
                    seat,
                    chips=half.won(seat),
                    text=text,
                    code="pot_half",
                    params=params,
                )
    return {s: settlement.won(s) for s in range(state.seat_count)}
