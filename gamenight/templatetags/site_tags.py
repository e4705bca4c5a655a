"""Template helpers of the site's pages."""

from __future__ import annotations

import datetime

from django import template
from django.urls import NoReverseMatch, reverse

from gamenight import dates

register = template.Library()


@register.simple_tag
def record_game_url(night_id: int, game: str) -> str:
    """The recording form of ``game`` in this night, or "" while no such page exists."""
    try:
        return reverse("record_game", args=[night_id, game])
    except NoReverseMatch:
        return ""


@register.filter
def short_day(day: datetime.date | None) -> str:
    """A day as "4. Dez." / "Dec. 4" (gamenight.dates); nothing for no day."""
    return dates.short_day(day) if day else ""
