"""The tournament's views: its page, setup and start, the host's taps, and the clock
for a phone and for the TV (by the night's table link, no login).

Every write is claimed once by the form's key
(:func:`gamenight.services.request_keys.once`: a double tap writes once) and
goes through a service of gamenight/tournaments/; a refusal is the page again
with its message (422), nothing written.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from gamenight.http import AuthenticatedHttpRequest
from gamenight.models import Night, NightStatus, Tournament
from gamenight.pages.access import night_for_user
from gamenight.pages.etags import polled, tagged
from gamenight.pages.night_over import friendly_when_over
from gamenight.pages.refusals import REFUSALS
from gamenight.pages.render import BAD_INPUT, render_page
from gamenight.pages.tv_links import blank_when_renewed
from gamenight.request_numbers import whole_number
from gamenight.services import LedgerError, table_links
from gamenight.services.request_keys import Result, once
from gamenight.tournaments import chopping, clock_moves, play, seat_moves
from gamenight.tournaments.clock_page import clock_tag
from gamenight.tournaments.forms import (
    KnockoutForm,
    PlayerPickForm,
    SetupForm,
    StartForm,
    chop_chips,
    posted_rows,
    read_rows,
    ready_choices,
    row_initial,
)
from gamenight.tournaments.models_access import entrants_of
from gamenight.tournaments.pages import coming_players, expected_lengths, tournament_context
from gamenight.tournaments.payouts import DEFAULT_TABLE, table_from_json
from gamenight.tournaments.setup import Setup
from gamenight.tournaments.structures import READY, ready, structure_from_json
from gamenight.tournaments.tv_page import member_clock, tv_clock

PAGE = "tournaments/tournament.html"


def _page_url(night: Night) -> str:
    return reverse("tournaments:page", args=[night.pk])


# ---------------------------------------------------------------- the page


@login_required
@require_GET
@vary_on_headers("HX-Request")
def tournament_page(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    night, membership = night_for_user(request, night_id)
    return render_page(request, PAGE, tournament_context(night, membership))


def _refused(
    request: AuthenticatedHttpRequest, night: Night, message: str, **given: Any
) -> HttpResponse:
    _night, membership = night_for_user(request, night.pk)
    context = tournament_context(night, membership, error=message, **given)
    return render_page(request, PAGE, context, status=BAD_INPUT)


def _write(
    request: AuthenticatedHttpRequest,
    night: Night,
    *,
    action: str,
    key: str,
    payload: dict[str, Any],
    write: Callable[[], None],
    **given: Any,
) -> HttpResponse:
    """Run ``write`` once for the form's key and show the tournament page again."""

    def run() -> Result:
        write()
        return None, _page_url(night) + "#" + action

    try:
        url = once(
            user=request.user, key=key, action=f"tournament_{action}", payload=payload, write=run
        )
    except LedgerError as error:
        return _refused(request, night, str(error), **given)
    return redirect(url)


def _stale(request: AuthenticatedHttpRequest, night: Night) -> HttpResponse:
    return _refused(request, night, str(REFUSALS["form_stale"]))


# ---------------------------------------------------------------- setup and start


@login_required
@require_http_methods(["GET", "POST"])
def tournament_setup(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    """Make the night a tournament, or change its setup, structure and payouts."""
    night, _membership = night_for_user(request, night_id, record=True)
    if night.status not in (NightStatus.PLANNED, NightStatus.RUNNING):
        return redirect("night_detail", night_id=night.pk)
    tournament = Tournament.objects.filter(night=night).first()
    post = request.POST if request.method == "POST" else None
    chosen = ready(str(post.get("ready", ""))) if post is not None else None
    if post is not None and "use_ready" in post and chosen is not None:
        # A ready structure into the editor (nothing saved yet).
        rows = row_initial(chosen.structure)
        data = post.copy()
        data["starting_chips"] = str(chosen.starting_chips)
        data.update(_rows_as_post(rows))
        return _setup_page(request, night, SetupForm(data), rows)
    form = SetupForm(post, initial=_setup_initial(tournament))
    if post is None:
        structure = structure_from_json(tournament.structure) if tournament else READY[0].structure
        return _setup_page(request, night, form, row_initial(structure))
    if not form.is_valid() or form.structure is None:
        return _setup_page(request, night, form, posted_rows(post), status=BAD_INPUT)
    setup, structure, table = form.setup(), form.structure, form.cleaned_data["payouts"]

    def run() -> Result:
        play.set_up(
            night_id=night.pk, by=request.user, setup=setup, structure=structure, table=table
        )
        return None, _page_url(night)

    payload = {"setup": setup.to_json(), "structure": structure.to_json(), "table": table.to_json()}
    try:
        url = once(
            user=request.user,
            key=form.cleaned_data["key"],
            action="tournament_setup",
            payload=payload,
            write=run,
        )
    except LedgerError as error:
        form.add_error(None, str(error))
        return _setup_page(request, night, form, posted_rows(post), status=BAD_INPUT)
    return redirect(url)


def _setup_initial(tournament: Tournament | None) -> dict[str, Any]:
    if tournament is None:
        setup = Setup(buy_in=10, starting_chips=READY[0].starting_chips)
        table = DEFAULT_TABLE
    else:
        setup, table = Setup.from_json(tournament.setup), table_from_json(tournament.payouts)
    return {**setup.to_json(), "payouts": table.as_text(), "ready": READY[0].slug}


def _setup_page(
    request: AuthenticatedHttpRequest,
    night: Night,
    form: SetupForm,
    rows: list[dict[str, Any]],
    *,
    status: int = 200,
) -> HttpResponse:
    lengths: list[tuple[int, str, int]] = []
    try:
        structure = read_rows(_rows_as_post(rows))
        starting = whole_number(str(form["starting_chips"].value() or "")) or 0
        lengths = [
            (players, duration_text(found.minutes) if found else "", found.level if found else 0)
            for players, found in expected_lengths(
                Setup(starting_chips=max(starting, 1)), structure, len(coming_players(night))
            )
        ]
    except (LedgerError, ValueError):
        lengths = []
    context = {
        "night": night,
        "form": form,
        "rows": rows,
        "ready_choices": ready_choices(),
        "ready": str(form["ready"].value() or ""),
        "lengths": lengths,
        "started": Tournament.objects.filter(night=night, entrants__isnull=False).exists(),
    }
    return render(request, "tournaments/setup.html", context, status=status)


def duration_text(minutes: int) -> str:
    """``1 h 58 min`` in the page's language."""
    from django.utils.translation import gettext

    hours, rest = divmod(minutes, 60)
    if not hours:
        return gettext("%(minutes)s min") % {"minutes": rest}
    return gettext("%(hours)s h %(minutes)s min") % {"hours": hours, "minutes": rest}


def _rows_as_post(rows: list[dict[str, Any]]) -> dict[str, Any]:
    data: dict[str, Any] = {"rows": str(len(rows))}
    for n, row in enumerate(rows):
        for name in ("minutes", "small_blind", "big_blind", "ante", "colour_up"):
            data[f"r{n}-{name}"] = row.get(name, "")
        if row.get("is_break"):
            data[f"r{n}-break"] = "on"
    return data


@login_required
@require_POST
def tournament_start(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    night, _membership = night_for_user(request, night_id, record=True)
    form = StartForm(request.POST, players=list(night.group.players.coming()))
    if not form.is_valid():
        return _refused(request, night, _first_error(form), start_form=form)
    players = form.cleaned_data["players"]

    def write() -> None:
        play.start_tournament(
            night_id=night.pk,
            by=request.user,
            key=form.cleaned_data["key"],
            players=players,
            rng=random.SystemRandom(),
        )

    return _write(
        request,
        night,
        action="start",
        key=form.cleaned_data["key"],
        payload={"players": sorted(players)},
        write=write,
        start_form=form,
    )


def _first_error(form: forms.Form) -> str:
    for errors in form.errors.values():
        for error in errors:
            return str(error)
    return ""


# ---------------------------------------------------------------- the host's taps


def _entrant_players(night: Night) -> list[Any]:
    tournament = Tournament.objects.filter(night=night).first()
    return [e.player for e in entrants_of(tournament)] if tournament else []


@login_required
@require_POST
def tournament_knockout(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    night, _membership = night_for_user(request, night_id, record=True)
    form = KnockoutForm(request.POST, players=_entrant_players(night))
    if not form.is_valid():
        return _refused(request, night, _first_error(form), knockout_form=form)
    data = form.cleaned_data

    def write() -> None:
        play.knock_out(
            night_id=night.pk,
            by=request.user,
            key=data["key"],
            player_id=data["player"],
            by_player_id=data["by"],
        )

    return _write(
        request,
        night,
        action="knockout",
        key=data["key"],
        payload={"player": data["player"], "by": data["by"]},
        write=write,
        knockout_form=form,
    )


def _pick(
    request: AuthenticatedHttpRequest,
    night_id: int,
    *,
    action: str,
    players: Callable[[Night], list[Any]],
    service: Callable[..., None],
) -> HttpResponse:
    night, _membership = night_for_user(request, night_id, record=True)
    form = PlayerPickForm(request.POST, players=players(night))
    given = {f"{action}_form": form}
    if not form.is_valid():
        return _refused(request, night, _first_error(form), **given)
    data = form.cleaned_data

    def write() -> None:
        service(night_id=night.pk, by=request.user, key=data["key"], player_id=data["player"])

    return _write(
        request,
        night,
        action=action,
        key=data["key"],
        payload={"player": data["player"]},
        write=write,
        **given,
    )


@login_required
@require_POST
def tournament_register(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    return _pick(
        request,
        night_id,
        action="register",
        players=lambda night: list(night.group.players.coming()),
        service=play.register,
    )


@login_required
@require_POST
def tournament_rebuy(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    return _pick(
        request, night_id, action="rebuy", players=_entrant_players, service=play.take_rebuy
    )


@login_required
@require_POST
def tournament_add_on(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    return _pick(request, night_id, action="add_on", players=_entrant_players, service=play.add_on)


def _version(request: HttpRequest) -> int | None:
    return whole_number(str(request.POST.get("version", "")))


@login_required
@require_POST
def tournament_undo(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    night, _membership = night_for_user(request, night_id, record=True)
    version, key = _version(request), str(request.POST.get("key", ""))
    if version is None:
        return _stale(request, night)

    def write() -> None:
        play.undo_last(night_id=night.pk, by=request.user, key=key, version=version)

    return _write(request, night, action="undo", key=key, payload={"version": version}, write=write)


@login_required
@require_POST
def tournament_clock(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    """Start, pause, resume, a level forward or back (the version stops a second tap)."""
    night, _membership = night_for_user(request, night_id, record=True)
    version, move = _version(request), str(request.POST.get("move", ""))
    if version is None or move not in clock_moves.MOVES:
        return _stale(request, night)
    try:
        clock_moves.move_clock(night_id=night.pk, by=request.user, move=move, version=version)
    except LedgerError as error:
        return _refused(request, night, str(error))
    return redirect(_page_url(night) + "#clock")


@login_required
@require_POST
def tournament_seat_move(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    night, _membership = night_for_user(request, night_id, record=True)
    version, player = _version(request), whole_number(str(request.POST.get("player", "")))
    if version is None or player is None:
        return _stale(request, night)
    try:
        seat_moves.move_player(
            night_id=night.pk, by=request.user, player_id=player, version=version
        )
    except LedgerError as error:
        return _refused(request, night, str(error))
    return redirect(_page_url(night) + "#tables")


@login_required
@require_POST
def tournament_final_table(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    night, _membership = night_for_user(request, night_id, record=True)
    version = _version(request)
    if version is None:
        return _stale(request, night)
    try:
        seat_moves.final_table(
            night_id=night.pk, by=request.user, version=version, rng=random.SystemRandom()
        )
    except LedgerError as error:
        return _refused(request, night, str(error))
    return redirect(_page_url(night) + "#tables")


@login_required
@require_POST
def tournament_chop(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    """The first tap shows who takes what (nothing written); ``confirm`` books it."""
    night, membership = night_for_user(request, night_id, record=True)
    tournament = Tournament.objects.filter(night=night).first()
    entrants = entrants_of(tournament) if tournament else []
    kind = str(request.POST.get("kind", ""))
    counts = chop_chips(request.POST, [e for e in entrants if not e.is_out])
    given = {"chop_kind": kind, "chop_chips": counts}
    try:
        if request.POST.get("confirm") == "1":
            posted, key = _version(request), str(request.POST.get("key", ""))
            if posted is None:
                return _stale(request, night)
            version = posted

            def write() -> None:
                chopping.chop(
                    night_id=night.pk,
                    by=request.user,
                    key=key,
                    kind=kind,
                    chips=counts,
                    version=version,
                )

            return _write(
                request,
                night,
                action="chop",
                key=key,
                payload={"kind": kind, "chips": sorted(counts.items()), "version": version},
                write=write,
                **given,
            )
        shares, version = chopping.chop_preview(night, kind=kind, chips=counts)
    except LedgerError as error:
        return _refused(request, night, str(error), **given)
    preview = {"shares": shares, "version": version, "kind": kind}
    context = tournament_context(night, membership, chop=preview, **given)
    return render_page(request, PAGE, context)


# ---------------------------------------------------------------- the clock


def _version_of(night_id: int) -> int:
    versions = Tournament.objects.filter(night_id=night_id).values_list("version", flat=True)
    return versions.first() or 0


@login_required
@require_GET
@vary_on_headers("HX-Request", "Accept-Language", "Cookie")
def clock_page(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    """The clock on a member's phone (the whole screen)."""
    night, _membership = night_for_user(request, night_id)
    name = "tournaments/clock.html#live" if request.htmx else "tournaments/clock.html"
    return render(request, name, member_clock(night))


def _member_tag(request: HttpRequest, night_id: int) -> str:
    night_for_user(request, night_id)
    return clock_tag(night_id, _version_of(night_id))


@login_required
@require_GET
@vary_on_headers("HX-Request", "Accept-Language", "Cookie")
@polled(_member_tag)
def clock_state(request: HttpRequest, night_id: int) -> HttpResponse:
    """The clock's live part; 304 while the tournament has not changed."""
    night, _membership = night_for_user(request, night_id)
    context = member_clock(night)
    response = render(request, "tournaments/clock.html#live", context)
    return tagged(response, context.get("etag", clock_tag(night.pk, 0)))


def _tv_tag(request: HttpRequest, token: str) -> str:
    link = table_links.table_link_for_token(token)
    return clock_tag(link.night_id, _version_of(link.night_id))


@require_GET
@vary_on_headers("HX-Request", "Accept-Language", "Cookie")
@friendly_when_over(table_links.closed_night_of)
@blank_when_renewed
@polled(_tv_tag)
def tv_clock_state(request: HttpRequest, token: str) -> HttpResponse:
    """The TV clock's live part; 304 while the tournament has not changed. A renewed
    link's TV goes blank and a closed night's says so, as the hand's TV does."""
    link = table_links.table_link_for_token(token)
    context = tv_clock(link)
    response = render(request, "tournaments/clock.html#live", context)
    return tagged(response, context.get("etag", clock_tag(link.night_id, 0)))
