"""Every rules card lists its game's house options, worded by the catalogue in the
reader's language (issue 13: each option is "on the rules card, in both languages")."""

from __future__ import annotations

from html import unescape

import pytest
from django.test import Client

from engine.games.catalog import ENTRIES
from engine.games.entry import GameEntry
from gamenight.games import option_label


def card(client: Client, game: str, language: str) -> str:
    response = client.get(f"/rules/{game}/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return unescape(response.content.decode())


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("game", "german"),
    [
        ("baseball", "Fester Betrag statt des Pots"),
        ("baseball", "Wann eine verdeckte Karte ihre Extrakarte holt"),
        ("psycho-shelby", "Flushes zählen gegen die Low-Hand"),
        ("spit-in-the-ocean", "Spit! nach jeder Karte"),
        ("no-peek", "Startkarte aus"),
    ],
)
def test_a_card_lists_the_options_of_the_rule_sheets_in_german(
    client: Client, game: str, german: str
) -> None:
    assert german in card(client, game, "de")


@pytest.mark.django_db
@pytest.mark.parametrize("entry", [e for e in ENTRIES if e.options], ids=lambda e: e.name)
def test_every_option_of_a_game_is_on_its_card(client: Client, entry: GameEntry) -> None:
    page = card(client, entry.name, "en")
    missing = [o.name for o in entry.options if option_label(entry.name, o.name) not in page]
    assert missing == [], f"{entry.name}: options missing from its card: {missing}"


@pytest.mark.django_db
def test_a_game_without_options_shows_no_options_list(client: Client) -> None:
    # Seven-card stud has the bring-in now (issue 16); Hold'em has no house option.
    assert "House options" not in card(client, "texas-holdem", "en")
    assert "House options" in card(client, "seven-card-stud", "en")
