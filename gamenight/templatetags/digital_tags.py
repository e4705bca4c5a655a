"""Template helpers of the digital hand pages: a card as a player reads it, a seat's QR code."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import segno
from django import template
from django.template.context import Context
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from engine.cards import parse_card, split_tokens
from engine.errors import EngineError
from gamenight.engine_words.cards import card_text, token_card_text
from gamenight.engine_words.words import lang
from gamenight.pages import fragments

register = template.Library()

_SUIT_CLASS = ("spades", "hearts", "diamonds", "clubs")


@register.filter
def card_face(code: str | int) -> str:
    """``As`` -> ``A♠`` (English, 10 for a ten), ``Qh`` -> ``D♥`` in German: the one
    card formatter (:mod:`gamenight.engine_words.cards`); a card code works too."""
    if isinstance(code, int):
        return card_text(code)
    return token_card_text(code)


@register.filter
def cards_face(cards: str) -> str:
    """A hand typed as text (``Qs Jh 10d``) in the reader's notation, token by token."""
    return " ".join(token_card_text(token) for token in split_tokens(cards))


@register.filter
def card_suit(code: str) -> str:
    """The suit's name for a CSS class (red hearts and diamonds)."""
    try:
        return _SUIT_CLASS[parse_card(code).suit]
    except EngineError:
        return ""


@register.simple_tag(takes_context=True)
def seat_qr(context: Context, path: str) -> SafeString:
    """The seat link as an inline SVG QR code (markup only: no script, no style attribute)."""
    request = context.get("request")
    url = request.build_absolute_uri(path) if request is not None else path
    # segno escapes nothing it needs to: the markup is its own, around a URL we built.
    return mark_safe(_qr_svg(url))


@lru_cache(maxsize=256)
def _qr_svg(url: str) -> str:
    """Drawing a QR code costs milliseconds and the night page shows one a seat on
    every load; a link's code never changes, so each is drawn once a process."""
    return str(segno.make(url, error="m").svg_inline(scale=4, border=2, dark="#111", light="#fff"))


@register.simple_tag(takes_context=True)
def absolute_url(context: Context, path: str) -> str:
    request = context.get("request")
    return request.build_absolute_uri(path) if request is not None else path


@register.filter
def pcard(code: str, extra: str = "") -> SafeString:
    """A face-up card's markup, ``<span class="pcard hearts">A♥</span>`` (``extra``: more
    classes): the same 52 cards fill every live part, so each is built once a language."""
    return _pcard(code, extra, lang())


@lru_cache(maxsize=1024)
def _pcard(code: str, extra: str, language: str) -> SafeString:
    classes = " ".join(c for c in ("pcard", extra, card_suit(code)) if c)
    return format_html('<span class="{}">{}</span>', classes, card_face(code))


@register.simple_tag
def fragment(name: str, **data: Any) -> SafeString:
    """Template ``name`` rendered from ``data`` alone, once for every screen that shows
    it alike (gamenight/pages/fragments.py)."""
    return fragments.render(name, data)
