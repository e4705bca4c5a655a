"""Small words the engine's sentences are built from, in the page's language: names
joined, places, the reader's language code."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import get_language, gettext


def lang() -> str:
    """``de`` or ``en``: the page's language as the engine's formatters take it."""
    return (get_language() or "en").split("-")[0]


def join_names(names: Sequence[str]) -> str:
    """``Anna``, ``Anna and Ben``, ``Anna, Ben and Carla`` in the page's language."""
    if len(names) <= 1:
        return "".join(names)
    return gettext("%(names)s and %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}


def player_name(name: str) -> str:
    """A player's name as the engine gives it; the Guts ghost hand, which the engine
    names in English among the players, in the page's language."""
    return gettext("the ghost hand") if name == "the ghost hand" else name


def ordinal(place: int) -> str:
    words = {
        1: gettext("first"),
        2: gettext("second"),
        3: gettext("third"),
        4: gettext("fourth"),
        5: gettext("fifth"),
        6: gettext("sixth"),
        7: gettext("seventh"),
        8: gettext("eighth"),
    }
    return words.get(place) or gettext("%(place)dth") % {"place": place}
