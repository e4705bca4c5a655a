"""No Peek: flipping until a player beats the table (ruling 12)."""

from __future__ import annotations


class FlipActions:
    """The actions of this family, mixed into :class:`~engine.games.state.HandState`."""
