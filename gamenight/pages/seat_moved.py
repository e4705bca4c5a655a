"""A seat's old phone after the seat moved to a new one: a page that says so.

The approval revokes the old link (:mod:`gamenight.services.seat_moves`), so its
page, poll and moves are a 404. The phone that held it learns instead, in its
language, that the seat went to another phone, when and on whose approval, and
to tell the host at once if that was not the player. Its poll answers the
page's live part (a 200, which htmx swaps in, ending the polling). Any other
browser with the old link still gets the plain 404: it shows nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Concatenate, ParamSpec, TypeVar

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from gamenight.services import seat_binding, seat_moves

P = ParamSpec("P")
R = TypeVar("R", bound=HttpRequest)

GONE = 410


def friendly_when_moved(
    view: Callable[Concatenate[R, P], HttpResponse],
) -> Callable[Concatenate[R, P], HttpResponse]:
    """A seat link view whose 404, for the old phone of a moved seat, is the page
    saying the seat moved."""

    @wraps(view)
    def inner(request: R, /, *args: P.args, **kwargs: P.kwargs) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except Http404:
            token = str(kwargs.get("token", args[0] if args else ""))
            move = seat_moves.moved_away(token, seat_binding.phone_hash(request))
            if move is None:
                raise
            htmx = bool(getattr(request, "htmx", False))
            name = "digital/seat_moved.html#live" if htmx else "digital/seat_moved.html"
            context = {
                "name": move.seat.player.name,
                "at": move.decided_at,
                "by": move.decided_by.get_username() if move.decided_by else "",
            }
            response = render(request, name, context, status=200 if htmx else GONE)
            response.headers["Cache-Control"] = "private, no-store"
            return response

    return inner
