"""ICM (Malmuth-Harville) and the chop's whole chips, against figures worked by hand.

Stacks 5000 / 3000 / 2000 (of 10,000), prizes 50 / 30 / 20:
- first place: A 5/10, B 3/10, C 2/10;
- A second: B first then A of the rest, 0.3 * 5/7, or C first, 0.2 * 5/8:
  0.214286 + 0.125 = 0.339286; B second: 0.5 * 3/5 + 0.2 * 3/8 = 0.375;
  C second: 0.5 * 2/5 + 0.3 * 2/7 = 0.285714;
- third is what is left: A 0.160714, B 0.325, C 0.514286;
- equities: A 50*0.5 + 30*0.339286 + 20*0.160714 = 38.392857,
  B 15 + 11.25 + 6.5 = 32.75, C 10 + 8.571429 + 10.285714 = 28.857143.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from gamenight.tournaments.icm import equal_chop, icm_chop, icm_equities, whole_shares


def test_three_players_by_hand() -> None:
    equities = icm_equities([5000, 3000, 2000], [50, 30, 20])
    assert equities[1] == Fraction(131, 4)  # 32.75 exactly
    assert [round(float(e), 6) for e in equities] == [38.392857, 32.75, 28.857143]
    assert sum(equities) == 100


def test_heads_up_is_the_chip_share_of_what_second_does_not_win() -> None:
    """Two players: first wins 60, second 40; 7000 of 10,000 chips: 0.7*60 + 0.3*40 = 54."""
    assert icm_equities([7000, 3000], [60, 40]) == [54, 46]


def test_equal_stacks_share_equally() -> None:
    assert icm_equities([100, 100, 100, 100], [50, 30, 20]) == [25, 25, 25, 25]


def test_a_chop_in_whole_chips_adds_up() -> None:
    """Of 1000: 383.93, 327.50, 288.57 round down to 383, 327, 288 (998); the two chips
    left go to the largest remainders, A (.93) and C (.57)."""
    assert icm_chop([5000, 3000, 2000], [500, 300, 200]) == [384, 327, 289]


def test_an_equal_chop_gives_the_odd_chips_to_the_bigger_stacks() -> None:
    """100 among three: 33 each and one chip over, to the biggest stack (B)."""
    assert equal_chop([60, 40], [10, 30, 20]) == [33, 34, 33]


def test_whole_shares_break_a_tie_by_stack_then_order() -> None:
    third = Fraction(10, 3)
    assert whole_shares([third] * 3, 10, [5, 5, 5]) == [4, 3, 3]


def test_ten_players_are_computed() -> None:
    equities = icm_equities(list(range(1, 11)), [50, 30, 20])
    assert sum(equities) == 100
    assert equities == sorted(equities)


def test_no_chips_is_refused() -> None:
    with pytest.raises(ValueError, match="hold chips"):
        icm_equities([0, 0], [60, 40])
