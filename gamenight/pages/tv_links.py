"""What a TV's table link answers once the host has renewed it (shared by the hand's TV,
gamenight/views/tv.py, and the tournament clock's, gamenight/tournaments/views.py)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from gamenight.services import table_links


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
