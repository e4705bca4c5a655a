"""Second Hand High dealt with real cards: the second best hand takes the pot.

The rule sheet (stud-home-variants.en.txt): "The deal and betting are the same
as in seven-card stud, but if there is a showdown, the second highest hand
wins. If all but one player fold, the surviving player wins as usual. ... if
there is a tie for first place, none of those equal hands wins but the next
highest hand takes the pot. If there is a tie for second place, the equal hands
should split the pot." Ruling 16 adds: if every hand ties, they split.
"""

from __future__ import annotations

import copy
from typing import Any

from engine.table_hand import settle_table_hand_json

FOUR = ["Anna", "Ben", "Carla", "Dan"]
# Anna three aces (best), Ben a pair of kings (second), Carla queen high, Dan jack high.
CARDS = {
    "Anna": "As Ah Ad 2c 5h 7s 9d",
    "Ben": "Ks Kd 8c 6h 4d 3c 2s",
    "Carla": "Qs Th 8d 6c 4s 3h 2d",
    "Dan": "Js 9h 7d 5c 4h 3d 2h",
}


def second_hand_high(showdown: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {
        "game": "second-hand-high",
        "dealer": "Dan",
        "players": FOUR,
        "put_in": dict.fromkeys(FOUR, 5),
        "showdown": showdown,
        **extra,
    }


def winners(answer: dict[str, Any]) -> list[list[str]]:
    return [pot["winners"] for pot in answer["pots"]]


def test_the_second_best_hand_shown_takes_the_pot() -> None:
    answer = settle_table_hand_json(second_hand_high({"cards": copy.deepcopy(CARDS)}))
    assert winners(answer) == [["Ben"]]
    ben = next(p for p in answer["players"] if p["name"] == "Ben")
    assert ben["net"] == 15
    assert ben["reasons"][-1] == {"chips": 20, "reason": "won 20 from the main pot (pair of kings)"}
    anna = next(p for p in answer["players"] if p["name"] == "Anna")
    assert anna["net"] == -5


def test_a_tie_for_best_wins_nothing_and_the_next_hand_takes_the_pot() -> None:
    cards = {
        "Anna": "As Kh Qd Jc 9h 4s 2d",  # ace high ...
        "Ben": "Ac Kd Qh Js 9c 4h 2s",  # ... the same ranks: Anna and Ben tie for best
        "Carla": "Ts 8d 6c 5s 3h 2h 7c",  # ten high, last
        "Dan": "Jh 8c 6h 5d 3s Td 7s",  # jack high: the next hand takes the pot
    }
    answer = settle_table_hand_json(second_hand_high({"cards": cards}))
    assert answer["showdown"] == [["Anna", "Ben"], ["Dan"], ["Carla"]]
    assert winners(answer) == [["Dan"]]


def test_a_tie_for_second_shown_in_cards_splits() -> None:
    cards = {
        **CARDS,
        "Ben": "Ks Kd 8c 6h 4d 3c 2s",
        "Carla": "Kc Kh 8s 6d 4c 3s 2h",
        "Dan": "Qd Qh 7d 5c 4h 3d Td",
    }
    assert winners(settle_table_hand_json(second_hand_high({"cards": cards}))) == [["Ben", "Carla"]]


def test_the_hosts_ranking_second_place_wins() -> None:
    answer = settle_table_hand_json(second_hand_high({"ranking": ["Carla", "Anna", "Ben", "Dan"]}))
    assert winners(answer) == [["Anna"]]


def test_a_tie_for_first_in_the_ranking_lets_the_next_place_win() -> None:
    answer = settle_table_hand_json(
        second_hand_high({"ranking": [["Carla", "Anna"], "Ben", "Dan"]})
    )
    assert winners(answer) == [["Ben"]]


def test_a_tie_for_second_splits() -> None:
    answer = settle_table_hand_json(
        second_hand_high({"ranking": ["Carla", ["Anna", "Dan"], "Ben"]})
    )
    assert winners(answer) == [["Anna", "Dan"]]
    assert {p["name"]: p["won"] for p in answer["players"]} == {
        "Anna": 10,
        "Ben": 0,
        "Carla": 0,
        "Dan": 10,
    }


def test_when_every_hand_ties_they_split() -> None:
    answer = settle_table_hand_json(second_hand_high({"ranking": [FOUR]}))
    assert winners(answer) == [FOUR]


def test_a_lone_survivor_wins_as_usual() -> None:
    data = second_hand_high(None, folded=["Anna", "Ben", "Carla"])  # type: ignore[arg-type]
    data["put_in"] = {"Anna": 1, "Ben": 1, "Carla": 1, "Dan": 1}
    answer = settle_table_hand_json(data)
    assert winners(answer) == [["Dan"]]


def test_each_side_pot_goes_to_the_second_best_of_its_own_players() -> None:
    """As in the digital game: Ben is all-in for 2; the main pot's second best is
    Ben, the side pot (Anna, Carla, Dan) goes to Carla, second behind Anna."""
    data = second_hand_high({"ranking": ["Anna", "Ben", "Carla", "Dan"]})
    data["players"] = ["Anna", {"name": "Ben", "stack": 2}, "Carla", "Dan"]
    data["put_in"] = {"Anna": 5, "Ben": 2, "Carla": 5, "Dan": 5}
    answer = settle_table_hand_json(data)
    assert [(p["amount"], p["winners"]) for p in answer["pots"]] == [
        (8, ["Ben"]),
        (9, ["Carla"]),
    ]


def test_other_games_still_pay_the_best_hand() -> None:
    data = second_hand_high({"ranking": ["Carla", "Anna", "Ben", "Dan"]})
    data["game"] = "seven-card-stud"
    assert winners(settle_table_hand_json(data)) == [["Carla"]]
