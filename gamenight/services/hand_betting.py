"""How a digital hand bets: the night's limit and ante, or blinds (issue 27).

A Hold'em or Omaha hand is dealt with blinds when its caller gives them (a
tournament's current level) or when the night's house rules have blinds
("blinds 1/2", off by default, so ruling 17's home game stays the default);
every other game, and those two without blinds, ante and bet by the night's
limit. With blinds the limit is no limit unless the caller or the house rule
says pot limit or the night's limit; the engine makes the big blind its
smallest bet (:func:`engine.betting.blinds.with_big_blind`). A ring game's
blinds come without an ante; a tournament level passes its own.

The night keeps its blinds in ``game_options["blinds"]``:
``{"small": 1, "big": 2, "limit": "no_limit"}`` (no key: no blinds).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.betting import Blinds, Limit, NoLimit, PotLimit
from engine.games import GAMES
from gamenight.house_rules import BLIND_LIMITS, blinds_option
from gamenight.models import Night

__all__ = ["BLIND_LIMITS", "blinds_option", "game_blinds", "hand_betting", "night_blinds"]


@dataclass(frozen=True, kw_only=True)
class HandBetting:
    """What a digital hand is started with besides its players and cards."""

    ante: int
    limit: Limit
    raise_cap: int | None
    blinds: Blinds | None = None


def night_blinds(night: Night) -> tuple[Blinds, str] | None:
    """The night's blinds for Hold'em and Omaha and the limit they are played at, if any."""
    return night.house_rules.blinds


def game_blinds(night: Night, game: str) -> tuple[Blinds, str] | None:
    """The night's blinds if they deal ``game`` (Hold'em and Omaha), with their limit.
    A hand recorded from the table is entered with them too: no ante, bets by the
    big blind (gamenight/pages/recording_form.py)."""
    rules = GAMES.get(game)
    return night_blinds(night) if rules is not None and rules.takes_blinds else None


def recorded_ante(night: Night, game: str) -> int:
    """The ante of a hand of ``game`` dealt at the table and recorded: none where the
    night's blinds deal the game (the blinds are bets like any other there)."""
    return 0 if game_blinds(night, game) is not None else night.ante


def hand_betting(
    night: Night,
    game: str,
    *,
    home: tuple[Limit, int | None],
    blinds: Blinds | None = None,
    limit: Limit | None = None,
) -> HandBetting:
    """How a hand of ``game`` bets tonight: with the ``blinds`` given (at ``limit``,
    no limit if none), or the night's blinds for a game that takes them, or the
    night's ante and ``home`` limit and raise cap."""
    kind = "no_limit"
    if blinds is None:
        found = game_blinds(night, game)
        if found is not None:
            blinds, kind = found
    if blinds is None:
        return HandBetting(ante=night.ante, limit=home[0], raise_cap=home[1])
    if limit is None:
        if kind == "night":
            return HandBetting(ante=blinds.ante, limit=home[0], raise_cap=home[1], blinds=blinds)
        limit = PotLimit() if kind == "pot" else NoLimit()
    # No limit and pot limit cap no raise; a fixed or spread limit the night's way.
    cap = None if isinstance(limit, NoLimit | PotLimit) else home[1]
    return HandBetting(ante=blinds.ante, limit=limit, raise_cap=cap, blinds=blinds)
