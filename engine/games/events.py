"""The frozen records of a hand: what happened (events) and what may happen (legal actions)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine.errors import EngineError


class EventKind(StrEnum):
    ANTE = "ante"
    # Hold'em and Omaha dealt with blinds: posted before the cards, after the antes.
    SMALL_BLIND = "small_blind"
    BIG_BLIND = "big_blind"
    DEAL = "deal"
    CHECK = "check"
    BET = "bet"
    CALL = "call"
    RAISE = "raise"
    FOLD = "fold"
    # Seven-card stud with a bring-in: the lowest up card's forced first chips.
    BRING_IN = "bring_in"
    PAY_POT = "pay_pot"
    BUY_WALK = "buy_walk"
    DECLINE_WALK = "decline_walk"
    VOID_DEAL = "void_deal"
    # Later families (No Peek, Spit, Guts, Shelby, the stud variants).
    FLIP = "flip"
    DRAW = "draw"
    TABLE_CARD = "table_card"
    DECLARE = "declare"
    REVEAL = "reveal"
    SWITCH_GAME = "switch_game"
    WILD_CHANGE = "wild_change"
    BUY_CARD = "buy_card"
    # Psycho Shelby: the holder of a 4 does not buy the extra card it offers.
    DECLINE_CARD = "decline_card"
    SETTLE = "settle"
    # A card leaves a hand for good (The Good, the Bad and the Ugly: the Bad's rank).
    DISCARD = "discard"
    # Jack the Shifter: the holder of a jack leaves the game as it is.
    KEEP_GAME = "keep_game"
    SHOW = "show"
    WIN = "win"
    RETURN = "return"
    # A player left the hand (and the table), in turn or not: folded for good.
    LEAVE = "leave"


BLIND_EVENTS: frozenset[EventKind] = frozenset({EventKind.SMALL_BLIND, EventKind.BIG_BLIND})


@dataclass(frozen=True, kw_only=True)
class Event:
    """One thing that happened. ``chips`` moved from the seat's stack to the pot (or,
    for a win, from the pot to the stack); ``card`` is set for deals; ``text``
    names a hand at the showdown or the pot a win came from, in English.

    ``code`` and ``params`` say what ``text`` says for a page that words it in
    its reader's language (a hand as :func:`hand_params`, a pot by its index, a
    rank by its number, a card by its code); an empty code: no text to word."""

    kind: EventKind
    seat: int
    chips: int = 0
    card: int | None = None
    face_up: bool = False
    all_in: bool = False
    text: str = ""
    code: str = ""
    params: Mapping[str, Any] = field(default_factory=dict)

    @property
    def public(self) -> bool:
        """Whether everyone at the table may see it (a face-down deal or a discard is private)."""
        private = self.kind in (EventKind.DEAL, EventKind.DRAW) and self.card is not None
        return not private or self.face_up

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "seat": self.seat,
            "chips": self.chips,
            "card": self.card,
            "face_up": self.face_up,
            "all_in": self.all_in,
            "text": self.text,
            # Only when set, so that a hand saved before events had codes saves as it was.
            **({"code": self.code, "params": dict(self.params)} if self.code else {}),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Event:
        try:
            card = data["card"]
            return cls(
                kind=EventKind(data["kind"]),
                seat=int(data["seat"]),
                chips=int(data["chips"]),
                card=None if card is None else int(card),
                face_up=bool(data["face_up"]),
                all_in=bool(data["all_in"]),
                text=str(data["text"]),
                code=str(data.get("code", "")),
                params=dict(data.get("params") or {}),
            )
        except (KeyError, ValueError, TypeError) as exc:
            raise EngineError(
                f"not an event of a hand: {dict(data)!r}", code="saved_state_broken"
            ) from exc


class ActionName(StrEnum):
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE_BY = "raise_by"
    FOLD = "fold"
    ALL_IN = "all_in"
    BRING_IN = "bring_in"
    PAY_POT = "pay_pot"
    BUY_WALK = "buy_walk"
    DECLINE_WALK = "decline_walk"
    # Later families: answered by the step in play (HandState.verify/can/act).
    FLIP = "flip"
    DRAW = "draw"
    DECLARE_IN = "declare_in"
    DECLARE_OUT = "declare_out"
    HOLD = "hold"
    DROP = "drop"
    SWITCH_GAME = "switch_game"
    KEEP_GAME = "keep_game"
    BUY_CARD = "buy_card"
    DECLINE_CARD = "decline_card"
    CALL_SPIT = "call_spit"
    # Spit in the Ocean with "Spit!" calls: let the deal go on without calling.
    PASS_SPIT = "pass_spit"
    # Baseball, face-down 4s claimed at will: reveal one and take its extra card.
    CLAIM_EXTRA = "claim_extra"
    # Sequence high/low with declaration: what a player still in plays for.
    DECLARE_HIGH = "declare_high"
    DECLARE_LOW = "declare_low"
    DECLARE_BOTH = "declare_both"


@dataclass(frozen=True, kw_only=True)
class LegalAction:
    """An action the actor may take now; bets and raises take an amount from
    ``min_amount`` to ``max_amount``, the others take none (both ``None``), and
    ``chips`` is what a call, pot payment or walk would cost; ``game`` the game a
    Jack the Shifter switch would change to (one legal action a game)."""

    kind: ActionName
    min_amount: int | None = None
    max_amount: int | None = None
    chips: int = 0
    game: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "min_amount": self.min_amount,
            "max_amount": self.max_amount,
            "chips": self.chips,
            "game": self.game,
        }
