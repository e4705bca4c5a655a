"""Two tables: the seat draw, the balancing prompt and the final table.

- **The draw** shuffles the players with the random source given (the services
  pass a system one, tests a seeded one) and deals them to the tables in turn,
  so the tables differ by one player at most; seats are numbered from 1 at each
  table in the order drawn.
- **Balancing**: once one table has two players fewer than the other, one
  player of the fuller table moves to the shorter one (the host picks who; the
  page suggests the player drawn by the same random source). A move takes the
  lowest free seat.
- **The final table**: once the players left fit at one table
  (``seats_per_table``), everyone moves to table 1 and the seats are drawn
  again.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

MAX_TABLES = 2


@dataclass(frozen=True)
class Place:
    table: int
    seat: int


def draw(players: Sequence[int], *, tables: int, rng: random.Random) -> dict[int, Place]:
    """Each player's table and seat, drawn at random (tables as even as they go)."""
    if not 1 <= tables <= MAX_TABLES:
        raise ValueError(f"1 to {MAX_TABLES} tables")
    order = list(players)
    rng.shuffle(order)
    places: dict[int, Place] = {}
    seated: Counter[int] = Counter()
    for n, player in enumerate(order):
        table = n % tables + 1
        seated[table] += 1
        places[player] = Place(table=table, seat=seated[table])
    return places


@dataclass(frozen=True)
class Balance:
    """Who should move: one player from ``from_table`` to ``to_table``."""

    from_table: int
    to_table: int


def balance(places: Mapping[int, Place], *, tables: int) -> Balance | None:
    """The move that balances the ``tables`` in play, when one has two players fewer
    than the other; else None (one table in play never needs one)."""
    if tables < 2:
        return None
    counts = Counter(p.table for p in places.values())
    one, two = counts.get(1, 0), counts.get(2, 0)
    if abs(one - two) < 2:
        return None
    return Balance(from_table=1, to_table=2) if one > two else Balance(from_table=2, to_table=1)


def free_seat(places: Mapping[int, Place], table: int) -> int:
    """The lowest seat number nobody sits in at ``table``."""
    taken = {p.seat for p in places.values() if p.table == table}
    return next(seat for seat in range(1, len(taken) + 2) if seat not in taken)


def final_table_due(places: Mapping[int, Place], seats_per_table: int) -> bool:
    """Whether the players left sit at two tables but would fit at one."""
    tables = {p.table for p in places.values()}
    return len(tables) > 1 and len(places) <= seats_per_table


def suggest_mover(places: Mapping[int, Place], move: Balance, rng: random.Random) -> int:
    """A player of the fuller table, drawn at random, to offer the host first."""
    candidates = sorted(p for p, place in places.items() if place.table == move.from_table)
    return rng.choice(candidates)
