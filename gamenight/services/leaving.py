"""A player leaves while a digital hand runs: folded out of it first, as the host decides.

Plain :func:`~gamenight.services.nights.leave` refuses a player who is in the hand
in play, since the chips they put in the pot are still in their stack. This is the
other way out: the player is folded in the engine (logged as the host's move), the
hand is booked if that ends it, and then only the chips outside the hand are
cashed out; the hand books the rest when it ends. All of it at once, or nothing.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from gamenight.models import DigitalHand, HandAction, Seat, Transaction
from gamenight.services.access import User
from gamenight.services.digital import forfeit_seat, hand_for_recorder
from gamenight.services.errors import NotAtTableError
from gamenight.services.nights import leave
from gamenight.services.posting import check_key


def fold_and_leave(
    *, night_id: int, by: User, key: str, player_id: int, hand_id: int
) -> Transaction:
    """Fold ``player_id`` out of the running hand ``hand_id`` and cash out what is not
    in its pot. The same ``key`` again returns the first cash-out; a hand that is over
    by now is refused (:class:`~gamenight.services.digital.HandOverError`)."""
    check_key(key)
    hand = hand_for_recorder(by, night_id, hand_id)
    # The hand's lock first, then the night's (in post), as every move of a hand does.
    with transaction.atomic():
        hand = (
            DigitalHand.objects.select_for_update().select_related("night", "deal").get(pk=hand.pk)
        )
        if not HandAction.objects.filter(hand=hand, idempotency_key=key).exists():
            seat = Seat.objects.filter(night=hand.night, player_id=player_id, seated=True).first()
            if seat is None:
                raise NotAtTableError(
                    gettext("player %(id)s is not seated at this night's table") % {"id": player_id}
                )
            forfeit_seat(hand=hand, seat_id=seat.pk, key=key, by=by)
        return leave(night_id=night_id, by=by, key=key, player_id=player_id)
