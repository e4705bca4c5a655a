"""The clock on a whole screen (tournaments/clock.html): a member's phone, and the TV by
the night's table link, which shows the clock on a tournament night
(gamenight/views/tv.py hands it over here)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone

from gamenight.models import Night, TableLink, Tournament
from gamenight.tournaments.clock_page import clock_context
from gamenight.tournaments.models_access import entrants_of
from gamenight.tournaments.status import snapshot


def screen_context(
    night: Night, *, state_url: str, events_url: str, back_url: str
) -> dict[str, Any]:
    """The clock of the night's tournament, or the wait for its start."""
    tournament = Tournament.objects.filter(night=night).first()
    if tournament is None or not tournament.entrants.exists():
        return {"night": night, "waiting": True, "state_url": state_url, "back_url": back_url}
    snap = snapshot(tournament, entrants_of(tournament), timezone.now())
    context = clock_context(night, snap, state_url=state_url, events_url=events_url, big=True)
    context["back_url"] = back_url
    return context


def member_clock(night: Night) -> dict[str, Any]:
    return screen_context(
        night,
        state_url=reverse("tournaments:clock_state", args=[night.pk]),
        events_url=reverse("night_events", args=[night.pk]),
        back_url=reverse("tournaments:page", args=[night.pk]),
    )


def tv_clock(link: TableLink) -> dict[str, Any]:
    return screen_context(
        link.night,
        state_url=reverse("tournaments:tv_clock_state", args=[link.token]),
        events_url=reverse("tv_events", args=[link.token]),
        back_url="",
    )


def tv_clock_page(request: HttpRequest, link: TableLink) -> HttpResponse:
    """The TV by the night's table link, for a tournament night: the clock."""
    htmx = bool(getattr(request, "htmx", False))
    name = "tournaments/clock.html#live" if htmx else "tournaments/clock.html"
    return render(request, name, tv_clock(link))
