"""Every game of the engine's catalogue is complete everywhere a person meets it.

The catalogue (:mod:`engine.games.catalog`) is the one list of games; this test
walks it and names, game by game, what is missing: a title with German in the
compiled catalogue, a rules card with German for each paragraph, a recording
form that records a minimal hand, a ranking, a hand size, a digital deal played
to the end where the game claims one, and words (German too) for every house
option. A fake Baseball variant added to the catalogue proves the checker names
each gap: the app reads the catalogue when it is used, never a copy made at
import, so the fake meets the app exactly as a game added to the engine would.
"""

from __future__ import annotations

import gettext
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client, override_settings
from django.utils import translation
from helpers.clients import client_for
from helpers.pages import alerts, card_paragraphs, record_url
from ledger_helpers import Table, make_table

from engine.cards import FOUR, SEVEN
from engine.games import HandState, catalog, make_rules
from engine.games.entry import GameEntry
from engine.games.families import stud
from engine.games.options import OptionSpec
from engine.games.random_play import play_out
from gamenight.forms.recording_rules import switch_field
from gamenight.games import CHOICE_LABELS, TITLES, option_texts
from gamenight.models import Deal
from gamenight.views.rules_cards import has_rules_card


def _german() -> dict[str, str]:
    """The compiled German catalogue, msgid to msgstr, as the app loads it."""
    path = Path(settings.LOCALE_PATHS[0]) / "de" / "LC_MESSAGES" / "django.mo"
    with path.open("rb") as compiled:
        found: dict[str, str] = gettext.GNUTranslations(compiled)._catalog  # type: ignore[attr-defined]
    return found


def _untranslated(texts: Any, german: dict[str, str]) -> list[str]:
    """The msgids (English) among ``texts`` without a non-empty German msgstr."""
    with translation.override("en"):
        msgids = [str(text) for text in texts]
    return [msgid for msgid in msgids if not german.get(msgid)]


def _minimal_hand(entry: GameEntry, table: Table, key: str) -> dict[str, Any]:
    """The least a host types to record a hand: everyone antes, Anna beats Ben."""
    assert entry.recording is not None
    anna, ben, *rest = [p.pk for p in table.players]
    data: dict[str, Any] = {"key": key, "confirm": "1", f"place_{anna}": 1, f"place_{ben}": 2}
    if entry.recording.family in ("guts", "shelby"):
        return {**data, f"in_{anna}": "on", f"in_{ben}": "on"}
    ante = table.night.ante
    return {
        **data,
        **{f"chips_{pid}": ante for pid in (anna, ben, *rest)},
        **{f"state_{pid}": "folded" for pid in rest},
    }


def _recording_problems(entry: GameEntry, client: Client, table: Table) -> list[str]:
    if entry.recording is None:
        return ["no recording form (its entry has recording=None)"]
    page = client.get(record_url(table, entry.name))
    if page.status_code != 200 or "<form" not in page.content.decode():
        return [f"no recording form (GET {record_url(table, entry.name)}: {page.status_code})"]
    key = f"catalogue-{entry.name}"
    sent = client.post(record_url(table, entry.name), _minimal_hand(entry, table, key))
    recorded = Deal.objects.filter(night=table.night, game=entry.name).exists()
    if sent.status_code != 302 or not recorded:
        shown = alerts(sent.content.decode()) if sent.status_code == 200 else sent.status_code
        return [f"a minimal hand is not recorded ({shown})"]
    return []


def _rules_card_problems(entry: GameEntry, client: Client) -> list[str]:
    """A paragraph the German catalogue does not know falls back to its English text."""
    english = card_paragraphs(client, entry.name, "en")
    german = card_paragraphs(client, entry.name, "de")
    return [f"rules card: no German for {p!r}" for p in german if p in english]


def _digital_problems(entry: GameEntry) -> list[str]:
    if entry.build is None:
        return []
    rules = make_rules(entry.name)
    rng = random.Random(7)
    seats = max(rules.min_players, 3)
    state = HandState.start(
        rules, names=[f"P{i}" for i in range(seats)], stacks=[50] * seats, dealer=0, rng=rng
    )
    play_out(state, rng)
    return [] if state.is_over else ["a digital deal does not end"]


def catalogue_problems(client: Client, table: Table) -> list[str]:
    """What each game of the catalogue lacks, as "game: what"; empty when all is there."""
    german = _german()
    problems: list[tuple[str, str]] = []
    for entry in catalog.ENTRIES:
        found: list[str] = []
        title = TITLES.get(entry.name)
        if title is None:
            found.append("no title in gamenight/games.py")
        elif _untranslated([title], german):
            found.append(f"no German title for {_untranslated([title], german)[0]!r}")
        if not has_rules_card(entry.name):
            found.append(f"no rules card (rules/games/{entry.name}.html)")
        else:
            found += _rules_card_problems(entry, client)
        found += _recording_problems(entry, client, table)
        if entry.ranking is None and not entry.round_rankings:
            found.append("no ranking")
        if entry.hand_size is None and not entry.round_rankings:
            found.append("no hand size")
        found += _digital_problems(entry)
        for spec in entry.options:
            texts = option_texts(entry.name, spec.name)
            if not texts:
                found.append(f"option {spec.name} has no label and help in gamenight/games.py")
            for msgid in _untranslated(texts, german):
                found.append(f"option {spec.name}: no German for {msgid!r}")
            for choice in spec.choices:
                if choice not in CHOICE_LABELS:
                    found.append(f"option {spec.name}: no label for the choice {choice!r}")
            found += [
                f"option {spec.name}: no German for {msgid!r}"
                for msgid in _untranslated(
                    [CHOICE_LABELS[c] for c in spec.choices if c in CHOICE_LABELS], german
                )
            ]
            if not spec.rule:
                found.append(f"option {spec.name} names no rule")
        problems += [(entry.name, what) for what in found]
    return [f"{game}: {what}" for game, what in problems]


@pytest.fixture
def night(db: None) -> Table:
    # Stacks deep enough for every game's minimal hand in a row, the Guts pots included.
    return make_table(names=("Anna", "Ben", "Carla"), stack=500)


def test_every_game_of_the_catalogue_is_complete(night: Table) -> None:
    assert catalogue_problems(client_for(night.owner), night) == []


# A Baseball variant added as one entry, and nothing else: the checker must name each gap.
_FAKE = replace(
    stud._baseball_family(
        "seventh-inning", "Seventh Inning", wild=frozenset({SEVEN}), extra_rank=FOUR
    ),
    options=(
        *stud._baseball_family("x", "x", wild=frozenset(), extra_rank=FOUR).options,
        OptionSpec(name="stretch", kind="bool", default=False, help="a break", rule="none"),
    ),
)


@pytest.fixture
def with_fake(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(catalog, "ENTRIES", (*catalog.ENTRIES, _FAKE))
    monkeypatch.setitem(catalog.CATALOGUE, _FAKE.name, _FAKE)


def test_the_checker_names_what_a_new_baseball_variant_lacks(night: Table, with_fake: None) -> None:
    problems = catalogue_problems(client_for(night.owner), night)
    fake = [p for p in problems if p.startswith("seventh-inning: ")]
    assert fake == [
        "seventh-inning: no title in gamenight/games.py",
        "seventh-inning: no rules card (rules/games/seventh-inning.html)",
        "seventh-inning: option stretch has no label and help in gamenight/games.py",
    ]


def _with_card(card: str) -> Any:
    """The settings' templates, plus a rules card for the fake game held in memory."""
    engine = {**settings.TEMPLATES[0], "APP_DIRS": False}
    engine["OPTIONS"] = {
        **engine["OPTIONS"],
        "loaders": [
            ("django.template.loaders.locmem.Loader", {"rules/games/seventh-inning.html": card}),
            "django.template.loaders.filesystem.Loader",
            "django.template.loaders.app_directories.Loader",
        ],
    }
    return override_settings(TEMPLATES=[engine])


def test_the_checker_names_a_rules_card_paragraph_without_german(
    night: Table, with_fake: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gamenight import games

    monkeypatch.setitem(games.TITLES, "seventh-inning", translation.gettext_lazy("Guts"))
    card = (
        '{% load i18n %}{% include "rules/games/_stud.html" %}'
        "<p>{% translate 'Sevens are wild; a face-up 4 gives an extra card.' %}</p>"
    )
    with _with_card(card):
        problems = catalogue_problems(client_for(night.owner), night)
    fake = [p for p in problems if p.startswith("seventh-inning: ")]
    assert fake == [
        "seventh-inning: rules card: no German for "
        "'Sevens are wild; a face-up 4 gives an extra card.'",
        "seventh-inning: option stretch has no label and help in gamenight/games.py",
    ]


def test_a_jack_target_without_a_title_is_still_a_choice_of_the_switch() -> None:
    """A game the engine adds to Jack the Shifter's targets, before the web has its title:
    the form offers it by its name (the catalogue test names the missing title), no 500."""
    field = switch_field(("seventh-inning",))
    assert ("seventh-inning", "Seventh inning") in [(v, str(label)) for v, label in field.choices]


def test_the_checker_names_an_option_label_without_german(
    night: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gamenight import games

    monkeypatch.setitem(games.OPTION_LABELS, "buy_walk", translation.gettext_lazy("Buy it"))
    problems = catalogue_problems(client_for(night.owner), night)
    assert "baseball: option buy_walk: no German for 'Buy it'" in problems
