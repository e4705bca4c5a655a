"""Who put what into the pot, from the host's totals or from the recorded actions.

Both ways end in the same :class:`Chips`, checked the same way: no negative
amounts, nobody above their stack, nobody still in below the call unless they
are all-in. Pot payments and walk purchases are not bets: nobody has to match
them, so they are left out when the call is checked.

:mod:`.totals` and :mod:`.replay` count, :mod:`.chip_checks` checks,
:mod:`.prices` holds what a pot payment and a walk cost.
"""

from __future__ import annotations

from engine.errors import SettlementError
from engine.table_hand.chip_checks import check_chips, check_setup
from engine.table_hand.contributions import Chips
from engine.table_hand.model import TableHand
from engine.table_hand.prices import check_charges
from engine.table_hand.replay import from_rounds
from engine.table_hand.totals import from_totals


def count_chips(hand: TableHand) -> Chips:
    """The checked chips of ``hand``; a :class:`SettlementError` names what cannot be right."""
    check_setup(hand)
    if (hand.put_in is None) == (hand.rounds is None):
        raise SettlementError(
            "give either what each player put in altogether (put_in) or the betting "
            "actions (rounds), not both and not neither",
            code="put_in_or_rounds",
        )
    chips = from_totals(hand) if hand.rounds is None else from_rounds(hand, hand.rounds)
    check_charges(hand, chips)
    check_chips(hand, chips)
    return chips
