"""``python -m engine rank``: hands as arguments or on standard input, text or JSON."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.cards import format_cards, parse_cards
from engine.hands.evaluate import evaluate

ROOT = Path(__file__).resolve().parents[2]
JSON_KEYS = {"cards", "category", "name", "strength", "best"}
CATEGORY_KEYS = [
    "five_of_a_kind",
    "straight_flush",
    "four_of_a_kind",
    "full_house",
    "flush",
    "straight",
    "three_of_a_kind",
    "two_pair",
    "pair",
    "high_card",
]


def rank(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", "rank", *args],
        input=stdin if stdin is not None else "",
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        timeout=600,
        check=False,
    )


def json_lines(result: subprocess.CompletedProcess[str]) -> list[dict[str, Any]]:
    return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


def test_hands_given_as_arguments_are_ranked_in_order() -> None:
    result = rank("As Ks Qs Js Ts", "7h 7d 2c", "K♠ K♥ K♦ K♣ 2♠")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 3
    assert "royal flush" in lines[0]
    assert "sevens" in lines[1]
    assert "four of a kind, kings" in lines[2]
    assert result.stderr == ""


def test_hands_on_stdin_are_ranked_one_a_line() -> None:
    result = rank(stdin="As Ks Qs Js Ts\n\n7h 7d 2c\nK♠ K♥ K♦ K♣ 2♠\n")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 3
    assert "royal flush" in lines[0]
    assert "four of a kind, kings" in lines[2]


def test_json_output_has_exactly_the_agreed_keys() -> None:
    result = rank("--json", "K♠ K♥ 9♣ 3♦ B♥ 5♠ 8♣", "--game", "baseball")
    assert result.returncode == 0, result.stderr
    (row,) = json_lines(result)
    assert set(row) == JSON_KEYS
    assert row["category"] == "four_of_a_kind"
    assert row["name"] == "four of a kind, kings"
    assert isinstance(row["strength"], int)
    assert row["cards"] == ["Ks", "Kh", "9c", "3d", "Jh", "5s", "8c"]
    assert len(row["best"]) == 5
    # The wilds are shown as the kings they stand for.
    assert sorted(row["best"]) == sorted(["Ks", "Kh", "Kd", "Kc", "Jh"])


def test_json_strength_matches_the_library() -> None:
    hands = ["As Ks Qs Js Ts", "7h 7d 2c", "2c 3d 4h 5s 7c"]
    result = rank("--json", *hands)
    for hand, row in zip(hands, json_lines(result), strict=True):
        assert row["strength"] == evaluate(parse_cards(hand)).strength


def test_json_category_names_are_spelled_as_agreed() -> None:
    by_category = {
        "five_of_a_kind": "8s 8h 8d 3c 3s",
        "straight_flush": "9h 8h 7h 6h 5h",
        "four_of_a_kind": "7s 7h 7d 7c Ks",
        "full_house": "Qs Qh Qd 4c 4s",
        "flush": "Kd Jd 8d 5d 2d",
        "straight": "Ts 9h 8d 7c 6s",
        "three_of_a_kind": "5s 5h 5d Kc 2s",
        "two_pair": "Js Jh 4d 4c As",
        "pair": "Ts Th Ad 7c 4s",
        "high_card": "As Jh 8d 6c 2s",
    }
    assert list(by_category) == CATEGORY_KEYS
    result = rank("--json", "--wild", "3", *by_category.values())
    assert result.returncode == 0, result.stderr
    rows = json_lines(result)
    assert [row["category"] for row in rows] == CATEGORY_KEYS
    assert all(set(row) == JSON_KEYS for row in rows)
    strengths = [row["strength"] for row in rows]
    assert strengths == sorted(strengths, reverse=True)


def test_game_baseball_makes_threes_and_nines_wild() -> None:
    result = rank("--json", "--game", "baseball", "8♠ 8♥ 8♦ 9♣ 3♠", "8♠ 8♥ 8♦ 10♣ 4♠")
    assert result.returncode == 0, result.stderr
    five, trips = json_lines(result)
    assert five["category"] == "five_of_a_kind"
    assert five["name"] == "five of a kind, eights"
    assert trips["category"] == "three_of_a_kind"
    plain = json_lines(rank("--json", "8♠ 8♥ 8♦ 9♣ 3♠"))[0]
    assert plain["category"] == "three_of_a_kind"


def test_the_sheets_hands_with_bare_ranks() -> None:
    # baseball.de.txt writes hands without suits: K K 9 3 B 5 8 against D D D 4 7 A 2 B.
    result = rank("--json", "--game", "baseball", "K K 9 3 B 5 8", "D D D 4 7 A 2 B")
    assert result.returncode == 0, result.stderr
    anna, ben = json_lines(result)
    assert anna["category"] == "four_of_a_kind"
    assert ben["category"] == "three_of_a_kind"
    assert anna["strength"] > ben["strength"]


def test_wild_option_makes_a_rank_wild() -> None:
    # Spit in the Ocean with the 6♦ in the middle.
    result = rank("--json", "--wild", "6", "D♣ D♥ 6♣ 4♠ 6♦", "K♠ B♠ 9♠ 7♠ 6♦")
    assert result.returncode == 0, result.stderr
    carla, anna = json_lines(result)
    assert carla["category"] == "four_of_a_kind"
    assert anna["category"] == "flush"
    assert "As" in anna["best"]
    assert carla["strength"] > anna["strength"]
    spit = rank("--json", "--game", "spit-in-the-ocean", "--wild", "6", "K♠ B♠ 9♠ 7♠ 6♦")
    same = json_lines(spit)
    assert same[0]["strength"] == anna["strength"]


def test_german_names() -> None:
    result = rank("--lang", "de", "--game", "baseball", "K♠ K♥ 9♣ 3♦ B♥ 5♠ 8♣")
    assert result.returncode == 0, result.stderr
    assert "Vierling, Könige" in result.stdout


@pytest.mark.parametrize(
    ("bad", "token"), [("Xx Kh", "Xx"), ("As Kh As", "As"), ("Ah 10h Th", "Th")]
)
def test_a_bad_hand_is_named_on_stderr_and_the_others_are_still_answered(
    bad: str, token: str
) -> None:
    good = ["As Ks Qs Js Ts", "7h 7d 2c"]
    result = rank(stdin=f"{good[0]}\n{bad}\n{good[1]}\n")
    assert result.returncode == 2
    lines = result.stdout.splitlines()
    assert len(lines) == 2
    assert "royal flush" in lines[0]
    assert "sevens" in lines[1]
    assert bad in result.stderr
    assert token in result.stderr
    assert "Traceback" not in result.stderr


def test_a_bad_hand_as_an_argument_exits_2() -> None:
    result = rank("--json", "Xx Kh", "7h 7d 2c")
    assert result.returncode == 2
    assert "Xx Kh" in result.stderr
    (row,) = json_lines(result)
    assert row["category"] == "pair"


def test_a_bad_option_combination_exits_2_with_a_message() -> None:
    result = rank("--wild", "Z", "As")
    assert result.returncode == 2
    assert "Z" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_hundred_thousand_lines_on_stdin() -> None:
    rng = random.Random(100_000)
    hands = [format_cards(rng.sample(range(52), 7)) for _ in range(100_000)]
    result = rank("--json", "--game", "baseball", stdin="\n".join(hands) + "\n")
    assert result.returncode == 0, result.stderr[:2000]
    lines = result.stdout.splitlines()
    assert len(lines) == 100_000
    first, last = json.loads(lines[0]), json.loads(lines[-1])
    assert first["cards"] == hands[0].split()
    assert last["cards"] == hands[-1].split()
