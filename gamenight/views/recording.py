"""Recording a game dealt at the table: the entry form, the preview, confirm and undo.

One view per page. The form posts to itself: without JavaScript a tap (``act``:
a stepper, the state control, a name in the finishing order, "everyone calls")
re-renders it with that change; with it, static/js/record_form.js makes the change
in the page and the bar at the bottom (``bar``) asks for what the engine settles on
every change. ``confirm`` records once per idempotency key and goes back to the
night page, which shows the result with an Undo (pages/recorded.py). An HTMX
request gets the form partial (or the bar alone), a plain one the whole page.
"""

from __future__ import annotations

import functools
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect, HttpResponseClientRefresh

from gamenight import services
from gamenight.forms.recording import RecordGameForm
from gamenight.forms.recording_fields import SeatRow, not_at_table_message
from gamenight.forms.recording_games import GAMES, Family, Game, guts_options, shelby_options
from gamenight.forms.recording_taps import apply_act
from gamenight.http import AuthenticatedHttpRequest, HtmxHttpRequest
from gamenight.models import (
    Membership,
    Night,
    NightStatus,
    Transaction,
)
from gamenight.pages.access import night_for_user
from gamenight.pages.confirm import ConfirmPanel, confirmed
from gamenight.pages.deals import deal_list_context
from gamenight.pages.night_confirms import undo_panel
from gamenight.pages.recorded import remember_recorded
from gamenight.pages.recording_form import (
    bar_errors,
    fill_note,
    form_header,
    from_dealers_left,
    with_cards,
)
from gamenight.pages.recording_preview import (
    night_pot_preview,
    table_hand_preview,
)
from gamenight.pages.recording_stale import changed_message, gone_sentence, strip_stale_players
from gamenight.pages.refusals import REFUSED, refusal_text
from gamenight.services import preview as previews
from gamenight.services.hand_betting import recorded_ante
from gamenight.services.recording import night_game_options
from gamenight.services.table_version import version_after, version_as_read, version_since

# What a confirm that booked answers besides its redirect (see _recorded_response).
RECORDED_HEADER = "Gamenight-Recorded"
TABLE_HEADER = "Gamenight-Table"


def night_page_url(night: Night) -> str:
    """The night's page when the night pages are installed, else its list of games."""
    for name in ("night", "night_detail"):
        try:
            return reverse(name, kwargs={"night_id": night.pk})
        except NoReverseMatch:
            continue
    return reverse("night_deals", kwargs={"night_id": night.pk})


def _closed_message(night: Night) -> str:
    if night.status == NightStatus.PLANNED:
        return _("The night has not started yet: start it first.")
    return _("The night is closed: nothing more can be recorded.")


# ---------------------------------------------------------------- the entry form


@login_required
@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def record_game(request: AuthenticatedHttpRequest, night_id: int, game: str) -> HttpResponse:
    # The version is read with the night, before the table, so that a write in
    # between makes the version older than what the page shows: its confirm is then
    # refused, never booked on unseen stacks.
    night, _membership = night_for_user(request, night_id, record=True, version=True)
    chosen = GAMES.get(game)
    if chosen is None:
        raise Http404("no such game")
    version = version_as_read(night)
    table = previews.read_table(night) if night.status == NightStatus.RUNNING else None
    shelby = previews.shelby_state(night) if chosen.family is Family.SHELBY else None
    rows = [
        SeatRow(
            player_id=s.seat.player_id,
            name=s.name,
            stack=s.stack,
            shelbys=(shelby or {}).get("shelbys", {}).get(s.seat.player_id, 0),
        )
        for s in (from_dealers_left(table) if table else ())
        if s.stack > 0
    ]
    context: dict[str, Any] = {
        "night": night,
        "game": chosen,
        **form_header(night, chosen, table),
        "shelby": shelby,
        "pots": previews.night_pots(night) if chosen.family is Family.GUTS else None,
        "closed": _closed_message(night) if night.status != NightStatus.RUNNING else "",
        "deals_url": reverse("night_deals", kwargs={"night_id": night.pk}),
        "night_url": night_page_url(night),
        "table_version": version,
    }
    make_form = functools.partial(
        RecordGameForm,
        game=chosen,
        rows=rows,
        ante=recorded_ante(night, chosen.slug),
        options=night_game_options(night, chosen.slug),
    )
    if request.method == "GET":
        form = make_form()
        return _render_form(request, context, form)

    data = request.POST.copy()
    step = data.pop("step", None) or data.pop("act", None)
    confirm = not step and "confirm" in data
    bar_only = not step and not confirm and "bar" in data
    gone, stranger = strip_stale_players(night, data, (r.player_id for r in rows))
    if confirm and (gone or stranger or context["closed"] or not rows):
        # The second tap of a confirm whose first tap took someone's last chips, or a
        # hand the phone sends again (static/js/outbox.js) whose first send was booked
        # before the night ended and whose answer the connection lost.
        booked = _recorded_already(night, data.get("key"))
        if booked is not None:
            return _recorded_response(request, night, booked)
    if stranger:
        context["error"] = not_at_table_message()
    elif gone and confirm:
        context["error"] = changed_message(night, _posted_since(data), gone)
    elif gone:
        context["error"] = gone_sentence(gone)
    if step:
        stacks = {r.player_id: r.stack for r in rows}
        apply_act(data, step[-1], bet=context["bet"], ante=night.ante, stacks=stacks)
        form = make_form(data)
        context["preview"] = _quiet_preview(request, night, chosen, form)
        return _render_form(request, context, form, show_errors=False)

    form = make_form(data)
    if bar_only:
        context["preview"] = _quiet_preview(request, night, chosen, form, context)
        return _render_form(request, context, form, bar_only=True)
    if context["closed"]:
        context["error"] = context["closed"]
        return _render_form(request, context, form)
    if not rows:
        context["error"] = _("Nobody at the table has chips: seat players or rebuy first.")
        return _render_form(request, context, form)
    if stranger or not form.is_valid():
        return _render_form(request, context, form)
    if confirm and gone:
        # The form was for another table: show what it settles now, record nothing.
        context.update(_fresh_preview(request, night, chosen, form))
        return _render_form(request, context, form)
    try:
        if confirm:
            done = _record(request, night, chosen, form, table_version=data.get("table") or None)
        else:
            context["preview"] = _preview(request, night, chosen, form)
    except services.TableChangedError as error:
        context["error"] = changed_message(night, error.since, [])
        context["table_version"] = services.table_version(night)
        context.update(_fresh_preview(request, night, chosen, form))
    except REFUSED as error:
        context["error"] = refusal_text(error)
    else:
        if confirm:
            return _recorded_response(request, night, done)
    return _render_form(request, context, form)


def _recorded_response(request: HtmxHttpRequest, night: Night, done: Transaction) -> HttpResponse:
    """Back to the night page, which shows what was recorded.

    Two headers say what was booked and the table's version just after it: a
    phone's outbox (static/js/outbox.js) sends the next hand it kept with that
    version, and knows the hand was booked whatever page the redirect shows.
    """
    url = night_page_url(night)
    response = HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    remember_recorded(response, night, done)
    response[RECORDED_HEADER] = str(done.pk)
    response[TABLE_HEADER] = version_after(night, done)
    return response


def _posted_since(data: Any) -> int | None:
    return version_since(str(data.get("table") or ""))


def _recorded_already(night: Night, key: object) -> Transaction | None:
    if not isinstance(key, str):
        return None
    return Transaction.objects.filter(group_id=night.group_id, idempotency_key=key).first()


def _fresh_preview(
    request: HttpRequest, night: Night, game: Game, form: RecordGameForm
) -> dict[str, Any]:
    """The preview on the table as it is now, after a confirm on an older one was refused.

    The form's rows still show the stacks read before the refusal; the preview's
    numbers are the current ones, and the version sent back is the current one.
    """
    try:
        return {"preview": _preview(request, night, game, form)}
    except REFUSED as error:
        return {"error_detail": refusal_text(error)}


def _render_form(
    request: HtmxHttpRequest,
    context: dict[str, Any],
    form: RecordGameForm,
    *,
    show_errors: bool = True,
    bar_only: bool = False,
) -> HttpResponse:
    rows = form.row_fields()
    context = {
        **context,
        "form": form,
        "rows": rows,
        "contenders": [r for r in rows if r["state_value"] in ("in", "allin")],
        "show_errors": show_errors,
        "live": bar_only,
        "pays_pot": form.rules.pays_pot,
        "buys_walks": form.buys_walks(),
        "pot_price": form.pot_price() if form.rules.pays_pot else None,
        "walk_price": form.walk_price(),
        "with_cards": with_cards(form),
        "call": (form.data.get("call") if form.is_bound else None) or context["call"],
        "bar_errors": bar_errors(form, context) if show_errors or bar_only else {},
        "fill_note": fill_note(form, context["night"].ante),
    }
    template = "recording/record_game.html"
    if request.htmx and not request.htmx.boosted:
        template += "#record-bar" if bar_only else "#record-form"
        context["oob"] = True  # the dealer and the house rules above the form, as they are now
    return render(request, template, context)


def _quiet_preview(
    request: HttpRequest,
    night: Night,
    game: Game,
    form: RecordGameForm,
    context: dict[str, Any] | None = None,
) -> dict[str, Any] | None:
    """The bar's preview of the form as it is; why not, in ``context["error"]``."""
    if night.status != NightStatus.RUNNING or not form.is_valid():
        return None
    try:
        return _preview(request, night, game, form)
    except REFUSED as error:
        message = refusal_text(error)
    if context is not None and not context.get("error"):
        context["error"] = message
    return None


def _preview(
    request: HttpRequest, night: Night, game: Game, form: RecordGameForm
) -> dict[str, Any]:
    by = request.user
    if game.family is Family.GUTS:
        return night_pot_preview(
            services.preview.preview_guts_deal(
                night_id=night.pk,
                by=by,
                in_players=form.in_players(),
                showdown=form.showdown(),
                options=guts_options(game, night),
            ),
            kind="guts",
        )
    if game.family is Family.SHELBY:
        return night_pot_preview(
            services.preview.preview_shelby_round(
                night_id=night.pk,
                by=by,
                holders=form.in_players(),
                showdown=form.showdown(),
                extra_cards=form.extra_cards(),
                options=shelby_options(game, night),
            ),
            kind="shelby",
        )
    return table_hand_preview(
        services.preview.preview_table_hand(
            night_id=night.pk,
            by=by,
            hand=form.table_hand(),
        )
    )


def _record(
    request: HttpRequest,
    night: Night,
    game: Game,
    form: RecordGameForm,
    *,
    table_version: str | None,
) -> Transaction:
    by, key = request.user, form.cleaned_data["key"]
    if game.family is Family.GUTS:
        return services.record_guts_deal(
            night_id=night.pk,
            by=by,
            key=key,
            in_players=form.in_players(),
            showdown=form.showdown(),
            options=guts_options(game, night),
            table_version=table_version,
        )
    if game.family is Family.SHELBY:
        return services.record_shelby_round(
            night_id=night.pk,
            by=by,
            key=key,
            holders=form.in_players(),
            showdown=form.showdown(),
            extra_cards=form.extra_cards(),
            options=shelby_options(game, night),
            table_version=table_version,
        )
    return services.record_table_hand(
        night_id=night.pk,
        by=by,
        key=key,
        hand=form.table_hand(),
        table_version=table_version,
    )


# ---------------------------------------------------------------- recorded games and undo


@login_required
@require_http_methods(["GET"])
@vary_on_headers("HX-Request")
def night_deals(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    night, membership = night_for_user(request, night_id)
    return _render_deals(request, night, membership)


def _render_deals(
    request: HtmxHttpRequest,
    night: Night,
    membership: Membership,
    *,
    error: str = "",
    error_for: int | None = None,
    confirm: ConfirmPanel | None = None,
) -> HttpResponse:
    listed = deal_list_context(night, membership)
    # A refused undo says why next to its own game (where the tap was), else on top.
    in_row = any(row["transaction"].pk == error_for for row in listed["deal_rows"])
    context = {
        **listed,
        "error": error,
        "error_for": error_for if in_row else None,
        # The undo's confirm panel, in its game's row (nights/_confirm.html).
        "undo_confirm": confirm,
        "confirm_for": error_for if in_row and confirm is not None else None,
        "night_url": night_page_url(night),
        "games": GAMES.values(),
    }
    template = "recording/night_deals.html"
    if request.htmx and not request.htmx.boosted:
        template += "#deal-list"
    return render(request, template, context)


@login_required
@require_POST
@vary_on_headers("HX-Request")
def undo_deal(
    request: AuthenticatedHttpRequest, night_id: int, transaction_id: int
) -> HttpResponse:
    night, membership = night_for_user(request, night_id, record=True)
    key = request.POST.get("key", "")
    if not confirmed(request.POST):
        # The first tap: what the undo gives back, and one more tap to do it.
        try:
            panel = undo_panel(night, transaction_id, key, cancel=night_page_url(night))
        except services.LedgerError as error:
            return _render_deals(
                request, night, membership, error=str(error), error_for=transaction_id
            )
        return _render_deals(request, night, membership, error_for=transaction_id, confirm=panel)
    try:
        services.undo(
            night_id=night.pk,
            by=request.user,
            key=key,
            transaction_id=transaction_id,
        )
    except services.LedgerError as error:
        night.refresh_from_db()
        return _render_deals(request, night, membership, error=str(error), error_for=transaction_id)
    if request.htmx:
        # The undo changes the stacks, the pots and the dealer shown around the
        # list too (the night page), so the whole page is reloaded, not just the list.
        response = HttpResponseClientRefresh()
        response.status_code = 204  # nothing to swap: htmx reloads on the header alone
        return response
    return redirect("night_deals", night_id=night.pk)
