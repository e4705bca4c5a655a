"""PokerKit's payout of a finished hand of ours, predicted from our chips and hands.

PokerKit pays a showdown differently from us in three known ways
(test_pots_vs_pokerkit.py and test_hi_lo_split.py check each): it kills the
hands that win nothing before pushing chips, so pots with the same winners
merge; a split pot's remainder goes to its first winner from the dealer's
left (ruling 9: one chip each); and once anyone at the showdown has a low it
halves every pot, giving the low half of a pot nobody eligible has a low for
to all of them (ours: the whole pot to the high). Everything else must agree,
so a test compares PokerKit's final stacks with this prediction exactly.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine.chips.pots import build_pots
from engine.games import EventKind, HandState
from engine.games.payout import rate_hands
from engine.hands.hole_board import hi_lo_scores


def split_somewhere(state: HandState) -> bool:
    """Whether a pot (or a half of one) was shared among tied winners."""
    wins = [e for e in state.history if e.kind is EventKind.WIN]
    winners = Counter((e.params.get("pot"), e.params.get("half")) for e in wins)
    return any(count > 1 for count in winners.values())


def _shares(amount: int, winners: list[int], payouts: dict[int, int]) -> None:
    """PokerKit's way with a split: equal shares, the remainder to the first winner."""
    share, remainder = divmod(amount, len(winners))
    for i, seat in enumerate(winners):
        payouts[seat] += share + (remainder if i == 0 else 0)


def pokerkit_stacks(ours: HandState, start: Sequence[int]) -> list[int]:
    """The final stacks PokerKit gives our finished hand ``ours`` (seat by seat, ours),
    which began on the stacks ``start``."""
    n, order = ours.seat_count, ours.order()
    won: Counter[int] = Counter()
    for event in ours.history:
        if event.kind is EventKind.WIN:
            won[event.seat] += event.chips
    live = ours.live_seats
    winners = [s for s in live if won[s] > 0] if len(live) > 1 else live
    merged = build_pots(
        contributions=dict(enumerate(ours.put_in)),
        folded=[s for s in range(n) if s not in winners],
        all_in=[s for s in winners if ours.put_in[s] == start[s]],
    )
    payouts = dict.fromkeys(range(n), 0)
    for seat, chips in merged.returned.items():
        payouts[seat] += chips
    lows: dict[int, int | None] = dict.fromkeys(winners)
    if len(winners) == 1:
        highs = {winners[0]: 0}
    elif ours.rules.low is not None:
        scores = hi_lo_scores({s: [c for c, _ in ours.cards[s]] for s in winners}, ours.table)
        highs, lows = dict(scores.highs), dict(scores.lows)
    else:
        highs = dict(rate_hands(ours, winners).scores)
    any_low = any(low is not None for low in lows.values())
    for pot in merged.pots:
        eligible = [s for s in order if s in pot.eligible]
        best = max(highs[s] for s in eligible)
        high = [s for s in eligible if highs[s] == best]
        if not any_low:
            _shares(pot.amount, high, payouts)
            continue
        with_low = {s: low for s in eligible if (low := lows[s]) is not None}
        # The best low has the highest strength, as every hand of ours.
        low = [s for s in eligible if with_low.get(s) == max(with_low.values(), default=None)]
        _shares(pot.amount - pot.amount // 2, high, payouts)
        _shares(pot.amount // 2, low or eligible, payouts)
    paid = ours.payouts or [0] * n
    return [ours.stacks[s] - paid[s] + payouts[s] for s in range(n)]
