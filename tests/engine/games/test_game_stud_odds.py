"""The table's odds in every stud game (issue 16): from the cards showing only."""

from __future__ import annotations

import doctest
import random

import pytest

import engine.bench.stud_odds
from engine.cards import Deck, parse_cards
from engine.games import GAMES, HandState
from engine.games.odds import odds, shows_odds


def _start(game: str, deal: str) -> HandState:
    return HandState.start(
        GAMES[game],
        names=[f"P{seat}" for seat in range(3)],
        stacks=[100] * 3,
        dealer=2,
        deck=Deck(random.Random(1), stacked=parse_cards(deal)),
    )


def test_the_stud_games_and_no_peek_show_odds_and_the_face_down_games_do_not() -> None:
    shown = {name for name, rules in GAMES.items() if shows_odds(rules)}
    for game in ("seven-card-stud", "baseball", "football", "woolworth", "no-peek"):
        assert game in shown
    # Every card face down (each would show the same chance), or not the best hand wins.
    for game in ("texas-holdem", "omaha", "five-card-draw", "guts", "second-hand-high"):
        assert game not in shown


@pytest.mark.parametrize("game", ["seven-card-stud", "baseball", "football"])
def test_the_face_down_cards_do_not_move_the_odds(game: str) -> None:
    # Three players, two hole cards each, then one card up each: the same up cards
    # over different hole cards must give the same odds (only public cards count).
    ups = "Ah 7c Kd"
    first = _start(game, "2c 5d 9h 3s 6h Jc " + ups)
    second = _start(game, "Qs Ts 8d 4h 2d 8s " + ups)
    assert [first.up_cards(s) for s in range(3)] == [second.up_cards(s) for s in range(3)]
    chances = odds(first, trials=2_000, rng=random.Random(5))
    assert chances == odds(second, trials=2_000, rng=random.Random(5))
    assert sum(chances.values()) == pytest.approx(1.0)
    assert sorted(chances) == first.live_seats


def test_the_benchmark_runs() -> None:
    result = doctest.testmod(engine.bench.stud_odds)
    assert result.attempted
    assert not result.failed
