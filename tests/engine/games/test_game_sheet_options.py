"""The rule sheets' options that issue 13 found missing, one test (or a few) each.

Each test quotes the sheet or ruling it reproduces; random hands with the
options on run in the per-game invariant runs (test_game_random_hands.py and
its siblings).
"""

from __future__ import annotations

import random

import pytest

from engine.cards import Deck, parse_cards
from engine.errors import SettlementError
from engine.games import ActionName, EventKind, HandState, make_rules
from engine.games.families.shelby.json_io import settle_shelby_json

# ---------------------------------------------------------------- 1. Psycho Shelby low flushes

# Ben deals to Anna and himself: round 1 Anna 2♥ 3♥ K♣, Ben 4♠ 5♦ B♦; round 2
# Anna A♥ D♠, Ben 6♣ 9♠. Anna's best low three are A♥ 2♥ 3♥, a flush.
_LOW_FLUSH_DEAL = parse_cards("2♥ 4♠ 3♥ 5♦ K♣ B♦ A♥ 6♣ D♠ 9♠")


def _psycho_round_two(options: dict[str, object]) -> list[tuple[int, int, str]]:
    state = HandState.start(
        make_rules("psycho-shelby", options),
        names=["Anna", "Ben"],
        stacks=[50, 50],
        dealer=1,
        deck=Deck(random.Random(0), stacked=_LOW_FLUSH_DEAL),
        carry={"pot": 0},
    )
    for seat in (0, 1):
        state.act(ActionName.DROP, seat=seat)
    start = len(state.history)
    for seat in (0, 1):
        state.act(ActionName.HOLD, seat=seat)
    return [(e.seat, e.chips, e.text) for e in state.history[start:] if e.kind is EventKind.SETTLE]


def test_psycho_shelby_round_two_flushes_count_against_you_as_an_option() -> None:
    """RULINGS 6: "Low (Psycho Shelby round 2): ace-to-five: aces low, pairs count
    against you, straights and flushes ignored *(option: flushes count against you)*;
    3-2-A is best."

    Anna's 3-2-A of hearts is the best low; with the option it is a flush, so her
    best low is Q-2-A and Ben's 6-5-4 wins.
    """
    assert _psycho_round_two({})[-1] == (1, 4, "Ben → Anna: loses a round")
    assert _psycho_round_two({"flushes_count": True})[-1] == (0, 4, "Anna → Ben: loses a round")


def _shelby_json(options: dict[str, object]) -> dict[str, object]:
    return settle_shelby_json(
        {
            "kind": "shelby",
            "players": [{"name": "Anna", "stack": 40}, {"name": "Ben", "stack": 40}],
            "dealer": "Ben",
            "pot": 4,
            "round": 2,
            "options": {"variant": "psycho", **options},
            "hold": ["Anna", "Ben"],
            "showdown": {"cards": {"Anna": "A♥ 2♥ 3♥ K♣ D♠", "Ben": "4♠ 5♦ 6♣ B♦ 9♠"}},
        }
    )


def test_engine_settle_counts_psycho_shelby_low_flushes_when_asked() -> None:
    """RULINGS 6 *(option: flushes count against you)*, in ``engine settle``'s Shelby JSON."""
    assert _shelby_json({})["receives"] == {"Anna": 4}
    assert _shelby_json({"flushes_count": True})["receives"] == {"Ben": 4}


def test_low_flushes_are_psycho_shelby_only() -> None:
    with pytest.raises(SettlementError, match="no low round"):
        settle_shelby_json(
            {
                "kind": "shelby",
                "players": [{"name": "Anna", "stack": 40}, {"name": "Ben", "stack": 40}],
                "dealer": "Ben",
                "pot": 4,
                "options": {"flushes_count": True},
                "hold": [],
            }
        )
