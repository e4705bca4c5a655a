"""Digital log lines, hand and pot names and the Guts and Shelby explanations in the
page's language (issue 15: "Anna zeigt pair of kings", "Ben gewinnt 64 main pot")."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation

from engine.games import GAMES, HandState, make_rules, table_view
from engine.games.random_play import random_action
from engine.games.steps.settle_events import NO_SEAT
from gamenight.engine_words.log import FIXED, WORDED, event_words
from gamenight.pages.hand_view import log

ENGINE = Path(__file__).resolve().parents[2] / "engine"
# English a German log line must not contain (hand and pot names, the steps' words).
ENGLISH = re.compile(
    r"\b(pair of|high card|of a kind|full house|two pair|main pot|side pot|are wild|"
    r"stands pat|draws|held|dropped|the Good|the Bad|the Ugly|struck out|extra card|"
    r"pays the pot|takes the pot|ante again|loses a round|no low|low)\b"
)
GAMES_PLAYED = (
    "seven-card-stud",
    "five-card-draw",
    "guts",
    "guts3",
    "shelby",
    "psycho-shelby",
    "good-bad-ugly",
    "jack-the-shifter",
    "baseball",
    "omaha-hi-lo",
    "sequence",
    "no-peek",
    "spit-in-the-ocean",
)


def _event_codes() -> set[str]:
    """The constant codes the engine gives its events (``state.record(..., code=...)``)."""
    codes: set[str] = set()
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "record":
                for keyword in node.keywords:
                    if keyword.arg == "code" and isinstance(keyword.value, ast.Constant):
                        codes.add(str(keyword.value.value))
                    if keyword.arg == "code" and isinstance(keyword.value, ast.IfExp):
                        codes |= {
                            str(side.value)
                            for side in (keyword.value.body, keyword.value.orelse)
                            if isinstance(side, ast.Constant)
                        }
    return codes - {""}


def test_every_event_code_the_engine_records_is_worded() -> None:
    codes = _event_codes()
    assert {"hand", "pot", "pot_half", "movement", "gbu_card"} <= codes
    assert sorted(codes - set(FIXED) - set(WORDED)) == []


def _played(game: str, seed: int) -> HandState:
    rng = random.Random(seed)
    rules = make_rules(game, {})
    names = ["Anna", "Ben", "Carla", "Dan"][: max(rules.min_players, 3)]
    state = HandState.start(
        rules, names=names, stacks=[60] * len(names), dealer=0, rng=random.Random(seed)
    )
    while not state.is_over:
        random_action(state, rng)
    return state


def _events(games: tuple[str, ...]) -> list[dict[str, Any]]:
    events = []
    for game in games:
        for seed in range(12):
            events += [e.to_dict() for e in _played(game, seed).history]
    return events


@pytest.fixture(scope="module")
def events() -> list[dict[str, Any]]:
    return _events(GAMES_PLAYED)


def test_the_games_played_are_in_the_catalogue() -> None:
    assert set(GAMES_PLAYED) <= set(GAMES)


def test_every_coded_event_reads_in_german_without_english(events: list[dict[str, Any]]) -> None:
    coded = [e for e in events if e.get("code")]
    assert {e["code"] for e in coded} >= {"hand", "pot", "pot_half", "movement"}
    with translation.override("de"):
        worded = [(e["code"], event_words(e)) for e in coded]
    assert [code for code, text in worded if text is None] == []
    # A game's title is the catalogue's ("The Good, the Bad and the Ugly" in German too).
    english = [
        (code, text) for code, text in worded if code != "game" and text and ENGLISH.search(text)
    ]
    assert english == []


def test_a_showdown_names_the_hand_and_the_pot_in_german(events: list[dict[str, Any]]) -> None:
    with translation.override("de"):
        shown = {event_words(e) for e in events if e.get("code") == "hand"}
        won = {event_words(e) for e in events if e.get("code") == "pot"}
    assert any(re.match(r"(Paar|Höchste Karte|Zwei Paare|Drilling)", str(t)) for t in shown)
    assert any(str(t).startswith("Hauptpot") for t in won)


def test_in_english_a_coded_event_reads_as_the_engine_wrote_it(
    events: list[dict[str, Any]],
) -> None:
    """The English words equal the engine's text, but for the few the page phrases
    its own way (the pot's name without "the", the draw's count, the GBU cards)."""
    own_way = {"draws", "spit", "widow", "ghost_hand", "movement", "game", "hand_high_low"}
    with translation.override("en"):
        differ = [
            (e["code"], e["text"], event_words(e))
            for e in events
            if e.get("code") and e["code"] not in own_way and event_words(e) != e["text"]
        ]
    assert differ == []


def test_the_log_of_a_page_in_german_has_no_english_hand_or_pot_name() -> None:
    played = (_played("seven-card-stud", seed) for seed in range(40))
    state = next(s for s in played if any(e.code == "hand" for e in s.history))
    view = table_view(state)
    with translation.override("de"):
        lines = [(str(line["what"]), str(line["text"])) for line in log(view)]
    assert any(what == "gewinnt" and text.startswith("Hauptpot") for what, text in lines)
    assert not [text for _, text in lines if ENGLISH.search(text)]
    assert NO_SEAT == -1
