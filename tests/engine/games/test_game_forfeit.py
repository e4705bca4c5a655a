"""A player leaves a hand mid-way (:meth:`HandState.forfeit`): folded for good, in turn
or not, their chips in the pot left there; the hand goes on or ends without them.

Every game that allows it is played at random with a player leaving at a random
moment: the hand ends, chips are conserved, the player who left never acts
again and wins nothing, and a copy saved to JSON after the leave plays on alike.
Guts and Shelby settle everyone together at the end: there a player cannot leave.
"""

from __future__ import annotations

import random

import pytest

from engine.errors import IllegalActionError
from engine.games import GAMES, ActionName, EventKind, ForfeitError, HandState
from engine.games.random_play import random_action

SETTLED_AT_THE_END = {"guts", "guts3", "shelby", "psycho-shelby"}
LEAVING = sorted(set(GAMES) - SETTLED_AT_THE_END)
HANDS = 60


def _start(game: str, rng: random.Random) -> HandState:
    rules = GAMES[game]
    players = rng.randint(max(rules.min_players, 3), min(rules.max_players, 6))
    return HandState.start(
        rules,
        names=[f"P{seat}" for seat in range(players)],
        stacks=[rng.choice([5, 20, 100]) for _ in range(players)],
        dealer=rng.randrange(players),
        rng=rng,
    )


def _play_with_one_leaving(game: str, seed: int) -> None:
    rng = random.Random(seed)
    state = _start(game, rng)
    total = sum(state.stacks) + state.pot
    leave_at = rng.randrange(6)
    gone: int | None = None
    for step in range(2000):
        assert sum(state.stacks) + state.pot == total
        if state.is_over:
            break
        if step == leave_at:
            # Anyone, in turn or not, folded already or not.
            gone = rng.randrange(state.seat_count)
            before = state.stacks[gone]
            state.forfeit(seat=gone)
            assert state.folded[gone]
            assert state.stacks[gone] == before  # their chips in the pot stay there
            assert any(e.kind is EventKind.LEAVE and e.seat == gone for e in state.history)
            restored = HandState.from_json(state.to_json())
            assert restored.departed == [gone]
            copy = random.Random()
            copy.setstate(rng.getstate())
            continue
        if gone is not None:
            assert state.actor != gone
            assert state.folded[gone]
        random_action(state, rng)
    assert state.is_over, f"{game} (seed {seed}) did not end"
    assert sum(state.stacks) + state.pot == total
    if gone is not None:
        # They win nothing; at most chips nobody still in could match come back.
        assert not any(e.kind is EventKind.WIN and e.seat == gone for e in state.history)
        returned = sum(
            e.chips for e in state.history if e.kind is EventKind.RETURN and e.seat == gone
        )
        assert (state.payouts or [])[gone] == returned
        # The copy saved right after the leave plays on to the same end.
        while not restored.is_over:
            random_action(restored, copy)
        assert restored.payouts == state.payouts
        assert restored.stacks == state.stacks


@pytest.mark.parametrize("game", LEAVING)
def test_a_player_may_leave_at_any_moment_and_the_hand_goes_on(game: str) -> None:
    for seed in range(HANDS):
        _play_with_one_leaving(game, sum(map(ord, game)) * 1000 + seed)


@pytest.mark.parametrize("game", sorted(SETTLED_AT_THE_END))
def test_guts_and_shelby_refuse_a_player_leaving_mid_hand(game: str) -> None:
    state = _start(game, random.Random(1))
    before = state.to_json()
    assert not state.can_forfeit(seat=0)
    with pytest.raises(ForfeitError, match="settled only at the end"):
        state.forfeit(seat=0)
    assert state.to_json() == before


def test_leaving_out_of_turn_during_a_bet_keeps_the_pot_and_the_turn() -> None:
    state = _start("seven-card-stud", random.Random(3))
    actor = state.actor
    assert actor is not None
    state.act(seat=actor, action=ActionName.BET, amount=1)
    nxt = state.actor
    assert nxt is not None
    assert nxt != actor
    pot = state.pot
    state.forfeit(seat=actor)  # the bettor goes home
    assert state.pot == pot
    assert state.actor == nxt
    assert state.folded[actor]
    with pytest.raises(IllegalActionError, match="already left"):
        state.forfeit(seat=actor)


def test_the_last_player_but_one_leaving_ends_the_hand() -> None:
    state = HandState.start(
        GAMES["seven-card-stud"], names=["A", "B"], stacks=[10, 10], dealer=0, rng=random.Random(2)
    )
    state.forfeit(seat=0)
    assert state.is_over
    assert state.payouts == [0, sum(state.put_in)]


def test_a_voided_deal_does_not_deal_the_player_who_left_back_in() -> None:
    # Rainy Day: a face-up Q of spades voids the deal and everyone is dealt again.
    voided = 0
    for seed in range(300):
        rng = random.Random(seed)
        state = HandState.start(
            GAMES["rainy-day-baseball"],
            names=["A", "B", "C", "D"],
            stacks=[50] * 4,
            dealer=3,
            rng=rng,
        )
        voids = state.voids
        state.forfeit(seat=0)
        while not state.is_over:
            random_action(state, rng)
            assert state.folded[0]
        if state.voids > voids:
            voided += 1
            assert state.cards[0] == []  # the fresh deal passed the player who left
        assert not any(e.kind is EventKind.WIN and e.seat == 0 for e in state.history)
    assert voided > 0
