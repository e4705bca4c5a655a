"""A player's new phone asks for their seat, from the night's table link (no login).

The table link is public at the table (the TV shows it), so its "this is my
seat" page shows only names; asking never binds anything by itself: the host
approves on the night page (:mod:`gamenight.services.seat_moves`), and only
then does this phone get the seat. While the request waits the page polls
itself and, once approved, goes to the seat. The phone's secret cookie
(:mod:`gamenight.services.seat_binding`) is given with its first request: the
approval binds the phone holding it.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect

from gamenight.http import HtmxHttpRequest
from gamenight.pages.night_over import friendly_when_over
from gamenight.pages.render import BAD_INPUT, CONFLICT
from gamenight.pages.seat_request import seat_request_context
from gamenight.request_numbers import whole_number
from gamenight.services import LedgerError, seat_binding, seat_moves, table_links


def _render(
    request: HtmxHttpRequest, context: dict[str, Any], *, status: int = 200
) -> HttpResponse:
    name = "digital/seat_request.html#live" if request.htmx else "digital/seat_request.html"
    response = render(request, name, context, status=status)
    response.headers["Cache-Control"] = "private, no-store"
    return response


@require_GET
@vary_on_headers("HX-Request", "Accept-Language", "Cookie")
@friendly_when_over(table_links.closed_night_of)
def seat_request_page(request: HtmxHttpRequest, token: str) -> HttpResponse:
    link = table_links.table_link_for_token(token)
    context = seat_request_context(link, device_hash=seat_binding.phone_hash(request))
    held = context["held"]
    if request.htmx and held is not None:
        # The host approved while this page waited: on to the seat.
        return HttpResponseClientRedirect(reverse("seat_page", args=[held.token]))
    return _render(request, context)


@require_POST
@friendly_when_over(table_links.closed_night_of)
def seat_request_ask(request: HtmxHttpRequest, token: str) -> HttpResponse:
    link = table_links.table_link_for_token(token)
    secret = seat_binding.new_phone_secret(request)
    device_hash = seat_binding.secret_hash(secret)
    seat_id = whole_number(request.POST.get("seat"))
    if seat_id is None:
        context = seat_request_context(
            link, device_hash=seat_binding.phone_hash(request), error=gettext("Pick your name.")
        )
        return _render(request, context, status=BAD_INPUT)
    try:
        seat_moves.ask_for_seat(
            night_id=link.night_id, seat_id=seat_id, user=request.user, device_hash=device_hash
        )
    except LedgerError as error:
        context = seat_request_context(
            link, device_hash=seat_binding.phone_hash(request), error=str(error)
        )
        return _render(request, context, status=CONFLICT)
    response = (
        _render(request, seat_request_context(link, device_hash=device_hash))
        if request.htmx
        else redirect("seat_request", token=token)
    )
    seat_binding.remember(response, request, secret)
    return response


@require_POST
@friendly_when_over(table_links.closed_night_of)
def seat_request_withdraw(request: HtmxHttpRequest, token: str) -> HttpResponse:
    link = table_links.table_link_for_token(token)
    device_hash = seat_binding.phone_hash(request)
    seat_moves.withdraw_request(night_id=link.night_id, device_hash=device_hash)
    if request.htmx:
        return _render(request, seat_request_context(link, device_hash=device_hash))
    return redirect("seat_request", token=token)
