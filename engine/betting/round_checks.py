"""What a new betting round is started with, checked before the round exists.

Apart from the round's state machine (engine/betting/round.py), which calls
:func:`check_round_start` from ``BettingRound.start``.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from engine.errors import EngineError


def check_round_start(
    *,
    stacks: Sequence[int],
    opener: int,
    raise_cap: int | None,
    put_in: Sequence[int] | None,
    folded: Collection[int],
    names: Sequence[str] | None,
    bring_in: int,
    posted: Sequence[int] | None,
) -> tuple[str, ...]:
    """Raise :class:`EngineError` unless a round can start so; the seats' names."""
    n = len(stacks)
    if n < 2:
        raise EngineError("a betting round needs at least two players", code="round_too_few")
    put = list(put_in) if put_in is not None else [0] * n
    bets = list(posted) if posted is not None else [0] * n
    labels = tuple(names) if names is not None else tuple(f"seat {i}" for i in range(n))
    if len(put) != n or len(labels) != n or len(bets) != n:
        raise EngineError(
            "stacks, put_in and names must have one entry per seat", code="round_seats_differ"
        )
    for what, values in (("stack", stacks), ("amount put in", put), ("amount put in", bets)):
        for seat, value in enumerate(values):
            if value < 0:
                raise EngineError(
                    f"{labels[seat]}'s {what} is {value}: it cannot be negative",
                    code="round_negative_stack" if what == "stack" else "round_negative_put_in",
                    params={"name": labels[seat], "amount": value},
                )
    if not 0 <= opener < n:
        raise EngineError(
            f"the opener must be a seat from 0 to {n - 1}, not {opener}",
            code="round_no_opener",
            params={"seat": opener, "last": n - 1},
        )
    if bring_in < 0:
        raise EngineError(
            f"the bring-in is {bring_in}: it cannot be negative",
            code="round_negative_bring_in",
            params={"amount": bring_in},
        )
    if raise_cap is not None and raise_cap < 0:
        raise EngineError(
            f"the raise cap cannot be negative ({raise_cap})",
            code="round_negative_cap",
            params={"cap": raise_cap},
        )
    for seat in folded:
        if not 0 <= seat < n:
            raise EngineError(
                f"there is no seat {seat} to mark folded",
                code="round_no_seat_to_fold",
                params={"seat": seat},
            )
    return labels
