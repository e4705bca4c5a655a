"""Dealing a street, and what the cards dealt set off (rulings 11 and 16).

Cards go one at a time clockwise from the dealer's left to every player still
in. A card that triggers something acts at once, before the next card: a
face-up 4 in Baseball deals its holder an extra card, a face-up 3 asks its
holder to pay the pot or fold (the deal waits for the answer), Rainy Day's
face-up Q♠ voids the deal.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.betting.limits import bet_sizes
from engine.cards import ALL_CARDS, Deck
from engine.errors import EngineError
from engine.games.events import EventKind
from engine.games.rules import ExtraCard, Face, PayPotOrFold, Step, Trigger, VoidDeal

if TYPE_CHECKING:
    from engine.games.state import HandState


@dataclass(frozen=True, kw_only=True)
class Deal(Step):
    """One street: the cards each player still in gets, in dealing order."""

    cards: tuple[Face, ...]

    def begin(self, state: HandState) -> None:
        order = [s for s in state.order() if not state.folded[s]]
        state.to_deal = [(seat, face) for face in self.cards for seat in order]

    def run(self, state: HandState) -> bool:
        from engine.games.steps.claims import claim_before_betting

        while True:
            while state.to_deal:
                if state.decision is not None or state.is_over:
                    return False
                deal_next(state)
            if state.decision is not None or state.is_over:
                return False
            # Face-down 4s claimed before the next betting round, one at a time: an
            # extra card may be a face-down 4 itself.
            if not claim_before_betting(state):
                return True


def deal_next(state: HandState, *, triggers: Sequence[Trigger] | None = None) -> None:
    """Deal the next card of the queue and fire its triggers (``triggers``: those
    in force, when not the game's own)."""
    seat, face = state.to_deal.pop(0)
    if state.folded[seat]:
        return  # folded (to a face-up 3) after the street was laid out
    if not len(state.deck):
        raise EngineError("the deck ran out of cards", code="deck_empty")
    card = int(state.deck.deal_one())
    up = face == "up"
    state.cards[seat].append((card, up))
    state.record(EventKind.DEAL, seat, card=card, face_up=up)
    apply_triggers(state, seat, card, up=up, triggers=triggers)


def apply_triggers(
    state: HandState,
    seat: int,
    card: int,
    *,
    up: bool,
    triggers: Sequence[Trigger] | None = None,
) -> None:
    """What a card shown (dealt face up, or flipped) or dealt down sets off for ``seat``.

    ``triggers``: those in force, when not the game's own (Jack the Shifter
    switched to another game).
    """
    from engine.games.hand_actions import Decision

    rank = ALL_CARDS[card].rank
    in_force = state.rules.triggers if triggers is None else triggers
    for trigger in in_force:
        if isinstance(trigger, VoidDeal) and up and card == int(trigger.card):
            void_deal(state, seat, card)
            return
    for trigger in in_force:
        if isinstance(trigger, PayPotOrFold) and up and rank == trigger.rank:
            state.pay_cards_seen += 1
            free = trigger.first_only and state.pay_cards_seen > 1
            # An all-in player is never asked: they keep the card (ruling 8).
            if not free and state.stacks[seat] > 0:
                price = trigger.price(state.pot)
                state.decision = Decision(
                    kind="pay_pot", seat=seat, chips=min(price, state.stacks[seat])
                )
        elif isinstance(trigger, ExtraCard) and rank == trigger.rank:
            if not up:
                if trigger.when != "any" or trigger.claim != "dealt":
                    continue  # no extra card, or one claimed later (steps.claims)
                # The sheet's first way: "revealed as soon as it is dealt".
                reveal(state, seat, card)
            give_extra_card(state, seat, trigger)


def reveal(state: HandState, seat: int, card: int) -> None:
    """Turn ``seat``'s face-down ``card`` face up, for everyone to see."""
    at = state.cards[seat].index((card, False))
    state.cards[seat][at] = (card, True)
    state.record(
        EventKind.REVEAL, seat, card=card, face_up=True, text="extra card", code="extra_card"
    )


def give_extra_card(state: HandState, seat: int, trigger: ExtraCard) -> None:
    """The extra card a trigger card gives: queued next, or offered at its price."""
    from engine.games.hand_actions import Decision

    if trigger.buy and state.stacks[seat] > 0:
        low, high = bet_sizes(state.limit, pot=state.pot)
        price = trigger.walk_price(
            face=trigger.extra_face,
            street=street_number(state),
            largest_bet=high if high is not None else low,
        )
        state.decision = Decision(
            kind="buy_walk",
            seat=seat,
            chips=min(price, state.stacks[seat]),
            face=trigger.extra_face,
        )
    else:
        state.to_deal.insert(0, (seat, trigger.extra_face))


def street_number(state: HandState) -> int:
    """The street under way, 0 for the first (seven-card stud's third street), for a walk
    whose price grows with the streets (ruling 20). A street lasts from its deal to the
    end of its betting round: a 4 claimed while the third street's round is bet is
    still bought at the third street's price."""
    dealt = sum(1 for step in state.rules.steps[: state.step_index + 1] if isinstance(step, Deal))
    return max(dealt - 1, 0)


def void_deal(state: HandState, seat: int, card: int) -> None:
    """Rainy Day: everyone gets a fresh deal from a new shuffle; the pot stays."""
    state.record(EventKind.VOID_DEAL, seat, card=card, face_up=True)
    state.voids += 1
    state.deck = Deck(random.Random(f"{state.seed}:{state.voids}"))
    state.cards = [[] for _ in range(state.seat_count)]
    # Everyone is dealt in again, except a player who left the hand.
    state.folded = [seat in state.departed for seat in range(state.seat_count)]
    state.pay_cards_seen = 0
    # The game's steps begin again; chips stay where they are.
    state.step_index = 0
    state.step_begun = False
    state.to_deal = []
    state.betting = None
    state.decision = None
