"""The confirm panels of the night's destructive taps (see gamenight/pages/confirm.py):
each asks the write's own questions first, so a refusal comes at the first tap."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.urls import reverse
from django.utils.translation import gettext

from gamenight.games import game_title
from gamenight.models import DigitalHand, Night
from gamenight.pages.confirm import ConfirmPanel, hidden_fields
from gamenight.services import night_previews
from gamenight.services.night_previews import Preview
from gamenight.services.posting import check_key


def _night_url(night: Night, anchor: str) -> str:
    return reverse("night_detail", args=[night.pk]) + anchor


def undo_panel(night: Night, transaction_id: int, key: str, *, cancel: str) -> ConfirmPanel:
    check_key(key)
    preview = night_previews.preview_undo(night, transaction_id)
    return ConfirmPanel(
        at=f"undo-{transaction_id}",
        title=gettext("Undo %(game)s? These chips go back:") % {"game": preview.what},
        preview=preview,
        action=reverse("undo_deal", args=[night.pk, transaction_id]),
        hidden=(("key", key),),
        button=gettext("Yes, undo it"),
        cancel=cancel,
        target="#deal-list",
    )


def split_panel(night: Night, players: Sequence[int], post: Mapping[str, object]) -> ConfirmPanel:
    preview = night_previews.preview_split(night, players)
    return ConfirmPanel(
        at="split",
        title=gettext("Split the pots? Each player named gets:"),
        preview=preview,
        action=reverse("night_split", args=[night.pk]),
        hidden=(*hidden_fields(post, ("key", "players")), ("expect", preview.seen)),
        button=gettext("Yes, split the pots"),
        cancel=_night_url(night, "#pots"),
    )


def end_panel(night: Night, post: Mapping[str, object]) -> ConfirmPanel:
    return ConfirmPanel(
        at="end",
        title=gettext("End the night? Nothing can be recorded afterwards."),
        preview=night_previews.preview_end(night),
        action=reverse("night_end", args=[night.pk]),
        hidden=hidden_fields(post, ("key",)),
        button=gettext("Yes, end the night"),
        cancel=_night_url(night, "#end"),
        signed=False,
    )


def abandon_panel(night: Night, hand: DigitalHand, key: str, *, pot: int) -> ConfirmPanel:
    check_key(key)
    return ConfirmPanel(
        at="abandon",
        title=gettext("Stop this hand of %(game)s?") % {"game": game_title(hand.deal.game)},
        preview=Preview(what="", moves=()),
        action=reverse("digital_abandon", args=[night.pk, hand.pk]),
        hidden=(("key", key),),
        button=gettext("Yes, stop the hand"),
        cancel=_night_url(night, "#digital"),
        note=gettext(
            "No chips move: the %(pot)s chips bet so far stay with whoever bet them,"
            " and nobody wins the pot."
        )
        % {"pot": pot},
    )
