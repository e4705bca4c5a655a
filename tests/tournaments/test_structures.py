"""Blind structures: the ready ones, their expected length (by hand), reading and checking.

Expected length: the first level whose big blind is at least a twentieth of the
chips in play, counting every minute up to its end.
- Fast (5,000 chips, 12-minute levels, a 10-minute break after level 4):
  6 players, 30,000 chips: big blind 1,500 or more first at level 8 (1,600):
  8 * 12 + 10 = 106 minutes; 8 players (2,000): level 9 (2,400): 118;
  10 players (2,500): level 10 (4,000): 130.
- Standard (10,000 chips, 15-minute levels, two 10-minute breaks, after levels 4
  and 8): 6 players (3,000): level 10: 150 + 20 = 170; 8 (4,000): level 11: 185;
  10 (5,000): level 12 (6,000): 200.
"""

from __future__ import annotations

import pytest

from gamenight.tournaments.structures import (
    Level,
    Structure,
    StructureError,
    expected_length,
    ready,
    structure_from_json,
)


@pytest.mark.parametrize(
    ("slug", "players", "minutes", "level"),
    [
        ("fast", 6, 106, 8),
        ("fast", 8, 118, 9),
        ("fast", 10, 130, 10),
        ("standard", 6, 170, 10),
        ("standard", 8, 185, 11),
        ("standard", 10, 200, 12),
    ],
)
def test_the_ready_structures_last_about_as_long_as_they_say(
    slug: str, players: int, minutes: int, level: int
) -> None:
    chosen = ready(slug)
    assert chosen is not None
    length = expected_length(chosen.structure, players * chosen.starting_chips)
    assert length is not None
    assert (length.minutes, length.level) == (minutes, level)


def test_levels_are_numbered_over_the_playing_levels() -> None:
    fast = ready("fast")
    assert fast is not None
    structure = fast.structure
    assert structure.items[4].is_break
    assert structure.items[4].colour_up == 25
    assert [structure.number_of(i) for i in range(6)] == [1, 2, 3, 4, None, 5]
    assert structure.index_of(5) == 5
    assert structure.level_number_at(4) == 4  # the break counts as level 4
    assert structure.level_count == 11


def test_the_standard_structure_has_antes_from_level_5() -> None:
    standard = ready("standard")
    assert standard is not None
    levels = [i for i in standard.structure.items if not i.is_break]
    assert [lv.ante for lv in levels[:6]] == [0, 0, 0, 0, 50, 100]
    # Every blind and ante is made of the chips still on the table after each colour-up.
    for item in standard.structure.items[5:9]:
        assert item.small_blind % 50 == 0
        assert item.ante % 50 == 0
    for item in standard.structure.items[10:]:
        assert item.small_blind % 100 == 0
        assert item.ante % 100 == 0


def test_a_structure_too_short_has_no_expected_length() -> None:
    short = Structure((Level(minutes=20, small_blind=25, big_blind=50),))
    assert expected_length(short, 50_000) is None


def test_json_round_trip() -> None:
    standard = ready("standard")
    assert standard is not None
    assert structure_from_json(standard.structure.to_json()) == standard.structure


@pytest.mark.parametrize(
    ("rows", "says"),
    [
        ([], "at least one level"),
        ([{"break": True, "minutes": 10}], "at least one level"),
        ([{"minutes": 0, "small_blind": 25, "big_blind": 50}], "Row 1: the minutes"),
        ([{"minutes": 15, "small_blind": 100, "big_blind": 50}], "bigger than the big blind"),
        ([{"minutes": 15, "small_blind": 25, "big_blind": "50"}], "whole numbers"),
        ([{"minutes": True, "small_blind": 25, "big_blind": 50}], "the minutes"),
        ("25/50", "at least one level"),
    ],
)
def test_a_bad_structure_is_refused(rows: object, says: str) -> None:
    with pytest.raises(StructureError, match=says):
        structure_from_json(rows)
