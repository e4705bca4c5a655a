"""The polls' ETags: Django's ``condition`` answers 304 while the tag is unchanged.

A tag names what the page shows (the seat or table, the hand, its version) and
the language, since the same hand reads differently in German. A 304 tells
htmx to leave the page alone (``HX-Reswap: none``); every answer of a poll is
``private, no-cache``: the browser asks each time, no shared cache keeps it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Concatenate, ParamSpec

from django.http import HttpRequest, HttpResponse
from django.utils.http import quote_etag
from django.utils.translation import get_language
from django.views.decorators.http import condition
from django_htmx.http import reswap

P = ParamSpec("P")

CACHE_CONTROL = "private, no-cache"


def etag(*parts: object) -> str:
    """The tag of a page made of ``parts``, in the request's language, quoted (as the
    poller sends it back in ``If-None-Match``, from the page's context)."""
    return quote_etag("-".join(str(p) for p in (*parts, get_language() or "en")))


def tagged(response: HttpResponse, tag: str) -> HttpResponse:
    """The rendered page with the tag of what it shows (read with the page, so a
    write between the poll's check and the render is not hidden behind an old tag)."""
    response.headers["ETag"] = tag
    response.headers["Cache-Control"] = CACHE_CONTROL
    return response


def polled(
    etag_func: Callable[Concatenate[HttpRequest, P], str],
) -> Callable[
    [Callable[Concatenate[HttpRequest, P], HttpResponse]],
    Callable[Concatenate[HttpRequest, P], HttpResponse],
]:
    """``condition(etag_func=...)``, and a 304 that htmx does not swap in."""

    def decorator(
        view: Callable[Concatenate[HttpRequest, P], HttpResponse],
    ) -> Callable[Concatenate[HttpRequest, P], HttpResponse]:
        conditional = condition(etag_func=etag_func)(view)

        @wraps(view)
        def inner(request: HttpRequest, /, *args: P.args, **kwargs: P.kwargs) -> HttpResponse:
            response = conditional(request, *args, **kwargs)
            if response.status_code == 304:
                reswap(response, "none")
                response.headers["Cache-Control"] = CACHE_CONTROL
            return response

        return inner

    return decorator
