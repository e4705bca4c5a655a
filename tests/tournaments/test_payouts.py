"""Payout tables and prizes in whole chips (figures by hand; the ready table's sources
are in gamenight/tournaments/payouts.py)."""

from __future__ import annotations

import pytest

from gamenight.tournaments.payouts import (
    DEFAULT_TABLE,
    PayoutError,
    make_table,
    prizes,
    table_from_json,
    table_from_text,
)


@pytest.mark.parametrize(
    ("entries", "percents"),
    [
        (2, (100,)),
        (3, (100,)),
        (4, (60, 40)),
        (6, (60, 40)),
        (7, (50, 30, 20)),
        (10, (50, 30, 20)),
        (11, (45, 25, 15, 10, 5)),
        (40, (45, 25, 15, 10, 5)),
    ],
)
def test_the_ready_table_by_entries(entries: int, percents: tuple[int, ...]) -> None:
    assert DEFAULT_TABLE.percents_for(entries) == percents


def test_prizes_round_down_and_give_the_rest_to_the_winner() -> None:
    """1,001 chips at 50/30/20: 500.5, 300.3, 200.2 round down to 500, 300, 200; the one
    chip left goes to the winner: 501."""
    assert prizes(1001, (50, 30, 20)) == [501, 300, 200]
    assert prizes(180, (50, 30, 20)) == [90, 54, 36]
    assert prizes(140, (60, 40)) == [84, 56]
    # 149.85, 83.25, 49.95, 33.3, 16.65 round down to 149, 83, 49, 33, 16 (330): +3 to 1st.
    assert prizes(333, (45, 25, 15, 10, 5)) == [152, 83, 49, 33, 16]
    assert sum(prizes(333, (45, 25, 15, 10, 5))) == 333


def test_more_places_than_entries_give_their_shares_to_the_winner() -> None:
    table = make_table([(10, (50, 30, 20))])
    assert table.percents_for(2) == (70, 30)


def test_the_editor_reads_its_text_back() -> None:
    text = DEFAULT_TABLE.as_text()
    assert text.splitlines()[2] == "10: 50, 30, 20"
    assert table_from_text(text) == DEFAULT_TABLE
    assert table_from_json(DEFAULT_TABLE.to_json()) == DEFAULT_TABLE


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("10: 50, 30, 10", "add up to 90 %"),
        ("10: 30, 50, 20", "a better place never gets less"),
        ("2: 50, 30, 20", "more places are paid than players enter"),
        ("ten: 50, 50", "Line 1"),
        ("10: \u0665\u0660, 50", "Line 1"),  # Arabic-Indic digits
        ("10 50 50", "Line 1"),
        ("", "at least one row"),
        ("5: 100\n5: 60, 40", "Two rows"),
    ],
)
def test_a_bad_table_is_refused_with_a_reason(text: str, says: str) -> None:
    with pytest.raises(PayoutError, match=says):
        table_from_text(text)


def test_an_unreadable_stored_table_is_the_ready_one() -> None:
    assert table_from_json([{"up_to": "x"}]) == DEFAULT_TABLE
    assert table_from_json(None) == DEFAULT_TABLE
