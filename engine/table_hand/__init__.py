"""Settling a hand dealt with real cards, from what the host knows.

:mod:`.model` holds the input, :mod:`.chips` adds up and checks who put what
in (:mod:`.totals` or :mod:`.replay`, then :mod:`.chip_checks`; the prices of a
pot payment and a walk in :mod:`.prices`), :mod:`.settle` builds the pots and
the reasons, :mod:`.json_io` reads and writes the JSON of ``python -m engine settle``.
"""

from __future__ import annotations

from typing import Any

from engine.hands.showdown import HostRanking, ShownCards
from engine.table_hand.json_io import read_table_hand, settlement_to_json
from engine.table_hand.model import (
    Move,
    PotPayment,
    TableAction,
    TableHand,
    TablePlayer,
    WalkPurchase,
)
from engine.table_hand.settle import PlayerResult, Reason, TableSettlement, settle_table_hand

__all__ = [
    "HostRanking",
    "Move",
    "PlayerResult",
    "PotPayment",
    "Reason",
    "ShownCards",
    "TableAction",
    "TableHand",
    "TablePlayer",
    "TableSettlement",
    "WalkPurchase",
    "read_table_hand",
    "settle_table_hand",
    "settle_table_hand_json",
    "settlement_to_json",
]


def settle_table_hand_json(data: Any) -> dict[str, Any]:
    """Read a hand from JSON data, settle it and answer in JSON (see :mod:`.json_io`)."""
    if not isinstance(data, dict):
        from engine.errors import SettlementError

        raise SettlementError("the input must be a JSON object describing one hand")
    return settlement_to_json(settle_table_hand(read_table_hand(data)))
