"""The actions on a player's page (rename, hide, merge) and who sees which."""

from __future__ import annotations

from typing import Any

from gamenight.forms.people import HideForm, MergePickForm, RenameForm
from gamenight.models import Membership, Player, Role


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
    return context


def merge_pick(kept: Player, data: object = None) -> MergePickForm:
    """The players who could be the same person as ``kept``."""
    others = Player.objects.people().filter(group_id=kept.group_id).exclude(pk=kept.pk)
    return MergePickForm(data, others=list(others))
