"""Bad input found in review that crashed with a 500: each now gets a clear 4xx
(or is ignored where it only tunes a page) and changes nothing.

Written against a phone with a seat link, the host, and an anonymous visitor.
"""

from __future__ import annotations

import datetime
from typing import Any

import pytest
import seat_phones
from django.test import Client
from django.urls import reverse
from ledger_helpers import Table, stacks

from engine.games import GAMES, HandState
from gamenight.forms.nights import NightForm
from gamenight.models import Deal, DigitalHand, HandAction, Night, PlayerMerge, SeatLink
from gamenight.services import digital


@pytest.fixture
def night(table: Table) -> Table:
    table.night.allowed_games = list(GAMES)
    table.night.save()
    return table


def start(table: Table, game: str = "seven-card-stud") -> DigitalHand:
    return digital.start_hand(night_id=table.night.pk, by=table.owner, key="start", game=game)


def actor_link(hand: DigitalHand) -> SeatLink:
    actor = digital.hand_state(hand).actor
    assert actor is not None
    return SeatLink.objects.get(seat_id=hand.seat_ids[actor], hand=None, revoked=False)


def post_move(link: SeatLink, data: dict[str, Any]) -> Any:
    """From the phone holding the seat, naming its hand, as the seat page posts."""
    return seat_phones.post_move(seat_phones.phone(link), link, data)


def assert_nothing_moved(table: Table, hand: DigitalHand, before: dict[str, int]) -> None:
    hand.refresh_from_db()
    assert hand.version == 0
    assert not HandAction.objects.filter(hand=hand).exists()
    assert stacks(table.night) == before


def test_switch_game_without_a_game_is_refused_not_a_crash(night: Table) -> None:
    hand = start(night)
    before = stacks(night.night)
    response = post_move(actor_link(hand), {"action": "switch_game", "version": "0", "key": "k1"})
    assert response.status_code == 422
    assert "Traceback" not in response.content.decode()
    assert_nothing_moved(night, hand, before)


@pytest.mark.parametrize("field", ["version", "amount"])
@pytest.mark.parametrize("digit", ["²", "\u0661", "0x1", "+1", " 1e3"])
def test_a_number_not_in_ascii_digits_is_refused(night: Table, field: str, digit: str) -> None:
    hand = start(night)
    before = stacks(night.night)
    data = {"action": "bet", "version": "0", "amount": "2", "key": "k1", field: digit}
    response = post_move(actor_link(hand), data)
    assert response.status_code == 422
    assert_nothing_moved(night, hand, before)


def test_the_host_acting_for_a_player_with_a_non_ascii_seat_is_refused(night: Table) -> None:
    hand = start(night)
    client = Client()
    client.force_login(night.owner)
    url = reverse("digital_act_for", args=[night.night.pk, hand.pk])
    response = client.post(url, {"action": "fold", "seat": "²", "version": "0", "key": "k"})
    assert response.status_code == 422
    assert not HandAction.objects.filter(hand=hand).exists()


def test_an_engine_error_of_an_unexpected_kind_is_an_illegal_move(
    night: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    hand = start(night)
    before = stacks(night.night)

    def broken(self: HandState, **kwargs: Any) -> None:
        raise KeyError("a step the engine did not expect")

    monkeypatch.setattr(HandState, "act", broken)
    response = post_move(actor_link(hand), {"action": "check", "version": "0", "key": "k1"})
    assert response.status_code == 422
    assert "That move is not possible now" in response.content.decode()
    assert_nothing_moved(night, hand, before)


@pytest.mark.parametrize("night_param", ["²", "\u0661\u0662", "99999999999999999999999", "-1"])
def test_a_rules_card_ignores_a_bad_night_number(db: None, night_param: str) -> None:
    response = Client().get(reverse("rules_card", args=["guts"]), {"night": night_param})
    assert response.status_code == 200


@pytest.mark.parametrize("target", ["home", "word", "", "//evil.example/", "https://evil.example/"])
def test_sign_up_with_a_next_that_is_not_a_path_goes_home(db: None, target: str) -> None:
    data = {
        "username": "newbie",
        "password1": "a-long-pass-phrase-9",
        "password2": "a-long-pass-phrase-9",
        "next": target,
    }
    response = Client().post(reverse("signup"), data)
    assert response.status_code == 302
    assert response.headers["Location"] == reverse("home")


def test_sign_up_keeps_a_next_that_is_a_path_of_this_site(db: None) -> None:
    data = {
        "username": "newbie",
        "password1": "a-long-pass-phrase-9",
        "password2": "a-long-pass-phrase-9",
        "next": "/join/abc/",
    }
    response = Client().post(reverse("signup"), data)
    assert response.headers["Location"] == "/join/abc/"


def night_form(starting_stack: int) -> dict[str, Any]:
    """The night form as first shown (every game option at its default), with this stack."""
    shown = NightForm()
    defaults = {
        name: field.initial
        for name, field in shown.fields.items()
        if name.startswith("opt__") and field.initial not in (None, False)
    }
    return {
        **defaults,
        "key": f"night-form-{starting_stack}",
        "date": datetime.date(2026, 12, 4).isoformat(),
        "ante": "1",
        "limit_structure": "spread",
        "bet_low": "1",
        "bet_high": "5",
        "raise_cap": "3",
        "allowed_games": ["seven-card-stud"],
        "starting_stack": str(starting_stack),
    }


@pytest.mark.parametrize("starting_stack", [1_000_001, 10_000_000])
def test_a_starting_stack_the_database_refuses_is_refused_by_the_form(
    table: Table, starting_stack: int
) -> None:
    client = Client()
    client.force_login(table.owner)
    nights = Night.objects.count()
    response = client.post(
        reverse("night_create", args=[table.group.pk]), night_form(starting_stack)
    )
    assert response.status_code == 422
    assert Night.objects.count() == nights


def test_the_largest_starting_stack_the_database_takes_is_accepted(table: Table) -> None:
    client = Client()
    client.force_login(table.owner)
    response = client.post(
        reverse("night_create", args=[table.group.pk]), night_form(1_000_000), follow=False
    )
    assert response.status_code == 302, response.context["form"].errors
    assert Night.objects.filter(starting_stack=1_000_000).exists()


@pytest.mark.parametrize(
    "url",
    [
        "/nights/99999999999999999999/",
        "/groups/99999999999999999999/invite/rotate/",
        "/nights/1/hands/99999999999999999999/act-for/",
    ],
)
def test_an_id_too_large_for_the_database_is_not_found(table: Table, url: str) -> None:
    client = Client()
    client.force_login(table.owner)
    assert client.post(url, {"key": "k"}).status_code == 404


@pytest.mark.parametrize("token", ["a%00b", "x" * 300, "a.b"])
def test_a_link_token_of_the_wrong_shape_is_not_found(db: None, token: str) -> None:
    assert Client().get(f"/s/{token}/").status_code == 404
    assert Client().post(f"/s/{token}/act/", {"key": "k"}).status_code == 404


def test_a_key_with_a_nul_byte_is_refused(night: Table) -> None:
    hand = start(night)
    response = post_move(actor_link(hand), {"action": "fold", "version": "0", "key": "k\x00"})
    assert response.status_code == 422
    assert "idempotency key" in response.content.decode()
    assert not HandAction.objects.filter(hand=hand).exists()


# ---------------------------------------------------------------- Unicode digits

# Digits to str.isdigit() that int() refuses ("²", "①"), and digits int() reads
# though nobody types them here (Arabic-Indic, fullwidth). gamenight/request_numbers.py.
UNICODE_DIGITS = ["\u00b2", "1\u00b2", "\u2460", "\u0661\u0662", "\uff13"]


def host_client(table: Table) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(table.owner)
    return client


@pytest.mark.parametrize("digit", UNICODE_DIGITS)
@pytest.mark.parametrize("field", ["order", "table", "tap"])
def test_a_unicode_digit_in_the_record_form_is_no_crash(
    table: Table, field: str, digit: str
) -> None:
    """The showdown order ("12 15=17"), the table's version ("41.ab12") and a tap."""
    url = reverse("record_game", args=[table.night.pk, "seven-card-stud"])
    before = stacks(table.night)
    value = {"order": f"{digit} {digit}={digit}", "table": f"{digit}.abc", "tap": digit}[field]
    response = host_client(table).post(url, {"key": "k", field: value})
    assert response.status_code < 500
    assert stacks(table.night) == before
    assert not Deal.objects.filter(night=table.night).exists()


@pytest.mark.parametrize("digit", UNICODE_DIGITS)
def test_a_unicode_digit_on_the_merge_page_names_nobody(table: Table, digit: str) -> None:
    url = reverse("player_merge", args=[table.group.pk, table.players[0].pk])
    client = host_client(table)
    assert client.get(url, {"other": digit}).status_code == 422
    assert client.post(url, {"other": digit, "key": "k"}).status_code == 422
    assert not PlayerMerge.objects.exists()


@pytest.mark.parametrize("digit", UNICODE_DIGITS)
def test_a_unicode_digit_naming_who_leaves_is_refused(table: Table, digit: str) -> None:
    client = host_client(table)
    leave = client.post(
        reverse("night_leave", args=[table.night.pk]), {"player": digit, "key": "k"}
    )
    assert 400 <= leave.status_code < 500
    assert stacks(table.night) == {"Anna": 50, "Ben": 50, "Carla": 50}
