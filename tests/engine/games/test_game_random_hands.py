"""Every game, with random house options, played at random: the invariants always hold.

For each game 1,000 seeded hands: each ends, chips are conserved at every step,
no card is dealt twice in one deal, the table view never shows a face-down
card before the showdown, and a hand saved to JSON at a random point and
restored continues exactly like the original.
"""

from __future__ import annotations

import json
import random

import pytest

from engine.cards import ALL_CARDS
from engine.games import (
    GAMES,
    EventKind,
    HandState,
    game_options,
    make_rules,
    seat_view,
    table_view,
)
from engine.games.options import OptionSpec
from engine.games.random_play import random_action

HANDS_PER_GAME = 1000


def _random_options(game: str, rng: random.Random) -> dict[str, object]:
    values: dict[str, object] = {}
    for spec in game_options(game):
        if rng.random() < 0.5:
            values[spec.name] = _random_value(spec, rng)
    return values


def _random_value(spec: OptionSpec, rng: random.Random) -> object:
    if spec.kind == "bool":
        return rng.choice([True, False])
    if spec.kind == "face":
        return rng.choice(["up", "down"])
    return rng.choice([None, 0, 1, 5, 20])


def _start(game: str, seed: int) -> tuple[HandState, random.Random]:
    rng = random.Random(seed)
    rules = make_rules(game, _random_options(game, rng))
    players = rng.randint(rules.min_players, rules.max_players)
    # Short stacks now and then, so that antes, pot payments and calls go all-in.
    stacks = [rng.choice([1, 2, 5, 20, 100]) for _ in range(players)]
    state = HandState.start(
        rules,
        names=[f"P{seat}" for seat in range(players)],
        stacks=stacks,
        dealer=rng.randrange(players),
        rng=rng,
        ante=rng.choice([0, 1, 2]),
    )
    return state, rng


def _check_invariants(state: HandState, total: int) -> None:
    assert sum(state.stacks) + state.pot == total
    assert all(stack >= 0 for stack in state.stacks)
    held = [card for cards in state.cards for card, _ in cards]
    assert len(set(held)) == len(held)
    assert not set(held) & set(state.deck.codes())
    assert len(held) + len(state.deck) == 52
    table = table_view(state)
    # A voided deal's face-up cards stay in the log and may come again face down,
    # so the log is checked by entry and the hands by card.
    assert all(e["card"] is None for e in table["log"] if e["kind"] == "deal" and not e["face_up"])
    view = json.dumps(table["players"])
    for seat, cards in enumerate(state.cards):
        if seat in state.shown:
            continue
        for card, up in cards:
            if not up:
                assert f'"{ALL_CARDS[card]}"' not in view
    # Each player sees all of their own cards (the actor's view is the one in use).
    for seat in range(state.seat_count) if state.is_over else [state.actor or 0]:
        own = seat_view(state, seat)["players"][seat]["cards"]
        assert [c["card"] for c in own] == [str(ALL_CARDS[card]) for card, _ in state.cards[seat]]


def _deals_are_distinct(state: HandState) -> None:
    dealt: set[int] = set()
    for event in state.history:
        if event.kind is EventKind.VOID_DEAL:
            dealt.clear()  # a fresh shuffle: the same cards come again
        elif event.kind is EventKind.DEAL:
            assert event.card is not None
            assert event.card not in dealt
            dealt.add(event.card)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_random_hands_keep_every_invariant(game: str) -> None:
    for seed in range(HANDS_PER_GAME):
        state, rng = _start(game, seed)
        total = sum(state.stacks) + state.pot
        save_at = rng.randrange(40)
        saved: tuple[str, random.Random] | None = None
        for step in range(2_000):
            _check_invariants(state, total)
            if step == save_at:
                copy = random.Random()
                copy.setstate(rng.getstate())
                saved = (state.to_json(), copy)
            if state.is_over:
                break
            random_action(state, rng)
        assert state.is_over, f"{game} seed {seed} did not end"
        assert state.pot == 0
        _deals_are_distinct(state)
        if saved is not None:
            restored = HandState.from_json(saved[0])
            while not restored.is_over:
                random_action(restored, saved[1])
            assert restored.stacks == state.stacks
            assert restored.history == state.history
            assert restored.to_json() == state.to_json()
