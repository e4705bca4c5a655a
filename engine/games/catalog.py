"""Every game of the rule sheets, by name, and their house options.

A game is built from its options by a small function in its family's module
(:mod:`engine.games.families`); this module gathers the families.

>>> make_rules("baseball", {"pot_cap": "10"}).triggers[0]
PayPotOrFold(rank=1, cap=10, first_only=False, fixed=None)
>>> make_rules("seven-card-stud", {"pot_cap": 5})  # doctest: +ELLIPSIS
Traceback (most recent call last):
    ...
engine.games.errors.GameOptionError: seven-card-stud has no option 'pot_cap'; its options: none
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.games.errors import UnknownGameError
from engine.games.families import nopeek, spit, stud, variants
from engine.games.families.guts import digital as guts
from engine.games.families.shelby import digital as shelby
from engine.games.options import GameSpec, OptionSpec, read_options
from engine.games.rules import GameRules

# One entry a family module; a family's SPECS maps each game name to its GameSpec.
_GAMES: Final[dict[str, GameSpec]] = {
    **stud.SPECS,
    **nopeek.SPECS,
    **spit.SPECS,
    **guts.SPECS,
    **shelby.SPECS,
    **variants.SPECS,
}


def make_rules(name: str, options: Mapping[str, object] | None = None) -> GameRules:
    """The rules of game ``name`` with the given house options (unknown ones are refused)."""
    spec = _GAMES.get(name)
    if spec is None:
        raise UnknownGameError(f"there is no game {name!r}; games: {', '.join(sorted(_GAMES))}")
    values = read_options(name, spec.options, options or {})
    return spec.build(values)


def game_options(name: str) -> tuple[OptionSpec, ...]:
    """The house options of game ``name``, for a form or ``--help``."""
    spec = _GAMES.get(name)
    if spec is None:
        raise UnknownGameError(f"there is no game {name!r}; games: {', '.join(sorted(_GAMES))}")
    return spec.options


GAMES: Final[dict[str, GameRules]] = {name: make_rules(name) for name in _GAMES}
