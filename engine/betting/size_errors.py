"""What a betting round says when a bet or raise breaks the limit's sizes.

Apart from the round's state machine (engine/betting/round.py): the words depend
only on the limit and the numbers, in English and as a code with its parameters
for the web app to word (gamenight/engine_words).
"""

from __future__ import annotations

from engine.betting.limits import FixedLimit, Limit, NoLimit, PotLimit, SpreadLimit
from engine.errors import BetSizeError, ErrorParam


def size_error(
    limit: Limit, name: str, verb: str, low: int, high: int | None, amount: int
) -> BetSizeError:
    """The limit's rule broken, in English and as a code with its numbers."""
    start = f"{name} cannot {verb} {amount}: "
    noun = "bets" if verb == "bet" else "raises"
    params: dict[str, ErrorParam] = {"name": name, "verb": verb, "amount": amount, "low": low}
    if high is not None:
        params["high"] = high
    match limit:
        case FixedLimit(amount=size):
            return BetSizeError(
                f"{start}{noun} are exactly {size}",
                code="bet_size_fixed",
                params={**params, "size": size},
            )
        case SpreadLimit():
            return BetSizeError(
                f"{start}{noun} are {low} to {high}", code="bet_size_spread", params=params
            )
        case PotLimit():
            return BetSizeError(
                f"{start}{noun} are {low} to {high} (pot limit)",
                code="bet_size_pot",
                params=params,
            )
        case NoLimit():
            return BetSizeError(
                f"{start}{noun} are at least {low}", code="bet_size_no_limit", params=params
            )


def raises_words(cap: int) -> str:
    """The raise cap in English words ("1 raise", "3 raises")."""
    return f"{cap} raise" if cap == 1 else f"{cap} raises"
