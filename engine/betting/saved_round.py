"""A betting round saved as JSON and read back (a digital hand's stored state).

Apart from the round's state machine (engine/betting/round.py), which calls these
from ``BettingRound.to_dict`` and ``BettingRound.from_dict``. A saved round that
does not line up is refused with ``saved_state_broken``, never half read.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.betting.actions import BettingAction
from engine.betting.limits import limit_from_dict, limit_to_dict
from engine.errors import EngineError

if TYPE_CHECKING:
    from engine.betting.round import BettingRound


def round_to_dict(round_: BettingRound) -> dict[str, Any]:
    return {
        "names": list(round_.names),
        "stacks": list(round_.stacks),
        "put_in": list(round_.put_in),
        "bets": list(round_.bets),
        "folded": list(round_.folded),
        "limit": limit_to_dict(round_.limit),
        "raise_cap": round_.raise_cap,
        "opener": round_.opener,
        "to_act": list(round_.to_act),
        "largest_raise": round_.largest_raise,
        "raises": round_.raises,
        **(
            {"bring_in": round_.bring_in, "incomplete": round_.incomplete}
            if round_.bring_in
            else {}
        ),
        "history": [action.to_dict() for action in round_.history],
    }


def round_from_dict(cls: type[BettingRound], data: Mapping[str, Any]) -> BettingRound:
    try:
        loaded = cls(
            names=tuple(str(name) for name in data["names"]),
            stacks=[int(v) for v in data["stacks"]],
            put_in=[int(v) for v in data["put_in"]],
            bets=[int(v) for v in data["bets"]],
            folded=[bool(v) for v in data["folded"]],
            limit=limit_from_dict(data["limit"]),
            raise_cap=None if data["raise_cap"] is None else int(data["raise_cap"]),
            opener=int(data["opener"]),
            to_act=[int(v) for v in data["to_act"]],
            largest_raise=int(data["largest_raise"]),
            raises=int(data["raises"]),
            bring_in=int(data.get("bring_in", 0)),
            incomplete=bool(data.get("incomplete", False)),
            history=[BettingAction.from_dict(a) for a in data["history"]],
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise EngineError(f"not a saved betting round: {exc}", code="saved_state_broken") from exc
    per_seat = (loaded.stacks, loaded.put_in, loaded.bets, loaded.folded)
    if any(len(values) != len(loaded.names) for values in per_seat) or any(
        not 0 <= seat < len(loaded.names) for seat in loaded.to_act
    ):
        raise EngineError(
            "not a saved betting round: the seats do not line up", code="saved_state_broken"
        )
    return loaded
