"""The chop: the players still in share what is left of the prizes, equally or by
chip count with ICM.

**ICM** (the Independent Chip Model, in Malmuth and Harville's form): a player
finishes first with the chance of their share of all chips; given who finished
ahead, each of the others takes the next place with the chance of their share
of the chips those others hold. A player's equity is the sum over places of
that place's prize times the chance of finishing there. Small enough to write
here (no package needed): every order of finishing is walked once per subset
of players, with exact fractions, which is quick for the few players a chop
has (:data:`MAX_PLAYERS`).

Both chops pay whole chips and add up exactly to the prizes shared: each share
is rounded down, and the chips left over go one each to the largest remainders
(the biggest stack first on a tie, then the order given).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache

MAX_PLAYERS = 10


def icm_equities(stacks: Sequence[int], prizes: Sequence[int]) -> list[Fraction]:
    """Each player's equity in the ``prizes`` (1st, 2nd, ...) by ICM, exactly.

    >>> [round(float(e), 4) for e in icm_equities([5000, 3000, 2000], [50, 30, 20])]
    [38.3929, 32.75, 28.8571]
    """
    if not stacks:
        return []
    if len(stacks) > MAX_PLAYERS:
        raise ValueError(f"ICM is computed for at most {MAX_PLAYERS} players")
    if any(s < 0 for s in stacks) or sum(stacks) <= 0:
        raise ValueError("the stacks must be at least 0 and hold chips")
    paid = [Fraction(p) for p in prizes]
    count = len(stacks)

    @cache
    def place_chances(left: frozenset[int]) -> dict[int, list[Fraction]]:
        """For the players ``left``, the chance of each to take each of the next places."""
        place = count - len(left)
        total = sum(stacks[i] for i in left)
        chances = {i: [Fraction(0)] * count for i in left}
        if len(left) == 1:
            (only,) = left
            chances[only][place] = Fraction(1)
            return chances
        for first in left:
            p_first = Fraction(1, len(left)) if total == 0 else Fraction(stacks[first], total)
            if p_first == 0:
                continue
            chances[first][place] += p_first
            for other, row in place_chances(left - {first}).items():
                for k in range(place + 1, count):
                    chances[other][k] += p_first * row[k]
        return chances

    everyone = place_chances(frozenset(range(count)))
    return [
        sum((everyone[i][k] * paid[k] for k in range(min(count, len(paid)))), Fraction(0))
        for i in range(count)
    ]


def whole_shares(exact: Sequence[Fraction], total: int, stacks: Sequence[int]) -> list[int]:
    """``exact`` shares of ``total`` in whole chips: rounded down, the rest one each to
    the largest remainders (the bigger stack, then the earlier player, on a tie)."""
    shares = [int(e) for e in exact]  # int() of a non-negative Fraction rounds down
    left = total - sum(shares)
    order = sorted(range(len(exact)), key=lambda i: (-(exact[i] - int(exact[i])), -stacks[i], i))
    for i in order[:left]:
        shares[i] += 1
    return shares


def icm_chop(stacks: Sequence[int], prizes: Sequence[int]) -> list[int]:
    """The players' shares of ``prizes`` (those of the places still to be decided) by ICM,
    in whole chips adding up to their sum."""
    return whole_shares(icm_equities(stacks, prizes), sum(prizes), stacks)


def equal_chop(prizes: Sequence[int], stacks: Sequence[int]) -> list[int]:
    """The same share for each player (``len(stacks)`` of them), in whole chips."""
    count = len(stacks)
    exact = [Fraction(sum(prizes), count)] * count
    return whole_shares(exact, sum(prizes), stacks)
