"""Random legal play, seeded: for simulations and for the property tests."""

from __future__ import annotations

import random

from engine.games.events import ActionName, Event
from engine.games.state import HandState
from engine.games.views import legal_actions_of


def random_action(state: HandState, rng: random.Random, *, out_of_turn: bool = False) -> Event:
    """Apply one legal action of the actor, chosen at random (amounts too).

    ``out_of_turn``: now and then a player who may act out of turn (claim a face-down
    4, call "Spit!" while someone else is asked) acts instead.
    """
    seat = state.actor
    if seat is None:
        raise ValueError("the hand is over: nobody can act")
    actions = state.legal_actions()
    if out_of_turn:
        others = [s for s in range(state.seat_count) if s != seat and legal_actions_of(state, s)]
        if others and rng.random() < 0.25:
            seat = rng.choice(others)
            actions = legal_actions_of(state, seat)
    choice = rng.choice(actions)
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


def play_out(
    state: HandState, rng: random.Random, *, max_actions: int = 10_000, out_of_turn: bool = False
) -> None:
    """Act at random until the hand is over."""
    for _ in range(max_actions):
        if state.is_over:
            return
        random_action(state, rng, out_of_turn=out_of_turn)
    raise RuntimeError(f"the hand did not end within {max_actions} actions")
