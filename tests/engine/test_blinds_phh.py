"""A hand dealt with blinds, downloaded as a PokerKit hand history (PHH) and replayed.

Random Hold'em and Omaha hands with tournament blinds and antes, played at
random by our engine; the PHH file carries the blinds (``blinds_or_straddles``,
small and big from the dealer's left), the antes and the limit's sizes, and
PokerKit must load it, replay every move and end on the stacks it pays our
hand with (:mod:`pokerkit_style`: our stacks exactly, but for odd chips).
A hand without a file must say why, as a code.
"""

from __future__ import annotations

import random
import warnings

import pytest
from helpers.profiles import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pokerkit import HandHistory
from pokerkit_style import pokerkit_stacks

from engine.betting import Blinds, FixedLimit, Limit, NoLimit, PotLimit, SpreadLimit
from engine.cards import Deck
from engine.games import HandState, make_rules
from engine.games.phh import hand_to_phh, phh_refusal
from engine.games.random_play import play_out

LIMITS: tuple[Limit, ...] = (NoLimit(), PotLimit(), FixedLimit(amount=1), SpreadLimit(max_bet=5))


def _hand(game: str, limit: Limit, seed: int, blinds: Blinds, stacks: list[int]) -> HandState:
    rng = random.Random(seed)
    state = HandState.start(
        make_rules(game),
        names=[f"P{i}" for i in range(len(stacks))],
        stacks=stacks,
        dealer=seed % len(stacks),
        deck=Deck(rng),
        limit=limit,
        raise_cap=3 if isinstance(limit, FixedLimit | SpreadLimit) else None,
        blinds=blinds,
    )
    play_out(state, rng)
    return state


def _replayed(state: HandState, start: list[int]) -> list[int]:
    text = hand_to_phh(state, start_stacks=start)
    assert text is not None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit warns of folds it finds needless
        states = list(HandHistory.loads(text))
    return list(states[-1].stacks)


@settings(max_examples=examples(400), suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(["texas-holdem", "omaha", "omaha-hi-lo"]),
    limit=st.sampled_from(LIMITS),
    level=st.sampled_from([(25, 50, 0), (100, 200, 25), (2000, 4000, 500), (1, 2, 0)]),
    stacks=st.lists(st.integers(1, 400), min_size=2, max_size=9),
    seed=st.integers(0, 2**32),
)
def test_pokerkit_replays_a_hand_with_blinds_to_the_same_stacks(
    game: str, limit: Limit, level: tuple[int, int, int], stacks: list[int], seed: int
) -> None:
    small, big, ante = level
    start = [ante + big * s // 40 + 1 for s in stacks]  # a few chips to 10 big blinds
    state = _hand(game, limit, seed, Blinds(small=small, big=big, ante=ante), start)
    refusal = phh_refusal(state)
    if refusal is not None:
        # Omaha maps only at pot limit, Omaha hi-lo at a fixed limit; a spread raise
        # below an earlier one, or an all-in raise past PokerKit's four, has no file.
        assert refusal in ("game", "raises", "cap")
        if refusal == "game":
            assert game != "texas-holdem"
        assert hand_to_phh(state, start_stacks=start) is None
        return
    order = state.order()
    expected = pokerkit_stacks(state, start)
    assert _replayed(state, start) == [expected[s] for s in order]


def test_the_phh_file_carries_the_blinds_and_the_antes() -> None:
    state = _hand("texas-holdem", NoLimit(), 7, Blinds(small=25, big=50, ante=5), [1000] * 4)
    text = hand_to_phh(state, start_stacks=[1000] * 4)
    assert text is not None
    assert "blinds_or_straddles = [25, 50, 0, 0]" in text
    assert "antes = [5, 5, 5, 5]" in text
    assert "min_bet = 50" in text


def test_a_fixed_limit_with_blinds_bets_twice_the_big_blind_on_the_turn_and_river() -> None:
    state = _hand("texas-holdem", FixedLimit(amount=2), 3, Blinds(small=1, big=2), [40] * 3)
    text = hand_to_phh(state, start_stacks=[40] * 3)
    assert text is not None
    assert "small_bet = 2\nbig_bet = 4" in text


@pytest.mark.parametrize("dealer_seat", [0, 1])
def test_heads_up_pokerkit_has_the_dealer_post_the_small_blind_as_we_do(dealer_seat: int) -> None:
    rng = random.Random(dealer_seat)
    state = HandState.start(
        make_rules("texas-holdem"),
        names=["Anna", "Ben"],
        stacks=[500, 500],
        dealer=dealer_seat,
        deck=Deck(rng),
        limit=NoLimit(),
        raise_cap=None,
        blinds=Blinds(small=10, big=20),
    )
    assert state.put_in[dealer_seat] == 10
    assert state.put_in[1 - dealer_seat] == 20
    assert state.actor == dealer_seat  # the small blind acts first before the flop
    play_out(state, rng)
    order = state.order()
    assert _replayed(state, [500, 500]) == [pokerkit_stacks(state, [500, 500])[s] for s in order]
