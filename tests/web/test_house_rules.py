"""A night's house rules are read in one place (gamenight/house_rules.py) into one
typed object; no other module parses the night's JSON fields again."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import gamenight
from gamenight.games import games_to_call
from gamenight.house_rules import stored_options
from gamenight.models import LimitStructure, Night

PACKAGE = Path(gamenight.__file__).parent
# Who may touch the JSON itself: the reader, the model, the night plan's change log
# (it lists what a save changes, key by key) and the table's fingerprint (a hash).
MAY_READ_THE_JSON = {
    "house_rules.py",
    "models/nights.py",
    "services/night_plan.py",
    "services/table_version.py",
}


def _night(**fields: object) -> Night:
    return Night(
        **{
            "ante": 2,
            "limit_structure": LimitStructure.SPREAD,
            "starting_stack": 150,
            "carry_over": False,
            "allowed_games": [],
            "game_options": {},
            **fields,
        }
    )


def test_a_night_without_options_has_the_defaults() -> None:
    rules = _night().house_rules
    assert (rules.ante, rules.starting_stack, rules.carry_over) == (2, 150, False)
    assert rules.limit_structure is LimitStructure.SPREAD
    assert rules.games == tuple(games_to_call())  # none named: every game
    assert (rules.bet_low, rules.bet_high, rules.raise_cap, rules.turn_timer) == (
        None,
        None,
        None,
        0,
    )
    assert (rules.smallest_bet, rules.largest_bet) == (1, 5)
    assert rules.options_of("guts") == {}


def test_what_the_form_stores_reads_back() -> None:
    stored = stored_options(
        bet_low=2,
        bet_high=8,
        raise_cap=0,
        turn_timer=60,
        games={"guts": {"limit": 40}, "shelby": {}},
    )
    assert stored == {
        "guts": {"limit": 40},
        "betting": {"low": 2, "high": 8, "raise_cap": 0},
        "turn_timer": 60,
    }
    rules = _night(
        game_options=stored,
        allowed_games=["guts", "baseball", "no-such-game"],
        limit_structure=LimitStructure.FIXED,
    ).house_rules
    assert rules.games == ("guts", "baseball")
    assert rules.limit_structure is LimitStructure.FIXED
    assert (rules.bet_low, rules.bet_high, rules.raise_cap, rules.turn_timer) == (2, 8, 0, 60)
    assert (rules.smallest_bet, rules.largest_bet) == (2, 8)
    assert rules.options_of("guts") == {"limit": 40}
    assert rules.chips_option("guts", "limit") == 40
    assert set(rules.options) == {"guts"}


@pytest.mark.parametrize(
    "stored",
    [
        {"betting": {"low": "3", "high": True, "raise_cap": -1}, "turn_timer": 45},
        {"betting": "spread", "turn_timer": "60", "guts": ["limit", 40]},
        ["not", "a", "dict"],
    ],
)
def test_a_value_of_the_wrong_kind_counts_as_not_set(stored: object) -> None:
    rules = _night(game_options=stored, limit_structure="no-limit").house_rules
    assert (rules.bet_low, rules.bet_high, rules.raise_cap, rules.turn_timer) == (
        None,
        None,
        None,
        0,
    )
    assert rules.limit_structure is LimitStructure.SPREAD
    assert rules.options_of("guts") == {}
    assert rules.chips_option("guts", "limit") is None


def test_the_options_cannot_be_changed_through_the_rules() -> None:
    night = _night(game_options={"guts": {"limit": 40}})
    rules = night.house_rules
    mine = rules.options_of("guts")
    mine["limit"] = 1
    with pytest.raises(TypeError):
        rules.options["guts"]["limit"] = 1  # type: ignore[index]
    assert night.house_rules.options_of("guts") == {"limit": 40}
    assert night.game_options == {"guts": {"limit": 40}}


def test_no_other_module_parses_the_nights_rules() -> None:
    reads = re.compile(r"\.(game_options|allowed_games)\b")
    found = [
        f"{path.relative_to(PACKAGE)}:{number}: {line.strip()}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if "migrations" not in path.parts
        and str(path.relative_to(PACKAGE)) not in MAY_READ_THE_JSON
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if reads.search(line)
    ]
    assert found == [], "read night.house_rules instead:\n" + "\n".join(found)
