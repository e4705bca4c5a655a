"""A player's page (their history) with its actions (rename, hide, merge), and who
sees which: the history view and the views of the actions both answer with it."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from gamenight.forms.payment import PaymentForm
from gamenight.forms.people import HideForm, LoginForm, MergePickForm, RenameForm
from gamenight.games import game_title
from gamenight.models import Membership, Player, Role
from gamenight.pages.payment_panel import payment_context
from gamenight.services import player_links
from gamenight.services import standings as computed
from gamenight.services.payment import may_change
from gamenight.services.player_logins import login_choices, member_label


def player_actions(
    membership: Membership,
    player: Player,
    *,
    rename_form: RenameForm | None = None,
    error: str = "",
) -> dict[str, Any]:
    """Hosts and co-hosts rename and hide; only the host merges. Nothing for the others."""
    if not membership.may_record:
        return {}
    context: dict[str, Any] = {
        "rename_form": rename_form or RenameForm(initial={"name": player.name}),
        "hide_form": HideForm(initial={"hidden": "0" if player.hidden else "1"}),
        "people_error": error,
    }
    # The list to merge from is on the merge page: this page stays at its queries.
    context["may_merge"] = membership.role == Role.HOST
    context.update(login_context(player))
    return context


def login_context(player: Player) -> dict[str, Any]:
    """Whose login the player is, and the control to change it (members not tied to
    another player, and the current one): two queries, for hosts and co-hosts only."""
    users = login_choices(player)
    current = next((u for u in users if u.pk == player.user_id), None)
    return {
        "login_form": LoginForm(
            initial={"login": player.user_id or ""},
            users=[(u.pk, member_label(u)) for u in users],
        ),
        "login_name": member_label(current) if current is not None else "",
    }


def merge_pick(kept: Player, data: object = None) -> MergePickForm:
    """The players who could be the same person as ``kept``."""
    others = Player.objects.people().filter(group_id=kept.group_id).exclude(pk=kept.pk)
    return MergePickForm(data, others=list(others))


def player_page(
    request: HttpRequest,
    membership: Membership,
    player_id: int,
    *,
    rename_form: RenameForm | None = None,
    error: str = "",
    status: int = 200,
    payment_form: PaymentForm | None = None,
) -> HttpResponse:
    """The player's page; with a refused rename or hide, its message (gamenight/views/people.py)."""
    group = membership.group
    # How the player likes to be paid comes along (one query for the page's card).
    player = player_links.with_live_link(
        Player.objects.select_related("payment").filter(group=group, pk=player_id)
    ).first()
    if player is None:
        raise Http404("no such player")
    if player.merged_into_id is not None:
        # A player merged into another: the old link shows the person they are.
        return redirect("player_history", group_id=group.pk, player_id=player.merged_into_id)
    nights = computed.player_history(player)
    summary = computed.player_summary(player, nights)
    context = {
        "group": group,
        "player": player,
        "nights": nights,
        "summary": summary,
        "games": [(game_title(g.game), g) for g in summary.games],
        "total": sum(n.net for n in nights),
        "games_dealt": sum(n.games_dealt for n in nights),
        **player_actions(membership, player, rename_form=rename_form, error=error),
        # The player's own link, for the host and co-hosts (links/_host_panel.html).
        "may_manage_link": membership.may_record,
        "player_link": player_links.annotated_link(player) if membership.may_record else None,
        # Links made for entries merged into this player open this page too.
        "merged_links": player_links.merged_links(player) if membership.may_record else [],
        # How the player likes to be paid: every member sees it (issue 28).
        **payment_context(
            player,
            may_change=may_change(membership, request.user, player),
            url=reverse("player_payment", args=[group.pk, player.pk]),
            own=player.user_id is not None and player.user_id == request.user.pk,
            form=payment_form,
        ),
        "payment_saved": request.GET.get("saved") == "payment",
    }
    return render(request, "standings/player.html", context, status=status)
