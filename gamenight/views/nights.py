"""Nights: start one, the night page, and the table's comings and goings (arrive,
rebuy, leave), the split of the night's pots, the end. (Planning a night and
changing its house rules: gamenight/views/night_plan.py.)

Every write goes through a service with the form's idempotency key (the ledger's
own); a refusal (LedgerError) is shown in the page and nothing is recorded.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from gamenight import services
from gamenight.forms.nights import (
    ArriveForm,
    LeaveForm,
    RebuyForm,
    SplitForm,
    StartNightForm,
)
from gamenight.http import AuthenticatedHttpRequest, HtmxHttpRequest
from gamenight.models import (
    Night,
    NightStatus,
    Seat,
)
from gamenight.pages.access import night_for_user
from gamenight.pages.confirm import ConfirmPanel, confirmed
from gamenight.pages.night import night_context, night_page
from gamenight.pages.night_confirms import end_panel, split_panel
from gamenight.pages.refusals import REFUSALS
from gamenight.pages.render import BAD_INPUT, CONFLICT, render_page
from gamenight.request_numbers import whole_number
from gamenight.services import LedgerError, PotsNotEmptyError
from gamenight.services import next_night as planned
from gamenight.services.digital import HandOverError
from gamenight.services.nights import PotsChangedError
from gamenight.tournaments.guards import is_tournament

# ------------------------------------------------------------------ start


@login_required
@require_http_methods(["GET", "POST"])
def night_start(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    night, _membership = night_for_user(request, night_id, record=True)
    if night.status != NightStatus.PLANNED:
        return redirect("night_detail", night_id=night.pk)
    if is_tournament(night):
        # A tournament starts with its seat draw and buy-ins (gamenight/tournaments/).
        return redirect("tournaments:page", night_id=night.pk)
    players = list(night.group.players.coming())
    # Who said they come is ticked; with no answer, the last night's table; else everyone.
    coming = planned.coming_ids(night)
    form = StartNightForm(
        request.POST if request.method == "POST" else None,
        players=players,
        ticked=coming or _last_table(night) or {p.pk for p in players},
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            services.start_night(
                night_id=night.pk,
                by=request.user,
                key=data["key"],
                players=data["order"],
                draw=random.SystemRandom() if data["random_draw"] else None,
                buy_ins=data["buy_ins"],
            )
        except LedgerError as error:
            form.add_error(None, str(error))
        else:
            return redirect("night_detail", night_id=night.pk)
    context = {"form": form, "night": night, "ticked_by_answers": bool(coming)}
    status = BAD_INPUT if form.is_bound else 200
    return render_page(request, "nights/night_start.html", context, status=status)


def _last_table(night: Night) -> set[int]:
    """Who sat at the group's last night before this one (empty for a first night):
    the usual table, ticked present so that the host only unticks who is missing."""
    last = (
        Night.objects.filter(group_id=night.group_id, seats__isnull=False)
        .exclude(pk=night.pk)
        .order_by("-date", "-id")
        .first()
    )
    if last is None:
        return set()
    return set(Seat.objects.filter(night=last).values_list("player_id", flat=True))


# ------------------------------------------------------------------ the night page


@login_required
@require_GET
@vary_on_headers("HX-Request")
def night_detail(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    return night_page(request, night_id)


def _table_action(
    request: HtmxHttpRequest,
    night_id: int,
    *,
    form_class: Callable[..., forms.Form],
    form_name: str,
    players: Callable[[Night], Any],
    write: Callable[[Night, dict[str, Any]], object],
    confirm: Callable[[Night, dict[str, Any]], ConfirmPanel] | None = None,
) -> HttpResponse:
    """Validate the form, let the service write, and show the night again (with any message).

    With ``confirm`` the first tap shows its panel (what will move) and writes
    nothing; the write waits for the panel's ``confirm=1``.
    """
    night, membership = night_for_user(request, night_id, record=True)
    form = form_class(request.POST, players=players(night))
    refusal: LedgerError | None = None
    if form.is_valid() and confirm is not None and not confirmed(request.POST):
        try:
            panel = confirm(night, form.cleaned_data)
        except LedgerError as error:
            form.add_error(None, str(error))
            refusal = error
        else:
            context = night_context(night, membership, **{form_name: form, "confirm": panel})
            return render_page(request, "nights/night.html", context)
    elif form.is_valid():
        try:
            write(night, form.cleaned_data)
        except LedgerError as error:
            form.add_error(None, str(error))
            refusal = error
        else:
            return redirect("night_detail", night_id=night.pk)
    fresh = _fresh_panel(night, form, refusal, confirm)
    context = night_context(
        night, membership, **{form_name: form, "refusal": refusal, "confirm": fresh}
    )
    return render_page(request, "nights/night.html", context, status=BAD_INPUT)


def _fresh_panel(
    night: Night,
    form: forms.Form,
    refusal: LedgerError | None,
    confirm: Callable[[Night, dict[str, Any]], ConfirmPanel] | None,
) -> ConfirmPanel | None:
    """A confirm made on a stale preview (the pots changed since): the panel again,
    with what would move now, under the refusal's message."""
    if confirm is None or not isinstance(refusal, PotsChangedError):
        return None
    try:
        return confirm(night, form.cleaned_data)
    except LedgerError:
        return None


def _away(night: Night) -> Any:
    seated = Seat.objects.filter(night=night, seated=True).values("player_id")
    return night.group.players.for_night(night.pk).exclude(pk__in=seated)


def _seated(night: Night) -> Any:
    return night.group.players.filter(seats__night=night, seats__seated=True)


@login_required
@require_POST
def night_arrive(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    def write(night: Night, data: dict[str, Any]) -> object:
        return services.arrive(
            night_id=night.pk,
            by=request.user,
            key=data["key"],
            player_id=data["player"],
            buy_in=data["buy_in"],
        )

    return _table_action(
        request,
        night_id,
        form_class=ArriveForm,
        form_name="arrive_form",
        players=_away,
        write=write,
    )


@login_required
@require_POST
def night_rebuy(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    def write(night: Night, data: dict[str, Any]) -> object:
        return services.rebuy(
            night_id=night.pk,
            by=request.user,
            key=data["key"],
            player_id=data["player"],
            amount=data["amount"],
        )

    return _table_action(
        request,
        night_id,
        form_class=RebuyForm,
        form_name="rebuy_form",
        players=_seated,
        write=write,
    )


@login_required
@require_POST
def night_leave(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    def write(night: Night, data: dict[str, Any]) -> object:
        return services.leave(
            night_id=night.pk,
            by=request.user,
            key=data["key"],
            player_id=data["player"],
        )

    return _table_action(
        request,
        night_id,
        form_class=LeaveForm,
        form_name="leave_form",
        players=_seated,
        write=write,
    )


@login_required
@require_POST
def night_fold_leave(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    """The host confirmed: fold the player out of the hand in play, then cash them out."""
    night, membership = night_for_user(request, night_id, record=True)
    post = request.POST
    player, hand = whole_number(post.get("player")), whole_number(post.get("hand"))
    if player is None or hand is None:
        message = str(REFUSALS["form_stale"])
        context = night_context(night, membership, leave_error=message)
        return render_page(request, "nights/night.html", context, status=BAD_INPUT)
    try:
        services.fold_and_leave(
            night_id=night.pk,
            by=request.user,
            key=str(post.get("key", "")),
            player_id=player,
            hand_id=hand,
        )
    except LedgerError as error:
        status = CONFLICT if isinstance(error, HandOverError) else BAD_INPUT
        context = night_context(night, membership, leave_error=str(error))
        return render_page(request, "nights/night.html", context, status=status)
    return redirect("night_detail", night_id=night.pk)


@login_required
@require_POST
def night_split(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    def write(night: Night, data: dict[str, Any]) -> object:
        return services.split_night_pots(
            night_id=night.pk,
            by=request.user,
            key=data["key"],
            players=data["players"],
            expect=data["expect"] or None,
        )

    def confirm(night: Night, data: dict[str, Any]) -> ConfirmPanel:
        return split_panel(night, data["players"], request.POST)

    return _table_action(
        request,
        night_id,
        form_class=SplitForm,
        form_name="split_form",
        players=_seated,
        write=write,
        confirm=confirm,
    )


@login_required
@require_POST
def night_end(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    night, membership = night_for_user(request, night_id, record=True)
    try:
        if night.status == NightStatus.CLOSED or confirmed(request.POST):
            # Ending a closed night again is the no-op of a double tap.
            services.end_night(night_id=night.pk, by=request.user)
        else:
            panel = end_panel(night, request.POST)
            context = night_context(night, membership, confirm=panel)
            return render_page(request, "nights/night.html", context)
    except PotsNotEmptyError as error:
        context = night_context(night, membership, end_error=str(error))
        context["pots_held"] = True
        return render_page(request, "nights/night.html", context, status=BAD_INPUT)
    except LedgerError as error:
        context = night_context(night, membership, end_error=str(error), end_refusal=error)
        return render_page(request, "nights/night.html", context, status=BAD_INPUT)
    return redirect("night_detail", night_id=night.pk)
