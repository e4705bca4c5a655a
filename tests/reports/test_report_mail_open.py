"""The night report mail reminds of what earlier nights left open (issue 17): who owes
whom, how much, since which night; nothing once all is paid; in the ender's language."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail
from helpers.clients import client_for
from report_people import People, give_emails, make_people
from settle_helpers import built_night, euros, euros_de, mark, money_group, transfers

from gamenight.models import Night, NightReport
from gamenight.reports.mail import send_report

HEADING = "Still open from earlier nights"


@pytest.fixture
def people(db: None) -> People:
    people = make_people(players=4)
    money_group(people)
    give_emails(people)
    return people


@pytest.fixture
def nights(people: People, django_capture_on_commit_callbacks: Any) -> list[Night]:
    with django_capture_on_commit_callbacks(execute=False):
        return [built_night(people, seed=3, day=0), built_night(people, seed=5, day=1)]


def _body(night: Night, language: str = "en") -> str:
    report = NightReport.objects.get(night=night)
    report.language = language
    report.save(update_fields=["language"])
    mail.outbox.clear()
    assert send_report(report) == 2
    body = mail.outbox[0].body
    assert all(m.body == body for m in mail.outbox)
    return str(body)


def test_the_first_night_has_nothing_earlier_to_remind_of(
    people: People, nights: list[Night]
) -> None:
    body = _body(nights[0])
    assert HEADING not in body
    t = transfers(nights[0])[0]
    assert f"  {t['payer']} -> {t['payee']}: {euros(t['cents'])}\n" in body


def test_the_next_nights_mail_lists_what_is_still_open_and_since_when(
    people: People, nights: list[Night]
) -> None:
    body = _body(nights[1])
    reminder = body[body.index(HEADING) :]
    for t in transfers(nights[0]):
        since = "(since the night of Oct. 2, 2026)"
        assert f"  {t['payer']} -> {t['payee']}: {euros(t['cents'])} {since}\n" in reminder
    # Only earlier nights: this night's own transfers are above, not in the reminder.
    assert reminder.count("(since the night of") == len(transfers(nights[0]))


def test_the_reminder_is_in_the_enders_language(people: People, nights: list[Night]) -> None:
    body = _body(nights[1], language="de")
    assert "Noch offen von früheren Abenden:" in body
    t = transfers(nights[0])[0]
    assert f"{euros_de(t['cents'])} (seit dem Abend vom 2. Oktober 2026)" in body


def test_a_paid_transfer_leaves_the_reminder_and_all_paid_leaves_nothing(
    people: People, nights: list[Night]
) -> None:
    client = client_for(people.owner)
    first, *rest = transfers(nights[0])
    assert mark(client, nights[0], first, key="one").status_code == 302
    body = _body(nights[1])
    line = f"  {first['payer']} -> {first['payee']}: {euros(first['cents'])} (since"
    assert line not in body
    for i, t in enumerate(rest):
        assert mark(client, nights[0], t, key=f"r{i}").status_code == 302
    assert HEADING not in _body(nights[1])
