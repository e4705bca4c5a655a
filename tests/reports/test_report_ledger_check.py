"""The worker checks the ledger after every night's report; the report page shows a failure."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.urls import reverse
from helpers.clients import client_for
from report_people import People, make_people, played_night

from gamenight import tasks
from gamenight.models import Account, Night, NightReport, ReportStatus


@pytest.fixture
def people(db: None) -> People:
    return make_people(players=4)


@pytest.fixture
def night(people: People, django_capture_on_commit_callbacks: Any) -> Night:
    with django_capture_on_commit_callbacks(execute=False):
        return played_night(people, games=4)


def _page(user: Any, night: Night, language: str = "en") -> str:
    page = client_for(user, HTTP_ACCEPT_LANGUAGE=language).get(
        reverse("night_report", args=[night.pk])
    )
    assert page.status_code == 200
    return page.content.decode()


def _corrupt_a_balance(night: Night) -> Account:
    """Anna's stack 100 chips richer than her entries, past the guard (restored after)."""
    account = Account.objects.get(night=night, player__name="Anna")
    name = "gamenight_account_balance_is_entries"
    with connection.cursor() as cursor:
        cursor.execute("SELECT sql FROM sqlite_master WHERE name = %s", [name])
        (create,) = cursor.fetchone()
        cursor.execute(f"DROP TRIGGER {name}")
        cursor.execute(
            "UPDATE gamenight_account SET balance = balance + 100 WHERE id = %s", [account.pk]
        )
        cursor.execute(create)
    return account


def test_a_sound_ledger_leaves_the_report_without_a_ledger_problem(
    people: People, night: Night
) -> None:
    assert tasks.build_night_report(night.pk) == "built"
    report = NightReport.objects.get(night=night)
    assert (report.status, report.ledger_problem) == (ReportStatus.READY, {})
    assert "ledger-problem" not in _page(people.viewer, night)


def test_a_corrupted_ledger_is_stored_on_the_report_and_shown_in_both_languages(
    people: People, night: Night
) -> None:
    account = _corrupt_a_balance(night)
    tasks.build_night_report(night.pk)
    report = NightReport.objects.get(night=night)
    assert report.status == ReportStatus.READY  # the figures are still shown
    assert report.ledger_problem["code"] == "balance"
    assert report.ledger_problem["params"]["account_id"] == account.pk
    english = _page(people.viewer, night)
    assert 'class="alert ledger-problem"' in english
    assert "The chip ledger check failed" in english
    assert "Anna&#x27;s stack" in english
    assert "holds 1" in english
    german = _page(people.viewer, night, "de")
    assert "Die Prüfung der Chip-Buchungen ist fehlgeschlagen" in german
    assert "Stapel von Anna" in german
    assert "die Buchungen darauf ergeben aber" in german


def test_a_build_again_after_the_repair_clears_the_problem(people: People, night: Night) -> None:
    NightReport.objects.filter(night=night).update(
        ledger_problem={"code": "balance", "params": {}, "count": 1}
    )
    tasks.build_night_report(night.pk)
    assert NightReport.objects.get(night=night).ledger_problem == {}


def test_a_stored_problem_the_page_cannot_read_is_still_shown_not_a_500(
    people: People, night: Night
) -> None:
    NightReport.objects.filter(night=night).update(
        ledger_problem={"code": "balance", "params": {"player": "Anna"}, "count": "x"}
    )
    html = _page(people.viewer, night)
    assert 'class="alert ledger-problem"' in html
    assert "unknown ledger problem balance" in html
