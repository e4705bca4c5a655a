"""The house-option fields a browser posts with the night form without a choice made.

A ``choice`` option is a select whose default is selected, so a browser always
posts it; a test that builds the form data by hand posts the defaults too.
"""

from __future__ import annotations

from engine.games import GAMES, game_options


def choice_defaults() -> dict[str, str]:
    """Every game's choice options at their defaults, as form fields."""
    return {
        f"opt__{game}__{spec.name}": str(spec.default)
        for game in sorted(GAMES)
        for spec in game_options(game)
        if spec.kind == "choice"
    }
