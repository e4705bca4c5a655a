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
    """The night's house options of Shelby or Psycho Shelby as its settlement reads them:
    the ante (empty: the night's), Shelby's limit, Psycho Shelby's price of an extra
    card and whether a flush counts against round 2's low (ruling 18)."""
    stored = night.game_options.get(game.slug) if isinstance(night.game_options, dict) else None
    chosen = stored if isinstance(stored, dict) else {}
    ante = chosen.get("ante")
    ante = ante if isinstance(ante, int) and ante > 0 else night.ante
    if game.slug == "psycho-shelby":
        price = chosen.get("extra_card_price", 1)
        return ShelbyOptions(
            variant=ShelbyVariant.PSYCHO,
            ante=ante,
            extra_card_price=price if isinstance(price, int) else 0,
            flushes_count=chosen.get("flushes_count") is True,
        )
    limit = chosen.get("limit")
    if isinstance(limit, int) and limit > 0:
        return ShelbyOptions(ante=ante, limit=limit)
    return ShelbyOptions(ante=ante) if ante != night.ante else None
