"""The TV by the night's table link (``/tv/<token>/``): no login, read-only.

The page shows the night's latest hand, as the members' table view shows a hand
(:mod:`gamenight.pages.table`: nobody's face-down card is in it), and follows
the night by itself: its poll answers the latest hand, so a new deal replaces
the last one, and between hands it says it waits for the next. The poll answers
304 from one query while nothing moved. A renewed link's TV goes blank (the
poll swaps in a page saying so); an unknown token is a 404; a closed
night's link says the night is over (:mod:`gamenight.pages.night_over`).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from gamenight.models import TableLink
from gamenight.pages.etags import polled, tagged
from gamenight.pages.hand_read import HandRead
from gamenight.pages.night_over import friendly_when_over
from gamenight.pages.table import empty_table_context, table_context, tv_tag
from gamenight.pages.tv_links import blank_when_renewed
from gamenight.services import table_links
from gamenight.tournaments.guards import is_tournament
from gamenight.tournaments.tv_page import tv_clock_page

TvPoll = tuple[int, int | None, int | None]


@require_GET
@vary_on_headers("HX-Request", "Accept-Language", "Cookie")
@blank_when_renewed
@friendly_when_over(table_links.closed_night_of)
def tv_page(request: HttpRequest, token: str) -> HttpResponse:
    link = table_links.table_link_for_token(token)
    if is_tournament(link.night):
        # A tournament night's TV is its clock (gamenight/tournaments/views.py).
        return tv_clock_page(request, link)
    context = tv_context(link)
    name = "digital/table.html#live" if getattr(request, "htmx", False) else "digital/table.html"
    return tagged(render(request, name, context), context["etag"])


@require_GET
@vary_on_headers("HX-Request", "Accept-Language", "Cookie")
@blank_when_renewed
@friendly_when_over(table_links.closed_night_of)
def tv_state(request: HttpRequest, token: str) -> HttpResponse:
    """The live part of the TV; 304 while the night's latest hand has not moved."""
    return _live_tv(request, token, table_links.tv_poll(token))


def _poll_tag(request: HttpRequest, token: str, poll: TvPoll) -> str:
    return tv_tag(*poll)


@polled(_poll_tag)
def _live_tv(request: HttpRequest, token: str, poll: TvPoll) -> HttpResponse:
    context = tv_context(table_links.table_link_for_token(token))
    return tagged(render(request, "digital/table.html#live", context), context["etag"])


def tv_context(link: TableLink, *, read: HandRead | None = None) -> dict[str, Any]:
    """The TV of the link's night: its latest hand, or the wait for the first one
    (``read``: the hand as read once for every screen of the night, gamenight/live/)."""
    read = read or HandRead()
    urls = {
        "state_url": reverse("tv_state", args=[link.token]),
        "events_url": reverse("tv_events", args=[link.token]),
    }
    hand = read.latest(link.night)
    context = (
        empty_table_context(link.night, **urls)
        if hand is None
        else table_context(hand, read=read, **urls)
    )
    context["between_hands"] = hand is None or not hand.is_running
    # A player's new phone asks for its seat from here (gamenight/views/seat_requests.py).
    context["seat_request_url"] = reverse("seat_request", args=[link.token])
    context["etag"] = tv_tag(
        link.pk, None if hand is None else hand.pk, None if hand is None else hand.version
    )
    return context
