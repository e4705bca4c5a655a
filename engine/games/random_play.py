"""Random legal play, seeded: for simulations and for the property tests."""

from __future__ import annotations

import random

from engine.games.events import ActionName, Event
from engine.games.state import HandState


def random_action(state: HandState, rng: random.Random) -> Event:
    """Apply one legal action of the actor, chosen at random (amounts too)."""
    seat = state.actor
    if seat is None:
        raise ValueError("the hand is over: nobody can act")
    choice = rng.choice(state.legal_actions())
    amount = None
    if choice.min_amount is not None and choice.max_amount is not None:
        amount = rng.randint(choice.min_amount, choice.max_amount)
    cards = None
    if choice.kind is ActionName.DRAW:
        # A draw's amount is how many cards to throw away; pick which at random,
        # standing pat if the pick breaks a house rule (an ace to keep).
        held = [card for card, _ in state.cards[seat]]
        cards = rng.sample(held, amount or 0)
        if not state.can(ActionName.DRAW, seat=seat, cards=cards):
            cards = []
        amount = None
    return state.act(choice.kind, seat=seat, amount=amount, cards=cards, game=choice.game)


def play_out(state: HandState, rng: random.Random, *, max_actions: int = 10_000) -> None:
    """Act at random until the hand is over."""
    for _ in range(max_actions):
        if state.is_over:
            return
        random_action(state, rng)
    raise RuntimeError(f"the hand did not end within {max_actions} actions")
