"""Announce that a night changed, once the change is committed.

Every write the open pages show goes through one of five rows: a hand action
(a move of a digital hand), a digital hand (dealt, stopped), a ledger
transaction (a recorded hand, a buy-in, an undo, a departure), the night
(dealer, house rules, closing), a seat move (a new phone asking for a seat,
the host's answer: the seat's phone says so, or loses the seat) or its
tournament (the clock, a knockout: every such write bumps the tournament's
version, gamenight/tournaments/models_access.py). A post_save on those
schedules the announcement with ``transaction.on_commit``: a page that hears it
must find the change already there. Writes that use ``QuerySet.update`` (the
hand's version bump, the seat links an approved move revokes) always come with
a HandAction or SeatMove row, so they are announced too.

One announcement a night per transaction: a move that ends a hand writes the
action, the hand's booking and perhaps a departed player's cash-out in one
transaction, and every open page would otherwise be brought up to date three
times for one move (issue 24). A change is not announced again while an
announcement of its night waits for the same transaction's commit.

A failed announcement never fails the write: the page's slow poll catches up
(static/js/live.js), so the error is logged and dropped.
"""

from __future__ import annotations

import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import connection, transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from gamenight.live.groups import changed, night_group
from gamenight.models import DigitalHand, HandAction, Night, SeatMove, Tournament, Transaction

logger = logging.getLogger(__name__)


def announce(night_id: int) -> None:
    """Tell the night's open pages, now, that it changed."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(night_group(night_id), changed(night_id))
    except Exception:  # a lost announcement only slows the page down (see above)
        logger.warning("could not announce a change of night %s", night_id, exc_info=True)


class _Announcement:
    """An announcement waiting for a commit (a class, so that a waiting one of the same
    night can be recognised among the connection's commit callbacks)."""

    def __init__(self, night_id: int) -> None:
        self.night_id = night_id

    def __call__(self) -> None:
        announce(self.night_id)


def announce_after_commit(night_id: int | None) -> None:
    if night_id is None:
        return
    # One still waiting for its commit announces this change too: any rollback that
    # would drop it (of its transaction, or of a savepoint still open, which this
    # change is inside of) drops this change as well.
    for entry in connection.run_on_commit if connection.in_atomic_block else ():
        waiting = entry[1]
        if isinstance(waiting, _Announcement) and waiting.night_id == night_id:
            return
    transaction.on_commit(_Announcement(night_id))


@receiver(post_save, sender=HandAction)
def _hand_action_saved(sender: type[HandAction], instance: HandAction, **_: Any) -> None:
    announce_after_commit(instance.hand.night_id)


@receiver(post_save, sender=DigitalHand)
def _hand_saved(sender: type[DigitalHand], instance: DigitalHand, **_: Any) -> None:
    announce_after_commit(instance.night_id)


@receiver(post_save, sender=Transaction)
def _transaction_saved(sender: type[Transaction], instance: Transaction, **_: Any) -> None:
    announce_after_commit(instance.night_id)


@receiver(post_save, sender=Night)
def _night_saved(sender: type[Night], instance: Night, **_: Any) -> None:
    announce_after_commit(instance.pk)


@receiver(post_save, sender=SeatMove)
def _seat_move_saved(sender: type[SeatMove], instance: SeatMove, **_: Any) -> None:
    announce_after_commit(instance.night_id)


@receiver(post_save, sender=Tournament)
def _tournament_saved(sender: type[Tournament], instance: Tournament, **_: Any) -> None:
    announce_after_commit(instance.night_id)
