"""No Peek games played at random with random house options: the flipping rules hold.

The invariants every game keeps (chips, cards, views, JSON) are checked for
these games too, 1,000 hands each, by ``test_game_random_hands``; here the
rules of ruling 12: nobody sees a card of their own before it is flipped, only
the player whose turn it is flips, a flip turns up the top card of the pile,
the hand ends with one player left or every card of those still in face up,
and the best hand wins.
"""

from __future__ import annotations

import json
import random

import pytest

from engine.bench.games import nopeek_figures
from engine.cards import ALL_CARDS
from engine.games import ActionName, EventKind, HandState, game_options, make_rules, seat_view
from engine.games.random_play import random_action
from engine.hands.evaluate import strength

GAMES = ["no-peek", "no-peek-baseball", "mexican-sweat"]
HANDS = 400


def _start(game: str, seed: int) -> tuple[HandState, random.Random]:
    rng = random.Random(seed)
    options: dict[str, object] = {
        spec.name: rng.choice(spec.choices if spec.kind == "choice" else (True, False))
        for spec in game_options(game)
    }
    rules = make_rules(game, options)
    players = rng.randint(rules.min_players, rules.max_players)
    state = HandState.start(
        rules,
        names=[f"P{seat}" for seat in range(players)],
        stacks=[rng.choice([2, 20, 100]) for _ in range(players)],
        dealer=rng.randrange(players),
        rng=rng,
    )
    return state, rng


def _own_down_cards_hidden(state: HandState) -> None:
    for seat in range(state.seat_count):
        if seat in state.shown:
            continue
        seen = seat_view(state, seat)
        # All but the card in the middle: a start card from a second deck may be the
        # same card as one in a pile.
        seen["table"] = []
        seen["log"] = [e for e in seen["log"] if e["kind"] != "table_card"]
        view = json.dumps(seen)
        for card, up in state.cards[seat]:
            if not up:
                assert f'"{ALL_CARDS[card]}"' not in view


def _flip_turns_up_the_top_card(state: HandState) -> None:
    seat = state.actor
    assert seat is not None
    top = next(card for card, up in state.cards[seat] if not up)
    for other in range(state.seat_count):
        assert state.can(ActionName.FLIP, seat=other) == (other == seat)
    event = state.act(ActionName.FLIP, seat=seat)
    assert event.card == top
    assert (top, True) in state.cards[seat]


def _ended_by_the_rules(state: HandState) -> None:
    live = state.live_seats
    hand = {s: strength([c for c, _ in state.cards[s]], state.ranking) for s in live}
    if len(live) > 1:
        # Only ties are left: everyone still in shows every card and shares the pot.
        for seat in live:
            assert all(up for _, up in state.cards[seat])
        assert len(set(hand.values())) == 1
        return
    folds = [e for e in state.history if e.kind is EventKind.FOLD]
    if state.table or any(e.text != "struck out" for e in folds):
        return  # a card to beat, or folds that lowered the bar: no simple chain
    # Nobody folded by choice: each struck-out hand lost to what the survivor shows.
    shown = strength(state.up_cards(live[0]), state.ranking)
    for event in folds:
        cards = [c for c, _ in state.cards[event.seat]]
        assert strength(cards, state.ranking) < shown


@pytest.mark.parametrize("game", GAMES)
def test_random_no_peek_hands_follow_the_flipping_rules(game: str) -> None:
    for seed in range(HANDS):
        state, rng = _start(game, seed)
        look_at = rng.randrange(30)
        for step in range(2_000):
            if state.is_over:
                break
            if step == look_at:
                _own_down_cards_hidden(state)
            if ActionName.FLIP in [a.kind for a in state.legal_actions()]:
                _flip_turns_up_the_top_card(state)
            else:
                random_action(state, rng)
        assert state.is_over, f"{game} seed {seed} did not end"
        _ended_by_the_rules(state)
        flips = [e for e in state.history if e.kind is EventKind.FLIP]
        assert len({e.card for e in flips}) == len(flips)


def test_the_benchmark_reports_its_figures() -> None:
    figures = nopeek_figures(hands=20, trials=200, repeats=1)
    assert figures["simulate_hands_per_second"] > 0
    assert 0 < figures["odds_seconds"] <= figures["odds_first_seconds"] + 1
