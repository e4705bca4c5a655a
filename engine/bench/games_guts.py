"""Digital Guts speed: deals per second of ``simulate guts``, pot and reserve carried.

The figure is the fastest of ``repeats`` runs of the same seeded series of deals.

>>> guts_figures(deals=200, repeats=1) > 0
True
"""

from __future__ import annotations

from collections.abc import Mapping


def guts_figures(
    *,
    deals: int = 5_000,
    players: int = 6,
    seed: int = 0,
    repeats: int = 3,
    options: Mapping[str, object] | None = None,
) -> float:
    """Guts deals per second on one core, random declarations, each deal carrying on the last."""
    from engine.cli.simulate import simulate

    best = 0.0
    for _ in range(repeats):
        result = simulate(
            game="guts",
            hands=deals,
            players=players,
            seed=seed,
            stack=100,
            options=dict(options or {}),
        )
        best = max(best, result.hands_per_second)
    return best
