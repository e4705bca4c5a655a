"""The shared table of a digital hand (the TV): every member of the group may watch.

The page is built only from :func:`engine.games.views.table_view`
(:mod:`gamenight.pages.table`): nobody's face-down card is in it. It polls
:func:`table_state` every second, which answers 304 while the hand has not
moved (:mod:`gamenight.pages.etags`) and, once the next hand is dealt, sends
the TV to that hand.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect

from gamenight.http import AuthenticatedHttpRequest
from gamenight.models import DigitalHand
from gamenight.pages.access import hand_for_member
from gamenight.pages.etags import CACHE_CONTROL, polled, tagged
from gamenight.pages.hand_read import HandRead
from gamenight.pages.table import table_context, table_tag


@login_required
@require_GET
@vary_on_headers("HX-Request", "Accept-Language", "Cookie")
def table_page(request: AuthenticatedHttpRequest, night_id: int, hand_id: int) -> HttpResponse:
    hand = hand_for_member(request, night_id, hand_id)
    context = member_context(hand)
    name = "digital/table.html#live" if request.htmx else "digital/table.html"
    return tagged(render(request, name, context), context["etag"])


@login_required
@require_GET
@vary_on_headers("HX-Request", "Accept-Language", "Cookie")
def table_state(request: AuthenticatedHttpRequest, night_id: int, hand_id: int) -> HttpResponse:
    hand = hand_for_member(request, night_id, hand_id)
    later = getattr(hand, "latest_id", hand.pk)
    if later != hand.pk:
        # The TV shows one hand; once the next one is dealt, it follows to that one.
        response = HttpResponseClientRedirect(reverse("digital_table", args=[night_id, later]))
        response.headers["Cache-Control"] = CACHE_CONTROL
        return response
    return _live_table(request, hand)


def _hand_tag(request: HttpRequest, hand: DigitalHand) -> str:
    return table_tag(hand)


@polled(_hand_tag)
def _live_table(request: HttpRequest, hand: DigitalHand) -> HttpResponse:
    context = member_context(hand)
    return tagged(render(request, "digital/table.html#live", context), context["etag"])


def member_context(hand: DigitalHand, *, read: HandRead | None = None) -> dict[str, Any]:
    """The table view of ``hand`` for a member (``read``: shared by every screen, as
    gamenight/live/screens.py renders them)."""
    context = table_context(
        hand,
        state_url=reverse("digital_table_state", args=[hand.night_id, hand.pk]),
        # The hand it shows: its stream says when the night has moved on to the next.
        events_url=reverse("night_events", args=[hand.night_id]) + f"?hand={hand.pk}",
        read=read,
    )
    context["back_url"] = reverse("night_detail", args=[hand.night_id])
    return context
