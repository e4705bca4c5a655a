"""A table settlement's chip movements (Guts, Shelby) as events of a digital hand.

The digital Guts and Shelby hands are settled by the same code as a deal
recorded at a physical table; each movement it returns becomes one SETTLE
event, on the seat whose stack it touches.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from engine.chips.movements import GUTS_POT, GUTS_RESERVE, SHELBY_POT, Account, Movement
from engine.games.events import EventKind

if TYPE_CHECKING:
    from engine.games.state import HandState

NO_SEAT: Final = -1
"""The seat of an event that belongs to no player (pot to reserve, the ghost hand)."""

_MIDDLE: Final = {GUTS_POT: "pot", GUTS_RESERVE: "reserve", SHELBY_POT: "pot"}


def record_movements(state: HandState, movements: Iterable[Movement]) -> None:
    """One SETTLE event a movement: ``Ben → pot: pays the pot``. Its params name the
    accounts (a player's name, or ``pot``/``reserve``) and the movement's reason, one of
    the settlements' fixed phrases (a page words it as it words a ledger memo)."""
    for movement in movements:
        source, target = _name(state, movement.source), _name(state, movement.target)
        state.record(
            EventKind.SETTLE,
            _seat_of(movement.source, movement.target),
            chips=movement.amount,
            text=f"{source} → {target}: {movement.reason}",
            code="movement",
            params={
                "source": source,
                "target": target,
                "middle_source": not isinstance(movement.source, int),
                "middle_target": not isinstance(movement.target, int),
                "reason": movement.reason,
            },
        )


def _seat_of(source: Account, target: Account) -> int:
    if isinstance(source, int):
        return source
    return target if isinstance(target, int) else NO_SEAT


def _name(state: HandState, account: Account) -> str:
    if isinstance(account, int):
        return state.names[account]
    return _MIDDLE.get(account, account)
