"""One game of the catalogue as data: everything any part of the program needs to know.

Each family module (:mod:`engine.games.families`) declares its games as
:class:`GameEntry` values in ``ENTRIES``; :mod:`engine.games.catalog` gathers
them, and every list of games (rankings, hand sizes, digital games, the web's
recording forms and night settings) is derived from there. A new game is one
entry, not a line in each of those lists.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from engine.games.options import OptionSpec
from engine.hands.rankings import HighRanking, Ranking
from engine.hands.size import HandSize

if TYPE_CHECKING:
    from engine.games.rules import GameRules

# Which form records a game dealt at the table: chips and folds (stud), the same
# with the spit card in the middle (spit), in or out (guts), held or dropped (shelby),
# chips and folds with the board of a community-card game (board).
RecordingFamily = Literal["stud", "spit", "guts", "shelby", "board"]

# The family module that declares a game.
Family = Literal["stud", "no-peek", "spit", "guts", "shelby", "variants", "holdem"]

Builder = Callable[[Mapping[str, object]], "GameRules"]


@dataclass(frozen=True, kw_only=True)
class Recording:
    """What the recording form of a game dealt at the table needs."""

    family: RecordingFamily
    pays_pot: bool = False
    """Baseball's "pay the pot or fold" on a face-up 3 and buying the walk."""


@dataclass(frozen=True, kw_only=True)
class GamePart:
    """A ranking that is part of another game, not a game a dealer calls
    (Psycho Shelby's low round): ranked and sized like a game, by its own name."""

    name: str
    title: str
    ranking: Ranking
    hand_size: HandSize


@dataclass(frozen=True, kw_only=True)
class GameEntry:
    """One game: its name (the command line's, the URLs' and the JSON's), family and
    English title (for the command line only; the web words titles itself), where its
    rules come from, how hands rank and how many cards they hold, its house options,
    how it is dealt digitally and how it is recorded."""

    name: str
    family: Family
    title: str
    rule: str
    """Where the game is described, e.g. "RULINGS 11" or "baseball.de.txt"."""
    ranking: Ranking | None
    """How the showdown ranks hands; ``None`` when each round ranks its own way
    (``round_rankings``)."""
    round_rankings: tuple[Ranking, ...] = ()
    table_wild: bool = False
    """The wild rank is the rank of a card in the middle (Spit in the Ocean, Wild Widow),
    given with each hand."""
    hand_size: HandSize | None = None
    """Cards a player shows at the showdown; ``None`` where each round is checked by the
    family's own settlement (Shelby)."""
    options: tuple[OptionSpec, ...] = ()
    build: Builder | None = None
    """The digital game's rules from its option values; ``None``: it is only recorded."""
    recording: Recording | None = None
    """``None``: it cannot be recorded from the table."""
    parts: tuple[GamePart, ...] = ()
    jack_target: bool = False
    """A seven-card stud game a jack of Jack the Shifter may switch the rest of a hand
    to (ruling 16): its streets are seven-card stud's, so it can go on from any street."""

    @property
    def digital(self) -> bool:
        return self.build is not None

    @property
    def wild(self) -> frozenset[int]:
        """The game's own wild ranks (none when the table decides them)."""
        return self.ranking.wild if isinstance(self.ranking, HighRanking) else frozenset()
