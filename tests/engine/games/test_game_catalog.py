"""The games as data: the catalogue, the house options and their errors."""

from __future__ import annotations

import random

import pytest

from engine.cards import FIVE, FOUR, NINE, QUEEN, SIX, SPADES, TEN, THREE, TWO, Card
from engine.games import (
    GAMES,
    ExtraCard,
    GameOptionError,
    HandState,
    PayPotOrFold,
    TableSizeError,
    UnknownGameError,
    VoidDeal,
    make_rules,
)
from engine.hands.rankings import HighRanking


def test_every_game_of_the_sheets_is_defined() -> None:
    assert set(GAMES) >= {
        "seven-card-stud",
        "baseball",
        "football",
        "woolworth",
        "rainy-day-baseball",
        "no-peek",
        "no-peek-baseball",
        "mexican-sweat",
        "spit-in-the-ocean",
        "wild-widow",
        "guts",
        "good-bad-ugly",
        "sequence",
        "second-hand-high",
        "jack-the-shifter",
    }


def test_baseball_by_default() -> None:
    rules = GAMES["baseball"]
    assert rules.ranking == HighRanking(wild=frozenset({THREE, NINE}))
    assert rules.triggers == (PayPotOrFold(rank=THREE), ExtraCard(rank=FOUR))
    assert [s.cards for s in rules.streets] == [
        ("down", "down", "up"),
        ("up",),
        ("up",),
        ("up",),
        ("down",),
    ]
    assert (rules.min_players, rules.max_players) == (3, 6)


def test_football_woolworth_and_rainy_day() -> None:
    assert GAMES["football"].ranking == HighRanking(wild=frozenset({THREE, SIX}))
    assert GAMES["football"].triggers == (ExtraCard(rank=TWO),)
    assert GAMES["woolworth"].ranking == HighRanking(wild=frozenset({FIVE, TEN}))
    assert GAMES["woolworth"].triggers == (ExtraCard(rank=TWO),)
    assert VoidDeal(card=Card(QUEEN, SPADES)) in GAMES["rainy-day-baseball"].triggers


def test_baseball_options_are_data() -> None:
    rules = make_rules(
        "baseball",
        {
            "extra_face": "up",
            "down_extras": "yes",
            "buy_walk": True,
            "first_three_only": "true",
            "pot_cap": "10",
        },
    )
    assert rules.triggers == (
        PayPotOrFold(rank=THREE, cap=10, first_only=True),
        ExtraCard(rank=FOUR, when="any", extra_face="up", buy=True),
    )
    assert make_rules("baseball", {"pay_or_fold": False}).triggers == (ExtraCard(rank=FOUR),)


def test_an_unknown_option_is_refused_with_the_known_ones() -> None:
    with pytest.raises(
        GameOptionError, match="baseball has no option 'walk'; its options: buy_walk"
    ):
        make_rules("baseball", {"walk": True})


@pytest.mark.parametrize(
    ("option", "value"), [("pot_cap", "lots"), ("buy_walk", "maybe"), ("extra_face", "sideways")]
)
def test_a_bad_option_value_is_refused(option: str, value: str) -> None:
    with pytest.raises(GameOptionError, match=option):
        make_rules("baseball", {option: value})


def test_an_unknown_game_is_refused() -> None:
    with pytest.raises(UnknownGameError, match="there is no game 'canasta'"):
        make_rules("canasta", {})


def test_baseball_needs_three_to_six_players() -> None:
    with pytest.raises(TableSizeError, match="baseball is for 3 to 6 players, not 2"):
        HandState.start(GAMES["baseball"], names=["A", "B"], stacks=[9, 9], dealer=0)


def test_a_player_without_chips_is_not_dealt_in() -> None:
    with pytest.raises(TableSizeError, match="C has no chips left"):
        HandState.start(
            GAMES["baseball"],
            names=["A", "B", "C"],
            stacks=[9, 9, 0],
            dealer=0,
            rng=random.Random(),
        )
