"""Every game of the rule sheets, by name: the one list the program derives its lists from.

Each family module (:mod:`engine.games.families`) declares its games as
:class:`~engine.games.entry.GameEntry` values; this module gathers them and
derives the tables callers look games up in: the digital games and their house
options, the rankings of the games recorded from the table, their hand sizes
and English names.

>>> make_rules("baseball", {"pot_cap": "10"}).triggers[0]
PayPotOrFold(rank=1, cap=10, first_only=False, fixed=None)
>>> make_rules("seven-card-stud", {"pot_cap": 5})  # doctest: +ELLIPSIS
Traceback (most recent call last):
    ...
engine.games.errors.GameOptionError: seven-card-stud has no option 'pot_cap'; its options: ...
>>> RANKING_BY_GAME["guts3"], game_entry("guts3").title
(Guts3Ranking(straight_flush_over_trips=False, flush_over_straight=False), 'Three-card Guts')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

from engine.games.entry import GameEntry
from engine.games.errors import UnknownGameError
from engine.games.families import holdem, nopeek, spit, stud, variants
from engine.games.families.guts import digital as guts
from engine.games.families.shelby import digital as shelby
from engine.games.options import OptionSpec, read_options
from engine.games.rules import GameRules
from engine.hands.rankings import Ranking
from engine.hands.size import HandSize

# One tuple a family module, in the order the web lists the games.
ENTRIES: Final[tuple[GameEntry, ...]] = (
    *stud.ENTRIES,
    *nopeek.ENTRIES,
    *spit.ENTRIES,
    *guts.ENTRIES,
    *shelby.ENTRIES,
    *variants.ENTRIES,
    *holdem.ENTRIES,
)
CATALOGUE: Final[dict[str, GameEntry]] = {entry.name: entry for entry in ENTRIES}


def _unknown(name: str, names: Iterable[str]) -> UnknownGameError:
    return UnknownGameError(
        f"there is no game {name!r}; games: {', '.join(sorted(names))}",
        code="game_unknown",
        params={"game": name},
    )


def game_entry(name: str) -> GameEntry:
    """The catalogue's entry of game ``name``."""
    entry = CATALOGUE.get(name)
    if entry is None:
        raise _unknown(name, CATALOGUE)
    return entry


def make_rules(name: str, options: Mapping[str, object] | None = None) -> GameRules:
    """The rules of game ``name`` with the given house options (unknown ones are refused)."""
    entry = CATALOGUE.get(name)
    if entry is None or entry.build is None:
        raise _unknown(name, (e.name for e in ENTRIES if e.build is not None))
    values = read_options(name, entry.options, options or {})
    return entry.build(values)


def game_options(name: str) -> tuple[OptionSpec, ...]:
    """The house options of game ``name``, for a form or ``--help``."""
    return game_entry(name).options


def current_form(name: str, options: Mapping[str, object]) -> tuple[str, dict[str, object]]:
    """A game and its options as stored before three-card Guts was a game of its own
    (``guts`` with the option ``three_cards``), as the catalogue names them now."""
    chosen = dict(options)
    if name != "guts" or "three_cards" not in chosen:
        return name, chosen
    if chosen.pop("three_cards") in (True, "true", "yes", "on", "1"):
        return "guts3", chosen
    # Two cards make no straights or flushes: their orders were kept but never applied.
    chosen.pop("straight_flush_over_trips", None)
    chosen.pop("flush_over_straight", None)
    return name, chosen


GAMES: Final[dict[str, GameRules]] = {e.name: make_rules(e.name) for e in ENTRIES if e.build}

# The showdown's ranking of each game and each part of a game with one (Shelby's
# rounds rank their own way); the CLI's ``rank --game`` and table hands use them.
RANKING_BY_GAME: Final[dict[str, Ranking]] = {
    **{e.name: e.ranking for e in ENTRIES if e.ranking is not None},
    **{p.name: p.ranking for e in ENTRIES for p in e.parts},
}
# Spit in the Ocean and Wild Widow take their wild rank from the table: given with each hand.
GAMES_WITH_TABLE_WILD: Final = frozenset(e.name for e in ENTRIES if e.table_wild)
HAND_SIZES: Final[dict[str, HandSize]] = {
    **{e.name: e.hand_size for e in ENTRIES if e.hand_size is not None},
    **{p.name: p.hand_size for e in ENTRIES for p in e.parts},
}
# The games' names inside an English sentence; the web words them itself.
GAME_NAMES: Final[dict[str, str]] = {
    **{e.name: e.title for e in ENTRIES},
    **{p.name: p.title for e in ENTRIES for p in e.parts},
}
