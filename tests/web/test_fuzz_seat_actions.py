"""Every action of every game at a seat, fed malformed values (tests/web/post_fuzz.py):
never a 5xx, a refusal writes nothing, the ledgers add up."""

from __future__ import annotations

import pytest
from ledger_helpers import Table
from post_fuzz import World, build_world, fuzz_seat_actions, run

from engine.games import GAMES, ActionName


@pytest.fixture
def world(table: Table) -> World:
    return build_world(table)


def test_every_seat_action_of_every_game_survives_malformed_values(world: World) -> None:
    fuzzer = run(world, fuzz_seat_actions)
    print(f"seat actions: {fuzzer.requests} requests, {fuzzer.refused} refused")
    assert fuzzer.requests > len(GAMES) * len(ActionName) * 2
    assert fuzzer.refused > fuzzer.requests // 2
