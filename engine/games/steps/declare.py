"""Guts and Shelby: declaring in or out, holding or dropping (rulings 14 and 15)."""

from __future__ import annotations


class DeclareActions:
    """The actions of this family, mixed into :class:`~engine.games.state.HandState`."""
