"""A player's seat on their own phone: the page, its poll and the player's moves.

The seat page is built only from :func:`engine.games.views.seat_view`
(:mod:`gamenight.pages.seat`): a card the player may not see is not in the data,
so it cannot reach the HTML.

A seat link shows its seat only on the phone that opened it first
(:mod:`gamenight.services.seat_binding`): any other browser, the host's
included, gets a 403 page with no card, and that check comes before the poll's
304 and before a move. A browser logged in as another member of the group, or
holding another seat of the night, cannot claim a link at all. Once a seat has
moved to a new phone (:mod:`gamenight.services.seat_moves`), its old phone's
link says so (:mod:`gamenight.pages.seat_moved`).

The page polls :func:`seat_state` every second (htmx). Its ETag is the hand's
version (with the seat and the language, :mod:`gamenight.pages.etags`); the
poller sends it back as ``If-None-Match`` and gets ``304 Not Modified`` with no
body while nothing changed. A phone that slept catches up on its next poll.
Without JavaScript, reloading the page shows the same.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from gamenight.http import HtmxHttpRequest
from gamenight.models import SeatLink
from gamenight.pages.etags import polled, tagged
from gamenight.pages.hand_read import HandRead
from gamenight.pages.moves import read_move, whole
from gamenight.pages.night_over import friendly_when_over
from gamenight.pages.refusals import REFUSALS
from gamenight.pages.render import BAD_INPUT, CONFLICT
from gamenight.pages.seat import SeatPoll, seat_context, seat_tag
from gamenight.pages.seat_moved import friendly_when_moved
from gamenight.services import LedgerError, digital, seat_binding, seat_links
from gamenight.services.seat_binding import Binding


def _render_seat(
    request: HtmxHttpRequest,
    link: SeatLink,
    *,
    error: str = "",
    status: int = 200,
    read: HandRead | None = None,
) -> HttpResponse:
    context = seat_context(link, error=error, read=read)
    name = "digital/seat.html#live" if request.htmx else "digital/seat.html"
    return tagged(render(request, name, context, status=status), context["etag"])


@require_GET
@vary_on_headers("HX-Request", "Accept-Language", "Cookie")
@friendly_when_moved
@friendly_when_over(seat_links.closed_night_of)
def seat_page(request: HtmxHttpRequest, token: str) -> HttpResponse:
    link = seat_links.link_for_token(token)
    # The first open binds the link to this phone; any other browser sees nothing.
    opened = seat_binding.open_seat(request, link)
    if not opened.allowed:
        return _elsewhere(request, refused=opened.refused)
    response = _render_seat(request, link)
    if opened.secret is not None:
        seat_binding.remember(response, request, opened.secret)
    return response


@require_GET
@vary_on_headers("HX-Request", "Accept-Language", "Cookie")
@friendly_when_moved
@friendly_when_over(seat_links.closed_night_of)
def seat_state(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The live part of the seat page; 304 while the hand has not moved.

    The 304 is answered from one query (the link, its hand's id and version)
    before anything is loaded or rendered: most polls end there.
    """
    poll = seat_links.seat_poll(token)
    device_hash = poll[1]
    # Before the 304: another phone learns nothing, not even that nothing changed.
    bound = seat_binding.binding(request, device_hash)
    if bound is not Binding.MINE:
        return _elsewhere(request, unopened=bound is Binding.FREE)
    return _live_seat(request, token, poll)


def _poll_tag(request: HttpRequest, token: str, poll: SeatPoll) -> str:
    return seat_tag(poll)


@polled(_poll_tag)
def _live_seat(request: HttpRequest, token: str, poll: SeatPoll) -> HttpResponse:
    link = seat_links.link_for_token(token)
    context = seat_context(link, asked=poll[3])
    return tagged(render(request, "digital/seat.html#live", context), context["etag"])


@require_POST
@friendly_when_moved
@friendly_when_over(seat_links.closed_night_of)
def seat_act(request: HtmxHttpRequest, token: str) -> HttpResponse:
    link = seat_links.link_for_token(token)
    bound = seat_binding.binding(request, link.device_hash)
    if bound is not Binding.MINE:
        return _elsewhere(request, unopened=bound is Binding.FREE)
    if not link.seat.seated:
        return _render_seat(request, link, error=_left_the_table(), status=CONFLICT)
    hand = seat_links.hand_for_link(link)
    seat = None if hand is None else digital.engine_seat(hand, link.seat_id)
    if hand is None or seat is None:
        return _render_seat(
            request, link, error=gettext("You are not in this hand."), status=BAD_INPUT
        )
    try:
        # Versions start again every hand: the hand's id tells a request for an
        # earlier hand (a phone that slept, a retry) from one for this hand.
        named = whole(request.POST.get("hand"), str(REFUSALS["page_stale"]))
        if named != hand.pk:
            raise digital.HandOverError(
                gettext("That hand is over: here is the hand in play now. Nothing was changed.")
            )
        move, version, key = read_move(request.POST)
        acted = digital.act(
            hand_id=hand.pk, seat=seat, move=move, version=version, key=key, link=link
        )
    except digital.HandOverError as error:
        return _render_seat(request, link, error=str(error), status=CONFLICT)
    except LedgerError as error:
        return _render_seat(request, link, error=str(error), status=BAD_INPUT)
    if request.htmx:
        # The answer shows the hand as the move left it: read once, by the move itself.
        return _render_seat(request, link, read=HandRead(known=acted))
    return redirect("seat_page", token=link.token)


def _left_the_table() -> str:
    return gettext("You left the table: this seat can no longer act. Nothing was changed.")


def _elsewhere(
    request: HtmxHttpRequest, *, unopened: bool = False, refused: str = ""
) -> HttpResponse:
    """The page of a seat link opened in a browser that does not hold the seat: no
    cards, no hand; only what to do about it (``refused``: why this browser may not
    claim the seat nobody holds yet)."""
    if refused:
        message = refused
    elif unopened:
        message = gettext("Open this seat on your phone first.")
    else:
        message = gettext(
            "This seat is open on another phone. To play it on this phone, open the table "
            "link (the QR code of the TV), tap “This is my seat” and show the host your code."
        )
    name = "digital/seat_elsewhere.html#live" if request.htmx else "digital/seat_elsewhere.html"
    response = render(request, name, {"message": message}, status=403)
    response.headers["Cache-Control"] = "private, no-store"
    return response
