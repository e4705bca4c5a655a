"""Pay with a tap (issue 28): a player stores how they like to be paid; each open
transfer on the report, the owes page and the personal-link report offers the payee's
way (a GiroCode for euros, the IBAN and amount as text otherwise, a PayPal.me link
with amount and currency, the payee's link). Only the group's members see it: never
another group, the export, the mail or a log."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse
from helpers.clients import client_for
from report_people import People, give_emails, make_people
from settle_helpers import built_night, link, mark, money_group, player_named, transfers

from gamenight import girocode
from gamenight.models import Group, Night, NightReport, PaymentDetails, Player
from gamenight.pages.pay import reference
from gamenight.reports.mail import send_report
from gamenight.services import player_links
from gamenight.services.group_export import export_group

IBAN = "DE89370400440532013000"
SPACED = "DE89 3704 0044 0532 0130 00"


@pytest.fixture
def people(db: None) -> People:
    people = make_people(players=4)
    money_group(people)
    return people


@pytest.fixture
def night(people: People, django_capture_on_commit_callbacks: Any) -> Night:
    with django_capture_on_commit_callbacks(execute=False):
        return built_night(people, seed=3, day=0)


def _payee(people: People, night: Night) -> tuple[dict[str, Any], Player]:
    t = transfers(night)[0]
    return t, player_named(people, t["payee"])


def _save(client: Client, people: People, player: Player, **values: str) -> Any:
    url = reverse("player_payment", args=[people.group.pk, player.pk])
    return client.post(url, {"iban": "", "holder": "", "paypal_me": "", "link": "", **values})


def _li(html: str, t: dict[str, Any]) -> str:
    start = html.index(f'data-payer="{t["payer_id"]}" data-payee="{t["payee_id"]}"')
    return html[start : html.index("</li>", start)]


def _giro(t: dict[str, Any], night: Night, holder: str) -> str:
    text = reference(night.date, t["payer"], t["payee"])
    data = girocode.payload(girocode.Transfer(name=holder, iban=IBAN, cents=t["cents"], text=text))
    return girocode.qr_svg(data)


def test_every_open_transfer_offers_the_payees_girocode_and_paypal(
    people: People, night: Night
) -> None:
    t, payee = _payee(people, night)
    saved = _save(client_for(people.owner), people, payee, iban=SPACED.lower(), paypal_me="anna")
    assert saved.status_code == 302
    assert PaymentDetails.objects.get(player=payee).iban == IBAN  # compact, upper case
    amount = f"{t['cents'] // 100}.{t['cents'] % 100:02d}"
    report = client_for(people.viewer).get(reverse("night_report", args=[night.pk]))
    li = _li(report.content.decode(), t)
    assert _giro(t, night, payee.name) in li  # the code of exactly this transfer
    assert f"<code>{SPACED}</code>" in li
    assert f'href="https://paypal.me/anna/{amount}EUR"' in li
    assert f"Poker night {night.date:%m/%d/%Y}: {t['payer']} to {t['payee']}" in li
    # The owes page offers the same for the open transfer.
    owes = client_for(people.viewer).get(reverse("group_owes", args=[people.group.pk]))
    assert _giro(t, night, payee.name) in owes.content.decode()
    # Paid: no way to pay any more.
    link(player_named(people, t["payer"]), people.viewer)
    assert mark(client_for(people.viewer), night, t, key="paid-1").status_code == 302
    html = client_for(people.viewer).get(reverse("night_report", args=[night.pk])).content
    assert "paypal.me/anna" not in _li(html.decode(), t)


def test_in_another_currency_the_iban_and_amount_are_text_and_paypal_says_the_currency(
    people: People, night: Night
) -> None:
    Group.objects.filter(pk=people.group.pk).update(currency="CHF")
    t, payee = _payee(people, night)
    _save(client_for(people.owner), people, payee, iban=IBAN, paypal_me="anna", holder="A. M.")
    html = client_for(people.viewer).get(reverse("night_report", args=[night.pk])).content.decode()
    li = _li(html, t)
    assert "<svg" not in li  # the EPC QR code is for euro transfers only
    assert f"<code>{SPACED}</code>" in li
    assert "A. M." in li
    amount = f"{t['cents'] // 100}.{t['cents'] % 100:02d}"
    assert f"CHF\u00a0{amount}" in li
    assert f'href="https://paypal.me/anna/{amount}CHF"' in li


def test_a_link_is_a_button_with_the_amount(people: People, night: Night) -> None:
    t, payee = _payee(people, night)
    _save(client_for(people.owner), people, payee, link="https://pay.example.org/anna?x=1&y=2")
    li = _li(
        client_for(people.viewer).get(reverse("night_report", args=[night.pk])).content.decode(), t
    )
    assert 'href="https://pay.example.org/anna?x=1&amp;y=2"' in li
    amount = f"€{t['cents'] // 100}.{t['cents'] % 100:02d}"
    assert f"Pay {amount} by {t['payee']}\u2019s link" in li


def test_the_personal_link_report_shows_the_currency_the_paid_marks_and_the_ways(
    people: People, night: Night
) -> None:
    t, payee = _payee(people, night)
    _save(client_for(people.owner), people, payee, iban=IBAN)
    payer = player_named(people, t["payer"])
    token = player_links.make_link(group_id=people.group.pk, by=people.owner, player_id=payer.pk)
    url = reverse("player_link_report", args=[token.token, night.pk])
    html = Client().get(url).content.decode()
    euros = f"€{t['cents'] // 100}.{t['cents'] % 100:02d}"
    li = _li(html, t)
    assert f"<strong>{euros}</strong>" in li  # it said "1.90", no currency
    assert _giro(t, night, payee.name) in li
    assert "status-paid" not in li
    assert mark(client_for(people.owner), night, t, key="paid-2").status_code == 302
    li = _li(Client().get(url).content.decode(), t)
    assert "status-paid" in li
    assert "<svg" not in li
    german = Client(HTTP_ACCEPT_LANGUAGE="de").get(url).content.decode()
    assert f"{t['cents'] // 100},{t['cents'] % 100:02d}\u00a0€" in _li(german, t)
    assert "bezahlt" in _li(german, t)


@pytest.mark.parametrize(
    ("values", "field", "message"),
    [
        ({"iban": "DE89 3704 0044 0532 0130 01"}, "iban", "check digits do not fit"),
        ({"iban": "DE89 3704 0044 0532 0130"}, "iban", "a digit too many or too few"),
        # A right check sum on a BBAN of the wrong shape for its country.
        ({"iban": "DE86 1234"}, "iban", "not as long as an IBAN of DE"),
        ({"iban": "DE٨٩370400440532013000"}, "iban", "digits 0 to 9"),
        ({"iban": "XX89370400440532013000"}, "iban", "check digits do not fit"),
        ({"paypal_me": "anna müller"}, "paypal_me", "Latin letters"),
        ({"link": "javascript:alert(1)"}, "link", "https://"),
        ({"link": "http://pay.example.org"}, "link", "https://"),
    ],
)
def test_bad_details_are_refused_with_a_message_and_nothing_saved(
    people: People, night: Night, values: dict[str, str], field: str, message: str
) -> None:
    _t, payee = _payee(people, night)
    response = _save(client_for(people.owner), people, payee, **values)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not PaymentDetails.objects.exists()


def test_a_pasted_paypal_me_address_gives_its_name(people: People, night: Night) -> None:
    _t, payee = _payee(people, night)
    assert (
        _save(
            client_for(people.owner), people, payee, paypal_me="https://paypal.me/Anna77"
        ).status_code
        == 302
    )
    assert PaymentDetails.objects.get(player=payee).paypal_me == "Anna77"


def test_who_may_change_a_players_details(people: People, night: Night) -> None:
    _t, payee = _payee(people, night)
    assert _save(client_for(people.viewer), people, payee, iban=IBAN).status_code == 403
    assert _save(client_for(people.outsider), people, payee, iban=IBAN).status_code == 404
    assert not PaymentDetails.objects.exists()
    link(payee, people.viewer)  # the viewer logs in as the payee: their own details
    assert _save(client_for(people.viewer), people, payee, iban=IBAN).status_code == 302
    again = _save(client_for(people.cohost), people, payee, iban=IBAN, paypal_me="anna")
    assert again.status_code == 302
    assert PaymentDetails.objects.get(player=payee).paypal_me == "anna"
    # The player's page shows them to members, not to outsiders.
    page = reverse("player_history", args=[people.group.pk, payee.pk])
    assert SPACED in client_for(people.viewer).get(page).content.decode()
    assert client_for(people.outsider).get(page).status_code == 404


def test_the_personal_link_sets_its_own_players_details(people: People, night: Night) -> None:
    _t, payee = _payee(people, night)
    token = player_links.make_link(group_id=people.group.pk, by=people.owner, player_id=payee.pk)
    url = reverse("player_link_payment", args=[token.token])
    bad = Client().post(url, {"iban": "DE00 1234", "holder": "", "paypal_me": "", "link": ""})
    assert bad.status_code == 422
    assert not PaymentDetails.objects.exists()
    ok = Client().post(url, {"iban": IBAN, "holder": "Anna M.", "paypal_me": "", "link": ""})
    assert ok.status_code == 302
    assert PaymentDetails.objects.get(player=payee).holder == "Anna M."
    page = Client().get(reverse("player_link_page", args=[token.token])).content.decode()
    assert SPACED in page


def test_details_stay_out_of_the_export_the_mail_and_the_logs(
    people: People, night: Night, caplog: pytest.LogCaptureFixture
) -> None:
    give_emails(people)
    _t, payee = _payee(people, night)
    with caplog.at_level(logging.DEBUG):
        _save(client_for(people.owner), people, payee, iban=IBAN, paypal_me="annapays")
        _save(client_for(people.owner), people, payee, iban=IBAN[:-1] + "1")  # refused
    assert IBAN not in caplog.text
    assert IBAN[:-1] not in caplog.text
    assert "annapays" not in caplog.text
    exported = json.dumps(export_group(people.group))
    assert IBAN not in exported
    assert "annapays" not in exported
    mail.outbox.clear()
    assert send_report(NightReport.objects.get(night=night)) == 2
    assert all(IBAN not in m.body and "annapays" not in m.body for m in mail.outbox)
    assert str(PaymentDetails.objects.get(player=payee)) == f"payment details of player {payee.pk}"


def test_another_groups_details_never_show(people: People, night: Night) -> None:
    others = make_people(players=2, prefix="x")
    stranger = others.players[0]
    PaymentDetails.objects.create(player=stranger, iban=IBAN, paypal_me="stranger")
    html = client_for(people.viewer).get(reverse("night_report", args=[night.pk])).content.decode()
    assert "stranger" not in html
    assert SPACED not in html
    # Nor can a member of this group set them through this group's address.
    url = reverse("player_payment", args=[people.group.pk, stranger.pk])
    assert client_for(people.owner).post(url, {"iban": IBAN}).status_code == 404
