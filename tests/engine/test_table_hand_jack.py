"""Jack the Shifter recorded at the table after a jack switched the game (``switched_to``).

The English sheet (stud-home-variants.en.txt): "whenever a jack is dealt as an
upcard, the player who receives the jack can change the game to any seven-card
stud game on the agreed list." The hands shown are then those of the game in
force: sized and ranked as in it (ruling 16).
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import SettlementError
from engine.table_hand import settle_table_hand_json

PLAYERS = ["Anna", "Ben", "Carla"]


def _hand(cards: dict[str, str], **fields: Any) -> dict[str, Any]:
    return {
        "game": "jack-the-shifter",
        "dealer": "Carla",
        "players": PLAYERS,
        "put_in": {"Anna": 6, "Ben": 6, "Carla": 6},
        "showdown": {"cards": cards},
        **fields,
    }


def _nets(answer: dict[str, Any]) -> dict[str, int]:
    return {p["name"]: p["net"] for p in answer["players"]}


# The Good, the Bad and the Ugly: the Bad (a 5) took Anna's two 5s and Ben's 5.
GBU_CARDS = {"Anna": "Ks Kh Kd 9c 2h", "Ben": "Qs Qh 8d 8c 3h Jc", "Carla": "As Ad 7c 6h 4s 3d Tc"}


def test_a_hand_switched_to_the_good_bad_ugly_shows_its_fewer_cards() -> None:
    """The Good, the Bad and the Ugly: "discard rank from every hand" (ruling 16), so a
    hand there holds 4 to 7 cards: five and six are fine once a jack switched to it."""
    answer = settle_table_hand_json(_hand(GBU_CARDS, switched_to="good-bad-ugly"))
    assert _nets(answer) == {"Anna": 12, "Ben": -6, "Carla": -6}
    assert answer["switched_to"] == "good-bad-ugly"


def test_without_the_switch_the_same_cards_are_refused_as_seven_card_stud() -> None:
    """ "The game begins as ordinary seven-card stud": seven cards each."""
    with pytest.raises(SettlementError, match="Anna shows 5 cards: Jack the Shifter takes 7"):
        settle_table_hand_json(_hand(GBU_CARDS))


def test_a_hand_switched_to_the_good_bad_ugly_cannot_show_eight() -> None:
    cards = {**GBU_CARDS, "Carla": "As Ad 7c 6h 4s 3d Tc 4c"}
    with pytest.raises(SettlementError) as refused:
        settle_table_hand_json(_hand(cards, switched_to="good-bad-ugly"))
    assert refused.value.code == "hand_size_range"
    assert "Carla shows 8 cards: The Good, the Bad and the Ugly takes 4 to 7" in str(refused.value)


def test_the_good_wild_rank_is_given_with_the_switched_hand() -> None:
    """The Good: "wild rank" (ruling 16), given with the hand as ``wild``; with 3s
    wild Ben's 3 makes his queens full, over Anna's three kings."""
    answer = settle_table_hand_json(_hand(GBU_CARDS, switched_to="good-bad-ugly", wild="3"))
    assert answer["hands"]["Ben"].startswith("full house")
    assert answer["hands"]["Anna"].startswith("three of a kind")
    assert _nets(answer) == {"Anna": -6, "Ben": 12, "Carla": -6}


def test_a_hand_switched_to_second_hand_high_pays_the_second_best() -> None:
    """Second Hand High: "the second highest hand wins"."""
    cards = {
        "Anna": "Ks Kh Kd 9c 2h 5c 6d",
        "Ben": "Qs Qh 8d 8c 3h Jc 2c",
        "Carla": "As Ad 7c 6h 4s 3d Tc",
    }
    assert _nets(settle_table_hand_json(_hand(cards))) == {"Anna": 12, "Ben": -6, "Carla": -6}
    answer = settle_table_hand_json(_hand(cards, switched_to="second-hand-high"))
    assert _nets(answer) == {"Anna": -6, "Ben": 12, "Carla": -6}


def test_a_hand_switched_to_baseball_ranks_threes_and_nines_wild() -> None:
    cards = {
        "Anna": "Ks Kh Qd Jc 2h 5c 6d",
        "Ben": "9s 3h 8d 7c 2c Jh Tc",
        "Carla": "As Ad 7h 6h 4s 4d Th Qc",
    }
    answer = settle_table_hand_json(_hand(cards, switched_to="baseball"))
    assert answer["hands"]["Ben"] == "flush, ace high"  # the 9 and the 3 as clubs
    assert _nets(answer) == {"Anna": -6, "Ben": 12, "Carla": -6}


def test_a_game_off_the_groups_list_is_refused() -> None:
    """ "An explicit or implicit agreement on the list of allowable games is needed to
    prevent a player who receives a jack inventing a new game on the fly"."""
    data = _hand(GBU_CARDS, switched_to="good-bad-ugly", options={"allow_good_bad_ugly": False})
    with pytest.raises(SettlementError) as refused:
        settle_table_hand_json(data)
    assert refused.value.code == "switch_not_allowed"


def test_a_game_a_jack_cannot_switch_to_is_refused() -> None:
    with pytest.raises(SettlementError) as refused:
        settle_table_hand_json(_hand(GBU_CARDS, switched_to="omaha"))
    assert refused.value.code == "switch_unknown"


def test_only_jack_the_shifter_switches() -> None:
    data = {**_hand(GBU_CARDS, switched_to="good-bad-ugly"), "game": "seven-card-stud"}
    with pytest.raises(SettlementError) as refused:
        settle_table_hand_json(data)
    assert refused.value.code == "switch_not_jack"
