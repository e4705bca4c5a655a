"""The night's recorded games with their undo buttons (recording/_deal_list.html), for
the list of games and the night page."""

from __future__ import annotations

import uuid
from typing import Any

from django.db.models import Count, Exists, OuterRef, Subquery

from gamenight.forms.recording_games import GAMES
from gamenight.models import (
    AccountKind,
    DigitalHand,
    Entry,
    HandAction,
    Membership,
    Night,
    NightStatus,
    Transaction,
    TransactionKind,
)
from gamenight.services.undo_order import undo_blockers

GAME_KINDS = (TransactionKind.TABLE_HAND, TransactionKind.GUTS_DEAL, TransactionKind.SHELBY_ROUND)


def deal_list_context(
    night: Night, membership: Membership, *, latest: int | None = None
) -> dict[str, Any]:
    """The night's recorded games, newest first, each with its chips per player.

    Three queries whatever the number of games; usable by the night page to
    include ``recording/_deal_list.html``. ``latest`` keeps only the newest
    few (the night page on a phone; the full list has its own page).
    """
    recorded = Transaction.objects.filter(night=night, kind__in=GAME_KINDS)
    games = list(
        recorded.select_related("deal__dealer__player")
        .annotate(undone=Exists(Transaction.objects.filter(reverses=OuterRef("pk"))))
        # The digital hand this booking settled, if any: its replay is linked.
        .annotate(
            replay_hand=Subquery(
                DigitalHand.objects.filter(settlement=OuterRef("pk")).values("id")[:1]
            )
        )
        # How many of its moves a host made for a player away from the phone: the
        # night's list says so, the replay says which (gamenight/services/stand_ins.py).
        .annotate(
            stood_in=Subquery(
                HandAction.objects.filter(
                    hand__settlement=OuterRef("pk"), seat__isnull=False, by_user__isnull=False
                )
                .values("hand")
                .annotate(n=Count("pk"))
                .values("n")[:1]
            )
        )
        .order_by("-id")[:latest]
    )
    # Counted even when all fit, so that the page's queries never depend on the data.
    total = len(games) if latest is None else recorded.count()
    # Plain tuples, not model instances: a long night has thousands of entries
    # and building an Entry and an Account for each was most of the page's time.
    chips_by_game: dict[int, dict[str, int]] = {}
    for transaction_id, name, amount in (
        Entry.objects.filter(
            transaction__in=[game.pk for game in games], account__kind=AccountKind.STACK
        )
        .values_list("transaction_id", "account__player__name", "amount")
        .iterator()
    ):
        chips = chips_by_game.setdefault(transaction_id, {})
        chips[name or "?"] = chips.get(name or "?", 0) + amount
    # Only where an undo is possible now does the list offer one; elsewhere it says
    # what to undo (or rebuy) first. Only a running night can be undone at all.
    blocked = (
        undo_blockers(night, [g for g in games if not g.undone])
        if membership.may_record and night.status == NightStatus.RUNNING
        else {}
    )
    rows = []
    for record in games:
        chips = chips_by_game.get(record.pk, {})
        rows.append(
            {
                "transaction": record,
                "deal": record.deal,
                "game": GAMES[record.deal.game].title
                if record.deal and record.deal.game in GAMES
                else (record.deal.game if record.deal else ""),
                "chips": sorted(chips.items(), key=lambda item: -item[1]),
                "undo_key": uuid.uuid4().hex,
                "replay_hand": getattr(record, "replay_hand", None),
                "stood_in": getattr(record, "stood_in", None) or 0,
                "undo_blocked": blocked[record.pk].note if record.pk in blocked else "",
            }
        )
    return {
        "night": night,
        "deal_rows": rows,
        "deal_total": total,
        "deal_more": total - len(rows),
        "may_record": membership.may_record and night.status == NightStatus.RUNNING,
    }
