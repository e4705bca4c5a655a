"""Shelby and Psycho Shelby with random house options: 1,000 seeded deals each, chained.

Deals follow each other as a night does: each starts from the stacks, pot and
Shelby markers the one before left (a short stack rebuys). Each deal ends;
stacks + pot never change (the carried pot stays outside the stacks); no card
is dealt twice; the table view never shows a face-down card, and a choice only
once the whole round has decided; a deal saved to JSON at a random point and
restored continues exactly like the original.
"""

from __future__ import annotations

import json
import random

import pytest
from game_replay import play_checking_replay
from helpers.profiles import examples

from engine.cards import ALL_CARDS
from engine.games import EventKind, HandState, make_rules, table_view
from engine.games.steps.shelby import marks_of

# In CI; the hypothesis profile scales it (tests/helpers/profiles.py).
DEALS = examples(1000)
SERIES = 20  # deals in a row that carry the pot and the Shelbys on
ROUNDS = {"shelby": 4, "psycho-shelby": 3}


def _options(game: str, rng: random.Random) -> dict[str, object]:
    options: dict[str, object] = {"ante": rng.choice([1, 1, 2])}
    if game == "shelby":
        options["limit"] = rng.choice([None, 1, 5, 20])
    else:
        options["extra_card_price"] = rng.choice([None, 0, 1, 5])
        options["flushes_count"] = rng.random() < 0.5
    return options


def _pot(state: HandState) -> int:
    return int(state.carry_out["pot"])


def _check(state: HandState, total: int) -> None:
    assert sum(state.stacks) + state.pot + _pot(state) == total
    assert state.pot == 0  # every chip a round moves goes straight to the Shelby pot
    assert all(stack >= 0 for stack in state.stacks)
    assert all(0 < n < 3 for n in marks_of(state.carry_out).values())
    held = [card for cards in state.cards for card, _ in cards]
    assert len(set(held)) == len(held) == 52 - len(state.deck)
    view = table_view(state)
    text = json.dumps(view["players"])
    for cards in state.cards:
        assert not any(f'"{ALL_CARDS[card]}"' in text for card, _ in cards)
    assert all(e["card"] is None for e in view["log"] if e["kind"] == "deal")
    reveals = sum(1 for e in view["log"] if e["kind"] == "reveal")
    assert reveals % state.seat_count == 0  # whole rounds only
    assert all(e["text"] == "declared" for e in view["log"] if e["kind"] == "declare")


@pytest.mark.parametrize("game", sorted(ROUNDS))
def test_random_shelby_deals_keep_every_invariant(game: str) -> None:
    for series in range(DEALS // SERIES):
        rng = random.Random(series)
        options = _options(game, rng)
        rules = make_rules(game, options)
        ante = int(str(options["ante"]))
        players = rng.randint(rules.min_players, rules.max_players)
        # Enough for every ante a deal may ask (a new game, each round, the redeal).
        least = ante * (ROUNDS[game] + 2) if ante > 1 else 1
        stacks = [rng.choice([least, least + 3, 20, 100]) for _ in range(players)]
        carry: dict[str, int] = {"pot": 0}
        for number in range(SERIES):
            stacks = [s if s >= least else 30 for s in stacks]  # a short stack rebuys
            state = HandState.start(
                rules,
                names=[f"P{seat}" for seat in range(players)],
                stacks=stacks,
                dealer=number % players,
                rng=rng,
                carry=carry,
            )
            total = sum(stacks) + carry["pot"]
            play_checking_replay(
                state,
                rng,
                save_at=rng.randrange(4 * players),
                max_steps=200,
                check=lambda hand, total=total: _check(hand, total),
            )
            dealt = [e.card for e in state.history if e.kind is EventKind.DEAL]
            assert len(set(dealt)) == len(dealt)
            stacks, carry = state.stacks, dict(state.carry_out)
