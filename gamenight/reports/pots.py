"""What "pot" means in the report's biggest pots, for every kind of deal.

The pot of a deal is every chip paid out to the players when it was settled:

* a poker hand (dealt at the table or by the app): the whole pot, i.e. every
  chip put into the middle (antes, bets, pot payments, bought walks, chips
  handed back uncalled), the "pot of N" of the transaction's summary. The
  winner's net is less: it leaves out what the winner put in;
* a Guts deal: the Guts pot the winners took (the losers' payments make the
  next pot, and a deal nobody was in has no pot);
* a Shelby round: what the winners collected, from the losers and (with a
  third Shelby) from the Shelby pot.

A table deal books a leg per reason or chip movement, so its positive stack
entries are exactly those chips. A digital hand books each player's net only,
so its pot comes from the engine's state stored with the hand: the payouts of a
poker hand, the chip movements to a player of a Guts or Shelby deal (for a hand
from a group file, the same from its public record).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from gamenight.models import DigitalHand
from gamenight.services.public_hand import outcome

# The engine words a chip movement "<from> → <to>: <why>" (engine/games/steps/settle_events.py).
_ARROW = " → "


def digital_pots(transaction_ids: Iterable[int]) -> dict[int, int]:
    """The pot of each digital hand settled by one of these transactions."""
    rows = DigitalHand.objects.filter(settlement_id__in=list(transaction_ids)).values_list(
        "settlement_id", "state", "public_record"
    )
    return {tx: _pot(state, record) for tx, state, record in rows if tx is not None}


def _pot(state: Mapping[str, Any] | None, record: Mapping[str, Any] | None) -> int:
    if state is not None:
        return digital_pot(state)
    if record is not None:
        return digital_pot(outcome(record))
    return 0  # from a group file that could not carry its replay: its pot is unknown


def digital_pot(state: Mapping[str, Any]) -> int:
    """Chips paid out to the players by a finished hand, from the engine's JSON state."""
    paid = sum(int(chips) for chips in state.get("payouts") or ())
    names = {str(name) for name in state.get("names") or ()}
    for event in state.get("history") or ():
        if event.get("kind") != "settle" or not event.get("chips"):
            continue
        head = str(event.get("text", "")).split(": ", 1)[0]
        if _ARROW in head and head.split(_ARROW, 1)[1] in names:
            paid += int(event["chips"])
    return paid
