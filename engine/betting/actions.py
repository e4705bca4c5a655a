"""The frozen records a betting round appends to its history, one per applied action."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.errors import EngineError


class ActionKind(StrEnum):
    """What a player did. Going all-in is recorded as the call, bet or raise it amounted to."""

    CHECK = "check"
    BET = "bet"
    CALL = "call"
    RAISE = "raise"
    FOLD = "fold"
    # Seven-card stud with a bring-in: the forced first chips of third street.
    BRING_IN = "bring_in"


@dataclass(frozen=True, kw_only=True)
class BettingAction:
    """One applied action.

    ``chips`` is what the action moved from the stack into the pot; ``bet`` is
    the player's total bet in this round afterwards; ``all_in`` says the action
    used the player's last chip.
    """

    kind: ActionKind
    seat: int
    chips: int = 0
    bet: int = 0
    all_in: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "seat": self.seat,
            "chips": self.chips,
            "bet": self.bet,
            "all_in": self.all_in,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BettingAction:
        try:
            return cls(
                kind=ActionKind(data["kind"]),
                seat=int(data["seat"]),
                chips=int(data.get("chips", 0)),
                bet=int(data.get("bet", 0)),
                all_in=bool(data.get("all_in", False)),
            )
        except (KeyError, ValueError, TypeError) as exc:
            raise EngineError(
                f"not a betting action: {dict(data)!r}", code="saved_state_broken"
            ) from exc
