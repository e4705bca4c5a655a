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

A failed announcement never fails the write: the page's slow poll catches up
(static/js/live.js), so the error is logged and dropped.
"""

from __future__ import annotations

import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from gamenight.live.groups import CHANGED, night_group
from gamenight.models import DigitalHand, HandAction, Night, SeatMove, Tournament, Transaction

logger = logging.getLogger(__name__)


def announce(night_id: int) -> None:
    """Tell the night's open pages, now, that it changed."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(night_group(night_id), {"type": CHANGED})
    except Exception:  # a lost announcement only slows the page down (see above)
        logger.warning("could not announce a change of night %s", night_id, exc_info=True)


def announce_after_commit(night_id: int | None) -> None:
    if night_id is not None:
        transaction.on_commit(lambda: announce(night_id))


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
