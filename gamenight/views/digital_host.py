"""The host's moves on digital hands, from the night page: deal a hand, act for a
player away from the phone, abandon a hand, revoke a seat link nobody has opened,
approve or turn down a phone asking for a seat.

Each answers with the night page (:mod:`gamenight.pages.night`): for HTMX its
content, with any refusal in the digital-hands panel; otherwise a redirect to it.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from engine.games import ActionName, table_view
from gamenight.http import AuthenticatedHttpRequest, HtmxHttpRequest
from gamenight.models import Membership, Night, NightStatus
from gamenight.pages.access import night_for_user
from gamenight.pages.confirm import confirmed
from gamenight.pages.etags import polled, tagged
from gamenight.pages.moves import whole
from gamenight.pages.night import night_page
from gamenight.pages.night_confirms import abandon_panel
from gamenight.pages.refusals import REFUSALS
from gamenight.pages.render import BAD_INPUT, CONFLICT
from gamenight.pages.seat_move_panel import seat_move_context, seat_moves_tag
from gamenight.request_numbers import whole_number
from gamenight.services import LedgerError, digital, seat_links, seat_moves, table_links


def _refused(request: HtmxHttpRequest, night_id: int, error: str, status: int) -> HttpResponse:
    return night_page(request, night_id, digital_error=error, status=status)


def _done(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    if request.htmx:
        return night_page(request, night_id)
    return redirect(reverse("night_detail", args=[night_id]) + "#digital")


@login_required
@require_POST
def hand_start(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    try:
        digital.start_hand(
            night_id=night_id,
            by=request.user,
            key=str(request.POST.get("key", "")),
            game=str(request.POST.get("game", "")),
            table=_table(request.POST.get("table")),
        )
    except LedgerError as error:
        return _refused(request, night_id, str(error), BAD_INPUT)
    return _done(request, night_id)


def _table(raw: str | None) -> int | None:
    """The tournament table a start names (None: none named; 0: no number, which the
    start refuses by name as no table in play)."""
    if raw is None or raw == "":
        return None
    return whole_number(raw, most=99) or 0


@login_required
@require_POST
def hand_act_for(request: AuthenticatedHttpRequest, night_id: int, hand_id: int) -> HttpResponse:
    try:
        action = ActionName(str(request.POST.get("action", "")))
        seat = whole(request.POST.get("seat"), gettext("Pick a player."))
        version = whole(request.POST.get("version"), str(REFUSALS["page_stale"]))
    except ValueError:
        return _refused(request, night_id, str(REFUSALS["not_a_move"]), BAD_INPUT)
    try:
        digital.act_for_absent(
            night_id=night_id,
            hand_id=hand_id,
            by=request.user,
            seat=seat,
            action=action,
            version=version,
            key=str(request.POST.get("key", "")),
        )
    except digital.HandOverError as error:
        return _refused(request, night_id, str(error), CONFLICT)
    except LedgerError as error:
        return _refused(request, night_id, str(error), BAD_INPUT)
    return _done(request, night_id)


@login_required
@require_POST
def hand_abandon(request: AuthenticatedHttpRequest, night_id: int, hand_id: int) -> HttpResponse:
    """The first tap asks (nights/_confirm.html); the panel's ``confirm=1`` stops the hand."""
    if not confirmed(request.POST):
        return _abandon_asked(request, night_id, hand_id)
    try:
        digital.abandon_hand(
            night_id=night_id,
            hand_id=hand_id,
            by=request.user,
            key=str(request.POST.get("key", "")),
        )
    except LedgerError as error:
        return _refused(request, night_id, str(error), BAD_INPUT)
    return _done(request, night_id)


def _abandon_asked(request: AuthenticatedHttpRequest, night_id: int, hand_id: int) -> HttpResponse:
    key = str(request.POST.get("key", ""))
    try:
        hand = digital.hand_for_recorder(request.user, night_id, hand_id)
        if not hand.is_running:
            # Over or stopped already (another phone, a double tap): nothing to ask.
            return _done(request, night_id)
        night, _membership = night_for_user(request, night_id, record=True)
        pot = table_view(digital.hand_state(hand))["pot"]
        panel = abandon_panel(night, hand, key, pot=pot)
    except LedgerError as error:
        return _refused(request, night_id, str(error), BAD_INPUT)
    return night_page(request, night_id, confirm=panel)


@login_required
@require_POST
def link_revoke(request: AuthenticatedHttpRequest, night_id: int, link_id: int) -> HttpResponse:
    try:
        seat_links.revoke_link(night_id=night_id, by=request.user, link_id=link_id)
    except LedgerError as error:
        return _refused(request, night_id, str(error), CONFLICT)
    return _done(request, night_id)


@login_required
@require_POST
def seat_move_approve(
    request: AuthenticatedHttpRequest, night_id: int, move_id: int
) -> HttpResponse:
    """Bind the seat to the phone that asked (never to this browser: the host's)."""
    try:
        seat_moves.approve_move(night_id=night_id, by=request.user, move_id=move_id)
    except LedgerError as error:
        return _refused(request, night_id, str(error), CONFLICT)
    return _done(request, night_id)


@login_required
@require_POST
def seat_move_refuse(
    request: AuthenticatedHttpRequest, night_id: int, move_id: int
) -> HttpResponse:
    try:
        seat_moves.refuse_move(night_id=night_id, by=request.user, move_id=move_id)
    except LedgerError as error:
        return _refused(request, night_id, str(error), CONFLICT)
    return _done(request, night_id)


@login_required
@require_GET
@vary_on_headers("HX-Request", "Accept-Language", "Cookie")
def seat_moves_poll(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    """The night page's seat-move prompt by itself, polled: 304 while no request came
    or went (checked after access, so another group's night is a 404 either way)."""
    night, membership = night_for_user(request, night_id, record=True)
    if night.status != NightStatus.RUNNING:
        # Nothing to answer any more: the part without its poller ends the polling.
        return render(request, "digital/_seat_moves.html", {"night": night, "seat_moves": None})
    return _seat_moves_part(request, night, membership)


def _pending_tag(request: HttpRequest, night: Night, membership: Membership) -> str:
    return seat_moves_tag(seat_moves.pending_ids(night.pk))


@polled(_pending_tag)
def _seat_moves_part(request: HttpRequest, night: Night, membership: Membership) -> HttpResponse:
    context = {"night": night, **seat_move_context(night, membership)}
    response = render(request, "digital/_seat_moves.html", context)
    return tagged(response, context["seat_moves"]["etag"])


@login_required
@require_POST
def table_link_renew(
    request: AuthenticatedHttpRequest, night_id: int, link_id: int
) -> HttpResponse:
    table_links.renew_table_link(night_id=night_id, by=request.user, link_id=link_id)
    return _done(request, night_id)
