"""Whether a table can be dealt a hand of a game: players, stacks, dealer, ante, deck."""

from __future__ import annotations

from collections.abc import Sequence

from engine.errors import EngineError
from engine.games.errors import TableSizeError
from engine.games.rules import ExtraCard, GameRules


def check_seating(
    rules: GameRules, *, names: Sequence[str], stacks: Sequence[int], dealer: int, ante: int
) -> None:
    """Raise :class:`TableSizeError` (or :class:`EngineError` for the ante) unless the
    hand can be dealt."""
    n = len(names)
    if len(stacks) != n:
        raise TableSizeError(
            f"{n} names but {len(stacks)} stacks: give one stack a player",
            code="seating_stacks_differ",
        )
    if not rules.min_players <= n <= rules.max_players:
        raise TableSizeError(
            f"{rules.name} is for {rules.min_players} to {rules.max_players} players, not {n}",
            code="seating_players",
            params={
                "game": rules.name,
                "fewest": rules.min_players,
                "most": rules.max_players,
                "count": n,
            },
        )
    extras = sum(4 for t in rules.triggers if isinstance(t, ExtraCard))
    if n * rules.card_count + extras > 52:
        raise TableSizeError(
            f"one deck is not enough for {n} players of {rules.name}",
            code="seating_deck_short",
            params={"game": rules.name, "count": n},
        )
    for name, stack in zip(names, stacks, strict=True):
        if stack < 1:
            raise TableSizeError(
                f"{name} has no chips left and cannot be dealt in",
                code="seating_no_chips",
                params={"name": name},
            )
    if not 0 <= dealer < n:
        raise TableSizeError(
            f"the dealer must be a seat from 0 to {n - 1}, not {dealer}",
            code="dealer_no_seat",
            params={"seat": dealer, "last": n - 1},
        )
    if ante < 0:
        raise EngineError(
            f"the ante is {ante}: it cannot be negative",
            code="ante_negative",
            params={"amount": ante},
        )
