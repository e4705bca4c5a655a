"""A closed night's seat and table links: a friendly page with the way to the report.

A link dies with its night (:attr:`SeatLink.is_live`, :attr:`TableLink.is_live`);
its holder, a player's phone or the TV, then learns the night is over in their
language instead of a developer's 404, and its poll answers the same page's live
part (a 200, which htmx swaps in, ending the polling) instead of 404s forever. A
token unknown or revoked stays a 404: it shows nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Concatenate, ParamSpec, TypeVar

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

from gamenight.models import Night

P = ParamSpec("P")
R = TypeVar("R", bound=HttpRequest)


def night_over_page(request: HttpRequest, night: Night) -> HttpResponse:
    """The page (for htmx its live part) saying the night is over."""
    htmx = bool(getattr(request, "htmx", False))
    name = "digital/night_over.html#live" if htmx else "digital/night_over.html"
    context = {"night": night, "report_url": reverse("night_report", args=[night.pk])}
    response = render(request, name, context)
    response.headers["Cache-Control"] = "private, no-store"
    return response


def friendly_when_over(
    closed_night_of: Callable[[str], Night | None],
) -> Callable[
    [Callable[Concatenate[R, P], HttpResponse]],
    Callable[Concatenate[R, P], HttpResponse],
]:
    """A link view whose 404 for a closed night's link becomes :func:`night_over_page`;
    ``closed_night_of(token)`` names that night (None: a plain 404)."""

    def decorator(
        view: Callable[Concatenate[R, P], HttpResponse],
    ) -> Callable[Concatenate[R, P], HttpResponse]:
        @wraps(view)
        def inner(request: R, /, *args: P.args, **kwargs: P.kwargs) -> HttpResponse:
            try:
                return view(request, *args, **kwargs)
            except Http404:
                token = kwargs.get("token", args[0] if args else "")
                night = closed_night_of(str(token))
                if night is None:
                    raise
                return night_over_page(request, night)

        return inner

    return decorator
