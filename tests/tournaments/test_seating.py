"""Two tables: the draw, balancing and the final table."""

from __future__ import annotations

import random

from gamenight.tournaments.seating import (
    Balance,
    Place,
    balance,
    draw,
    final_table_due,
    free_seat,
)


def test_seven_players_draw_four_and_three() -> None:
    places = draw(list(range(1, 8)), tables=2, rng=random.Random(1))
    tables = sorted(p.table for p in places.values())
    assert tables == [1, 1, 1, 1, 2, 2, 2]
    assert sorted(p.seat for p in places.values() if p.table == 1) == [1, 2, 3, 4]
    assert places == draw(list(range(1, 8)), tables=2, rng=random.Random(1))


def test_the_draw_is_random() -> None:
    draws = {
        tuple(sorted(draw([1, 2, 3, 4], tables=2, rng=random.Random(s)).items())) for s in range(20)
    }
    assert len(draws) > 1


def test_balancing_when_one_table_is_two_short() -> None:
    one_short = {1: Place(1, 1), 2: Place(1, 2), 3: Place(1, 3), 4: Place(2, 1), 5: Place(2, 2)}
    assert balance(one_short, tables=2) is None
    two_short = {1: Place(1, 1), 2: Place(1, 2), 3: Place(1, 3), 4: Place(2, 1)}
    assert balance(two_short, tables=2) == Balance(from_table=1, to_table=2)
    assert balance({1: Place(2, 1), 2: Place(2, 2)}, tables=2) == Balance(2, 1)
    assert balance(two_short, tables=1) is None


def test_a_mover_takes_the_lowest_free_seat() -> None:
    assert free_seat({1: Place(2, 1), 2: Place(2, 3)}, 2) == 2
    assert free_seat({1: Place(2, 1)}, 1) == 1


def test_the_final_table_is_due_when_everyone_fits() -> None:
    places = {1: Place(1, 1), 2: Place(1, 2), 3: Place(2, 1)}
    assert final_table_due(places, 3)
    assert not final_table_due(places, 2)
    assert not final_table_due({1: Place(1, 1), 2: Place(1, 2)}, 5)
