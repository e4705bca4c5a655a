"""The end of a hand of pots: the showdown (or the one player left) and the payout.

Games settled by a table's own code (Guts, Shelby) end in their step instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.chips.pots import WINNER_RULES, PotSplit, build_pots, settle_pots
from engine.games.events import EventKind
from engine.games.hand_sizes import check_dealt_sizes
from engine.games.steps.hi_lo_declare import DeclareState
from engine.hands.showdown import ShowdownScores, scores_from_cards

if TYPE_CHECKING:
    from engine.games.state import HandState


def finish(state: HandState) -> None:
    """Show down (or award the pot to the one player left) and pay out."""
    live = state.live_seats
    order = state.order()
    split = build_pots(
        contributions=dict(enumerate(state.put_in)),
        folded=[s for s in range(state.seat_count) if state.folded[s]],
        all_in=[s for s in live if state.stacks[s] == 0],
    )
    declared = state.find(DeclareState)
    if len(live) >= 2 and declared is not None and declared.revealed:
        from engine.games.declared_showdown import show_declared

        won = show_declared(state, split, live, order)
    elif len(live) >= 2 and state.rules.low is not None:
        from engine.games.hi_lo_showdown import show_hi_lo

        won = show_hi_lo(state, split, live, order)
    else:
        won = _show_high(state, split, live, order)
    for seat, chips in split.returned.items():
        state.record(EventKind.RETURN, seat, chips=chips)
    state.payouts = [won.get(s, 0) + split.returned.get(s, 0) for s in range(state.seat_count)]
    for seat, chips in enumerate(state.payouts):
        state.stacks[seat] += chips
    state.decision = None
    state.betting = None
    state.to_deal = []


def _show_high(
    state: HandState, split: PotSplit, live: Sequence[int], order: Sequence[int]
) -> dict[int, int]:
    """Show down for the best (or second best) hand and record the wins; chips won per seat."""
    scores: dict[int, int] = {}
    names: dict[int, str] = {}
    values: dict[int, dict[str, object]] = {}
    if len(live) >= 2:
        check_dealt_sizes(state, live)
        shown = rate_hands(state, live)
        scores, names = dict(shown.scores), dict(shown.names)
        values = {seat: value.params() for seat, value in shown.values.items()}
        # A step may name who shows first (draw games: the last bettor or raiser).
        first = state.show_first
        start = order.index(first) if first is not None and first in live else 0
        state.shown = [s for s in [*order[start:], *order[:start]] if s in live]
        for seat in state.shown:
            state.record(
                EventKind.SHOW,
                seat,
                text=names[seat],
                code="hand" if seat in values else "",
                params={"hand": values[seat]} if seat in values else {},
            )
    from engine.games.steps.variants import current_rules

    # The game in force decides (a jack may have switched to Second Hand High).
    winners = WINNER_RULES[current_rules(state).winner]
    settlement = settle_pots(split, scores=scores, order=order, winners=winners)
    for award in settlement.awards:
        for seat in award.winners:
            hand = names.get(seat)
            text = f"{award.name}, {hand}" if hand else award.name
            params: dict[str, object] = {"pot": award.index}
            if seat in values:
                params["hand"] = values[seat]
            state.record(
                EventKind.WIN, seat, chips=award.won(seat), text=text, code="pot", params=params
            )
    return {s: settlement.won(s) for s in range(state.seat_count)}


def rate_hands(state: HandState, seats: Sequence[int]) -> ShowdownScores:
    """Score the hands of ``seats`` as the showdown does: the ranking in force,
    the shared cards in the middle, single wild cards (only the spit card)."""
    return scores_from_cards(
        {s: [c for c, _ in state.cards[s]] for s in seats},
        ranking=state.ranking,
        shared=state.table if state.rules.table_shared else (),
        wild_cards=state.wild_cards,
    )
