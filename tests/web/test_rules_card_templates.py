"""Rules cards are templates, one per game, translated through the catalogue.

The German texts below are the cards as they read before the cards moved from
Python dicts into templates: a German page must show exactly these words, which
proves each paragraph's msgid in the template is the one the catalogue holds.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from helpers.pages import card_paragraphs

from gamenight.forms.nights import all_games
from gamenight.views.rules_cards import has_rules_card

GAMES_DIR = Path(settings.BASE_DIR) / "templates" / "rules" / "games"

STUD_DE = (
    "Seven-Card Stud: zwei Karten verdeckt und eine offen, dann drei offene, zuletzt eine "
    "verdeckte; nach jeder offenen und nach der letzten Karte wird gesetzt; die besten fünf von "
    "sieben Karten gewinnen."
)
STUD_EN = (
    "Seven-card stud: two cards down and one up, three more up, one down; a betting round after "
    "each up card and after the last; best five of seven wins."
)

GERMAN_BEFORE: dict[str, list[str]] = {
    "baseball": [
        STUD_DE,
        "3er und 9er sind wild.",
        "Eine offene 3: den Pot nachzahlen (so viel, wie gerade darin liegt) oder aussteigen, "
        "vor der nächsten Karte.",
        "Eine offene 4: sofort eine Extrakarte verdeckt.",
    ],
    "guts": [
        "Ist der Pot leer, zahlt jeder das Ante. Jeder bekommt zwei Karten; alle sagen "
        "gleichzeitig drin oder draußen an.",
        "Zwei oder mehr drin: die beste Hand gewinnt den Pot, jeder andere, der drin war, zahlt "
        "den Pot nach; diese Zahlungen sind der nächste Pot. Nur einer drin: er nimmt den Pot. "
        "Keiner drin: der Pot bleibt, alle zahlen noch einmal das Ante.",
        "Ein Paar schlägt kein Paar, dann zählt die höhere, dann die niedrigere Karte. Das Limit "
        "begrenzt den Pot; der Rest wartet in der Reserve.",
    ],
    "no-peek-baseball": [
        "No Peek mit den wilden Karten von Baseball: 3er und 9er sind wild.",
        "Wer eine 4 aufdeckt, bekommt eine Extrakarte verdeckt auf seinen Stapel.",
        "Aufdecken, bis man die beste offene Hand schlägt, dann wird gesetzt; am Ende gewinnt "
        "die beste Hand, bei Gleichstand wird geteilt.",
    ],
    "psycho-shelby": [
        "Shelby ohne Obergrenze: die Verlierer zahlen dem Gewinner den Pot, wie er zu Beginn der "
        "Runde war.",
        "Drei Runden: drei Karten (die besten zwei), zwei dazu (die niedrigsten drei, Ass "
        "niedrig), zwei dazu (die besten fünf, 3er und 9er wild; wer eine 4 hat, darf eine "
        "Extrakarte kaufen).",
    ],
}

ENGLISH_BEFORE: dict[str, list[str]] = {
    "baseball": [
        STUD_EN,
        "3s and 9s are wild.",
        "A face-up 3: pay the pot (the chips in it at that moment) or fold, before the next card.",
        "A face-up 4: an extra card face down at once.",
    ],
    "no-peek-baseball": [
        "No Peek with Baseball's wild cards: 3s and 9s are wild.",
        "Flipping a 4 puts an extra face-down card on your pile.",
        "Flip until you beat the best showing hand, then bet; the best hand at the end wins, "
        "ties split.",
    ],
}


def test_every_game_has_a_card_template() -> None:
    for game in all_games():
        assert (GAMES_DIR / f"{game}.html").is_file(), game
        assert has_rules_card(game), game


@pytest.mark.parametrize("name", ["_stud", "poker-of-doom", "../card", "Guts", "guts/", ""])
def test_only_a_game_template_is_a_card(name: str) -> None:
    assert not has_rules_card(name)


@pytest.mark.parametrize("game", [*all_games(), "guts3"])
def test_every_card_renders_translated_in_both_languages(client: Client, game: str) -> None:
    english = card_paragraphs(client, game, "en")
    german = card_paragraphs(client, game, "de")
    assert english, game
    assert len(german) == len(english), game
    # A paragraph the catalogue does not know falls back to its English msgid.
    untranslated = [p for p in german if p in english]
    assert not untranslated, (game, untranslated)


@pytest.mark.parametrize("game", sorted(GERMAN_BEFORE))
def test_the_german_card_reads_as_before(client: Client, game: str) -> None:
    assert card_paragraphs(client, game, "de") == GERMAN_BEFORE[game]


@pytest.mark.parametrize("game", sorted(ENGLISH_BEFORE))
def test_the_english_card_reads_as_before(client: Client, game: str) -> None:
    assert card_paragraphs(client, game, "en") == ENGLISH_BEFORE[game]


def test_the_stud_paragraph_lives_once() -> None:
    holders = [
        path.name
        for path in GAMES_DIR.glob("*.html")
        if "Seven-card stud: two cards down" in path.read_text(encoding="utf-8")
    ]
    assert holders == ["_stud.html"]


def test_the_three_card_guts_card(client: Client) -> None:
    assert has_rules_card("guts3")
    english = " ".join(card_paragraphs(client, "guts3", "en"))
    german = " ".join(card_paragraphs(client, "guts3", "de"))
    for words in ("Three cards each", "A-2-3", "Q-K-A", "straight flush"):
        assert words in english, words
    for words in ("drei Karten", "A-2-3", "D-K-A", "Straight Flush", "du "):
        assert words in german, words


@pytest.mark.parametrize(
    ("game", "language", "says"),
    [
        ("football", "en", "A face-up 3 costs nothing, unless the house rule"),
        ("woolworth", "de", "eine 3 bleibt eine natürliche Karte"),
        ("jack-the-shifter", "en", "only games dealt like seven-card stud"),
        ("jack-the-shifter", "de", "Sequence liest jede bisher offen gegebene Karte"),
        ("second-hand-high", "en", "a side pot between two players goes to the worse"),
        ("seven-card-stud", "de", "Asse hoch"),
        ("omaha-hi-lo", "en", "its odd chips go one each to them, from the dealer's left"),
        ("texas-holdem", "de", "keine Karte verbrannt"),
    ],
)
def test_the_cards_say_rulings_17_to_23(
    client: Client, game: str, language: str, says: str
) -> None:
    assert any(says in p for p in card_paragraphs(client, game, language)), game
