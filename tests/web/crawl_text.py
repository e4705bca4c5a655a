"""What a person reads on a page, and the words of the wrong language in it.

Used by tests/web/test_language_crawl.py. Three detectors look for English on a
German page: the catalogue itself (an English msgid whose German differs, shown
as it is), the engine's English sentences caught while the crawl ran (an
error's or a reason's text shown instead of its translation), and a list of
common English words. On an English page the catalogue's German and a list of
German words (and umlauts) are looked for instead.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

from django.conf import settings

from gamenight.games import TITLES

PO = Path(settings.BASE_DIR) / "locale" / "de" / "LC_MESSAGES" / "django.po"


class _VisibleText(HTMLParser):
    """Text nodes outside <script>/<style>/<template>, plus the attributes people read
    (a screen reader speaks aria-label and title; placeholder and alt are shown)."""

    READ = frozenset({"aria-label", "placeholder", "title", "alt"})
    HIDDEN = frozenset({"script", "style", "template"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.HIDDEN:
            self._hidden += 1
        self.parts += [v for k, v in attrs if k in self.READ and v]
        if tag == "input":
            kind = dict(attrs).get("type")
            value = dict(attrs).get("value")
            if kind in ("submit", "button") and value:
                self.parts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.HIDDEN and self._hidden:
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden and data.strip():
            self.parts.append(data.strip())


def visible_text(html: str) -> str:
    parser = _VisibleText()
    parser.feed(html)
    return " \n".join(parser.parts)


def fold(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


# ---------------------------------------------------------------- the catalogue


def _unquote(text: str) -> str:
    return text.strip()[1:-1].replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\")


def po_entries(path: Path = PO) -> list[dict[str, str]]:
    """Each entry of a .po file: msgid, msgstr (msgstr[0], msgstr[1] ...), flags."""
    entries: list[dict[str, str]] = []
    current: dict[str, str] = {}
    key = ""
    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        line = line.strip()
        if current.keys() & {"msgstr", "msgstr[0]"} and line.startswith(("#", "msgctxt", "msgid ")):
            # An entry appended without the blank line before it (gettext reads it).
            entries.append(current)
            current, key = {}, ""
        if not line:
            if current:
                entries.append(current)
            current, key = {}, ""
        elif line.startswith("#,"):
            current["flags"] = line[2:].strip()
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            current[key] = current.get(key, "") + _unquote(line)
        else:
            key, _, rest = line.partition(" ")
            current[key] = _unquote(rest)
    return [e for e in entries if e.get("msgid")]


_PLACEHOLDER = re.compile(r"%\(\w+\)[sdif]|%[sdif]|\{\w*\}")
_TAG = re.compile(r"<[^>]+>")


@dataclass(frozen=True)
class Phrase:
    """A catalogue text as it would show on a page, placeholders matching anything short."""

    text: str
    needle: str  # its longest literal piece: a cheap test before the regex
    pattern: re.Pattern[str]


def phrase(text: str, *, min_letters: int = 4) -> Phrase | None:
    shown = fold(_TAG.sub(" ", text))
    pieces = [fold(p) for p in _PLACEHOLDER.split(shown)]
    literal = max(pieces, key=len)
    if sum(c.isalpha() for c in "".join(pieces)) < min_letters or not literal:
        return None
    body = r"\S.{0,58}?".join(_whole(p) for p in pieces)
    return Phrase(shown, literal, re.compile(body))


def _whole(piece: str) -> str:
    """A literal piece as a regex that matches it only as whole words."""
    text = r"\s+".join(map(re.escape, piece.split()))
    if piece[:1].isalnum():
        text = r"(?<!\w)" + text
    if piece[-1:].isalnum():
        text += r"(?!\w)"
    return text


@cache
def catalogue_phrases(language: str) -> tuple[Phrase, ...]:
    """The catalogue's texts of ``language`` whose other side differs: English msgids
    for a German page, German msgstrs for an English page."""
    found: list[Phrase] = []
    entries = po_entries()
    # A word both languages use ("Chips", "Ante", "Start") is no finding in either.
    other_side = {
        fold(e.get(key, "")).lower()
        for e in entries
        for key in (("msgid", "msgid_plural") if language == "de" else ("msgstr",))
    }
    for entry in entries:
        english = [entry["msgid"], entry.get("msgid_plural", "")]
        german = [entry.get("msgstr", "")] + [
            v for k, v in entry.items() if k.startswith("msgstr[")
        ]
        ours, theirs = (english, german) if language == "en" else (german, english)
        for text in filter(None, ours):
            if fold(text).lower() in {fold(t).lower() for t in theirs} | other_side:
                continue
            made = phrase(text)
            if made is not None:
                found.append(made)
    return tuple(found)


def phrases_in(text: str, phrases: Iterable[Phrase]) -> list[str]:
    folded = fold(text)
    return [p.text for p in phrases if p.needle in folded and p.pattern.search(folded)]


# ---------------------------------------------------------------- word lists

# Lower-case English words, matched whole and case-sensitive: the German nouns
# "Pot", "Chips", "Check" are capitalised, English in a sentence is not.
ENGLISH_WORDS = (
    "the",
    "and",
    "of",
    "with",
    "you",
    "your",
    "is",
    "are",
    "not",
    "has",
    "have",
    "must",
    "cannot",
    "this",
    "that",
    "from",
    "pot",
    "pots",
    "fold",
    "folded",
    "folds",
    "chips",
    "chip",
    "player",
    "players",
    "night",
    "hand",
    "cards",
    "card",
    "bet",
    "bets",
    "call",
    "calls",
    "raise",
    "raises",
    "won",
    "wins",
    "pays",
    "paid",
    "split",
    "undo",
    "main",
    "side",
    "pair",
    "kings",
    "queens",
    "aces",
    "high",
    "low",
    "flush",
    "straight",
    "turn",
    "round",
    "left",
    "shows",
    "anted",
    "rebuys",
    "rebuy",
    "cashes",
    "put",
    "took",
)
ENGLISH_CAPITALISED = (
    "The",
    "Your",
    "You",
    "Player",
    "Players",
    "Night",
    "Nights",
    "Season",
    "Undo",
    "Rebuy",
    "Standings",
    "Preview",
    "Record",
    "Log in",
    "Log out",
    "Sign up",
    "Main pot",
    "Side pot",
    "Won by",
    "Folded",
)
GERMAN_WORDS = (
    "und",
    "der",
    "die",
    "das",
    "nicht",
    "mit",
    "ist",
    "bist",
    "hat",
    "du",
    "dein",
    "deine",
    "ein",
    "eine",
    "zum",
    "zur",
    "Spieler",
    "Abend",
    "Abende",
    "Gastgeber",
    "Runde",
    "Einsatz",
    "Saison",
    "Rangliste",
    "Vorschau",
    "Nachkauf",
    "Rückgängig",
    "gesetzt",
    "gewinnt",
    "zeigt",
    "Karten",
    "Geber",
    "Hauptpot",
    "Bilanz",
)


def game_titles(language: str) -> list[str]:
    """The games' titles in ``language``: names, never a finding."""
    from django.utils import translation

    with translation.override(language):
        return sorted({str(t) for t in TITLES.values()}, key=len, reverse=True)


def without(text: str, names: Iterable[str]) -> str:
    """The text with every name (player, user, game, place) blanked out."""
    for name in sorted(set(names), key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", text)
    return text


def words_in(text: str, words: Iterable[str]) -> list[str]:
    return [w for w in words if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]


def umlauts_in(text: str) -> list[str]:
    return sorted({m.group(0) for m in re.finditer(r"\w*[äöüÄÖÜß]\w*", text)})
