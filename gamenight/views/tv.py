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

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from gamenight.models import TableLink
from gamenight.pages.etags import polled, tagged
from gamenight.pages.hand_read import HandRead
from gamenight.pages.night_over import friendly_when_over
from gamenight.pages.table import empty_table_context, table_context, tv_tag
from gamenight.services import table_links

TvPoll = tuple[int, int | None, int | None]


def blank_when_renewed(
    view: Callable[[HttpRequest, str], HttpResponse],
) -> Callable[[HttpRequest, str], HttpResponse]:
    """A renewed link's TV goes blank: its poll answers a page that says so (a 200,
    which htmx swaps in, ending the polling; the page itself is a 410)."""

    @wraps(view)
    def inner(request: HttpRequest, token: str) -> HttpResponse:
        try:
            return view(request, token)
        except Http404:
            if not table_links.is_revoked(token):
                raise
            htmx = bool(getattr(request, "htmx", False))
            name = "digital/tv_revoked.html#live" if htmx else "digital/tv_revoked.html"
            response = render(request, name, status=200 if htmx else 410)
            response.headers["Cache-Control"] = "private, no-store"
            return response

    return inner


@require_GET
@vary_on_headers("HX-Request", "Accept-Language", "Cookie")
@blank_when_renewed
@friendly_when_over(table_links.closed_night_of)
def tv_page(request: HttpRequest, token: str) -> HttpResponse:
    link = table_links.table_link_for_token(token)
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
