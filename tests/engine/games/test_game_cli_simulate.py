"""``simulate``: random hands of a game, reported by winning category, pot and speed."""

from __future__ import annotations

import argparse
import doctest

import pytest

import engine.games.catalog
from engine.cli import simulate


def _args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    simulate.add_parser(parser.add_subparsers(dest="command"))
    return parser.parse_args(["simulate", *argv])


def test_it_reports_categories_pot_and_speed(capsys: pytest.CaptureFixture[str]) -> None:
    status = simulate.run(_args("baseball", "--hands", "40", "--players", "6", "--seed", "2"))
    out = capsys.readouterr().out
    assert status == 0
    assert out.startswith("baseball: 40 hands, 6 players, seed 2\nwinning hands:\n")
    assert "average pot: " in out
    assert "hands per second: " in out
    shares = [line for line in out.splitlines() if line.startswith("  ")]
    assert sum(int(line.rsplit("(", 1)[1].rstrip(")")) for line in shares) == 40


def test_the_same_seed_gives_the_same_results() -> None:
    def run() -> object:
        result = simulate.simulate(
            game="football", hands=30, players=4, seed=9, stack=50, options={"extra_face": "up"}
        )
        return result.wins, result.pot_total

    assert run() == run()


def test_a_bad_option_exits_2_with_a_message(capsys: pytest.CaptureFixture[str]) -> None:
    assert simulate.run(_args("baseball", "--option", "walk=yes")) == 2
    assert "baseball has no option 'walk'" in capsys.readouterr().err


def test_too_many_players_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert simulate.run(_args("baseball", "--players", "9", "--hands", "1")) == 2
    assert "baseball is for 3 to 6 players, not 9" in capsys.readouterr().err


def test_the_catalogue_examples_hold() -> None:
    result = doctest.testmod(engine.games.catalog)
    assert result.attempted > 0
    assert result.failed == 0


def test_help_lists_every_game_option(capsys: pytest.CaptureFixture[str]) -> None:
    """Each house option of each game is named in ``simulate --help`` with its values."""
    with pytest.raises(SystemExit):
        _args("--help")
    out = capsys.readouterr().out
    assert "  psycho-shelby:\n" in out
    assert "    flushes_count=yes|no (default no): " in out
    for game in sorted(engine.games.catalog.GAMES):
        for spec in engine.games.catalog.game_options(game):
            assert f"    {spec.name}=" in out
