"""A game as a description: streets, ranking, triggers and player counts, all plain data.

The one state machine in :mod:`engine.games.state` runs any such description,
so a new stud variant is a new :class:`GameRules` value, not new code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Literal

from engine.cards import Card
from engine.rankings import STANDARD, Ranking

Face = Literal["down", "up"]
# "any": the trigger fires whether the card is dealt face up or face down.
When = Literal["up", "any"]


@dataclass(frozen=True, kw_only=True)
class Street:
    """The cards each player still in gets on one street, in dealing order, and
    whether a betting round follows it."""

    cards: tuple[Face, ...]
    betting: bool = True


@dataclass(frozen=True, kw_only=True)
class ExtraCard:
    """A card of ``rank`` (Baseball's 4, the walk) gives its holder one more card at once.

    With ``buy`` the player may buy the extra card for the limit's largest bet or
    decline it and stay in without it.
    """

    rank: int
    when: When = "up"
    extra_face: Face = "down"
    buy: bool = False


@dataclass(frozen=True, kw_only=True)
class PayPotOrFold:
    """A face-up card of ``rank`` (Baseball's 3): pay the pot or fold, before the next card.

    ``cap`` limits the payment; ``first_only`` makes only the first such card of
    the hand cost anything.
    """

    rank: int
    cap: int | None = None
    first_only: bool = False


@dataclass(frozen=True, kw_only=True)
class VoidDeal:
    """A face-up ``card`` (Rainy Day's Q♠) voids the deal: everyone is redealt, the pot stays."""

    card: Card


Trigger = ExtraCard | PayPotOrFold | VoidDeal


@dataclass(frozen=True, kw_only=True)
class GameRules:
    """Everything the state machine needs to know about a game.

    ``options`` records the house options it was made with (see
    :func:`engine.games.catalog.make_rules`), so that a saved hand can rebuild it.
    """

    name: str
    streets: tuple[Street, ...]
    ranking: Ranking = STANDARD
    triggers: tuple[Trigger, ...] = ()
    min_players: int = 2
    max_players: int = 7
    options: tuple[tuple[str, object], ...] = field(default=())

    @property
    def card_count(self) -> int:
        """Cards each player gets without extras (seven in seven-card stud)."""
        return sum(len(street.cards) for street in self.streets)


# Seven-card stud: two down and one up, three more up, one down; five betting rounds.
STUD_STREETS: Final = (
    Street(cards=("down", "down", "up")),
    Street(cards=("up",)),
    Street(cards=("up",)),
    Street(cards=("up",)),
    Street(cards=("down",)),
)
