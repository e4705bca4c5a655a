"""Template helpers of the site's pages."""

from __future__ import annotations

from django import template
from django.urls import NoReverseMatch, reverse

register = template.Library()


@register.simple_tag
def record_game_url(night_id: int, game: str) -> str:
    """The recording form of ``game`` in this night, or "" while no such page exists."""
    try:
        return reverse("record_game", args=[night_id, game])
    except NoReverseMatch:
        return ""
