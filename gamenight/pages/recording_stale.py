"""A recording form posted on a table that changed since it was shown.

A second tab, or a form brought back with the back button, may name players
who have since lost their last chips or left, and its preview was settled on
other stacks. Here those players are taken out of the posted data (named, never
by id) and the refusal says what was recorded in between.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from gamenight.engine_words import join_names
from gamenight.forms.recording_fields import player_field_ids
from gamenight.models import Night, Player, Transaction, TransactionKind
from gamenight.services.undo_order import game_label

GAME_KINDS = (TransactionKind.TABLE_HAND, TransactionKind.GUTS_DEAL, TransactionKind.SHELBY_ROUND)


def strip_stale_players(night: Night, data: Any, in_form: Iterable[int]) -> tuple[list[str], bool]:
    """Remove the posted fields of players the form no longer has a row for.

    Returns the names of those of the night's group (in seat order of the
    posted fields), and whether any id was not a player of the group at all
    (a forged form, answered without naming anyone).
    """
    known = set(in_form)
    posted = player_field_ids(data)
    stale = {pid for pid in posted.values() if pid not in known}
    if not stale:
        return [], False
    for name in [n for n in data if posted.get(n) in stale]:
        del data[name]
    players = dict(
        Player.objects.filter(group_id=night.group_id, pk__in=stale).values_list("pk", "name")
    )
    names = [players[pid] for pid in sorted(stale) if pid in players]
    return names, len(players) < len(stale)


def gone_sentence(names: list[str]) -> str:
    return ngettext(
        "%(names)s is no longer in the hand (no chips left, or gone from the table).",
        "%(names)s are no longer in the hand (no chips left, or gone from the table).",
        len(names),
    ) % {"names": join_names(names)}


def changed_message(night: Night, since: int | None, gone: list[str]) -> str:
    """The refusal of a confirm on a changed table, saying what changed if it can."""
    what = what_changed(night, since) if since is not None else ""
    if what and gone:
        return _(
            "The table changed since this preview (%(what)s): %(gone)s Here is the new "
            "preview. Check it and confirm again."
        ) % {"what": what, "gone": gone_sentence(gone)}
    if what:
        return _(
            "The table changed since this preview (%(what)s): here is the new preview. "
            "Check it and confirm again."
        ) % {"what": what}
    if gone:
        return _(
            "The table changed since this preview: %(gone)s Here is the new preview. "
            "Check it and confirm again."
        ) % {"gone": gone_sentence(gone)}
    return _(
        "The table changed since this preview: here is the new preview. Check it and confirm again."
    )


def what_changed(night: Night, since: int) -> str:
    """``Anna recorded Guts #3``: the latest transaction after ``since``, if any."""
    latest = (
        Transaction.objects.filter(night=night, pk__gt=since)
        .select_related("deal", "created_by")
        .order_by("-pk")
        .first()
    )
    if latest is None:
        return _("the seats or the dealer changed")
    who = latest.created_by.get_username() if latest.created_by else _("someone")
    if latest.kind == TransactionKind.REVERSAL and latest.deal is not None:
        return _("%(who)s undid %(game)s") % {"who": who, "game": game_label(latest)}
    if latest.kind in GAME_KINDS and latest.deal is not None:
        return _("%(who)s recorded %(game)s") % {"who": who, "game": game_label(latest)}
    return _("%(who)s recorded: %(what)s") % {"who": who, "what": latest.get_kind_display()}
