"""What the host knows about a hand dealt with real cards, as plain frozen data.

Players sit in the order given, clockwise; a player's seat is their index.
The chips come either as totals (``put_in``: what each player put in
altogether, antes and payments included) or as the betting actions round by
round, which the engine adds up itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from engine.hands.showdown import Showdown


@dataclass(frozen=True, kw_only=True)
class TablePlayer:
    """A player at the table; ``stack`` is what they had before the hand, if known."""

    name: str
    stack: int | None = None


class Move(StrEnum):
    """A recorded action. Bets and raises are counted the way people say them:
    "bet 2", "raise 3" (three more than the bet)."""

    CHECK = "check"
    BET = "bet"
    CALL = "call"
    RAISE = "raise"
    FOLD = "fold"
    ALL_IN = "all_in"
    PAY_POT = "pay_pot"
    BUY_WALK = "buy_walk"


@dataclass(frozen=True, kw_only=True)
class TableAction:
    """One action in the order it happened.

    ``amount``: the bet for a bet, the raise above the bet for a raise, the
    price for buying the walk, and for paying the pot what was paid (left out:
    the pot at that moment, or the whole stack if it is shorter). A call needs
    no amount; one below the call records an all-in call when the stack is unknown.
    """

    seat: int
    move: Move
    amount: int | None = None


@dataclass(frozen=True, kw_only=True)
class PotPayment:
    """A Baseball "pay the pot or fold" when chips are given as totals; ``amount``
    ``None`` means the player folded rather than pay."""

    seat: int
    amount: int | None


@dataclass(frozen=True, kw_only=True)
class WalkPurchase:
    """A player bought the walk (the extra card of a face-up 4) for ``amount``."""

    seat: int
    amount: int


@dataclass(frozen=True, kw_only=True)
class TableHand:
    """One physically dealt hand, as the host enters it.

    Exactly one of ``put_in`` (seat to total chips) and ``rounds`` (the actions
    of each betting round, pot payments and walk purchases in their place) is
    given. ``pot_payments`` and ``walk_purchases`` go with ``put_in`` only; their
    chips are part of the totals. ``anted`` ``None`` means everyone anted.
    ``wild`` gives the wild ranks of a game that takes them from the table
    (Spit in the Ocean). ``pot``, if given, is checked against the totals.
    ``options`` are the game's house options as the digital game names them
    (``python -m engine simulate --help``); they decide how many cards a hand
    holds ("Spit!" calls: five in hand; bought walks; simple No-Peek Baseball).
    ``declarations``: Sequence played high/low (option ``high_low``), each shown
    hand's declaration, ``high``, ``low`` or ``both`` (:mod:`.declared`).
    ``switched_to``: Jack the Shifter, the game a jack switched the hand to, which
    sizes and ranks the hands shown (:mod:`.jack`).
    """

    game: str
    dealer: int
    players: tuple[TablePlayer, ...]
    ante: int = 1
    anted: frozenset[int] | None = None
    put_in: Mapping[int, int] | None = None
    rounds: tuple[tuple[TableAction, ...], ...] | None = None
    folded: frozenset[int] = frozenset()
    all_in: frozenset[int] = frozenset()
    pot_payments: tuple[PotPayment, ...] = ()
    walk_purchases: tuple[WalkPurchase, ...] = ()
    showdown: Showdown | None = None
    wild: frozenset[int] | None = None
    pot: int | None = None
    options: Mapping[str, object] = field(default_factory=dict)
    declarations: Mapping[int, str] = field(default_factory=dict)
    switched_to: str | None = None
    seats: tuple[int, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", tuple(range(len(self.players))))

    def name(self, seat: int) -> str:
        return self.players[seat].name if 0 <= seat < len(self.players) else f"seat {seat}"

    def stack(self, seat: int) -> int | None:
        return self.players[seat].stack
