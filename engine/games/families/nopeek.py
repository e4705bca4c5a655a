"""Games of the nopeek family (filled in by its own change)."""

from __future__ import annotations

from typing import Final

from engine.games.options import GameSpec

SPECS: Final[dict[str, GameSpec]] = {}
