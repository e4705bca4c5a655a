"""``python -m engine play``: a hand in the terminal, each seat seeing only its own cards."""

from __future__ import annotations

import io
import random
import subprocess
import sys

import pytest

from engine.cards import ALL_CARDS
from engine.cli.play import parse_choice, play, render_seat
from engine.errors import EngineError
from engine.games import ActionName, HandState, LegalAction, make_rules, seat_view


def _hand(game: str = "baseball", seed: int = 7) -> HandState:
    return HandState.start(
        make_rules(game),
        names=["Anna", "Ben", "Carla"],
        stacks=[50, 50, 50],
        dealer=2,
        rng=random.Random(seed),
    )


def test_a_screen_shows_own_down_cards_and_no_one_elses() -> None:
    state = _hand()
    seat = state.actor
    assert seat is not None
    screen = render_seat(seat_view(state, seat), seat=seat)
    for other in range(3):
        for card, up in state.cards[other]:
            name = str(ALL_CARDS[card])
            if up or other == seat:
                assert name in screen
            else:
                assert name not in screen


def test_parse_choice_reads_numbers_names_and_amounts() -> None:
    actions = [
        LegalAction(kind=ActionName.CHECK),
        LegalAction(kind=ActionName.BET, min_amount=1, max_amount=5),
    ]
    assert parse_choice("1", actions) == (ActionName.CHECK, None, None)
    assert parse_choice("2 3", actions) == (ActionName.BET, 3, None)
    assert parse_choice("bet 4", actions) == (ActionName.BET, 4, None)
    with pytest.raises(EngineError, match="needs an amount"):
        parse_choice("bet", actions)
    with pytest.raises(EngineError, match="choose 1 to 2"):
        parse_choice("3", actions)
    with pytest.raises(EngineError, match="not one of the actions"):
        parse_choice("fold", actions)
    # Unicode digits are no numbers here: "²" would break int(), "٣" is no choice typed.
    for typed in ("²", "bet ²", "٣", "bet ٣"):
        with pytest.raises(EngineError):
            parse_choice(typed, actions)


@pytest.mark.parametrize("typed", ["\u00b2", "bet \u00b2", "2 \u00b2", "2 \u0663", "\u0662 3"])
def test_parse_choice_refuses_digits_that_are_not_ascii(typed: str) -> None:
    """ "²" is a digit to str.isdigit() but int() refuses it; "٣" int() reads as 3."""
    actions = [
        LegalAction(kind=ActionName.CHECK),
        LegalAction(kind=ActionName.BET, min_amount=1, max_amount=5),
    ]
    with pytest.raises(EngineError):
        parse_choice(typed, actions)


def test_a_whole_hand_plays_to_the_end_and_chips_add_up() -> None:
    state = _hand()
    out = io.StringIO()
    # Always the first action offered (check, call or pay the pot): the hand ends.
    status = play(state, iter(["1"] * 500), out)
    assert status == 0
    assert state.is_over
    assert "the hand is over" in out.getvalue()
    assert sum(state.stacks) == 150


def test_a_bad_answer_is_explained_and_asked_again() -> None:
    state = _hand()
    out = io.StringIO()
    status = play(state, iter(["9", "raise_by"] + ["1"] * 500), out)
    assert status == 0
    assert "not possible: choose 1 to" in out.getvalue()


def test_the_command_runs_a_hand_from_standard_input() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "engine",
            "play",
            "seven-card-stud",
            "--players",
            "3",
            "--seed",
            "3",
        ],
        input="1\n" * 300,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "the hand is over" in result.stdout


def test_the_command_stops_cleanly_when_input_runs_out() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "engine", "play", "baseball", "--players", "3", "--seed", "3"],
        input="",
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    assert "no more input" in result.stdout
