"""Ledger memos and transaction summaries in the reader's language (issue 15): rows
written now keep their words as codes, older rows are read back from their English."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import DatabaseError, transaction
from django.utils import translation
from helpers.clients import client_for
from helpers.pages import record_url
from ledger_helpers import Table, make_table

from gamenight.engine_words.ledger import memo_text
from gamenight.models import Entry, Transaction, TransactionKind
from gamenight.reports.night import ledger_rows

FIVE = ("Anna", "Ben", "Carla", "Dan", "Eva")


@pytest.fixture
def five(db: None) -> Table:
    return make_table(names=FIVE)


def _record_baseball(table: Table) -> None:
    """The Baseball sheet: Anna pays the pot (15) and wins 30 with four kings."""
    by_name = {p.name: p.pk for p in table.players}
    data: dict[str, Any] = {"key": "key-1", "confirm": "1", f"paid_{by_name['Anna']}": 15}
    # The chips bet (the form adds Anna's pot payment), Dan and Eva folded.
    data |= {f"chips_{by_name[n]}": 3 for n in ("Anna", "Ben", "Carla", "Dan", "Eva")}
    data |= {f"state_{by_name[n]}": "folded" for n in ("Dan", "Eva")}
    cards = {
        "Anna": "Ks Kh 9c 3c Bd 5h 8s",
        "Ben": "Ds Dh Dd 4d 7c Ad 2h Bc",
        "Carla": "2c 2d 5c 6d 7h 8d Tc",
    }
    data |= {f"cards_{by_name[n]}": c for n, c in cards.items()}
    response = client_for(table.owner).post(record_url(table, "baseball"), data)
    assert response.status_code == 302


def test_a_recorded_hand_keeps_its_reasons_as_codes(five: Table) -> None:
    _record_baseball(five)
    won = Entry.objects.get(reason__startswith="won 30")
    assert won.words is not None
    assert won.words["code"] == "won_shown"
    assert won.words["params"]["hand_value"]["category"] == 7  # four of a kind


def test_the_ledger_rows_speak_the_readers_language(five: Table) -> None:
    _record_baseball(five)
    with translation.override("de"):
        rows = ledger_rows([five.night.pk])
    reasons = {row.reason for row in rows}
    summaries = {row.summary for row in rows}
    assert "aus dem Hauptpot gewonnen: 30 (Vierling, Könige)" in reasons
    assert "den Pot bezahlt: 15" in reasons
    assert "Baseball: Pot von 30" in summaries
    assert not [r for r in reasons | summaries if "won " in r or "pot of" in r or "anted" in r]
    with translation.override("en"):
        english = {row.reason for row in ledger_rows([five.night.pk])}
    assert "won 30 from the main pot (four of a kind, kings)" in english


def test_a_guts_deal_keeps_its_explanation_as_codes(db: None) -> None:
    table = make_table(names=("Anna", "Ben", "Carla"))
    by_name = {p.name: p.pk for p in table.players}
    data = {"key": "g1", "confirm": "1", f"in_{by_name['Anna']}": "on"}
    data[f"in_{by_name['Ben']}"] = "on"
    data |= {f"place_{by_name['Anna']}": 1, f"place_{by_name['Ben']}": 2}
    assert client_for(table.owner).post(record_url(table, "guts"), data).status_code == 302
    deal = Transaction.objects.get(kind=TransactionKind.GUTS_DEAL)
    assert deal.summary_words is not None
    with translation.override("de"):
        summary = memo_text(deal.summary, deal.summary_words)
        memos = {memo_text(e.reason, e.words) for e in deal.entries.all()}
    assert summary.startswith("Anna, Ben und Carla zahlen je 1 Ante: der Pot war leer; ")
    assert "Anna hat die beste Hand und nimmt den Pot von 3" in summary
    assert "the pot" not in summary
    assert "zahlt den Pot" in memos


@pytest.mark.parametrize(
    ("english", "german"),
    [
        ("anted 1", "Ante gesetzt: 1"),
        (
            "won 30 from the main pot (four of a kind, kings)",
            "aus dem Hauptpot gewonnen: 30 (Vierling, Könige)",
        ),
        (
            "won 6 from side pot 1, split with Carla (tied second by the host)",
            "aus Nebenpot 1 gewonnen: 6, geteilt mit Carla "
            "(vom Gastgeber gleichauf als Zweiter gewertet)",
        ),
        (
            "won 9 from the main pot: everyone else folded",
            "aus dem Hauptpot gewonnen: 9, alle anderen sind ausgestiegen",
        ),
        ("pays the pot", "zahlt den Pot"),
        ("ante: nobody held", "Ante: niemand hat gehalten"),
        ("Anna rebuys 20", "Anna kauft 20 nach"),
        ("buy-in of 50", "Einkauf von 50"),
        ("undo: paid the pot: 15", "rückgängig: den Pot bezahlt: 15"),
        ("undo of Guts deal #3", "Guts-Runde #3 rückgängig gemacht"),
        ("seven-card-stud: pot of 30", "Seven-Card Stud: Pot von 30"),
        ("the night starts", "der Abend beginnt"),
        ("Eva", "Eva"),
    ],
)
def test_an_old_rows_english_is_read_back_into_german(english: str, german: str) -> None:
    with translation.override("de"):
        assert memo_text(english) == german
    # English stays as written, but for a game's internal name, now its title.
    titled = {"seven-card-stud: pot of 30": "Seven-card stud: pot of 30"}
    with translation.override("en"):
        assert memo_text(english) == titled.get(english, english)


def test_the_new_columns_left_the_ledger_append_only(five: Table) -> None:
    _record_baseball(five)
    with pytest.raises(DatabaseError), transaction.atomic():
        Entry.objects.filter(reason__startswith="won").update(words={})


def test_a_guts_summary_with_the_hands_shown_reads_in_german(db: None) -> None:
    """The hands shown hold "; " themselves: each sentence is worded on its own."""
    table = make_table(names=("Anna", "Ben", "Carla"))
    by_name = {p.name: p.pk for p in table.players}
    data = {"key": "g2", "confirm": "1"}
    data |= {f"in_{by_name[n]}": "on" for n in ("Anna", "Ben")}
    data |= {f"cards_{by_name['Anna']}": "As Ah", f"cards_{by_name['Ben']}": "Kd 2c"}
    assert client_for(table.owner).post(record_url(table, "guts"), data).status_code == 302
    deal = Transaction.objects.get(kind=TransactionKind.GUTS_DEAL)
    with translation.override("de"):
        summary = memo_text(deal.summary, deal.summary_words)
    assert "gezeigte Hände: Anna: Paar, Asse; Ben: Höchste Karte: König" in summary
    assert "hands shown" not in summary
    assert "pair of" not in summary
