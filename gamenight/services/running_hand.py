"""The night's digital hand in play, as the table's comings and goings and the night's end
see it: while a hand runs, its chips are still in the stacks the ledger shows, so a
player in it cannot simply cash out, and the night cannot end without it.
"""

from __future__ import annotations

from django.utils.translation import gettext

from engine.games.serialise import hand_from_dict
from gamenight.games import game_title
from gamenight.models import DigitalHand, HandStatus, Night, Seat
from gamenight.services.errors import LedgerError


class HandRunningError(LedgerError):
    """A digital hand is in play and must be finished or abandoned first."""

    def __init__(self, message: str, *, hand: DigitalHand) -> None:
        super().__init__(message)
        self.hand = hand


class PlayerInHandError(HandRunningError):
    """The player is dealt into the hand in play: wait for it, or fold them out first."""

    def __init__(self, message: str, *, hand: DigitalHand, player_id: int, name: str) -> None:
        super().__init__(message, hand=hand)
        self.player_id = player_id
        self.name = name


def running_hand(night: Night) -> DigitalHand | None:
    """The night's hand in play (at most one runs at a time)."""
    return (
        DigitalHand.objects.filter(night=night, status=HandStatus.RUNNING)
        .select_related("deal")
        .first()
    )


def hand_label(hand: DigitalHand) -> str:
    """ "Hand #3 (Baseball)": the deal's number in the night and the game's title."""
    return gettext("Hand #%(number)s (%(game)s)") % {
        "number": hand.deal.number,
        "game": game_title(hand.deal.game),
    }


def refuse_if_running(night: Night) -> None:
    """The night cannot end while a hand runs: its pot would never be booked."""
    hand = running_hand(night)
    if hand is not None:
        raise HandRunningError(
            gettext("%(hand)s is still running: finish or abandon it first")
            % {"hand": hand_label(hand)},
            hand=hand,
        )


def chips_in_hand(night: Night, seat: Seat, name: str) -> int:
    """What of the seat's stack the hand in play may still book: 0 when the seat is
    not dealt in. A player still in the hand is refused (:class:`PlayerInHandError`);
    one folded out of it (``forfeit``) owes the hand what they put in."""
    hand = running_hand(night)
    ids = [int(s) for s in hand.seat_ids] if hand is not None else []
    if hand is None or seat.pk not in ids:
        return 0
    index = ids.index(seat.pk)
    # A running hand was dealt here: only a finished one comes from a group file stateless.
    assert hand.state is not None
    state = hand_from_dict(hand.state)
    if index not in state.departed and not state.can_forfeit(seat=index):
        # Guts, Shelby: nobody can be folded out mid-hand, so there is only waiting.
        raise HandRunningError(
            gettext(
                "%(hand)s is still running and %(name)s is in it: in %(game)s the chips "
                "are settled only when the hand ends, so finish or abandon it first"
            )
            % {"hand": hand_label(hand), "name": name, "game": game_title(hand.deal.game)},
            hand=hand,
        )
    if index not in state.departed:
        raise PlayerInHandError(
            gettext(
                "%(hand)s is still running and %(name)s is in it: wait until it is over, "
                "or fold %(name)s and cash out what is not in the pot"
            )
            % {"hand": hand_label(hand), "name": name},
            hand=hand,
            player_id=seat.player_id,
            name=name,
        )
    return int(hand.start_stacks[index]) - state.stacks[index]
