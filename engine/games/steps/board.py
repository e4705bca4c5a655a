"""Community cards: the flop, the turn and the river, face up in the middle.

Hold'em and Omaha deal no card to a player after the hole cards; every later
street is turned face up to ``state.table``, which every hand shares at the
showdown (``GameRules.table_shared``). A home game burns no card: nobody
could see a burnt card anyway, and the deck always has enough (ten players
of Omaha use 45 cards).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.errors import EngineError
from engine.games.events import EventKind
from engine.games.rules import Step

if TYPE_CHECKING:
    from engine.games.state import HandState


@dataclass(frozen=True, kw_only=True)
class BoardDeal(Step):
    """``count`` cards turned face up in the middle; ``name`` ("flop", "turn", "river")
    goes with each card's event, so that the log can say which street it was."""

    count: int
    name: str

    def begin(self, state: HandState) -> None:
        if len(state.deck) < self.count:
            raise EngineError("the deck ran out of cards", code="deck_empty")
        for _ in range(self.count):
            card = int(state.deck.deal_one())
            state.table.append(card)
            state.record(
                EventKind.TABLE_CARD, state.dealer, card=card, face_up=True, text=self.name
            )
