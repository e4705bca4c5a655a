"""The showdown of Sequence played high/low with declaration, dealt digitally.

Every player still in has declared high, low or both (:mod:`engine.games.steps.hi_lo_declare`);
each pot, main and side, is paid by :func:`engine.chips.hi_lo.settle_declared`:
a side's half to the best hand among those who declared it, and a player who
declared both must win or tie both ways or gets nothing from that pot. Highs
count the wild rank in force; lows are ace-to-five over the best five, a wild
card as the lowest rank the hand lacks (:mod:`engine.hands.wild_low`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.chips.hi_lo import settle_declared
from engine.chips.pots import PotSplit
from engine.games.events import EventKind
from engine.games.hand_sizes import check_dealt_sizes
from engine.games.hi_lo_showdown import record_halves
from engine.games.steps.hi_lo_declare import DeclareState
from engine.hands.rankings import LowRanking
from engine.hands.showdown import scores_from_cards
from engine.hands.wild_low import low_scores

if TYPE_CHECKING:
    from engine.games.state import HandState


def show_declared(
    state: HandState, split: PotSplit, live: Sequence[int], order: Sequence[int]
) -> dict[int, int]:
    """Show the hands of ``live`` (high and low), pay by declaration; the payouts per seat."""
    low_ranking = state.rules.low
    if not isinstance(low_ranking, LowRanking):
        raise AssertionError(f"{state.rules.name} has no ace-to-five low to declare for")
    check_dealt_sizes(state, live)
    hands = {s: [c for c, _ in state.cards[s]] for s in live}
    highs = scores_from_cards(hands, ranking=state.ranking)
    lows = low_scores(hands, wild=state.wild or (), ranking=low_ranking)
    declarations = state.kept(DeclareState).declarations(list(live))
    state.shown = [s for s in order if s in live]
    for seat in state.shown:
        state.record(
            EventKind.SHOW,
            seat,
            text=f"{highs.names[seat]}; {lows.names[seat]}",
            code="hand_high_low",
            params={"hand": highs.values[seat].params(), "low": lows.values[seat].params()},
        )
    settlement = settle_declared(
        split,
        highs=highs.scores,
        lows=dict(lows.scores),
        declarations=declarations,
        order=order,
    )
    return record_halves(
        state,
        settlement,
        highs=highs.names,
        lows=lows.names,
        values={"high": highs.values, "low": lows.values},
    )
