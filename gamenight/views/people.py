"""A player's rename, hide (and show again), login and merge, from the player's page.

Each write goes through :func:`~gamenight.services.request_keys.once` with the
form's key: a double tap renames, hides or merges once. A refusal shows the
page again with its message and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from gamenight.forms.people import HideForm, LoginForm, MergeForm, RenameForm
from gamenight.http import AuthenticatedHttpRequest
from gamenight.models import Membership, Player, Role
from gamenight.pages.access import group_for_user
from gamenight.pages.people import merge_pick, player_page
from gamenight.pages.refusals import REFUSALS
from gamenight.pages.render import BAD_INPUT
from gamenight.request_numbers import whole_number
from gamenight.services import LedgerError
from gamenight.services.people import (
    merge_players,
    merge_preview,
    rename_player,
    set_hidden,
)
from gamenight.services.player_logins import set_login
from gamenight.services.request_keys import Result, once


def _page_url(group_id: int, player_id: int) -> str:
    return reverse("player_history", args=[group_id, player_id])


@login_required
@require_POST
def player_rename(request: AuthenticatedHttpRequest, group_id: int, player_id: int) -> HttpResponse:
    membership = group_for_user(request, group_id, record=True)
    form = RenameForm(request.POST)
    if form.is_valid():
        name = form.cleaned_data["name"]

        def write() -> Result:
            player = rename_player(
                group_id=group_id, player_id=player_id, by=request.user, name=name
            )
            return player, _page_url(group_id, player.pk)

        try:
            return redirect(
                once(
                    user=request.user,
                    key=form.cleaned_data["key"],
                    action="player_rename",
                    payload={"group": group_id, "player": player_id, "name": name.strip()},
                    write=write,
                )
            )
        except LedgerError as error:
            form.add_error("name", str(error))
    return player_page(request, membership, player_id, rename_form=form, status=BAD_INPUT)


@login_required
@require_POST
def player_hide(request: AuthenticatedHttpRequest, group_id: int, player_id: int) -> HttpResponse:
    membership = group_for_user(request, group_id, record=True)
    form = HideForm(request.POST)
    if not form.is_valid():
        return _refused(request, membership, player_id, None)
    hidden = bool(form.cleaned_data["hidden"])

    def write() -> Result:
        player = set_hidden(group_id=group_id, player_id=player_id, by=request.user, hidden=hidden)
        return player, _page_url(group_id, player.pk)

    payload = {"group": group_id, "player": player_id, "hidden": hidden}
    return _write_once(
        request, membership, player_id, form.cleaned_data["key"], "player_hide", payload, write
    )


@login_required
@require_POST
def player_login(request: AuthenticatedHttpRequest, group_id: int, player_id: int) -> HttpResponse:
    """Tie the player to a member's login (or to nobody): hosts and co-hosts."""
    membership = group_for_user(request, group_id, record=True)
    members = Membership.objects.filter(group_id=group_id).values_list("user_id", flat=True)
    form = LoginForm(request.POST, users=[(pk, "") for pk in members])
    if not form.is_valid():
        return _refused(request, membership, player_id, None)
    user_id = form.cleaned_data["login"]

    def write() -> Result:
        player = set_login(group_id=group_id, player_id=player_id, by=request.user, user_id=user_id)
        return player, _page_url(group_id, player.pk)

    payload = {"group": group_id, "player": player_id, "login": user_id}
    return _write_once(
        request, membership, player_id, form.cleaned_data["key"], "player_login", payload, write
    )


def _write_once(
    request: AuthenticatedHttpRequest,
    membership: Membership,
    player_id: int,
    key: str,
    action: str,
    payload: Mapping[str, object],
    write: Callable[[], Result],
) -> HttpResponse:
    """``write`` once for the form's key (a double tap writes once), then the player's
    page; a refusal shows the page again with its message."""
    try:
        return redirect(
            once(user=request.user, key=key, action=action, payload=payload, write=write)
        )
    except LedgerError as error:
        return _refused(request, membership, player_id, str(error))


def _refused(
    request: AuthenticatedHttpRequest, membership: Membership, player_id: int, error: str | None
) -> HttpResponse:
    message = error or str(REFUSALS["form_stale"])
    return player_page(request, membership, player_id, error=message, status=BAD_INPUT)


@login_required
@require_http_methods(["GET", "POST"])
def player_merge(request: AuthenticatedHttpRequest, group_id: int, player_id: int) -> HttpResponse:
    """GET ``?other=<id>``: what merging the other player into this one moves (the
    confirmation); POST: the merge. Only the host."""
    membership = group_for_user(request, group_id, record=True)
    if membership.role != Role.HOST:
        raise PermissionDenied("only the host may merge players")
    group = membership.group
    posted = MergeForm(request.POST) if request.method == "POST" else None
    source = posted.data if posted is not None else request.GET
    context: dict[str, Any] = {"group": group, "kept": None, "preview": None, "form": None}
    if posted is None and not request.GET.get("other"):
        # First the choice of who the same person is; the confirmation follows.
        kept = Player.objects.people().filter(group=group, pk=player_id).first()
        if kept is None:
            raise Http404("no such player")
        pick = merge_pick(kept, request.GET if "other" in request.GET else None)
        context.update(kept=kept, pick=pick)
        status = BAD_INPUT if pick.is_bound and not pick.is_valid() else 200
        return render(request, "groups/player_merge.html", context, status=status)
    try:
        preview = merge_preview(
            group_id=group.pk,
            kept_id=player_id,
            merged_id=_whole(source.get("other")),
            by=request.user,
        )
    except LedgerError as error:
        context["error"] = str(error)
        return render(request, "groups/player_merge.html", context, status=BAD_INPUT)
    context.update(kept=preview.kept, preview=preview, error=preview.refusal)
    if posted is None or preview.refusal:
        if not preview.refusal:
            context["form"] = MergeForm(initial={"other": preview.merged.pk})
        status = BAD_INPUT if preview.refusal and posted is not None else 200
        return render(request, "groups/player_merge.html", context, status=status)
    if not posted.is_valid():
        context.update(
            error=REFUSALS["form_stale"], form=MergeForm(initial={"other": preview.merged.pk})
        )
        return render(request, "groups/player_merge.html", context, status=BAD_INPUT)
    kept_id, merged_id = preview.kept.pk, preview.merged.pk

    def write() -> Result:
        merge_players(group_id=group.pk, kept_id=kept_id, merged_id=merged_id, by=request.user)
        return preview.kept, _page_url(group.pk, kept_id)

    try:
        return redirect(
            once(
                user=request.user,
                key=posted.cleaned_data["key"],
                action="player_merge",
                payload={"group": group.pk, "kept": kept_id, "merged": merged_id},
                write=write,
            )
        )
    except LedgerError as error:
        context["error"] = str(error)
        return render(request, "groups/player_merge.html", context, status=BAD_INPUT)


def _whole(value: object) -> int:
    """An id from the form; 0 (nobody) for anything else."""
    return whole_number(value) or 0
