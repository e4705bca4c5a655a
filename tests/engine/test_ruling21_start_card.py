"""Ruling 21: No Peek's start card (from the game's deck or a second deck) counts as
the game counts cards, belongs to no one and triggers nothing.

In No-Peek Baseball a 3 or 9 there is wild: a lone wild card shows as an ace (ruling
4), so the first player must beat an ace. A 4 there brings nobody an extra card and a
3 asks nobody to pay. Dealt from stacked decks, and at random against a referee.
"""

from __future__ import annotations

import random

import pytest
from brute_force import brute_strength
from helpers.profiles import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import ALL_CARDS, Deck, parse_card, parse_cards
from engine.chips.pots import build_pots, settle_pots
from engine.games import ActionName, EventKind, HandState, make_rules
from engine.games.random_play import random_action
from engine.games.steps.flip import middle
from engine.hands.evaluate import strength
from engine.hands.rankings import BASEBALL_WILD, HighRanking

NAMES = ["Anna", "Ben", "Carla"]
ANNA, BEN, CARLA = range(3)
# Seven cards each for Anna, Ben and Carla (dealer Carla), one at a time; the 22nd card
# is the start card. Anna's pile, top first: K♠ K♥ 2♣ ...
PILES = "K♠ 5♦ 6♣ K♥ 5♣ 6♦ 2♣ 7♦ 8♥ 10♣ J♦ Q♥ 2♦ 4♥ 5♥ 6♥ 7♥ 8♣ 10♦ J♥ Q♣"


def _start(start_card: str, game: str = "no-peek-baseball", **options: object) -> HandState:
    return HandState.start(
        make_rules(game, {"start_card": True, **options}),
        names=NAMES,
        stacks=[40] * 3,
        dealer=CARLA,
        deck=Deck(random.Random(6), stacked=parse_cards(f"{PILES} {start_card} A♠ A♦ A♥")),
    )


def test_a_nine_to_start_no_peek_baseball_is_wild_and_shows_as_an_ace() -> None:
    state = _start("9♣")
    assert state.table == [parse_card("9♣")]
    assert middle(state) == strength([parse_card("A♣")], HighRanking(wild=BASEBALL_WILD))
    state.act(ActionName.FLIP, seat=ANNA)  # K♠ does not beat an ace
    assert state.actor == ANNA
    assert state.betting is None
    state.act(ActionName.FLIP, seat=ANNA)  # K♥: a pair of kings does
    assert state.betting is not None
    assert state.actor == ANNA


@pytest.mark.parametrize(
    ("game", "options"), [("no-peek", {}), ("no-peek-baseball", {"simple": True})]
)
def test_without_wild_cards_the_nine_is_a_nine(game: str, options: dict[str, object]) -> None:
    state = _start("9♣", game, **options)
    state.act(ActionName.FLIP, seat=ANNA)  # K♠ beats a nine at once
    assert state.betting is not None
    assert state.actor == ANNA


@pytest.mark.parametrize("card", ["4♣", "3♣"])
def test_the_start_card_triggers_nothing(card: str) -> None:
    state = _start(card, pay_or_fold=True, buy_walk=True)
    assert state.decision is None
    assert [len(cards) for cards in state.cards] == [7, 7, 7]
    assert not [e for e in state.history if e.kind in (EventKind.PAY_POT, EventKind.BUY_WALK)]
    assert state.actor == ANNA


@settings(max_examples=examples(100))
@given(seed=st.integers(0, 2**32), deck=st.sampled_from(["same", "second"]))
def test_the_start_card_belongs_to_no_hand_at_the_showdown(seed: int, deck: str) -> None:
    rng = random.Random(seed)
    players = rng.randint(3, 6)
    state = HandState.start(
        make_rules("no-peek-baseball", {"start_card": True, "start_card_deck": deck}),
        names=[f"P{i}" for i in range(players)],
        stacks=[30] * players,
        dealer=rng.randrange(players),
        rng=rng,
    )
    start = state.table[0]
    lone = HighRanking(wild=BASEBALL_WILD)
    assert middle(state) == strength([start], lone)
    assert strength([start], lone) == brute_strength((start,), BASEBALL_WILD)
    while not state.is_over:
        random_action(state, rng)
    live = [s for s in range(players) if not state.folded[s]]
    assert all(start not in [c for c, _ in state.cards[s]] or deck == "second" for s in live)
    scores = {s: brute_strength(tuple(c for c, _ in state.cards[s]), BASEBALL_WILD) for s in live}
    split = build_pots(
        contributions=dict(enumerate(state.put_in)),
        folded=[s for s in range(players) if state.folded[s]],
        all_in=[s for s in live if state.stacks[s] - state.payouts[s] == 0],
    )
    settled = settle_pots(split, scores=scores, order=state.order())
    assert state.payouts == [settled.payouts()[s] for s in range(players)], str(ALL_CARDS[start])
