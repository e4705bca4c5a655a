"""A betting round as a step of a game (ruling 7), opened per ruling 10."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Self

from engine.betting import BettingRound, FixedLimit, Limit, SpreadLimit, stud_opener
from engine.betting.blinds import blind_seats
from engine.betting.limits import bet_sizes
from engine.betting.opening import bring_in_seat, draw_opener
from engine.cards import ALL_CARDS
from engine.games.events import BLIND_EVENTS
from engine.games.legal_actions import betting_actions
from engine.games.rules import Step
from engine.games.steps.actions import StepState
from engine.hands.evaluate import strength

if TYPE_CHECKING:
    from engine.games.events import LegalAction
    from engine.games.state import HandState

# best_showing: stud games, the best face-up hand opens; left_of_dealer: draw
# games; named: the step before named the opener in :class:`NamedOpener` (No Peek:
# who just beat the table).
Opener = Literal["best_showing", "left_of_dealer", "named"]


@dataclass(kw_only=True)
class NamedOpener(StepState):
    """The seat a step named to open the next betting round (``opener="named"``)."""

    key = "opener"
    seat: int | None = None

    @classmethod
    def from_old_phase(cls, phase: Mapping[str, Any]) -> Self | None:
        seat = phase.get("opener")
        return cls(seat=int(seat)) if isinstance(seat, int) else None


@dataclass(frozen=True, kw_only=True)
class Bet(Step):
    """A betting round; ``limit_scale`` multiplies the limit (Spit: doubled after the draw).

    ``bring_in`` (seven-card stud's third street, a house option): the lowest up card
    opens and must post ``bring_in_amount`` chips (``None``: half the smallest bet,
    rounded down, at least 1; never more than a full bet) or complete to a full bet.
    """

    opener: Opener = "best_showing"
    limit_scale: int = 1
    bring_in: bool = False
    bring_in_amount: int | None = None
    # Hold'em and Omaha dealt with blinds (HandState.blinds): the round before the
    # flop opens with the blinds posted at the start of the hand, left of the big
    # blind; at a fixed limit the turn's and river's rounds (``big_bet``) bet twice
    # the big blind. Without blinds both do nothing (ruling 17's home game).
    blinds: bool = False
    big_bet: bool = False

    def begin(self, state: HandState) -> None:
        limit = state.limit
        if self.big_bet and state.blinds is not None and isinstance(limit, FixedLimit):
            limit = FixedLimit(amount=2 * limit.amount)
        limit = scaled(limit, self.limit_scale)
        posted = posted_blinds(state) if self.blinds and state.blinds is not None else None
        put_in = state.put_in
        if posted is not None:
            # The blinds are this round's bets, not chips of an earlier round.
            put_in = [p - b for p, b in zip(put_in, posted, strict=True)]
        state.betting = BettingRound.start(
            stacks=state.stacks,
            opener=self.opening_seat(state),
            limit=limit,
            raise_cap=state.raise_cap,
            put_in=put_in,
            folded=[s for s in range(state.seat_count) if state.folded[s]],
            names=state.names,
            bring_in=self.bring_in_chips(limit, pot=state.pot) if self.bring_in else 0,
            posted=posted,
            posted_bet=state.blinds.big if state.blinds is not None else 0,
        )

    def bring_in_chips(self, limit: Limit, *, pot: int) -> int:
        """The bring-in at ``limit``: the house's amount or half a full bet, at most a bet."""
        full = bet_sizes(limit, pot=pot)[0]
        amount = self.bring_in_amount if self.bring_in_amount is not None else full // 2
        return min(max(amount, 1), full)

    def run(self, state: HandState) -> bool:
        from engine.games.steps.deal import deal_next

        # An extra card bought for a 4 claimed during the round is dealt at once.
        while state.to_deal and state.decision is None and not state.is_over:
            deal_next(state)
        if state.decision is not None:
            return False
        if state.betting is not None and not state.betting.is_over:
            return False
        state.betting = None
        return True

    def actor(self, state: HandState) -> int | None:
        return state.betting.actor if state.betting is not None else None

    def legal_actions(self, state: HandState, seat: int) -> list[LegalAction]:
        return betting_actions(state.betting, seat) if state.betting is not None else []

    def opening_seat(self, state: HandState) -> int:
        live = state.live_seats
        if self.blinds and state.blinds is not None:
            # Before the flop the player left of the big blind opens (heads-up the
            # dealer, who posted the small blind); the round skips whoever cannot act.
            big = blind_seats(dealer=state.dealer, seat_count=state.seat_count)[1]
            return (big + 1) % state.seat_count
        if self.opener == "named":
            named = state.find(NamedOpener)
            seat = named.seat if named is not None else None
            if seat is not None and seat in live:
                return seat
        if self.bring_in:
            # Third street shows one card each: the lowest of them brings it in.
            lowest = {s: ALL_CARDS[c[0]] for s in live if (c := state.up_cards(s))}
            if lowest:
                return bring_in_seat(lowest)
        if self.opener == "best_showing":
            # Ruling 10: the best showing hand, wild cards and incomplete hands
            # counted; ties go to the seat nearest the dealer's left.
            showing = {
                s: strength(up, state.ranking) if (up := state.up_cards(s)) else 0 for s in live
            }
            return stud_opener(dealer=state.dealer, seat_count=state.seat_count, showing=showing)
        return draw_opener(dealer=state.dealer, seat_count=state.seat_count, active=live)


def posted_blinds(state: HandState) -> list[int]:
    """The chips each seat posted as a blind at the start of the hand."""
    posted = [0] * state.seat_count
    for event in state.history:
        if event.kind in BLIND_EVENTS:
            posted[event.seat] += event.chips
    return posted


def scaled(limit: Limit, factor: int) -> Limit:
    """The limit with bet sizes multiplied (Spit in the Ocean doubles after the draw)."""
    if factor == 1:
        return limit
    if isinstance(limit, SpreadLimit):
        return SpreadLimit(min_bet=limit.min_bet * factor, max_bet=limit.max_bet * factor)
    if isinstance(limit, FixedLimit):
        return FixedLimit(amount=limit.amount * factor)
    return limit
