"""The digital pages' polls through Django's ``condition``: what a 304 carries.

The 304 of both polls (seat and table) keeps what the old hand-made one had:
the tag, ``HX-Reswap: none`` (htmx leaves the page alone), ``private, no-cache``
and the same ``Vary``; the tag names the language, so a phone switched to German
gets the German page at once, not a 304 for the English one.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client
from django.urls import reverse
from helpers.clients import client_for
from ledger_helpers import Table
from seat_phones import link_of, phone, seat_url, start

from engine.games import GAMES
from gamenight.models import SeatLink
from gamenight.services import digital

HX = {"HTTP_HX_REQUEST": "true"}
VARY = {"hx-request", "accept-language", "cookie"}
Poll = Callable[[Table], tuple[Client, str]]


@pytest.fixture
def night(table: Table) -> Table:
    table.night.allowed_games = list(GAMES)
    table.night.save()
    return table


def _seat(night: Table) -> tuple[Client, str]:
    hand = start(night)
    link: SeatLink = link_of(hand, digital.hand_state(hand).actor)
    return phone(link), seat_url(link, "seat_state")


def _table(night: Table) -> tuple[Client, str]:
    hand = start(night)
    return client_for(night.viewer), reverse("digital_table_state", args=[night.night.pk, hand.pk])


@pytest.mark.parametrize("poll", [_seat, _table], ids=["seat", "table"])
def test_a_304_carries_the_tag_the_reswap_and_the_cache_rules(night: Table, poll: Poll) -> None:
    client, url = poll(night)
    first = client.get(url, **HX)
    tag = first.headers["ETag"]
    assert tag.startswith('"')
    assert tag.endswith('"')
    assert first.headers["Cache-Control"] == "private, no-cache"
    unchanged = client.get(url, HTTP_IF_NONE_MATCH=tag, **HX)
    assert unchanged.status_code == 304
    assert unchanged.headers["ETag"] == tag
    assert unchanged.headers["HX-Reswap"] == "none"
    assert unchanged.headers["Cache-Control"] == "private, no-cache"
    vary = {v.strip().lower() for v in unchanged.headers["Vary"].split(",")}
    assert vary >= VARY
    # Any tag at all ("*") is the page's too.
    assert client.get(url, HTTP_IF_NONE_MATCH="*", **HX).status_code == 304


@pytest.mark.parametrize("poll", [_seat, _table], ids=["seat", "table"])
def test_the_tag_names_the_language(night: Table, poll: Poll) -> None:
    client, url = poll(night)
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en", **HX).headers["ETag"]
    german = client.get(url, HTTP_IF_NONE_MATCH=english, HTTP_ACCEPT_LANGUAGE="de", **HX)
    assert german.status_code == 200
    assert german.headers["ETag"] != english
    again = client.get(url, HTTP_IF_NONE_MATCH=german.headers["ETag"], HTTP_ACCEPT_LANGUAGE="de")
    assert again.status_code == 304


def test_a_full_page_is_never_a_304(night: Table) -> None:
    """Only the polls answer 304: opening the page itself always shows it."""
    hand = start(night)
    link = link_of(hand, digital.hand_state(hand).actor)
    seat_phone = phone(link)
    tag = seat_phone.get(seat_url(link)).headers["ETag"]
    assert seat_phone.get(seat_url(link), HTTP_IF_NONE_MATCH=tag).status_code == 200
