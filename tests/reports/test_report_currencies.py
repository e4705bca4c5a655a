"""A group's currency (issue 28): reports, the owes page, the personal-link report and
the mail write money in it, the reader's way (CLDR's, through Babel): EUR, CHF and
USD in English and German. The expected strings are written out here by hand."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import translation
from helpers.clients import client_for
from report_people import People, give_emails, make_people
from settle_helpers import built_night, money_group, player_named, transfers

from gamenight.models import Group, Night, NightReport
from gamenight.money import money
from gamenight.reports.mail import send_report
from gamenight.services import player_links

NBSP = "\u00a0"
# How 0.10 (the chip) reads in each currency and language.
CHIP = {
    ("EUR", "en"): "€0.10",
    ("EUR", "de"): f"0,10{NBSP}€",
    ("CHF", "en"): f"CHF{NBSP}0.10",
    ("CHF", "de"): f"0,10{NBSP}CHF",
    ("USD", "en"): "$0.10",
    ("USD", "de"): f"0,10{NBSP}$",
}
WORTH = {"en": "One chip is worth {}.", "de": "Ein Chip ist {} wert."}


def written(cents: int, currency: str, language: str) -> str:
    """An amount the way CHIP writes 0.10, by hand."""
    whole, part = cents // 100, cents % 100
    if language == "de":
        sign = {"EUR": "€", "CHF": "CHF", "USD": "$"}[currency]
        return f"{whole},{part:02d}{NBSP}{sign}"
    sign = {"EUR": "€", "CHF": f"CHF{NBSP}", "USD": "$"}[currency]
    return f"{sign}{whole}.{part:02d}"


@pytest.fixture
def people(db: None) -> People:
    people = make_people(players=4)
    money_group(people)
    give_emails(people)
    return people


@pytest.fixture
def night(people: People, django_capture_on_commit_callbacks: Any) -> Night:
    with django_capture_on_commit_callbacks(execute=False):
        return built_night(people, seed=3, day=0)


CASES = [(c, lang) for c in ("EUR", "CHF", "USD") for lang in ("en", "de")]


@pytest.mark.parametrize(("currency", "language"), CASES)
def test_the_formatting_function_by_hand(currency: str, language: str) -> None:
    with translation.override(language):
        assert money(10, currency) == CHIP[(currency, language)]
        assert money(123456, currency) == written(123456, currency, language).replace(
            "1234", "1,234" if language == "en" else "1.234"
        )


def test_a_currency_without_decimals_and_a_negative_amount() -> None:
    with translation.override("en"):
        assert money(1500, "JPY") == "¥1,500"
        assert money(-120, "CHF") == f"-CHF{NBSP}1.20"
    with translation.override("de"):
        assert money(1500, "JPY") == f"1.500{NBSP}¥"


@pytest.mark.parametrize(("currency", "language"), CASES)
def test_the_report_page_in_each_currency_and_language(
    people: People, night: Night, currency: str, language: str
) -> None:
    Group.objects.filter(pk=people.group.pk).update(currency=currency)
    reader = client_for(people.viewer, HTTP_ACCEPT_LANGUAGE=language)
    html = reader.get(reverse("night_report", args=[night.pk])).content.decode()
    assert WORTH[language].format(CHIP[(currency, language)]) in html
    for t in transfers(night):
        assert f"<strong>{written(t['cents'], currency, language)}</strong>" in html
    owes = reader.get(reverse("group_owes", args=[people.group.pk])).content.decode()
    assert WORTH[language].format(CHIP[(currency, language)]) in owes
    t = transfers(night)[0]
    assert written(t["cents"], currency, language) in owes


@pytest.mark.parametrize(("currency", "language"), CASES)
def test_the_personal_link_report_in_each_currency_and_language(
    people: People, night: Night, currency: str, language: str
) -> None:
    Group.objects.filter(pk=people.group.pk).update(currency=currency)
    t = transfers(night)[0]
    payer = player_named(people, t["payer"])
    link = player_links.make_link(group_id=people.group.pk, by=people.owner, player_id=payer.pk)
    url = reverse("player_link_report", args=[link.token, night.pk])
    html = Client(HTTP_ACCEPT_LANGUAGE=language).get(url).content.decode()
    for t in transfers(night):
        assert f"<strong>{written(t['cents'], currency, language)}</strong>" in html


@pytest.mark.parametrize(("currency", "language"), CASES)
def test_the_mail_in_each_currency_and_language(
    people: People, night: Night, currency: str, language: str
) -> None:
    Group.objects.filter(pk=people.group.pk).update(currency=currency)
    report = NightReport.objects.get(night=night)
    report.language = language
    report.save(update_fields=["language"])
    mail.outbox.clear()
    assert send_report(report) == 2
    body = mail.outbox[0].body
    for t in transfers(night):
        assert f"{t['payer']} -> {t['payee']}: {written(t['cents'], currency, language)}\n" in body


def test_the_chip_value_takes_the_currencys_decimals(people: People) -> None:
    url = reverse("chip_value", args=[people.group.pk])
    host = client_for(people.owner)
    Group.objects.filter(pk=people.group.pk).update(currency="JPY", chip_value_cents=None)
    assert host.post(url, {"key": "j1", "chip_value": "10.5", "next": "/"}).status_code == 422
    assert host.post(url, {"key": "j2", "chip_value": "10", "next": "/"}).status_code == 302
    people.group.refresh_from_db()
    assert people.group.chip_value_cents == 10  # ten yen, the smallest unit
    german = client_for(people.owner, HTTP_ACCEPT_LANGUAGE="de")
    assert german.post(url, {"key": "e1", "chip_value": "٣", "next": "/"}).status_code == 422


def test_a_currency_of_other_decimals_is_refused_once_amounts_exist(people: People) -> None:
    url = reverse("group_money", args=[people.group.pk])
    host = client_for(people.owner)
    zone = people.group.time_zone
    refused = host.post(url, {"key": "c1", "currency": "JPY", "time_zone": zone})
    assert refused.status_code == 422
    assert "Amounts are already recorded in EUR" in refused.content.decode()
    assert host.post(url, {"key": "c2", "currency": "CHF", "time_zone": zone}).status_code == 302
    people.group.refresh_from_db()
    assert people.group.currency == "CHF"
    assert people.group.chip_value_cents == 10  # the same 0.10, now in francs
    Group.objects.filter(pk=people.group.pk).update(chip_value_cents=None)
    assert host.post(url, {"key": "c3", "currency": "JPY", "time_zone": zone}).status_code == 302
    assert host.post(url, {"key": "c4", "currency": "XYZ", "time_zone": zone}).status_code == 422
