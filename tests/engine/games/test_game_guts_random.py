"""Guts with random house options, 1,000 seeded deals at random, pot and reserve carried.

Each deal ends; stacks + pot + reserve never change (the carried chips stay
outside the stacks until the deal is settled); no card is dealt twice (the
ghost hand included); the table view never shows a face-down card before the
showdown, nor a declaration before all are in; a deal saved to JSON at a
random point and restored continues exactly like the original.
"""

from __future__ import annotations

import json
import random

from game_replay import play_checking_replay
from helpers.profiles import examples

from engine.cards import ALL_CARDS
from engine.games import EventKind, HandState, make_rules, table_view

# In CI; the hypothesis profile scales it (tests/helpers/profiles.py).
DEALS = examples(1000)
SERIES = 10  # deals in a row that carry pot and reserve on


def _game(rng: random.Random) -> tuple[str, dict[str, object]]:
    """Two-card Guts, or three-card Guts with its orders of straights and flushes."""
    options: dict[str, object] = {
        "limit": rng.choice([None, 1, 10, 50]),
        "ante": rng.choice([1, 1, 2]),
        "declare": rng.choice(["at_once", "in_turn", "drop"]),
        "one_loser_pays": rng.random() < 0.3,
        "no_split": rng.random() < 0.3,
        "ghost_hand": rng.random() < 0.3,
    }
    if rng.random() >= 0.3:
        return "guts", options
    orders = {
        "straight_flush_over_trips": rng.random() < 0.5,
        "flush_over_straight": rng.random() < 0.5,
    }
    return "guts3", {**options, **orders}


def _carried(state: HandState) -> int:
    carry = state.carry_out if state.is_over else state.carry
    return int(carry["pot"]) + int(carry["reserve"])


def _check(state: HandState, total: int) -> None:
    assert sum(state.stacks) + state.pot + _carried(state) == total
    assert all(stack >= 0 for stack in state.stacks)
    held = [card for cards in state.cards for card, _ in cards]
    held += state.table + state.set_aside
    assert len(set(held)) == len(held) == 52 - len(state.deck)
    view = table_view(state)
    text = json.dumps(view["players"])
    for seat, cards in enumerate(state.cards):
        if seat not in state.shown:
            assert not any(f'"{ALL_CARDS[card]}"' in text for card, _ in cards)
    if not state.is_over:
        assert not view["table"]
        assert all(
            e["text"] in ("declared", "in", "out") for e in view["log"] if e["kind"] == "declare"
        )
        assert not any(e["kind"] == "reveal" for e in view["log"])


def test_random_guts_deals_keep_every_invariant() -> None:
    for series in range(DEALS // SERIES):
        rng = random.Random(series)
        rules = make_rules(*_game(rng))
        players = rng.randint(2, 10)
        stacks = [rng.choice([1, 5, 20, 100]) for _ in range(players)]
        carry = {"pot": 0, "reserve": 0}
        for number in range(SERIES):
            stacks = [s if s >= 5 else 20 for s in stacks]  # a short stack rebuys
            state = HandState.start(
                rules,
                names=[f"P{seat}" for seat in range(players)],
                stacks=stacks,
                dealer=number % players,
                rng=rng,
                carry=carry,
            )
            total = sum(stacks) + carry["pot"] + carry["reserve"]
            play_checking_replay(
                state,
                rng,
                save_at=rng.randrange(players + 1),
                max_steps=100,
                check=lambda hand, total=total: _check(hand, total),
            )
            dealt = [e.card for e in state.history if e.kind is EventKind.DEAL]
            assert len(set(dealt)) == len(dealt)
            stacks, carry = state.stacks, state.carry_out
