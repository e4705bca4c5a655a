"""Fragments of a live part that several screens of one move show alike, rendered once.

A move re-renders the live part of six phones and a TV (gamenight/live/screens.py);
most of each seat's part is the table as everyone sees it: the other players'
rows, the last moves. A fragment is rendered here from the data passed to it and
nothing else (a fresh context: no request, no page context), so its HTML is a
function of that data and the page's language alone. The rendered HTML is kept
under a key made of exactly that data: a screen gets a kept fragment only by
asking with the same data, which it can only hold if its own view has it. No
seat can be given a fragment made from another seat's face-down cards: those
cards are in the key, and never in another seat's view.

The fragments are kept in the process (bounded), for every page that shows one:
the hub's rounds, a seat's POST and poll alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.template.loader import get_template
from django.utils.functional import Promise
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

Key = tuple[Any, ...]


_PLAIN = frozenset({str, int, float, bool, type(None)})


def frozen(value: Any) -> Any:
    """``value`` as a hashable key that tells apart everything a template could show
    differently: each value goes with its type (``True`` is not ``1``, a safe string
    is not a plain one), a lazy translation by its words in the active language."""
    kind = type(value)
    if kind is dict:
        return (dict, tuple([(k, frozen(v)) for k, v in value.items()]))
    if kind is list or kind is tuple:
        return (kind, tuple([frozen(v) for v in value]))
    if kind in _PLAIN:
        return (kind, value)
    if isinstance(value, Promise):
        return (Promise, str(value))
    raise TypeError(f"a fragment's data must be plain values, not {kind.__name__}")


# The fragments kept in this process, by template, language and data. A move changes
# one or two players' rows: the others' are the same as a move before and are found
# here. Bounded: once full it starts again empty (a few MB; a table moves every few
# seconds, so its rows of the last move are still here at 100 tables).
KEPT_MOST = 4096
_kept: dict[Key, SafeString] = {}


def render(name: str, data: Mapping[str, Any]) -> SafeString:
    """Template ``name`` rendered from ``data`` alone, kept for every screen that asks with
    the same data in the same language."""
    try:
        key = (name, get_language(), frozen(data))
    except TypeError:  # data that cannot be told apart safely: rendered, not kept
        return _render(name, data)
    html = _kept.get(key)
    if html is None:
        if len(_kept) >= KEPT_MOST:
            _kept.clear()
        html = _kept[key] = _render(name, data)
    return html


def _render(name: str, data: Mapping[str, Any]) -> SafeString:
    # A fresh context of ``data`` alone: what the fragment shows depends on nothing else.
    return mark_safe(get_template(name).render(dict(data)))
