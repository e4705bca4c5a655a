"""A night's house rules as one typed object, read from the night in one place.

The night keeps its rules in columns (ante, limit, starting stack, carry-over)
and two JSON fields the night form writes (gamenight/forms/nights.py):
``allowed_games``, a list of game names, and ``game_options``::

    {"betting": {"low": 1, "high": 5, "raise_cap": 3},  # as the host set them
     "turn_timer": 60,                                  # seconds; missing: off
     "blinds": {"small": 1, "big": 2, "limit": "no_limit"},  # Hold'em, Omaha; missing: ante
     "<game>": {"<option>": value, ...}}                # only the options set

Every reader takes :class:`HouseRules` (``night.house_rules``) instead of
parsing the JSON: only this module knows its shape. A value of the wrong type
(an old night, a group file from elsewhere) counts as not set, so a page
never fails on it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

from engine.betting import Blinds
from engine.errors import EngineError
from gamenight.games import night_games
from gamenight.models.nights import LimitStructure

if TYPE_CHECKING:
    from gamenight.models import Night

# The turn timers a host may choose, in seconds (0: no timer).
TURN_TIMERS: Final = (0, 30, 60, 120)
# The limit a night's blinds are played at: its own choices, in the form's order
# (gamenight/services/hand_betting.py plays them).
BLIND_LIMITS: Final = ("no_limit", "pot", "night")
# The keys of ``game_options`` that are not a game's options.
_NOT_GAMES: Final = frozenset({"betting", "turn_timer", "blinds"})
# The largest bet of a spread limit when the host set none.
DEFAULT_LARGEST_BET: Final = 5


@dataclass(frozen=True, kw_only=True)
class HouseRules:
    ante: int
    limit_structure: LimitStructure
    starting_stack: int
    carry_over: bool
    games: tuple[str, ...]
    """The games the night offers, in its list's order (every game if it names none)."""
    bet_low: int | None
    """The smallest bet as the host set it (fixed limit: the bet before the draw)."""
    bet_high: int | None
    """The largest bet as the host set it (fixed limit: after the draw)."""
    raise_cap: int | None
    """Raises a betting round at most; None: the engine's default."""
    turn_timer: int
    """Seconds a player of a digital hand may think; 0: no timer."""
    blinds: tuple[Blinds, str] | None = None
    """Hold'em and Omaha's blinds and the limit they are played at (one of
    :data:`BLIND_LIMITS`); None: those games are played with the ante."""
    options: Mapping[str, Mapping[str, object]] = field(
        default_factory=lambda: MappingProxyType({})
    )
    """Each game's house options as the host set them (unset ones are not there)."""

    @property
    def smallest_bet(self) -> int:
        return self.bet_low or 1

    @property
    def largest_bet(self) -> int:
        return max(self.smallest_bet, self.bet_high or DEFAULT_LARGEST_BET)

    def options_of(self, game: str) -> dict[str, object]:
        """The house options set for ``game`` (a copy: the caller may add to it)."""
        return dict(self.options.get(game, {}))

    def chips_option(self, game: str, option: str) -> int | None:
        """A house option of ``game`` counted in chips (a limit, an ante), None when unset."""
        return _chips(self.options.get(game, {}).get(option), least=0)

    @classmethod
    def of(cls, night: Night) -> HouseRules:
        stored = night.game_options if isinstance(night.game_options, dict) else {}
        betting = stored.get("betting")
        betting = betting if isinstance(betting, dict) else {}
        timer = _chips(stored.get("turn_timer"), least=0)
        return cls(
            ante=night.ante,
            limit_structure=LimitStructure(night.limit_structure)
            if night.limit_structure in LimitStructure.values
            else LimitStructure.SPREAD,
            starting_stack=night.starting_stack,
            carry_over=night.carry_over,
            games=tuple(night_games(night.allowed_games)),
            bet_low=_chips(betting.get("low"), least=1),
            bet_high=_chips(betting.get("high"), least=1),
            raise_cap=_chips(betting.get("raise_cap"), least=0),
            turn_timer=timer if timer is not None and timer in TURN_TIMERS else 0,
            blinds=blinds_option(stored.get("blinds")),
            options=MappingProxyType(
                {
                    game: MappingProxyType(dict(chosen))
                    for game, chosen in stored.items()
                    if game not in _NOT_GAMES and isinstance(chosen, dict)
                }
            ),
        )


def stored_options(
    *,
    bet_low: int | None,
    bet_high: int | None,
    raise_cap: int | None,
    turn_timer: int,
    games: Mapping[str, Mapping[str, object]],
    blinds: Mapping[str, object] | None = None,
) -> dict[str, object]:
    """The night's ``game_options`` JSON as the night form saves it (what
    :meth:`HouseRules.of` reads back); ``games`` holds only the options set."""
    stored: dict[str, object] = {game: dict(chosen) for game, chosen in games.items() if chosen}
    stored["betting"] = {"low": bet_low, "high": bet_high, "raise_cap": raise_cap}
    if turn_timer:
        stored["turn_timer"] = turn_timer
    if blinds is not None:
        stored["blinds"] = dict(blinds)
    return stored


def blinds_option(value: object) -> tuple[Blinds, str] | None:
    """A stored blinds option read back; anything that is not one reads as none."""
    if not isinstance(value, Mapping):
        return None
    limit = value.get("limit")
    try:
        blinds = Blinds(
            small=_chips(value.get("small"), least=0) or 0,
            big=_chips(value.get("big"), least=0) or 0,
        )
    except EngineError:
        return None
    return blinds, limit if limit in BLIND_LIMITS else "no_limit"


def _chips(value: object, *, least: int) -> int | None:
    """A whole number of at least ``least``, or None for anything else."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= least:
        return value
    return None
