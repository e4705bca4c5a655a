"""Random play with the replay check the random-hand tests share.

A hand is played at random to its end, its invariants checked before every
action; a copy saved to JSON at one step and restored, played on with the
same random numbers, must end exactly like the original.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.games import HandState
from engine.games.random_play import random_action


def play_checking_replay(
    state: HandState,
    rng: random.Random,
    *,
    save_at: int,
    max_steps: int,
    check: Callable[[HandState], None],
    label: str = "the hand",
    out_of_turn: bool = False,
) -> None:
    saved: tuple[str, random.Random] | None = None
    for step in range(max_steps):
        check(state)
        if step == save_at:
            copy = random.Random()
            copy.setstate(rng.getstate())
            saved = (state.to_json(), copy)
        if state.is_over:
            break
        random_action(state, rng, out_of_turn=out_of_turn)
    assert state.is_over, f"{label} did not end"
    if saved is not None:
        restored = HandState.from_json(saved[0])
        while not restored.is_over:
            random_action(restored, saved[1], out_of_turn=out_of_turn)
        assert restored.stacks == state.stacks
        assert restored.history == state.history
        assert restored.to_json() == state.to_json()
