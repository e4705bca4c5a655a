"""What a tournament costs and gives: buy-in, chips, rebuys, add-on, bounties, late
registration and tables, as stored on the tournament (JSON) and read back.

Two kinds of chips, never mixed:
- **the group's chips** (the ledger's unit, worth the group's chip value): the
  buy-in, a rebuy's and the add-on's price, the bounty and every prize;
- **tournament chips** (``starting_chips``, ``rebuy_chips``, ``add_on_chips``,
  the blinds): what is played with, worth nothing outside the tournament.

Windows are level numbers (1 is the first level; a break counts as the level
before it): a rebuy while the level in play is at most ``rebuy_until``, the
add-on at most ``add_on_until``, a late registration at most ``late_until``
(0: only before the clock starts).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from gamenight.tournaments.seating import MAX_TABLES

MAX_PRICE = 1_000_000
MAX_CHIPS = 100_000_000
MAX_LEVEL = 60
MAX_SEATS = 12


@dataclass(frozen=True)
class Setup:
    buy_in: int = 10
    starting_chips: int = 5_000
    rebuy: int = 0
    rebuy_chips: int = 0
    rebuy_until: int = 0
    add_on: int = 0
    add_on_chips: int = 0
    add_on_until: int = 0
    bounty: int = 0
    late_until: int = 0
    tables: int = 1
    seats_per_table: int = 10

    @property
    def rebuys_allowed(self) -> bool:
        return self.rebuy > 0 and self.rebuy_chips > 0 and self.rebuy_until > 0

    @property
    def add_on_allowed(self) -> bool:
        return self.add_on > 0 and self.add_on_chips > 0 and self.add_on_until > 0

    @property
    def bounties(self) -> bool:
        return self.bounty > 0

    @property
    def entry_price(self) -> int:
        """What a player pays to register: the buy-in and, with bounties, their bounty."""
        return self.buy_in + self.bounty

    @property
    def rebuy_price(self) -> int:
        """A rebuy puts a new bounty on the player's head too."""
        return self.rebuy + self.bounty

    def pool(self, *, entries: int, rebuys: int, add_ons: int) -> int:
        """The prize pool, in the group's chips (bounties are paid apart)."""
        return entries * self.buy_in + rebuys * self.rebuy + add_ons * self.add_on

    def chips_in_play(self, *, entries: int, rebuys: int, add_ons: int) -> int:
        return (
            entries * self.starting_chips + rebuys * self.rebuy_chips + add_ons * self.add_on_chips
        )

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: object) -> Setup:
        """Whatever is stored, a setup: a value out of range is left at its default."""
        if not isinstance(data, dict):
            return cls()
        defaults = cls()
        values: dict[str, int] = {}
        for f in fields(cls):
            value = data.get(f.name)
            least, most = LIMITS[f.name]
            ok = isinstance(value, int) and not isinstance(value, bool) and least <= value <= most
            values[f.name] = value if ok and isinstance(value, int) else getattr(defaults, f.name)
        return cls(**values)


# Each field's least and most value (the form checks the same).
LIMITS: dict[str, tuple[int, int]] = {
    "buy_in": (1, MAX_PRICE),
    "starting_chips": (1, MAX_CHIPS),
    "rebuy": (0, MAX_PRICE),
    "rebuy_chips": (0, MAX_CHIPS),
    "rebuy_until": (0, MAX_LEVEL),
    "add_on": (0, MAX_PRICE),
    "add_on_chips": (0, MAX_CHIPS),
    "add_on_until": (0, MAX_LEVEL),
    "bounty": (0, MAX_PRICE),
    "late_until": (0, MAX_LEVEL),
    "tables": (1, MAX_TABLES),
    "seats_per_table": (2, MAX_SEATS),
}
