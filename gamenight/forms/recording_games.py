"""The games that can be recorded from the table, and the night's options that
their settlement needs (Guts' and Shelby's)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from django_stubs_ext import StrPromise

from engine.games.catalog import ENTRIES
from engine.games.families.guts.settle import GutsOptions
from engine.games.families.shelby.settle import ShelbyOptions, ShelbyVariant
from gamenight.games import TITLES
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
    title: StrPromise
    family: Family


def _games() -> dict[str, Game]:
    """Every game of the engine's catalogue that can be recorded from the table."""
    return {
        entry.name: Game(
            entry.name,
            TITLES[entry.name],
            Family(entry.recording.family),
        )
        for entry in ENTRIES
        if entry.recording is not None and entry.name in TITLES
    }


GAMES: dict[str, Game] = _games()
# The families recorded with chips put in, folds and all-ins.
CHIP_FAMILIES = (Family.STUD, Family.SPIT, Family.BOARD)


def guts_options(game: Game, night: Night) -> GutsOptions | None:
    """Three-card Guts needs its options; two-card Guts takes the night's house rules.
    Both play for the night's one Guts pot, so three-card Guts without a limit of its
    own takes Guts' limit."""
    if game.slug != "guts3":
        return None
    chosen = night.game_options if isinstance(night.game_options, dict) else {}
    own, two = chosen.get("guts3") or {}, chosen.get("guts") or {}
    return GutsOptions(
        ante=night.ante,
        limit=own.get("limit", two.get("limit")),
        three_cards=True,
        straight_flush_over_trips=bool(own.get("straight_flush_over_trips")),
        flush_over_straight=bool(own.get("flush_over_straight")),
    )


def shelby_options(game: Game, night: Night) -> ShelbyOptions | None:
    extra = night.game_options.get("shelby", {}) if isinstance(night.game_options, dict) else {}
    if game.slug == "psycho-shelby":
        return ShelbyOptions(variant=ShelbyVariant.PSYCHO, ante=night.ante)
    if extra.get("limit"):
        return ShelbyOptions(ante=night.ante, limit=extra["limit"])
    return None
