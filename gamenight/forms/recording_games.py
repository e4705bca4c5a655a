"""The games that can be recorded from the table, and the night's options that
their settlement needs (Guts' and Shelby's)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum

from django.utils.functional import lazy
from django_stubs_ext import StrPromise

from engine.games import catalog
from engine.games.families.guts.settle import GutsOptions
from engine.games.families.shelby.settle import ShelbyOptions, ShelbyVariant
from gamenight.games import TITLES, game_title
from gamenight.models import Night


class Family(StrEnum):
    STUD = "stud"
    """Stud, draw and the No-Peek games: chips put in, folds, all-ins, showdown."""
    SPIT = "spit"
    """Spit in the Ocean: as stud, plus the spit card shared by every hand."""
    GUTS = "guts"
    SHELBY = "shelby"
    BOARD = "board"
    """Texas Hold'em and Omaha: as stud, plus the board of five cards shared by every hand."""


@dataclass(frozen=True)
class Game:
    slug: str
    title: StrPromise | str
    family: Family


class _RecordableGames(Mapping[str, Game]):
    """Every game of the engine's catalogue that can be recorded from the table.

    Read from the catalogue, not built at import: a game added there has its form
    at once (the catalogue test's fake one too), titled from its name until
    gamenight/games.py gives it a title, which tests/web/test_game_catalogue.py asks for.
    """

    def __init__(self) -> None:
        self._entries: object = None
        self._games: dict[str, Game] = {}

    def _current(self) -> dict[str, Game]:
        if self._entries is not catalog.ENTRIES:
            self._games = {
                entry.name: Game(
                    entry.name,
                    TITLES.get(entry.name) or _title_from_name(entry.name),
                    Family(entry.recording.family),
                )
                for entry in catalog.ENTRIES
                if entry.recording is not None
            }
            self._entries = catalog.ENTRIES
        return self._games

    def __getitem__(self, name: str) -> Game:
        return self._current()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._current())

    def __len__(self) -> int:
        return len(self._current())


_title_from_name = lazy(game_title, str)
GAMES: Mapping[str, Game] = _RecordableGames()
# The families recorded with chips put in, folds and all-ins.
CHIP_FAMILIES = (Family.STUD, Family.SPIT, Family.BOARD)


def guts_options(game: Game, night: Night) -> GutsOptions | None:
    """Three-card Guts needs its options; two-card Guts takes the night's house rules.
    Both play for the night's one Guts pot, so three-card Guts without a limit of its
    own takes Guts' limit."""
    if game.slug != "guts3":
        return None
    rules = night.house_rules
    own = rules.options_of("guts3")
    limit = rules.chips_option("guts3", "limit")
    return GutsOptions(
        ante=rules.ante,
        limit=rules.chips_option("guts", "limit") if limit is None else limit,
        three_cards=True,
        straight_flush_over_trips=bool(own.get("straight_flush_over_trips")),
        flush_over_straight=bool(own.get("flush_over_straight")),
    )


def shelby_options(game: Game, night: Night) -> ShelbyOptions | None:
    """The night's house options of Shelby or Psycho Shelby as its settlement reads them:
    the ante (empty: the night's), Shelby's limit, Psycho Shelby's price of an extra
    card and whether a flush counts against round 2's low (ruling 18)."""
    rules = night.house_rules
    chosen = rules.options_of(game.slug)
    ante = rules.chips_option(game.slug, "ante") or rules.ante
    if game.slug == "psycho-shelby":
        price = chosen.get("extra_card_price", 1)
        return ShelbyOptions(
            variant=ShelbyVariant.PSYCHO,
            ante=ante,
            extra_card_price=price if isinstance(price, int) else 0,
            flushes_count=chosen.get("flushes_count") is True,
        )
    limit = rules.chips_option(game.slug, "limit")
    if limit:
        return ShelbyOptions(ante=ante, limit=limit)
    return ShelbyOptions(ante=ante) if ante != rules.ante else None
