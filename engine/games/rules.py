"""A game as a description: its steps, ranking, triggers and player counts, all plain data.

The one state machine in :mod:`engine.games.state` runs any such description:
it walks the game's steps (:mod:`engine.games.steps`) in order, so a new stud
variant is a new :class:`GameRules` value, and a new kind of game a new step.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Literal

from engine.cards import Card
from engine.hands.rankings import STANDARD, Ranking

if TYPE_CHECKING:
    from collections.abc import Mapping

    from engine.games.events import ActionName, LegalAction
    from engine.games.state import HandState
    from engine.games.steps.actions import Move
    from engine.games.steps.deal import Deal

Face = Literal["down", "up"]
# "any": the trigger fires whether the card is dealt face up or face down.
When = Literal["up", "any"]
# When a face-down extra-card rank is claimed (the English sheet's three ways):
# revealed as soon as it is dealt; revealed in clockwise order before the next
# betting round; revealed whenever the holder wishes (an action of their own).
Claim = Literal["dealt", "before_betting", "any_time"]
CLAIMS: tuple[Claim, ...] = ("dealt", "before_betting", "any_time")


class Step:
    """One step of a game's program: deal a street, bet, flip, draw, declare ...

    A step is data (frozen, its options as fields) plus how the one state
    machine carries it out: :meth:`begin` once when the step is reached, then
    :meth:`run` until it answers ``True`` (done); ``False`` means a player must
    act first. Steps keep what they need between calls in a typed
    :class:`~engine.games.steps.actions.StepState` of their own, saved with the
    hand, so that a saved hand resumes mid-step. The actions a step answers
    (beyond betting) are its :meth:`moves`.
    """

    def moves(self) -> Mapping[ActionName, Move]:
        """The actions this step answers while in play, each verified and applied here."""
        return {}

    def begin(self, state: HandState) -> None:
        """Set the step up (lay out the cards to deal, open a betting round ...)."""

    def run(self, state: HandState) -> bool:
        """Do the automatic work; ``True`` when the step is done."""
        return True

    def actor(self, state: HandState) -> int | None:
        """The seat that must act in this step, if the step itself waits for one."""
        return None

    def legal_actions(self, state: HandState, seat: int) -> list[LegalAction]:
        """What ``seat`` may do in this step (a betting step answers through the round)."""
        return []

    def also_waiting(self, state: HandState) -> list[int]:
        """Seats besides the actor that may act now (Guts: everyone declares at once)."""
        return []

    # A player may leave a hand of a game whose steps all allow it
    # (:meth:`HandState.forfeit`); Guts and Shelby settle everyone together at the
    # end, so a player there leaves only between hands.
    allows_forfeit: ClassVar[bool] = True

    def forfeit(self, state: HandState, seat: int) -> None:
        """Forget what this step still waits for from ``seat``, who has just left the hand."""


@dataclass(frozen=True, kw_only=True)
class ExtraCard:
    """A card of ``rank`` (Baseball's 4, the walk) gives its holder one more card at once.

    With ``buy`` the player may buy the extra card or decline it and stay in
    without it. The price (the English sheet: "a fixed amount paid to the pot or
    may vary according to whether the extra card is face up or face down, and how
    late in the game it is dealt"): ``price`` for a face-down extra card (``None``:
    the limit's largest bet, ruling 11), ``price_up`` for a face-up one (``None``:
    as face down), plus ``price_per_street`` for each street after the first.
    """

    rank: int
    when: When = "up"
    # With ``when="any"``: when a face-down card of the rank is revealed and claimed.
    claim: Claim = "dealt"
    extra_face: Face = "down"
    buy: bool = False
    price: int | None = None
    price_up: int | None = None
    price_per_street: int = 0

    def walk_price(self, *, face: Face, street: int, largest_bet: int) -> int:
        """What the extra card costs, dealt ``face`` on ``street`` (0: the first)."""
        base = self.price if self.price is not None else largest_bet
        if face == "up" and self.price_up is not None:
            base = self.price_up
        return base + self.price_per_street * street


@dataclass(frozen=True, kw_only=True)
class PayPotOrFold:
    """A face-up card of ``rank`` (Baseball's 3): pay the pot or fold, before the next card.

    ``cap`` limits the payment; ``fixed`` replaces the pot by a fixed payment (the
    cap then does not apply); ``first_only`` makes only the first such card of the
    hand cost anything.
    """

    rank: int
    cap: int | None = None
    first_only: bool = False
    fixed: int | None = None

    def price(self, pot: int) -> int:
        """What paying costs with ``pot`` in the middle (before any all-in cut)."""
        if self.fixed is not None:
            return self.fixed
        return pot if self.cap is None else min(pot, self.cap)


@dataclass(frozen=True, kw_only=True)
class VoidDeal:
    """A face-up ``card`` (Rainy Day's Q♠) voids the deal: everyone is redealt, the pot stays."""

    card: Card


Trigger = ExtraCard | PayPotOrFold | VoidDeal


Winner = Literal["high", "second_high"]


@dataclass(frozen=True, kw_only=True)
class GameRules:
    """Everything the state machine needs to know about a game.

    ``peek``: whether players may look at their own face-down cards (No Peek:
    no). ``winner``: the best hand takes the pot, or the second best (Second
    Hand High). ``options`` records the house options it was made with (see
    :func:`engine.games.catalog.make_rules`), so that a saved hand can rebuild it.
    """

    name: str
    steps: tuple[Step, ...]
    ranking: Ranking = STANDARD
    triggers: tuple[Trigger, ...] = ()
    min_players: int = 2
    max_players: int = 7
    peek: bool = True
    winner: Winner = "high"
    # False: the game's own steps take the antes (Guts settles them with the deal).
    antes: bool = True
    # True: the cards in the middle count in every hand (Hold'em's board, Spit's card);
    # every other game has none that do (ruling 17), whatever lies there.
    table_shared: bool = False
    # A high/low split game's low ranking (Omaha eight or better): each pot halves.
    low: Ranking | None = None
    options: tuple[tuple[str, object], ...] = field(default=())

    @property
    def streets(self) -> tuple[Deal, ...]:
        """The dealing steps, in order."""
        from engine.games.steps.deal import Deal

        return tuple(step for step in self.steps if isinstance(step, Deal))

    @property
    def takes_blinds(self) -> bool:
        """Whether a hand may be dealt with blinds (Hold'em and Omaha: a betting round
        that opens with them)."""
        from engine.games.steps.bet import Bet

        return any(isinstance(step, Bet) and step.blinds for step in self.steps)

    @property
    def card_count(self) -> int:
        """Cards each player gets without extras (seven in seven-card stud)."""
        return sum(len(street.cards) for street in self.streets)
