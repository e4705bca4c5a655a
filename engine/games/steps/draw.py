"""Spit in the Ocean and draw games: one draw of 0 to 4 cards (ruling 13)."""

from __future__ import annotations


class DrawActions:
    """The actions of this family, mixed into :class:`~engine.games.state.HandState`."""
