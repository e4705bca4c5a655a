"""Nights: plan one with its house rules, start it, the night page, and the table's
comings and goings (arrive, rebuy, leave), the split of the night's pots, the end.

Every write goes through a service with the form's idempotency key (the ledger's
own, or :func:`~gamenight.services.request_keys.once` for planning a night); a
refusal (LedgerError) is shown in the page and nothing is recorded.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from gamenight import services
from gamenight.forms.nights import (
    ArriveForm,
    EndNightForm,
    LeaveForm,
    NightForm,
    RebuyForm,
    SplitForm,
    StartNightForm,
    game_label,
)
from gamenight.http import AuthenticatedHttpRequest, HtmxHttpRequest
from gamenight.models import (
    NIGHT_POTS,
    Account,
    AccountKind,
    LimitStructure,
    Membership,
    Night,
    NightStatus,
    Seat,
)
from gamenight.services import HandRunningError, LedgerError, PlayerInHandError, PotsNotEmptyError
from gamenight.services.digital import HandOverError
from gamenight.services.request_keys import Result, once
from gamenight.views.digital import host_panel_context
from gamenight.views.groups import (
    BAD_INPUT,
    membership_for_user,
    recorder_membership,
    render_page,
)

# A request for a hand that is over by now: nothing changed, the page shows what is.
CONFLICT = 409


def _get_night_for_user(request: HttpRequest, night_id: int) -> tuple[Night, Membership]:
    """The night and the user's membership of its group; Http404 for anyone else."""
    group_id = Night.objects.filter(pk=night_id).values_list("group_id", flat=True).first()
    if group_id is None:
        raise Http404("no such night")
    membership = membership_for_user(request, group_id)
    night = Night.objects.select_related("group", "season", "dealer__player").get(pk=night_id)
    return night, membership


def _get_night_for_recorder(request: HttpRequest, night_id: int) -> tuple[Night, Membership]:
    night, membership = _get_night_for_user(request, night_id)
    if not membership.may_record:
        raise PermissionDenied("only the host and co-hosts may record")
    return night, membership


# ------------------------------------------------------------------ plan and start


@login_required
@require_http_methods(["GET", "POST"])
def night_create(request: AuthenticatedHttpRequest, group_id: int) -> HttpResponse:
    membership = recorder_membership(request, group_id)
    group = membership.group
    form = NightForm(
        request.POST if request.method == "POST" else None, seasons=group.seasons.all()
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        plan: dict[str, Any] = {
            "date": data["date"],
            "season_id": data["season"].pk if data["season"] else None,
            "place": data["place"],
            "ante": data["ante"],
            "limit_structure": LimitStructure(data["limit_structure"]),
            "allowed_games": list(data["allowed_games"]),
            "game_options": data["game_options"],
            "starting_stack": data["starting_stack"],
            "carry_over": data["carry_over"],
        }

        def write() -> Result:
            night = services.create_night(group_id=group_id, by=request.user, **plan)
            return night, reverse("night_start", args=[night.pk])

        try:
            url = once(
                user=request.user,
                key=data["key"],
                action="night_create",
                payload={"group": group_id, **plan},
                write=write,
            )
        except LedgerError as error:
            form.add_error(None, str(error))
        else:
            return redirect(url)
    context = {"form": form, "group": group}
    status = BAD_INPUT if form.is_bound else 200
    return render_page(request, "nights/night_create.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def night_start(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    night, _membership = _get_night_for_recorder(request, night_id)
    if night.status != NightStatus.PLANNED:
        return redirect("night_detail", night_id=night.pk)
    form = StartNightForm(
        request.POST if request.method == "POST" else None, players=night.group.players.all()
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
    context = {"form": form, "night": night}
    status = BAD_INPUT if form.is_bound else 200
    return render_page(request, "nights/night_start.html", context, status=status)


# ------------------------------------------------------------------ the night page


NIGHT_PAGE_GAMES = 8


def _deal_list(night: Night, membership: Membership) -> dict[str, Any]:
    from gamenight.views.recording import deal_list_context

    # A phone shows the latest games; the whole night is one tap away.
    listed = deal_list_context(night, membership, latest=NIGHT_PAGE_GAMES)
    return {
        "deal_rows": listed["deal_rows"],
        "deal_more": listed["deal_more"],
        "deal_total": listed["deal_total"],
        "may_undo": listed["may_record"],
    }


def _night_context(night: Night, membership: Membership, **forms_given: Any) -> dict[str, Any]:
    seats = list(Seat.objects.filter(night=night).select_related("player"))
    stacks = dict(
        Account.objects.filter(night=night, kind=AccountKind.STACK).values_list(
            "player_id", "balance"
        )
    )
    seated = [s for s in seats if s.seated]
    gone = [s for s in seats if not s.seated]
    seated_players = [s.player for s in seated]
    pots = [
        (AccountKind(a.kind).label, a.balance)
        for a in Account.objects.filter(night=night, kind__in=NIGHT_POTS).order_by("kind")
        if a.balance
    ]
    away = [p for p in night.group.players.all() if p not in seated_players]
    context: dict[str, Any] = {
        "night": night,
        "membership": membership,
        "may_record": membership.may_record,
        "seats": [(s, stacks.get(s.player_id, 0)) for s in seated],
        "gone": [(s, stacks.get(s.player_id, 0)) for s in gone],
        "dealer": night.dealer if night.dealer and night.dealer.seated else None,
        "games": [(g, game_label(g)) for g in night.allowed_games],
        "pots": pots,
        "running": night.status == NightStatus.RUNNING,
        # The night's recorded games with their undo buttons (recording/_deal_list.html).
        **_deal_list(night, membership),
        "betting": (night.game_options or {}).get("betting", {}),
        "anyone_away": bool(away),
    }
    if membership.may_record and context["running"]:
        context.update(
            arrive_form=forms_given.get("arrive_form") or ArriveForm(players=away),
            rebuy_form=forms_given.get("rebuy_form") or RebuyForm(players=seated_players),
            leave_form=forms_given.get("leave_form") or LeaveForm(players=seated_players),
            end_form=forms_given.get("end_form") or EndNightForm(),
            split_form=forms_given.get("split_form") or SplitForm(players=seated_players),
            end_error=forms_given.get("end_error"),
            end_hand=_hand_to_finish(night, forms_given.get("end_refusal")),
            leave_error=forms_given.get("leave_error"),
            fold_leave=_fold_leave_offer(forms_given.get("refusal")),
            leave_hand=_hand_to_finish(night, forms_given.get("refusal")),
        )
    # Digital hands: start one, seat links, acting for an absent player (digital/_host_panel.html).
    context.update(
        host_panel_context(night, membership, error=forms_given.get("digital_error", ""))
    )
    return context


def _fold_leave_offer(refusal: object) -> dict[str, Any] | None:
    """After "cash out and leave" was refused for a player in the hand in play: the
    confirm button that folds them out first, naming the hand it means."""
    if not isinstance(refusal, PlayerInHandError):
        return None
    return {
        "player_id": refusal.player_id,
        "name": refusal.name,
        "hand": refusal.hand,
        "key": uuid.uuid4().hex,
    }


def _hand_to_finish(night: Night, refusal: object) -> dict[str, Any] | None:
    """The hand that keeps the night from ending, with what the host can do about it."""
    if not isinstance(refusal, HandRunningError) or refusal.hand.night_id != night.pk:
        return None
    return {"hand": refusal.hand, "abandon_key": uuid.uuid4().hex}


@login_required
@require_GET
@vary_on_headers("HX-Request")
def night_detail(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    night, membership = _get_night_for_user(request, night_id)
    return render_page(request, "nights/night.html", _night_context(night, membership))


def _table_action(
    request: HtmxHttpRequest,
    night_id: int,
    *,
    form_class: Callable[..., forms.Form],
    form_name: str,
    players: Callable[[Night], Any],
    write: Callable[[Night, dict[str, Any]], object],
) -> HttpResponse:
    """Validate the form, let the service write, and show the night again (with any message)."""
    night, membership = _get_night_for_recorder(request, night_id)
    form = form_class(request.POST, players=players(night))
    refusal: LedgerError | None = None
    if form.is_valid():
        try:
            write(night, form.cleaned_data)
        except LedgerError as error:
            form.add_error(None, str(error))
            refusal = error
        else:
            return redirect("night_detail", night_id=night.pk)
    context = _night_context(night, membership, **{form_name: form, "refusal": refusal})
    return render_page(request, "nights/night.html", context, status=BAD_INPUT)


def _away(night: Night) -> Any:
    seated = Seat.objects.filter(night=night, seated=True).values("player_id")
    return night.group.players.exclude(pk__in=seated)


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
    night, membership = _get_night_for_recorder(request, night_id)
    post = request.POST
    player, hand = _whole(post.get("player")), _whole(post.get("hand"))
    if player is None or hand is None:
        message = gettext("The form was out of date: please try again.")
        context = _night_context(night, membership, leave_error=message)
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
        context = _night_context(night, membership, leave_error=str(error))
        return render_page(request, "nights/night.html", context, status=status)
    return redirect("night_detail", night_id=night.pk)


def _whole(raw: object) -> int | None:
    text = str(raw if raw is not None else "").strip()
    return int(text) if text.isdigit() and len(text) <= 9 else None


@login_required
@require_POST
def night_split(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    def write(night: Night, data: dict[str, Any]) -> object:
        return services.split_night_pots(
            night_id=night.pk,
            by=request.user,
            key=data["key"],
            players=data["players"],
        )

    return _table_action(
        request,
        night_id,
        form_class=SplitForm,
        form_name="split_form",
        players=_seated,
        write=write,
    )


@login_required
@require_POST
def night_end(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    night, membership = _get_night_for_recorder(request, night_id)
    try:
        services.end_night(night_id=night.pk, by=request.user)
    except PotsNotEmptyError as error:
        context = _night_context(night, membership, end_error=str(error))
        context["pots_held"] = True
        return render_page(request, "nights/night.html", context, status=BAD_INPUT)
    except LedgerError as error:
        context = _night_context(night, membership, end_error=str(error), end_refusal=error)
        return render_page(request, "nights/night.html", context, status=BAD_INPUT)
    return redirect("night_detail", night_id=night.pk)
