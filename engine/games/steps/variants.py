"""The stud variants of the English page: GBU, Sequence, Second Hand High, Jack the Shifter."""

from __future__ import annotations


class VariantActions:
    """The actions of this family, mixed into :class:`~engine.games.state.HandState`."""
