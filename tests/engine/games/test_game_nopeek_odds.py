"""The odds a table sees: estimated by dealing the unseen cards many times."""

from __future__ import annotations

import random

import pytest

from engine.cards import Deck, parse_cards
from engine.errors import EngineError
from engine.games import GAMES, HandState
from engine.games.events import ActionName
from engine.games.odds import odds


def _start(game: str, players: int, *, seed: int = 1, deal: str = "") -> HandState:
    deck = Deck(random.Random(seed), stacked=parse_cards(deal))
    return HandState.start(
        GAMES[game],
        names=[f"P{seat}" for seat in range(players)],
        stacks=[100] * players,
        dealer=players - 1,
        deck=deck,
    )


@pytest.mark.parametrize("game", ["no-peek", "no-peek-baseball", "mexican-sweat", "baseball"])
def test_the_chances_add_up_to_one(game: str) -> None:
    state = _start(game, 5)
    chances = odds(state, trials=2_000, rng=random.Random(0))
    assert sorted(chances) == state.live_seats
    assert sum(chances.values()) == pytest.approx(1.0)
    assert all(0 <= chance <= 1 for chance in chances.values())


def test_the_same_seed_gives_the_same_odds() -> None:
    state = _start("no-peek-baseball", 6)
    first = odds(state, trials=1_000, rng=random.Random(42))
    assert odds(state, trials=1_000, rng=random.Random(42)) == first
    assert odds(state, trials=1_000, rng=random.Random(43)) != first


def test_at_the_start_of_no_peek_everyone_has_the_same_chance() -> None:
    chances = odds(_start("no-peek", 4), trials=20_000, rng=random.Random(0))
    for chance in chances.values():
        assert chance == pytest.approx(0.25, abs=0.02)


def test_a_flipped_royal_flush_against_nothing_wins() -> None:
    # P1 deals. P0 flips the A♠; P1 beats it with a pair of twos; then P0 flips
    # K♠ D♠ B♠ 10♠: a royal flush, which nothing can beat without wild cards.
    deal = "A♠ 2♥ K♠ 2♦ D♠ 7♥ B♠ 8♥ 10♠ 4♦ 5♣ 5♦ 6♣ 3♣"
    state = _start("no-peek", 2, deal=deal)
    state.act(ActionName.FLIP, seat=0)
    state.act(ActionName.CHECK, seat=0)
    state.act(ActionName.CHECK, seat=1)
    state.act(ActionName.FLIP, seat=1)
    state.act(ActionName.FLIP, seat=1)
    state.act(ActionName.CHECK, seat=1)
    state.act(ActionName.CHECK, seat=0)
    for _ in range(4):
        state.act(ActionName.FLIP, seat=0)
    assert state.betting is not None
    chances = odds(state, trials=2_000, rng=random.Random(0))
    assert chances == {0: 1.0, 1: 0.0}


def test_stud_odds_favour_four_aces_showing() -> None:
    # P2 deals; P0 gets aces up on every street, P1 small unpaired cards.
    deal = (
        "2♠ 3♦ 4♣ 5♠ 7♦ 8♣ A♠ 2♥ K♥ "  # two down each, then one up
        "A♥ 6♥ D♥ "
        "A♦ 10♣ D♣ "
        "A♣ B♦ D♠ "
    )
    state = _start("seven-card-stud", 3, deal=deal)
    for _ in range(4):
        while state.betting is not None and not state.is_over:
            seat = state.actor
            assert seat is not None
            state.act(ActionName.CHECK, seat=seat)
    assert state.up_cards(0) == parse_cards("A♠ A♥ A♦ A♣")
    chances = odds(state, trials=5_000, rng=random.Random(0))
    assert sum(chances.values()) == pytest.approx(1.0)
    assert chances[0] > 0.99


def test_a_lone_player_left_wins_for_sure() -> None:
    state = _start("no-peek", 3)
    state.act(ActionName.FLIP, seat=0)
    state.act(ActionName.BET, seat=0, amount=1)
    state.act(ActionName.FOLD, seat=1)
    state.act(ActionName.FOLD, seat=2)
    assert odds(state, trials=10, rng=random.Random(0)) == {0: 1.0}


def test_at_least_one_trial() -> None:
    with pytest.raises(EngineError):
        odds(_start("no-peek", 2), trials=0, rng=random.Random(0))
