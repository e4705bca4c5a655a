"""Sequence played high/low with declaration, recorded at the table (``engine settle``).

The English sheet (stud-home-variants.en.txt), Sequence: "At the showdown, the
high hand wins the pot. Alternatively, the game can be played high/low with
declaration." Ruling 16 and :mod:`engine.chips.hi_lo`: each player still in
declares high, low or both; a side's half goes to the best hand among those who
declared it, and a player who declared both must win or tie both ways, or gets
nothing from that pot.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.errors import SettlementError
from engine.table_hand import settle_table_hand_json

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ["Anna", "Ben", "Carla"]
# Anna a royal flush and a J-10 low; Ben aces full; Carla a 7-5 low and no pair.
CARDS = {
    "Anna": "Ah Kh Qh Jh Th 2c 3c",
    "Ben": "As Ad Ac Kd Ks 9h 8h",
    "Carla": "2d 3d 4s 5c 7h Qs Jd",
}


def _hand(**fields: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "game": "sequence",
        "dealer": "Carla",
        "players": PLAYERS,
        "put_in": {"Anna": 10, "Ben": 10, "Carla": 10},
        "options": {"high_low": True},
        "showdown": {"cards": CARDS},
    }
    return {**data, **fields}


def _nets(answer: dict[str, Any]) -> dict[str, int]:
    return {p["name"]: p["net"] for p in answer["players"]}


def test_both_who_loses_the_low_gets_nothing_and_the_others_split() -> None:
    """ "A player who declared both must win, or tie, both ways ... or gets nothing":
    Anna's royal flush declared both, Carla's 7-5 low beats her J-10 low."""
    answer = settle_table_hand_json(_hand(declare={"Anna": "both", "Ben": "high", "Carla": "low"}))
    assert _nets(answer) == {"Anna": -10, "Ben": 5, "Carla": 5}
    assert [(p["half"], p["winners"], p["amount"]) for p in answer["pots"]] == [
        ("high", ["Ben"], 15),
        ("low", ["Carla"], 15),
    ]
    assert answer["forfeited"] == {"main pot": ["Anna"]}
    assert answer["declare"] == {"Anna": "both", "Ben": "high", "Carla": "low"}
    reasons = [r["reason"] for r in answer["players"][0]["reasons"]]
    assert "declared both but did not win both ways: nothing from the main pot" in reasons


def test_both_who_wins_both_ways_scoops_the_pot() -> None:
    """Carla declares high: Anna's J-10 low is then the only low, and her flush the
    best high among those who declared high: she takes the whole pot."""
    answer = settle_table_hand_json(_hand(declare={"Anna": "both", "Ben": "high", "Carla": "high"}))
    assert _nets(answer) == {"Anna": 20, "Ben": -10, "Carla": -10}
    assert "forfeited" not in answer


def test_each_side_goes_to_the_best_hand_among_those_who_declared_it() -> None:
    """Undeclared, Anna's royal flush would win the high; declared low, she competes
    only for the low, which Carla's 7-5 wins: Ben's aces full take the high."""
    answer = settle_table_hand_json(_hand(declare={"Anna": "low", "Ben": "high", "Carla": "low"}))
    assert _nets(answer) == {"Anna": -10, "Ben": 5, "Carla": 5}


def test_the_wild_rank_given_counts_in_the_low_as_the_lowest_rank_missing() -> None:
    """The wild rank in force at the showdown comes with the hand (``wild``); in a low a
    wild card plays as the lowest rank the hand lacks (engine.hands.wild_low): with 7s
    wild Carla's 7 is the ace her 2-3-4-5 lack, the best low there is."""
    answer = settle_table_hand_json(
        _hand(declare={"Anna": "high", "Ben": "high", "Carla": "low"}, wild="7")
    )
    assert answer["lows"]["Carla"] == "5-4-3-2-A low"
    assert _nets(answer) == {"Anna": 5, "Ben": -10, "Carla": 5}


def test_a_player_who_shows_without_declaring_is_refused_by_name() -> None:
    with pytest.raises(SettlementError) as refused:
        settle_table_hand_json(_hand(declare={"Anna": "both", "Ben": "high"}))
    assert refused.value.code == "declared_nothing"
    assert refused.value.params["names"] == ("Carla",)
    assert "Carla showed cards but declared nothing" in str(refused.value)


def test_no_declarations_at_all_are_refused() -> None:
    with pytest.raises(SettlementError, match="Anna, Ben and Carla showed cards"):
        settle_table_hand_json(_hand())


def test_a_declaration_other_than_high_low_or_both_is_refused() -> None:
    with pytest.raises(SettlementError, match="Ben declared 'middle'"):
        settle_table_hand_json(_hand(declare={"Anna": "both", "Ben": "middle", "Carla": "low"}))


def test_a_folded_players_declaration_is_refused() -> None:
    data = _hand(
        put_in={"Anna": 10, "Ben": 10, "Carla": 2},
        folded=["Carla"],
        declare={"Anna": "both", "Ben": "high", "Carla": "low"},
        showdown={"cards": {"Anna": CARDS["Anna"], "Ben": CARDS["Ben"]}},
    )
    with pytest.raises(SettlementError, match="Carla folded: leave Carla's declaration out"):
        settle_table_hand_json(data)


def test_declarations_without_the_high_low_option_are_refused() -> None:
    data = _hand(options={}, declare={"Anna": "both", "Ben": "high", "Carla": "low"})
    with pytest.raises(SettlementError) as refused:
        settle_table_hand_json(data)
    assert refused.value.code == "declare_not_in_game"


def test_a_host_ranking_cannot_settle_a_declared_hand() -> None:
    data = _hand(
        declare={"Anna": "both", "Ben": "high", "Carla": "low"},
        showdown={"ranking": ["Anna", "Ben", "Carla"]},
    )
    with pytest.raises(SettlementError) as refused:
        settle_table_hand_json(data)
    assert refused.value.code == "declare_needs_cards"


def test_without_the_option_sequence_still_pays_the_high_hand() -> None:
    """ "At the showdown, the high hand wins the pot.\""""
    answer = settle_table_hand_json(_hand(options={}))
    assert _nets(answer) == {"Anna": 20, "Ben": -10, "Carla": -10}


def test_a_hand_everyone_folded_to_needs_no_declaration() -> None:
    data = _hand(put_in={"Anna": 3, "Ben": 1, "Carla": 1}, folded=["Ben", "Carla"])
    del data["showdown"]
    assert _nets(settle_table_hand_json(data)) == {"Anna": 2, "Ben": -1, "Carla": -1}


def test_the_help_example_settles_as_it_says() -> None:
    """``python -m engine settle --help`` shows a declared Sequence hand: it runs."""
    env = {"PYTHONPATH": str(ROOT)}
    shown = subprocess.run(
        [sys.executable, "-m", "engine", "settle", "--help"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env=env,
    ).stdout
    example = shown.split("example (Sequence")[1]
    text = re.search(r"echo '(.*?)' \| python", example, re.S)
    assert text is not None
    answer = subprocess.run(
        [sys.executable, "-m", "engine", "settle"],
        input=text.group(1),
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env=env,
    ).stdout
    assert _nets(json.loads(answer)) == {"Anna": -10, "Ben": 5, "Carla": 5}


def test_the_command_line_refuses_a_missing_declaration_with_status_2() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "engine", "settle"],
        input=json.dumps(_hand(declare={"Anna": "both"})),
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 2
    assert "Ben and Carla showed cards but declared nothing" in done.stderr
