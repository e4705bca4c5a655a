"""Texas Hold'em and Omaha hands recorded at the table: the board, and hi/lo splits.

The JSON of ``python -m engine settle`` gives the board once (``"board"``); it
counts for every hand shown. Omaha high/low halves every pot between the best
high and the best eight-or-better low, the odd chip to the high half.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import SettlementError
from engine.table_hand import settle_table_hand
from engine.table_hand.json_io import read_table_hand, settlement_to_json

PLAYERS = [{"name": n} for n in ("Anna", "Ben", "Carla", "Dan")]


def _hand(game: str, **fields: Any) -> dict[str, Any]:
    return {"kind": "hand", "game": game, "dealer": "Dan", "players": PLAYERS, **fields}


def _settle(data: dict[str, Any]) -> dict[str, Any]:
    return settlement_to_json(settle_table_hand(read_table_hand(data)))


def test_omaha_hi_lo_splits_the_main_and_the_side_pot() -> None:
    # engine.chips.hi_lo's worked example, as a host records it.
    answer = _settle(
        _hand(
            "omaha-hi-lo",
            put_in={"Anna": 25, "Ben": 10, "Carla": 25, "Dan": 25},
            all_in=["Ben"],
            board="Ks Qs 8s 6s 2s",
            showdown={
                "cards": {
                    "Anna": "As Js 9d 9c",
                    "Ben": "Ac 3d Kd Jh",
                    "Carla": "4c 7d Kh Td",
                    "Dan": "Qd Qh 9h Tc",
                }
            },
        )
    )
    assert [p["net"] for p in answer["players"]] == [18, 10, -3, -25]
    assert [(p["name"], p["amount"], p["winners"]) for p in answer["pots"]] == [
        ("main pot", 20, ["Anna"]),
        ("main pot", 20, ["Ben"]),
        ("side pot 1", 23, ["Anna"]),
        ("side pot 1", 22, ["Carla"]),
    ]
    assert answer["lows"] == {"Ben": "8-6-3-2-A low", "Carla": "8-7-6-4-2 low"}
    assert [p["half"] for p in answer["pots"]] == ["high", "low", "high", "low"]
    anna, ben = answer["players"][0]["reasons"], answer["players"][1]["reasons"]
    assert anna[-2]["reason"] == "won 20 from the high half of the main pot (flush, ace high)"
    assert ben[-1]["reason"] == "won 20 from the low half of the main pot (8-6-3-2-A low)"


def test_omaha_hi_lo_without_a_low_the_high_takes_the_pot() -> None:
    answer = _settle(
        _hand(
            "omaha-hi-lo",
            put_in={"Anna": 5, "Ben": 5, "Carla": 1, "Dan": 1},
            folded=["Carla", "Dan"],
            board=["Ks", "Qs", "Js", "9d", "8c"],
            showdown={"cards": {"Anna": "Kh Kd 5c 6c", "Ben": "Ah 2h 3c 4d"}},
        )
    )
    assert [p["net"] for p in answer["players"]] == [7, -5, -1, -1]
    assert answer["players"][0]["reasons"][-1]["reason"] == (
        "won 12 from the main pot (three of a kind, kings)"
    )


def test_holdem_the_board_counts_for_every_hand() -> None:
    answer = _settle(
        _hand(
            "texas-holdem",
            put_in={"Anna": 4, "Ben": 4, "Carla": 1, "Dan": 1},
            folded=["Carla", "Dan"],
            board="Qh Jh 2s 7h 3c",
            showdown={"cards": {"Anna": "Ah Kh", "Ben": "Qc Qd"}},
        )
    )
    assert answer["hands"] == {"Anna": "flush, ace high", "Ben": "three of a kind, queens"}
    assert [p["net"] for p in answer["players"]] == [6, -4, -1, -1]


def test_a_board_of_four_cards_is_refused() -> None:
    data = _hand(
        "omaha",
        put_in={"Anna": 1, "Ben": 1, "Carla": 1, "Dan": 1},
        folded=["Carla", "Dan"],
        board="Qh Jh 2s 7h",
        showdown={"cards": {"Anna": "Ah Kh 2c 3c", "Ben": "Qc Qd 4c 5c"}},
    )
    with pytest.raises(SettlementError, match="Omaha has a board of 5 cards in the middle, not 4"):
        settle_table_hand(read_table_hand(data))


def test_the_board_given_twice_is_refused() -> None:
    data = _hand(
        "texas-holdem",
        put_in={"Anna": 1, "Ben": 1, "Carla": 1, "Dan": 1},
        board="Qh Jh 2s 7h 3c",
        showdown={"cards": {"Anna": "Ah Kh"}, "shared": "Qh Jh 2s 7h 3c"},
    )
    with pytest.raises(SettlementError, match="give the board once"):
        read_table_hand(data)
