"""Every game checks how many cards each player shows at a real-card showdown.

The engine refuses a hand of the wrong size with a message naming the player
and the count, and gives the error a code and parameters so that the web can
word it in the page's language.
"""

from __future__ import annotations

import copy
import io
import json
import sys
from typing import Any

import pytest

from engine.cli import main
from engine.errors import EngineError, ShowdownMismatchError
from engine.games.families.guts.json_io import settle_guts_json
from engine.games.families.shelby.json_io import settle_shelby_json
from engine.table_hand import settle_table_hand_json

THREE = ["Anna", "Ben", "Carla"]


def hand(game: str, cards: dict[str, str], **extra: Any) -> dict[str, Any]:
    """Three players, each put in 3, everyone still in, the cards as given."""
    return {
        "game": game,
        "dealer": "Carla",
        "players": THREE,
        "put_in": {"Anna": 3, "Ben": 3, "Carla": 3},
        "showdown": {"cards": dict(cards)},  # a copy: tests change the cards they got
        **extra,
    }


def refused(data: dict[str, Any]) -> ShowdownMismatchError:
    with pytest.raises(ShowdownMismatchError) as caught:
        settle_table_hand_json(copy.deepcopy(data))
    return caught.value


DRAW = {"Anna": "As Ad Kc Qh 2s", "Ben": "Ks Kd 8c 7h 6d 5c 4s 3h 2d", "Carla": "Qs Qd 3c"}


def test_five_card_draw_refuses_nine_cards_and_names_the_player_and_the_count() -> None:
    """Ben's nine cards were named the winner; a draw hand is five cards."""
    error = refused(hand("five-card-draw", DRAW))
    assert str(error) == "Ben shows 9 cards: five-card draw takes 5"
    assert error.code == "hand_size"
    assert dict(error.params) == {"name": "Ben", "count": 9, "game": "five-card-draw", "wanted": 5}


def test_five_card_draw_refuses_three_cards() -> None:
    cards = {**DRAW, "Ben": "Ks Kd 8c 7h 6d"}
    assert str(refused(hand("five-card-draw", cards))) == (
        "Carla shows 3 cards: five-card draw takes 5"
    )


def test_five_card_draw_with_five_cards_each_settles() -> None:
    cards = {**DRAW, "Ben": "Ks Kd 8c 7h 6d", "Carla": "Qs Qd 3c 4d 5h"}
    answer = settle_table_hand_json(hand("five-card-draw", cards))
    assert answer["showdown"] == [["Anna"], ["Ben"], ["Carla"]]


STUD_SEVEN = {
    "Anna": "As Ad Kc Qh 2s 3d 5h",
    "Ben": "Ks Kd 8c 7h 6d Tc Js",
    "Carla": "Qs Qd 4c 9h 8d 7c 6s",
}


@pytest.mark.parametrize(
    "game",
    ["seven-card-stud", "second-hand-high", "sequence", "no-peek", "mexican-sweat"],
)
def test_seven_card_games_take_exactly_seven(game: str) -> None:
    settle_table_hand_json(hand(game, STUD_SEVEN))
    short = {**STUD_SEVEN, "Carla": "Qs Qd 4c 9h 8d 7c"}
    assert str(refused(hand(game, short))).startswith("Carla shows 6 cards: ")
    long = {**STUD_SEVEN, "Anna": "As Ad Kc Qh 2s 3d 5h 4h"}
    assert refused(hand(game, long)).params["count"] == 8


def test_no_peek_a_player_who_is_out_is_folded_and_shows_nothing() -> None:
    """Ruling 12: a player who has flipped everything and still does not beat the
    best hand is out; the hand ends when every remaining card is face up, so the
    players still in show all seven."""
    data = hand("no-peek", {"Anna": STUD_SEVEN["Anna"], "Ben": STUD_SEVEN["Ben"]})
    data["folded"] = ["Carla"]
    data["put_in"] = {"Anna": 3, "Ben": 3, "Carla": 1}
    assert settle_table_hand_json(data)["showdown"] == [["Anna"], ["Ben"]]
    data["showdown"]["cards"]["Ben"] = "Ks Kd 8c"
    assert str(refused(data)) == "Ben shows 3 cards: No Peek takes 7"


# Baseball: Anna has no 4, Ben one 4 (a face-up 4 brings one extra card), Carla two.
BASEBALL = {
    "Anna": "Ks Kh 9c 3c Jd 5h 8s",
    "Ben": "Qs Qh Qd 4d 7c Ad 2h Jc",
    "Carla": "2c 2d 5c 6d 7h 4h 4s Tc Td",
}


def test_baseball_takes_seven_plus_one_for_each_four() -> None:
    """Rule sheet: "Bekommst du eine 4 offen, gibt dir der Geber sofort eine
    Extrakarte verdeckt ... So kannst du am Ende acht, neun oder mehr Karten haben"."""
    answer = settle_table_hand_json(hand("baseball", BASEBALL))
    assert answer["hands"]["Anna"] == "four of a kind, kings"


def test_baseball_refuses_an_eighth_card_without_a_four() -> None:
    cards = {**BASEBALL, "Anna": "Ks Kh 9c 3c Jd 5h 8s 8d"}
    error = refused(hand("baseball", cards))
    assert str(error) == (
        "Anna shows 8 cards: Baseball takes 7, and one more for each 4 that brought "
        "an extra card (Anna shows no 4: at most 7)"
    )
    assert error.code == "hand_size_walks"
    assert dict(error.params) == {
        "name": "Anna",
        "count": 8,
        "game": "baseball",
        "dealt": 7,
        "rank": "4",
        "walk_cards": 0,
        "most": 7,
    }


def test_baseball_refuses_more_extra_cards_than_fours() -> None:
    cards = {**BASEBALL, "Ben": "Qs Qh Qd 4d 7c Ad 2h Jc 8h"}
    assert str(refused(hand("baseball", cards))) == (
        "Ben shows 9 cards: Baseball takes 7, and one more for each 4 that brought "
        "an extra card (Ben shows one 4: at most 8)"
    )


def test_baseball_refuses_fewer_than_seven() -> None:
    cards = {**BASEBALL, "Anna": "Ks Kh 9c 3c Jd"}
    assert str(refused(hand("baseball", cards))) == "Anna shows 5 cards: Baseball takes 7"


def test_football_and_woolworth_count_extra_cards_for_twos() -> None:
    """Ruling 11: Football and Woolworth: a face-up 2 gives the extra card."""
    cards = {
        "Anna": "Ks Kh 9c 8c Jd 5h 7s",
        "Ben": "Qs Qh Qd 2d 7c Ad 4h Jc",
        "Carla": "Tc Td 5c 6d 7h 4c 4s",
    }
    settle_table_hand_json(hand("football", cards))
    moved = {**cards, "Ben": "Qs Qh Qd 4d 7c Ad 8h Jc"}  # a 4 brings nothing in Football
    assert refused(hand("woolworth", moved)).params["rank"] == "2"


def test_bought_walks_set_the_extra_cards_of_each_player() -> None:
    """Variant "Walk kaufen": the extra card must be paid for; "wer nicht zahlt, bleibt
    im Spiel, bekommt aber keine Karte"."""
    data = hand("baseball", BASEBALL)
    data["put_in"] = {"Anna": 3, "Ben": 8, "Carla": 3}
    data["walk_purchases"] = [{"player": "Ben", "amount": 5}]
    with pytest.raises(ShowdownMismatchError) as caught:
        settle_table_hand_json(copy.deepcopy(data))
    assert str(caught.value) == (
        "Carla shows 9 cards but bought no walk: with bought walks Baseball takes 7"
    )
    assert caught.value.code == "hand_size_not_bought"
    data["showdown"]["cards"]["Carla"] = "2c 2d 5c 6d 7h 4h 4s"
    settle_table_hand_json(copy.deepcopy(data))
    data["showdown"]["cards"]["Ben"] = "Qs Qh Qd 4d 7c Ad 2h"
    with pytest.raises(ShowdownMismatchError) as caught:
        settle_table_hand_json(data)
    assert str(caught.value) == (
        "Ben bought the walk but shows 7 cards: Baseball takes at least 8 then"
    )
    assert caught.value.code == "hand_size_bought"


def test_no_peek_baseball_counts_the_extra_card_of_a_flipped_four() -> None:
    """Ruling 12: flipping a 4 puts an extra face-down card on top of that player's pile."""
    settle_table_hand_json(hand("no-peek-baseball", BASEBALL))
    cards = {**BASEBALL, "Anna": "Ks Kh 9c 3c Jd 5h 8s 8d"}
    assert refused(hand("no-peek-baseball", cards)).code == "hand_size_walks"


def test_good_bad_ugly_takes_seven_less_the_discards() -> None:
    """The Bad is turned after the fifth card: at most three of its rank leave a hand."""
    cards = {**STUD_SEVEN, "Ben": "Ks Kd 8c 7h", "Carla": "Qs Qd 4c 9h 8d 7c"}
    settle_table_hand_json(hand("good-bad-ugly", cards))
    cards["Ben"] = "Ks Kd 8c"
    error = refused(hand("good-bad-ugly", cards))
    assert str(error) == "Ben shows 3 cards: The Good, the Bad and the Ugly takes 4 to 7"
    assert error.code == "hand_size_range"
    assert dict(error.params) == {
        "name": "Ben",
        "count": 3,
        "game": "good-bad-ugly",
        "fewest": 4,
        "most": 7,
    }


SPIT = {"Anna": "7s 7d 2c 4h", "Ben": "Ks Kd Qc Jh", "Carla": "As Ad 5c 6h"}


def spit(cards: dict[str, str], shared: str | None = "9h") -> dict[str, Any]:
    data = hand("spit-in-the-ocean", cards, wild="9")
    if shared is not None:
        data["showdown"]["shared"] = shared
    return data


def test_spit_in_the_ocean_takes_four_in_hand_and_the_spit_card() -> None:
    """Ruling 13: four cards each, the spit card face up in the middle is everyone's
    fifth card (in the JSON the ``shared`` card)."""
    answer = settle_table_hand_json(spit(SPIT))
    assert answer["hands"]["Carla"] == "three of a kind, aces"


def test_spit_in_the_ocean_refuses_six_cards() -> None:
    error = refused(spit({**SPIT, "Ben": "Ks Kd Qc Jh Tc 8d"}))
    assert str(error) == "Ben shows 6 cards: Spit in the Ocean takes 4"


def test_spit_in_the_ocean_refuses_a_fifth_card_in_hand() -> None:
    assert refused(spit({**SPIT, "Ben": "Ks Kd Qc Jh Tc"})).params["count"] == 5


def test_spit_in_the_ocean_refuses_the_spit_card_typed_into_the_hand_instead() -> None:
    assert refused(spit({**SPIT, "Ben": "Ks Kd Qc Jh 9h"}, shared=None)).code == "spit_card"


def test_spit_in_the_ocean_needs_the_spit_card_as_the_one_shared_card() -> None:
    error = refused(spit(SPIT, shared=None))
    assert str(error) == "Spit in the Ocean shares one card in the middle, the spit card, not 0"
    assert error.code == "spit_card"
    assert refused(spit(SPIT, shared="9h 9d")).params == {"game": "spit-in-the-ocean", "count": 2}


def test_wild_widow_takes_five_and_no_shared_card() -> None:
    """Rule sheet: Wild Widow, the card in the middle "gehört niemandem"."""
    cards = {"Anna": "7s 7d 2c 4h 5s", "Ben": "Ks Kd Qc Jh 3c", "Carla": "As Ad 5c 6h 8c"}
    data = hand("wild-widow", cards, wild="9")
    settle_table_hand_json(copy.deepcopy(data))
    data["showdown"]["shared"] = "9h"
    error = refused(data)
    assert error.code == "no_shared_card"
    assert str(error) == (
        "Wild Widow shares no card in the middle: leave the widow out of the cards "
        "and give its rank as the wild rank"
    )


def test_other_games_refuse_a_shared_card_in_spits_words() -> None:
    """Ruling 17: only Hold'em and Omaha take a board, and Spit in the Ocean its spit
    card; a card in the middle of any other game is refused, not counted in every hand."""
    six = {name: " ".join(cards.split()[:6]) for name, cards in STUD_SEVEN.items()}
    data = hand("seven-card-stud", six)
    data["showdown"]["shared"] = "Th"
    error = refused(data)
    assert error.code == "no_board"
    assert str(error) == (
        "seven-card stud shares no card in the middle, not 1: only Hold'em and Omaha "
        "have a board, and Spit in the Ocean its spit card"
    )


def test_guts_hands_in_a_table_hand_take_two_or_three() -> None:
    cards = {"Anna": "As Ad", "Ben": "Ks Kd", "Carla": "Qs Qd 3c"}
    assert str(refused(hand("guts", cards))) == "Carla shows 3 cards: Guts takes 2"
    cards["Carla"] = "Qs Qd"
    cards["Anna"] = "As Ad 2c 3c"
    assert str(refused(hand("guts3", {**cards, "Ben": "Ks Kd 2d", "Carla": "Qs Qd 2h"}))) == (
        "Anna shows 4 cards: Three-card Guts takes 3"
    )


def test_a_guts_deal_with_three_cards_carries_a_code_and_the_count() -> None:
    with pytest.raises(ShowdownMismatchError) as caught:
        settle_guts_json(
            {
                "kind": "guts",
                "players": [{"name": "Anna", "stack": 20}, {"name": "Ben", "stack": 20}],
                "dealer": "Ben",
                "pot": 4,
                "in": ["Anna", "Ben"],
                "showdown": {"cards": {"Anna": "As Ad 4c", "Ben": "Ks Kd"}},
            }
        )
    assert str(caught.value) == "Anna shows 3 cards: two-card Guts deals 2"
    assert caught.value.code == "hand_size"
    assert dict(caught.value.params) == {"name": "Anna", "count": 3, "game": "guts", "wanted": 2}


def test_a_shelby_round_with_the_wrong_count_carries_a_code_and_the_round() -> None:
    with pytest.raises(ShowdownMismatchError) as caught:
        settle_shelby_json(
            {
                "kind": "shelby",
                "players": [{"name": "Anna", "stack": 20}, {"name": "Ben", "stack": 20}],
                "dealer": "Ben",
                "pot": 4,
                "round": 1,
                "hold": ["Anna", "Ben"],
                "showdown": {"cards": {"Anna": "As Ad 4c", "Ben": "Ks Kd"}},
            }
        )
    assert str(caught.value).startswith("Anna shows 3 cards: in round 1 of Shelby")
    assert caught.value.code == "shelby_hand_size"
    assert caught.value.params["count"] == 3
    assert caught.value.params["wanted"] == 2
    assert caught.value.params["round"] == 1


def test_every_engine_error_has_a_code_attribute() -> None:
    error = EngineError("plain")
    assert (error.code, dict(error.params), str(error)) == ("", {}, "plain")


def test_the_command_line_refuses_nine_cards_with_status_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(hand("five-card-draw", DRAW))))
    status = main(["settle"])
    out, err = capsys.readouterr()
    assert (status, out) == (2, "")
    assert err == "settle: Ben shows 9 cards: five-card draw takes 5\n"


# ---------------------------------------------------------------- house options


def test_spit_called_during_a_five_card_deal_takes_five_in_hand() -> None:
    """Ruling 13's option: "Spit!" called during a five-card deal."""
    five = {**SPIT, "Ben": "Ks Kd Qc Jh Tc"}
    assert refused(spit(five)).params["count"] == 5
    answer = settle_table_hand_json(
        {
            **spit({**five, "Anna": "7s 7d 2c 4h 5s", "Carla": "As Ad 5c 6h 8c"}),
            "options": {"spit_call": True},
        }
    )
    assert answer["hands"]["Anna"] == "three of a kind, sevens"


def test_spit_played_as_wild_widow_takes_five_and_no_shared_card() -> None:
    cards = {"Anna": "7s 7d 2c 4h 5s", "Ben": "Ks Kd Qc Jh 3c", "Carla": "As Ad 5c 6h 8c"}
    data = hand("spit-in-the-ocean", cards, wild="9", options={"wild_widow": True})
    settle_table_hand_json(data)


def test_simple_no_peek_baseball_gives_no_extra_cards() -> None:
    data = hand("no-peek-baseball", BASEBALL, options={"simple": True})
    error = refused(data)
    assert str(error) == "Ben shows 8 cards: No-Peek Baseball takes 7"


def test_bought_walks_as_the_house_rule_refuse_extra_cards_nobody_paid_for() -> None:
    """Variant "Walk kaufen": "wer nicht zahlt, bleibt im Spiel, bekommt aber keine Karte"."""
    error = refused(hand("baseball", BASEBALL, options={"buy_walk": True}))
    assert str(error) == "Ben shows 8 cards but bought no walk: with bought walks Baseball takes 7"


def test_an_unknown_house_option_is_refused() -> None:
    with pytest.raises(EngineError, match="baseball has no option 'colour'"):
        settle_table_hand_json(hand("baseball", BASEBALL, options={"colour": "red"}))


def test_house_options_must_be_an_object() -> None:
    with pytest.raises(EngineError, match=r"^options must map each house option to its value"):
        settle_table_hand_json(hand("baseball", BASEBALL, options=["buy_walk"]))


def test_simple_no_peek_baseball_has_no_wild_cards_either() -> None:
    """The digital game's "simple" option: No Peek without wilds or extras (ruling 12)."""
    cards = {
        "Anna": "3s 3h 3d 9s 9h 2c 5c",
        "Ben": "As Ad Kc Qh Jd 8s 7h",
        "Carla": "Ks Kd 8c 7c 6d Tc Js",
    }
    wild = settle_table_hand_json(hand("no-peek-baseball", cards))
    assert wild["hands"]["Anna"] == "five of a kind, aces"
    plain = settle_table_hand_json(hand("no-peek-baseball", cards, options={"simple": True}))
    assert plain["hands"]["Anna"] == "full house, threes over nines"
