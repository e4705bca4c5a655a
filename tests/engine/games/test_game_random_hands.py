"""Every game, with random house options, played at random: the invariants always hold.

For each game 1,000 seeded hands in CI (the hypothesis profile scales the
count, tests/helpers/profiles.py: a tenth of it in `make test`): each ends,
chips are conserved at every step, no card is dealt twice in one deal, the
table view never shows a face-down
card before the showdown, and a hand saved to JSON at a random point and
restored continues exactly like the original.
"""

from __future__ import annotations

import json
import random

import pytest
from game_replay import play_checking_replay
from helpers.profiles import examples

from engine.betting import DEFAULT_LIMIT, Blinds, FixedLimit, Limit, NoLimit, PotLimit, SpreadLimit
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
from engine.games.steps.shelby import MARKS

CI_HANDS_PER_GAME = 1000
HANDS_PER_GAME = examples(CI_HANDS_PER_GAME)


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
    if spec.kind == "choice":
        return rng.choice(spec.choices)
    if spec.least:
        # Guts' ante and limit: the least allowed, so the short stacks can still ante.
        return spec.least if spec.default is not None else rng.choice([None, spec.least])
    return rng.choice([None, 0, 1, 5, 20])


def _start(
    game: str,
    seed: int,
    forced: dict[str, object] | None = None,
    limit: Limit = DEFAULT_LIMIT,
    blinds: Blinds | None = None,
) -> tuple[HandState, random.Random]:
    rng = random.Random(seed)
    rules = make_rules(game, {**_random_options(game, rng), **(forced or {})})
    players = rng.randint(rules.min_players, rules.max_players)
    # Short stacks now and then, so that antes, pot payments and calls go all-in.
    stacks = [rng.choice([1, 2, 5, 20, 100]) for _ in range(players)]
    if not rules.antes:
        # Guts settles its antes with the deal and refuses one a stack cannot ante
        # for (the player rebuys first): no stack of 1 there.
        stacks = [max(stack, 2) for stack in stacks]
    state = HandState.start(
        rules,
        names=[f"P{seat}" for seat in range(players)],
        stacks=stacks,
        dealer=rng.randrange(players),
        rng=rng,
        ante=rng.choice([0, 1, 2]),
        limit=limit,
        blinds=blinds,
    )
    return state, rng


def _check_invariants(state: HandState, total: int) -> None:
    assert sum(state.stacks) + state.pot + _carried(state) == total
    assert all(stack >= 0 for stack in state.stacks)
    held = [card for cards in state.cards for card, _ in cards]
    assert len(set(held)) == len(held)
    assert not set(held) & set(state.deck.codes())
    # Cards in the middle (a spit card, No Peek's card to beat) come from the deck too,
    # but for No Peek's start card from a second deck.
    table = _from_the_deck(state)
    assert not set(held) & set(table)
    # Draw games set cards aside: discards (until reshuffled) and Wild Widow's card.
    aside = state.set_aside
    assert not set(held) & set(aside)
    assert len(held) + len(table) + len(aside) + len(state.deck) == 52
    view_of_table = table_view(state)
    # A voided deal's face-up cards stay in the log and may come again face down,
    # so the log is checked by entry and the hands by card.
    private = ("deal", "draw")  # a discard is as private as a face-down deal
    log = view_of_table["log"]
    assert all(e["card"] is None for e in log if e["kind"] in private and not e["face_up"])
    view = json.dumps(view_of_table["players"])
    for seat, cards in enumerate(state.cards):
        if seat in state.shown:
            continue
        for card, up in cards:
            if not up:
                assert f'"{ALL_CARDS[card]}"' not in view
    # Each player sees all of their own cards (the actor's view is the one in use);
    # in No Peek only those face up, until the showdown.
    for seat in range(state.seat_count) if state.is_over else [state.actor or 0]:
        own = seat_view(state, seat)["players"][seat]["cards"]
        sees_all = state.rules.peek or seat in state.shown
        mine = [str(ALL_CARDS[card]) for card, up in state.cards[seat] if up or sees_all]
        assert [c["card"] for c in own] == mine


def _from_the_deck(state: HandState) -> list[int]:
    """The cards in the middle that were dealt from the game's deck."""
    if dict(state.rules.options).get("start_card_deck") == "second":
        return state.table[1:]  # the start card came from a second deck
    return state.table


def _carried(state: HandState) -> int:
    """Chips a game carries between hands outside the stacks (the Guts pot and reserve)."""
    carry = state.carry_out or state.carry or {}
    # Shelby's markers ride along in the carry ("shelbys_2": 1): they are not chips.
    return sum(int(chips) for key, chips in carry.items() if not key.startswith(MARKS))


def _deals_are_distinct(state: HandState) -> None:
    dealt: set[int] = set()
    for event in state.history:
        if event.kind is EventKind.VOID_DEAL:
            dealt.clear()  # a fresh shuffle: the same cards come again
        elif event.kind is EventKind.DRAW and event.card is not None:
            dealt.discard(event.card)  # thrown away: a reshuffle may deal it again
        elif event.kind is EventKind.DEAL:
            assert event.card is not None
            assert event.card not in dealt
            dealt.add(event.card)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_random_hands_keep_every_invariant(game: str) -> None:
    _play_many(game, range(HANDS_PER_GAME))


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(GAMES))
def test_many_more_random_hands_keep_every_invariant(game: str) -> None:
    """The optional long run (``pytest -m slow``): 20,000 further hands a game."""
    _play_many(game, range(CI_HANDS_PER_GAME, CI_HANDS_PER_GAME + 20_000))


# The rule sheets' options of issue 13, each forced on for a run of its own (the
# random choice leaves each off half the time and seldom combines the ones a
# mechanic needs, such as down_extras with down_claim).
SHEET_OPTIONS: dict[str, tuple[str, dict[str, object]]] = {
    "psycho-shelby-low-flushes": ("psycho-shelby", {"flushes_count": True}),
    "football-pay-or-fold": ("football", {"pay_or_fold": True}),
    "woolworth-pay-or-fold": ("woolworth", {"pay_or_fold": True}),
    "baseball-pay-fixed": ("baseball", {"pay_fixed": 2}),
    "baseball-walk-prices": (
        "baseball",
        {"walk_price": 1, "walk_price_up": 2, "walk_price_per_street": 1},
    ),
    "baseball-down-claim-dealt": ("baseball", {"down_extras": True, "down_claim": "dealt"}),
    "baseball-down-claim-before-betting": (
        "baseball",
        {"down_extras": True, "down_claim": "before_betting"},
    ),
    "baseball-down-claim-any-time": ("baseball", {"down_extras": True, "down_claim": "any_time"}),
    "no-peek-start-card-second-deck": (
        "no-peek",
        {"start_card": True, "start_card_deck": "second"},
    ),
    "no-peek-baseball-start-card-second-deck": (
        "no-peek-baseball",
        {"start_card": True, "start_card_deck": "second"},
    ),
    "spit-call-any-card": ("spit-in-the-ocean", {"spit_call": True, "spit_call_any_card": True}),
    # Only the English page's own games on the list, so jacks switch to them.
    "jack-the-shifter-page-games": (
        "jack-the-shifter",
        {
            f"allow_{game}": False
            for game in ("baseball", "football", "woolworth", "rainy_day_baseball")
        },
    ),
    # Sequence high/low with declaration: everyone declares at once before the showdown.
    "sequence-high-low": ("sequence", {"high_low": True}),
    "rainy-day-down-claim-any-time": (
        "rainy-day-baseball",
        {"down_extras": True, "down_claim": "any_time", "extra_face": "up"},
    ),
}


@pytest.mark.parametrize("run", sorted(SHEET_OPTIONS))
def test_random_hands_with_the_sheet_options_on_keep_every_invariant(run: str) -> None:
    game, forced = SHEET_OPTIONS[run]
    _play_many(game, range(HANDS_PER_GAME // 2), forced=forced)


# Seven-card stud's bring-in (issue 16), at limits where it is below a full bet (then
# the next bet up completes it) and where it is one (the house default of 1 to 5).
BRING_IN_RUNS: dict[str, tuple[dict[str, object], Limit]] = {
    "fixed-4-half-bet": ({"bring_in": True}, FixedLimit(amount=4)),
    "fixed-6-bring-in-1": ({"bring_in": True, "bring_in_amount": 1}, FixedLimit(amount=6)),
    "spread-2-to-10": ({"bring_in": True}, SpreadLimit(min_bet=2, max_bet=10)),
    "spread-default": ({"bring_in": True}, DEFAULT_LIMIT),
}


@pytest.mark.parametrize("run", sorted(BRING_IN_RUNS))
def test_random_stud_hands_with_a_bring_in_keep_every_invariant(run: str) -> None:
    forced, limit = BRING_IN_RUNS[run]
    _play_many("seven-card-stud", range(HANDS_PER_GAME // 2), forced=forced, limit=limit)


# Hold'em and Omaha dealt with blinds (issue 27), short stacks posting all-in, at
# no limit, pot limit and a fixed limit (which doubles on the turn and river).
BLIND_RUNS: dict[str, tuple[str, Blinds, Limit]] = {
    "holdem-no-limit-2-5": ("texas-holdem", Blinds(small=2, big=5), NoLimit()),
    "holdem-fixed-1-2-ante": ("texas-holdem", Blinds(small=1, big=2, ante=1), FixedLimit(amount=1)),
    "omaha-pot-limit-1-2": ("omaha", Blinds(small=1, big=2), PotLimit()),
    "omaha-hi-lo-spread-1-1-ante": ("omaha-hi-lo", Blinds(small=1, big=1, ante=1), DEFAULT_LIMIT),
}


@pytest.mark.parametrize("run", sorted(BLIND_RUNS))
def test_random_hands_with_blinds_keep_every_invariant(run: str) -> None:
    game, blinds, limit = BLIND_RUNS[run]
    _play_many(game, range(HANDS_PER_GAME // 4), limit=limit, blinds=blinds)


def _play_many(
    game: str,
    seeds: range,
    *,
    forced: dict[str, object] | None = None,
    limit: Limit = DEFAULT_LIMIT,
    blinds: Blinds | None = None,
) -> None:
    for seed in seeds:
        state, rng = _start(game, seed, forced, limit, blinds)
        total = sum(state.stacks) + state.pot + _carried(state)
        play_checking_replay(
            state,
            rng,
            save_at=rng.randrange(40),
            max_steps=2_000,
            check=lambda hand, total=total: _check_invariants(hand, total),
            label=f"{game} seed {seed}",
            # The sheet options' runs let players act out of turn where they may.
            out_of_turn=forced is not None,
        )
        assert state.pot == 0
        _deals_are_distinct(state)
