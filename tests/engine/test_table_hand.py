"""Settling a hand dealt with real cards: totals or actions in, pots and reasons out,
and ``python -m engine settle`` on the command line."""

from __future__ import annotations

import copy
import doctest
import importlib
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.cli import main
from engine.errors import SettlementError
from engine.table_hand import settle_table_hand_json

ROOT = Path(__file__).resolve().parents[2]
FIVE = ["Anna", "Ben", "Carla", "Dan", "Eva"]

# The Baseball sheet: five players ante 1; after the first betting round 15 are
# in the pot; Anna shows a 3 and pays the pot (15), which makes 30.
BASEBALL_SHEET: dict[str, Any] = {
    "kind": "hand",
    "game": "baseball",
    "dealer": "Eva",
    "ante": 1,
    "players": FIVE,
    "put_in": {"Anna": 18, "Ben": 3, "Carla": 3, "Dan": 3, "Eva": 3},
    "pot_payments": [{"player": "Anna", "amount": 15}],
    "folded": ["Dan", "Eva"],
    "showdown": {"ranking": ["Anna", ["Ben", "Carla"]]},
}
BASEBALL_SHEET_ACTIONS: dict[str, Any] = {
    "game": "baseball",
    "dealer": "Eva",
    "ante": 1,
    "players": [{"name": name, "stack": 40} for name in FIVE],
    "rounds": [
        [{"player": "Anna", "action": "bet", "amount": 2}]
        + [{"player": name, "action": "call"} for name in FIVE[1:]],
        [{"player": "Anna", "action": "pay_pot"}],
        [
            {"player": "Ben", "action": "bet", "amount": 1},
            {"player": "Carla", "action": "call"},
            {"player": "Dan", "action": "fold"},
            {"player": "Eva", "action": "fold"},
            {"player": "Anna", "action": "call"},
        ],
    ],
    "showdown": {"ranking": [["Ben"], ["Anna", "Carla"]]},
}


def settle(data: dict[str, Any]) -> dict[str, Any]:
    return settle_table_hand_json(copy.deepcopy(data))


def player(answer: dict[str, Any], name: str) -> dict[str, Any]:
    return next(p for p in answer["players"] if p["name"] == name)


def reasons(answer: dict[str, Any], name: str) -> list[tuple[int, str]]:
    return [(r["chips"], r["reason"]) for r in player(answer, name)["reasons"]]


def test_docstring_examples_hold() -> None:
    result = doctest.testmod(importlib.import_module("engine.table_hand.settle"))
    assert result.attempted > 0
    assert result.failed == 0


# ---------------------------------------------------------------- Baseball: pay the pot


def test_the_baseball_sheet_pot_payment_makes_thirty() -> None:
    answer = settle(BASEBALL_SHEET)
    assert answer["pot"] == 30
    assert [(p["name"], p["amount"], p["winners"]) for p in answer["pots"]] == [
        ("main pot", 30, ["Anna"])
    ]
    assert reasons(answer, "Anna") == [
        (-1, "anted 1"),
        (-2, "put 2 into the betting"),
        (-15, "paid the pot: 15"),
        (30, "won 30 from the main pot (ranked first by the host)"),
    ]
    assert [player(answer, n)["net"] for n in FIVE] == [12, -3, -3, -3, -3]


def test_paying_the_pot_from_the_actions_pays_what_is_in_the_middle_at_that_moment() -> None:
    answer = settle(BASEBALL_SHEET_ACTIONS)
    anna = player(answer, "Anna")
    assert (-15, "paid the pot: 15") in reasons(answer, "Anna")
    assert anna["put_in"] == 1 + 2 + 15 + 1
    assert answer["pot"] == 30 + 3
    assert player(answer, "Ben")["net"] == 33 - 4
    assert player(answer, "Ben")["stack"] == 40 + 29


def test_a_player_short_of_the_pot_pays_every_chip_and_is_all_in() -> None:
    hand = copy.deepcopy(BASEBALL_SHEET_ACTIONS)
    hand["players"][0]["stack"] = 10  # after ante and bet Anna has 7 left, the pot is 15
    hand["rounds"][2] = [
        {"player": "Ben", "action": "bet", "amount": 5},
        {"player": "Carla", "action": "raise", "amount": 5},
        {"player": "Dan", "action": "fold"},
        {"player": "Eva", "action": "fold"},
        {"player": "Ben", "action": "call"},
    ]
    hand["showdown"] = {"ranking": ["Anna", "Ben", "Carla"]}
    answer = settle(hand)
    anna = player(answer, "Anna")
    assert (-7, "paid the pot: 7") in reasons(answer, "Anna")
    assert (anna["put_in"], anna["all_in"]) == (10, True)
    # Anna wins at most 10 from Ben and from Carla: their last 3 each are a side pot.
    assert [(p["amount"], p["eligible"], p["winners"]) for p in answer["pots"]] == [
        (36, ["Anna", "Ben", "Carla"], ["Anna"]),
        (6, ["Ben", "Carla"], ["Ben"]),
    ]
    assert anna["stack"] == 36


def test_folding_rather_than_paying_the_pot_is_a_fold_with_its_reason() -> None:
    hand = copy.deepcopy(BASEBALL_SHEET)
    hand["pot_payments"].append({"player": "Ben", "amount": "fold"})
    hand["showdown"] = {"ranking": ["Carla", "Anna"]}
    answer = settle(hand)
    assert player(answer, "Ben")["folded"]
    assert (0, "folded rather than pay the pot") in reasons(answer, "Ben")
    assert answer["pots"][0]["winners"] == ["Carla"]


def test_buying_the_walk_goes_into_the_pot_and_nobody_has_to_match_it() -> None:
    hand = copy.deepcopy(BASEBALL_SHEET)
    hand["put_in"]["Carla"] = 5
    hand["walk_purchases"] = [{"player": "Carla", "amount": 2}]
    answer = settle(hand)
    assert answer["pot"] == 32
    assert (-2, "bought the walk: 2") in reasons(answer, "Carla")
    assert player(answer, "Anna")["won"] == 32


# ---------------------------------------------------------------- showdowns


def test_a_split_pot_gives_the_odd_chip_to_the_first_winner_left_of_the_dealer() -> None:
    answer = settle(
        {
            "game": "five-card-draw",
            "dealer": "Ben",
            "players": ["Anna", "Ben", "Carla"],
            "put_in": {"Anna": 3, "Ben": 3, "Carla": 1},
            "folded": ["Carla"],
            "showdown": {"ranking": [["Anna", "Ben"]]},
        }
    )
    (pot,) = answer["pots"]
    assert (pot["amount"], pot["share"], pot["odd_chips"]) == (7, 3, ["Anna"])
    assert reasons(answer, "Anna")[-2:] == [
        (3, "won 3 from the main pot, split with Ben (tied first by the host)"),
        (1, "odd chip of the main pot (seat order from the dealer's left)"),
    ]
    assert player(answer, "Ben")["net"] == 0


def test_cards_are_ranked_with_the_games_wild_cards_and_named_in_the_reasons() -> None:
    hand = copy.deepcopy(BASEBALL_SHEET)
    hand["showdown"] = {
        "cards": {
            "Anna": "Ks Kh 2d 5c 7s 8d Jh",
            "Ben": "As Ad 9c 4h 6s Tc Qd",
            "Carla": "3s 3h 3d 9s 9h 2c 4c",
        }
    }
    answer = settle(hand)
    assert answer["hands"]["Carla"] == "five of a kind, aces"
    assert answer["showdown"] == [["Carla"], ["Ben"], ["Anna"]]
    assert reasons(answer, "Carla")[-1] == (30, "won 30 from the main pot (five of a kind, aces)")


def test_spit_in_the_ocean_needs_the_wild_rank_and_shares_the_spit_card() -> None:
    hand: dict[str, Any] = {
        "game": "spit-in-the-ocean",
        "dealer": "Ben",
        "players": ["Anna", "Ben"],
        "put_in": {"Anna": 4, "Ben": 4},
        "showdown": {"cards": {"Anna": "7s 7d 2c 4h", "Ben": "Ks Kd Qc Jh"}, "shared": "9h"},
    }
    with pytest.raises(SettlementError, match="give the wild rank"):
        settle(hand)
    hand["wild"] = "9"
    answer = settle(hand)
    assert answer["hands"] == {"Anna": "three of a kind, sevens", "Ben": "three of a kind, kings"}


def test_side_pots_go_to_different_winners() -> None:
    answer = settle(
        {
            "game": "seven-card-stud",
            "dealer": "Dan",
            "players": [{"name": "Anna", "stack": 4}, "Ben", "Carla", "Dan"],
            "put_in": {"Anna": 4, "Ben": 10, "Carla": 10, "Dan": 2},
            "folded": ["Dan"],
            "showdown": {"ranking": ["Anna", "Carla", "Ben"]},
        }
    )
    assert [(p["name"], p["amount"], p["winners"]) for p in answer["pots"]] == [
        ("main pot", 14, ["Anna"]),
        ("side pot 1", 12, ["Carla"]),
    ]
    assert player(answer, "Anna")["all_in"]
    assert player(answer, "Anna")["stack"] == 14
    assert reasons(answer, "Carla")[-1] == (
        12,
        "won 12 from side pot 1 (ranked second by the host)",
    )


def test_when_everyone_else_folds_no_showdown_is_needed() -> None:
    answer = settle(
        {
            "game": "baseball",
            "dealer": "Ben",
            "players": ["Anna", "Ben", "Carla"],
            "rounds": [
                [
                    {"player": "Carla", "action": "bet", "amount": 3},
                    {"player": "Anna", "action": "raise", "amount": 2},
                    {"player": "Ben", "action": "fold"},
                    {"player": "Carla", "action": "fold"},
                ]
            ],
        }
    )
    assert reasons(answer, "Anna") == [
        (-1, "anted 1"),
        (-5, "put 5 into the betting"),
        (2, "took back 2: nobody called that much"),
        (9, "won 9 from the main pot: everyone else folded"),
    ]
    assert player(answer, "Anna")["net"] == 5
    assert answer["showdown"] == []


def test_chips_nobody_still_in_covers_go_back_to_the_folded_player_who_paid_them() -> None:
    answer = settle(
        {
            "game": "no-peek-baseball",
            "options": {"pay_or_fold": True},  # a flipped 3 costs the pot only with it
            "dealer": "Carla",
            "players": [{"name": "Anna", "stack": 4}, {"name": "Ben", "stack": 4}, "Carla"],
            "put_in": {"Anna": 4, "Ben": 4, "Carla": 9},
            "pot_payments": [
                {"player": "Carla", "amount": 5},
                {"player": "Carla", "amount": "fold"},
            ],
            "showdown": {"ranking": ["Ben", "Anna"]},
        }
    )
    assert (5, "took back 5: nobody still in could win those chips") in reasons(answer, "Carla")
    assert player(answer, "Ben")["won"] == 12


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"put_in": {"Anna": 18, "Ben": -3, "Carla": 3, "Dan": 3, "Eva": 3}}, "Ben put in -3"),
        (
            {"put_in": {"Anna": 18, "Ben": 3, "Carla": 2, "Dan": 3, "Eva": 3}},
            "^Carla put in 2 but the call is 3: mark Carla folded or all-in$",
        ),
        ({"folded": ["Dan", "Erik"]}, "there is no player 'Erik'"),
        ({"dealer": "Zoe"}, "the dealer: there is no player 'Zoe'"),
        ({"put_in": {"Anna": 18, "Ben": 3, "Carla": 3, "Dan": 3}}, "no amount for Eva"),
        ({"pot": 31}, "the pot is 31 but the players put in 30"),
        ({"put_in": {"Anna": 10, "Ben": 3, "Carla": 3, "Dan": 3, "Eva": 3}}, "less than the"),
        ({"all_in": ["Dan"]}, "Dan cannot be both folded and all-in"),
        ({"showdown": None}, "Anna, Ben and Carla are still in: enter the showdown"),
        ({"showdown": {"ranking": ["Anna", "Ben"]}}, "leaves out Carla, who is still in"),
        ({"showdown": {"ranking": ["Anna", "Ben", "Carla", "Dan"]}}, "Dan folded: leave Dan out"),
        ({"rounds": []}, "either what each player put in altogether"),
        ({"colour": "red"}, "unknown field 'colour'"),
        ({"ante": -1}, "the ante is -1: it cannot be negative"),
        ({"ante": "one"}, "the ante must be a whole number of chips"),
        ({"players": ["Anna", "Anna"]}, "two players are called Anna"),
        ({"showdown": {"cards": {"Anna": "Xs Kd", "Ben": "2c", "Carla": "3c"}}}, "Anna's cards"),
    ],
)
def test_bad_input_is_refused_with_a_message_naming_the_problem(
    change: dict[str, Any], message: str
) -> None:
    hand = {**copy.deepcopy(BASEBALL_SHEET), **change}
    with pytest.raises(SettlementError, match=message):
        settle(hand)


def test_contributions_above_a_known_stack_are_refused() -> None:
    hand = copy.deepcopy(BASEBALL_SHEET)
    hand["players"] = [{"name": "Anna", "stack": 12}, *FIVE[1:]]
    with pytest.raises(SettlementError, match=r"^Anna put in 18 but had only 12$"):
        settle(hand)


def test_an_all_in_player_who_kept_chips_is_refused() -> None:
    hand = copy.deepcopy(BASEBALL_SHEET)
    hand["players"] = [*FIVE[:2], {"name": "Carla", "stack": 20}, *FIVE[3:]]
    hand["all_in"] = ["Carla"]
    with pytest.raises(SettlementError, match="Carla is marked all-in but put in 3 of 20 chips"):
        settle(hand)


@pytest.mark.parametrize(
    ("round_", "message"),
    [
        (
            [
                {"player": "Anna", "action": "bet", "amount": 2},
                {"player": "Ben", "action": "check"},
            ],
            "^round 1: Ben cannot check: the bet is 2$",
        ),
        (
            [{"player": "Anna", "action": "fold"}, {"player": "Anna", "action": "call"}],
            "Anna cannot call: Anna has folded",
        ),
        ([{"player": "Anna", "action": "raise", "amount": 2}], "Anna raises but nobody has bet"),
        ([{"player": "Anna", "action": "shove"}], "unknown action 'shove'"),
        ([{"player": "Anna", "action": "all_in"}], "Anna's stack is unknown"),
        ([{"player": "Anna", "action": "bet"}], "Anna's bet needs an amount"),
        (
            [{"player": "Anna", "action": "pay_pot", "amount": 9}],
            "Anna paid 9 but the pot was only 5",
        ),
    ],
)
def test_impossible_actions_are_refused_with_the_round_named(
    round_: list[dict[str, Any]], message: str
) -> None:
    hand = {
        "game": "baseball",
        "dealer": "Eva",
        "players": FIVE,
        "rounds": [round_],
        "showdown": {"ranking": [FIVE]},
    }
    with pytest.raises(SettlementError, match=message):
        settle(hand)


def test_a_call_for_less_records_an_all_in_when_the_stack_is_unknown() -> None:
    answer = settle(
        {
            "game": "five-card-draw",
            "dealer": "Carla",
            "players": ["Anna", "Ben", "Carla"],
            "rounds": [
                [
                    {"player": "Anna", "action": "bet", "amount": 5},
                    {"player": "Ben", "action": "call", "amount": 2},
                    {"player": "Carla", "action": "call"},
                ]
            ],
            "showdown": {"ranking": ["Ben", "Carla", "Anna"]},
        }
    )
    assert player(answer, "Ben")["all_in"]
    assert [(p["amount"], p["winners"]) for p in answer["pots"]] == [(9, ["Ben"]), (6, ["Carla"])]


def test_a_bet_beyond_the_stack_in_the_actions_is_refused() -> None:
    hand = copy.deepcopy(BASEBALL_SHEET_ACTIONS)
    hand["players"][0]["stack"] = 2
    with pytest.raises(
        SettlementError, match=r"^round 1: Anna would put in 2 but has only 1 left$"
    ):
        settle(hand)


# ---------------------------------------------------------------- the command line


def run_cli(
    stdin: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(["settle"])
    out, err = capsys.readouterr()
    return status, out, err


def test_settle_prints_the_settlement_as_json(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run_cli(json.dumps(BASEBALL_SHEET), monkeypatch, capsys)
    assert (status, err) == (0, "")
    assert json.loads(out) == settle(BASEBALL_SHEET)


@pytest.mark.parametrize(
    ("stdin", "message"),
    [
        ("{", "the input is not JSON"),
        ("[1, 2]", "must be one JSON object"),
        (json.dumps({**BASEBALL_SHEET, "kind": "roulette"}), "unknown kind 'roulette'"),
        (
            json.dumps({**BASEBALL_SHEET, "put_in": {**BASEBALL_SHEET["put_in"], "Ben": -1}}),
            "Ben put in -1",
        ),
        (
            json.dumps({**BASEBALL_SHEET, "put_in": {**BASEBALL_SHEET["put_in"], "Ben": 2}}),
            "Ben put in 2 but the call is 3: mark Ben folded or all-in",
        ),
        (json.dumps({**BASEBALL_SHEET, "folded": ["Bob"]}), "there is no player 'Bob'"),
        (json.dumps({**BASEBALL_SHEET, "pot": 29}), "the pot is 29 but the players put in 30"),
    ],
)
def test_bad_input_exits_with_status_2_and_a_message(
    stdin: str, message: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run_cli(stdin, monkeypatch, capsys)
    assert (status, out) == (2, "")
    assert message in err
    assert "Traceback" not in err


def test_a_guts_deal_goes_to_the_guts_settlement(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seen: list[dict[str, Any]] = []

    def fake(data: dict[str, Any]) -> dict[str, Any]:
        seen.append(data)
        return {"kind": "guts", "ok": True}

    import engine.games.families.guts.json_io

    monkeypatch.setattr(engine.games.families.guts.json_io, "settle_guts_json", fake)
    status, out, _ = run_cli(json.dumps({"kind": "guts", "x": 1}), monkeypatch, capsys)
    assert (status, json.loads(out), seen) == (
        0,
        {"kind": "guts", "ok": True},
        [{"kind": "guts", "x": 1}],
    )


def test_a_kind_whose_module_is_missing_exits_with_status_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from engine.cli import settle as settle_cli

    monkeypatch.setitem(settle_cli._SETTLERS, "shelby", ("engine.no_such_module", "settle"))
    status, _, err = run_cli('{"kind": "shelby"}', monkeypatch, capsys)
    assert status == 2
    assert "settling a shelby deal is not available" in err


def test_python_m_engine_settle_runs_as_a_program() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "engine", "settle"],
        input=json.dumps(BASEBALL_SHEET),
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["pot"] == 30
    bad = subprocess.run(
        [sys.executable, "-m", "engine", "settle"],
        input='{"game": "baseball"}',
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        check=False,
    )
    assert bad.returncode == 2
    assert bad.stderr.startswith("settle: list at least two players")
