"""Hold'em and Omaha dealt with blinds (issue 27): worked hands, one rule each.

Seats are numbered clockwise; with the dealer at seat 0 of four, seat 1 posts
the small blind, seat 2 the big blind and seat 3 acts first before the flop.
"""

from __future__ import annotations

import doctest
import importlib
import json
import random

import pytest

from engine.betting import Blinds, FixedLimit, NoLimit, PotLimit, SpreadLimit, blind_seats
from engine.betting.blinds import with_big_blind
from engine.errors import EngineError, IllegalActionError
from engine.games import ActionName, EventKind, HandState, make_rules, seat_view, table_view
from engine.games.random_play import play_out

NAMES = ("Anna", "Ben", "Carla", "Dirk", "Eva", "Finn", "Gita", "Hans", "Ida")
LEVEL = Blinds(small=25, big=50)
NO_LIMIT = NoLimit()


def deal(
    stacks: list[int],
    *,
    blinds: Blinds = LEVEL,
    dealer: int = 0,
    game: str = "texas-holdem",
    limit: NoLimit | PotLimit | FixedLimit | SpreadLimit = NO_LIMIT,
    raise_cap: int | None = None,
) -> HandState:
    return HandState.start(
        make_rules(game),
        names=NAMES[: len(stacks)],
        stacks=stacks,
        dealer=dealer,
        rng=random.Random(27),
        limit=limit,
        raise_cap=raise_cap,
        blinds=blinds,
    )


def kinds(state: HandState) -> set[ActionName]:
    return {action.kind for action in state.legal_actions()}


def raise_range(state: HandState) -> tuple[int | None, int | None]:
    found = next(a for a in state.legal_actions() if a.kind is ActionName.RAISE_BY)
    return found.min_amount, found.max_amount


# ---------------------------------------------------------------- who posts, who acts


def test_the_blinds_sit_left_of_the_dealer_and_the_next_player_opens() -> None:
    state = deal([10_000] * 4, blinds=Blinds(small=25, big=50, ante=5))
    blinds = [(e.kind, e.seat, e.chips) for e in state.history if e.kind.value.endswith("blind")]
    assert blinds == [(EventKind.SMALL_BLIND, 1, 25), (EventKind.BIG_BLIND, 2, 50)]
    # Everyone antes 5 first; the blinds come on top.
    assert state.put_in == [5, 30, 55, 5]
    assert state.actor == 3
    assert kinds(state) == {
        ActionName.CALL,
        ActionName.FOLD,
        ActionName.RAISE_BY,
        ActionName.ALL_IN,
    }


def test_after_the_flop_the_first_player_still_in_left_of_the_dealer_opens() -> None:
    state = deal([1_000] * 4)
    state.act(ActionName.CALL, seat=3)
    state.act(ActionName.CALL, seat=0)
    state.act(ActionName.FOLD, seat=1)
    state.act(ActionName.CHECK, seat=2)
    assert len(state.table) == 3
    assert state.actor == 2  # the small blind folded: the big blind is first left of the dealer
    assert kinds(state) == {ActionName.CHECK, ActionName.BET, ActionName.ALL_IN}


def test_heads_up_the_dealer_posts_the_small_blind_acts_first_and_then_last() -> None:
    assert blind_seats(dealer=1, seat_count=2) == (1, 0)
    state = deal([1_000, 1_000], dealer=1)
    assert state.put_in == [50, 25]
    assert state.actor == 1
    state.act(ActionName.CALL, seat=1)
    assert state.actor == 0  # the big blind's option
    state.act(ActionName.CHECK, seat=0)
    assert state.actor == 0  # after the flop the big blind acts first, the dealer last
    state.act(ActionName.CHECK, seat=0)
    assert state.actor == 1


def test_the_big_blind_may_raise_when_everyone_only_called() -> None:
    state = deal([1_000] * 3)  # dealer 0: small blind 1, big blind 2, seat 0 opens
    state.act(ActionName.CALL, seat=0)
    state.act(ActionName.CALL, seat=1)
    assert state.actor == 2
    assert kinds(state) == {ActionName.CHECK, ActionName.RAISE_BY, ActionName.ALL_IN}
    assert raise_range(state) == (50, 950)
    state.act(ActionName.RAISE_BY, seat=2, amount=100)
    assert state.actor == 0  # the raise reopens the round to everyone


# ---------------------------------------------------------------- sizes


def test_the_smallest_raise_is_the_big_blind_then_the_last_raise() -> None:
    state = deal([10_000] * 4, blinds=Blinds(small=50, big=100))
    assert raise_range(state) == (100, 9_900)
    state.act(ActionName.RAISE_BY, seat=3, amount=200)  # to 300
    assert raise_range(state) == (200, 9_700)  # to 500 at least
    state.act(ActionName.RAISE_BY, seat=0, amount=350)  # to 650
    assert raise_range(state) == (350, 9_350)  # Ben posted 50 and owes 600


def test_the_limit_bets_the_big_blind() -> None:
    assert with_big_blind(NoLimit(min_bet=1), big=400) == NoLimit(min_bet=400)
    assert with_big_blind(PotLimit(), big=400) == PotLimit(min_bet=400)
    assert with_big_blind(FixedLimit(amount=2), big=400) == FixedLimit(amount=400)
    assert with_big_blind(SpreadLimit(min_bet=1, max_bet=5), big=2) == SpreadLimit(
        min_bet=2, max_bet=5
    )
    assert deal([1_000] * 3, blinds=Blinds(small=10, big=20)).limit == NoLimit(min_bet=20)


def test_a_fixed_limit_bets_the_big_blind_then_twice_it_on_the_turn_and_river() -> None:
    state = deal([1_000] * 2, blinds=Blinds(small=1, big=2), limit=FixedLimit(amount=1))
    bets = []
    while not state.is_over:
        seat = state.actor
        assert seat is not None
        if ActionName.BET in kinds(state):
            found = next(a for a in state.legal_actions() if a.kind is ActionName.BET)
            bets.append(found.min_amount)
            state.act(ActionName.BET, seat=seat, amount=found.min_amount)
        else:
            state.act(
                ActionName.CALL if ActionName.CALL in kinds(state) else ActionName.CHECK, seat=seat
            )
    assert bets == [2, 4, 4]  # the flop, the turn, the river


def test_a_home_hand_without_blinds_keeps_its_fixed_bet_on_every_street() -> None:
    state = HandState.start(
        make_rules("texas-holdem"),
        names=NAMES[:2],
        stacks=[100, 100],
        dealer=0,
        rng=random.Random(1),
        limit=FixedLimit(amount=2),
    )
    sizes = set()
    while not state.is_over:
        seat = state.actor
        assert seat is not None
        if ActionName.BET in kinds(state):
            found = next(a for a in state.legal_actions() if a.kind is ActionName.BET)
            sizes.add(found.min_amount)
            state.act(ActionName.BET, seat=seat, amount=found.min_amount)
        else:
            state.act(ActionName.CALL, seat=seat)
    assert sizes == {2}


def test_a_raise_short_of_the_big_blind_does_not_reopen_the_betting() -> None:
    # Blinds 50/100; Dirk calls, Anna goes all-in for 130 (a raise of 30, short of a
    # full 100): Dirk, who has acted, may call or fold; the blinds, who have not, may raise.
    state = deal([130, 1_000, 1_000, 1_000], blinds=Blinds(small=50, big=100))
    state.act(ActionName.CALL, seat=3)
    state.act(ActionName.ALL_IN, seat=0)
    assert ActionName.RAISE_BY in kinds(state)  # Ben, small blind
    state.act(ActionName.CALL, seat=1)
    assert ActionName.RAISE_BY in kinds(state)  # Carla, big blind
    state.act(ActionName.CALL, seat=2)
    assert state.actor == 3
    assert kinds(state) == {ActionName.CALL, ActionName.FOLD}
    with pytest.raises(IllegalActionError) as refused:
        state.verify(ActionName.RAISE_BY, seat=3, amount=100)
    assert refused.value.code == "raise_not_reopened"


# ---------------------------------------------------------------- short stacks


def test_a_short_blind_posts_what_it_has_and_is_all_in() -> None:
    # Ben has 10 for the small blind of 25, Carla 30 for the big blind of 50.
    state = deal([1_000, 10, 30, 1_000])
    assert state.put_in == [0, 10, 30, 0]
    assert state.stacks == [1_000, 0, 0, 1_000]
    posted = [e for e in state.history if e.kind in (EventKind.SMALL_BLIND, EventKind.BIG_BLIND)]
    assert [e.all_in for e in posted] == [True, True]
    # The others call what was posted; a raise is still at least the big blind.
    assert state.actor == 3
    call = next(a for a in state.legal_actions() if a.kind is ActionName.CALL)
    assert call.chips == 30
    assert raise_range(state) == (50, 970)


def test_a_stack_all_in_on_its_ante_posts_no_blind() -> None:
    state = deal([1_000, 5, 1_000, 1_000], blinds=Blinds(small=25, big=50, ante=5))
    assert state.put_in == [5, 5, 55, 5]
    assert not [e for e in state.history if e.kind is EventKind.SMALL_BLIND]


def test_one_player_with_chips_must_still_call_the_blinds_or_fold() -> None:
    # Both blinds are all-in: Anna, the dealer, alone has chips and owes the big blind.
    state = deal([1_000, 20, 40], blinds=Blinds(small=25, big=50))
    assert state.actor == 0
    assert kinds(state) == {ActionName.CALL, ActionName.FOLD}  # no raise: nobody could call it
    state.act(ActionName.CALL, seat=0)
    assert state.is_over  # the board runs out, nobody else can act
    assert sum(state.stacks) == 1_060


def test_a_blind_nobody_can_call_beyond_has_nothing_to_decide() -> None:
    # Heads-up, the big blind all-in for less than the small blind: the hand runs out.
    state = deal([1_000, 20], dealer=0)
    assert state.put_in == [25, 20]
    assert state.is_over
    assert sum(state.stacks) == 1_020


# ---------------------------------------------------------------- the hand as a whole


def test_tournament_sized_stacks_and_blinds_play_out() -> None:
    for seed in range(30):
        rng = random.Random(seed)
        stacks = [rng.choice([300, 4_000, 10_000, 25_000, 60_000]) for _ in range(9)]
        state = HandState.start(
            make_rules(rng.choice(["texas-holdem", "omaha", "omaha-hi-lo"])),
            names=NAMES,
            stacks=stacks,
            dealer=seed % 9,
            rng=rng,
            limit=NoLimit(),
            raise_cap=None,
            blinds=Blinds(small=2_000, big=4_000, ante=500),
        )
        play_out(state, rng)
        assert sum(state.stacks) == sum(stacks)
        assert state.pot == 0


def test_a_saved_hand_keeps_its_blinds_and_a_home_hand_saves_as_before() -> None:
    state = deal([1_000] * 4, blinds=Blinds(small=25, big=50, ante=5))
    state.act(ActionName.RAISE_BY, seat=3, amount=100)
    saved = json.loads(state.to_json())
    assert saved["blinds"] == {"small": 25, "big": 50, "ante": 5}
    restored = HandState.from_json(state.to_json())
    assert restored.blinds == Blinds(small=25, big=50, ante=5)
    restored.act(ActionName.CALL, seat=0)
    state.act(ActionName.CALL, seat=0)
    assert restored.to_json() == state.to_json()
    home = HandState.start(
        make_rules("texas-holdem"), names=NAMES[:2], stacks=[50, 50], dealer=0, rng=random.Random()
    )
    assert "blinds" not in json.loads(home.to_json())


def test_the_views_say_who_sits_in_the_blinds() -> None:
    state = deal([1_000] * 4, dealer=2)
    expected = {"small": 25, "big": 50, "ante": 0, "small_seat": 3, "big_seat": 0}
    assert table_view(state)["blinds"] == expected
    assert seat_view(state, 1)["blinds"] == expected
    home = HandState.start(
        make_rules("omaha"), names=NAMES[:2], stacks=[50, 50], dealer=0, rng=random.Random()
    )
    assert table_view(home)["blinds"] is None


# ---------------------------------------------------------------- refusals


def test_only_holdem_and_omaha_take_blinds() -> None:
    with pytest.raises(EngineError) as refused:
        deal([100, 100, 100], game="baseball", limit=SpreadLimit())
    assert refused.value.code == "blinds_not_for_game"
    assert make_rules("omaha-hi-lo").takes_blinds
    assert not make_rules("seven-card-stud").takes_blinds


@pytest.mark.parametrize(
    ("small", "big", "ante", "code"),
    [
        (0, 2, 0, "blinds_small_below_one"),
        (-1, 2, 0, "blinds_small_below_one"),
        (5, 2, 0, "blinds_big_below_small"),
        (1, 2, -1, "ante_negative"),
    ],
)
def test_blinds_that_make_no_sense_are_refused(small: int, big: int, ante: int, code: str) -> None:
    with pytest.raises(EngineError) as refused:
        Blinds(small=small, big=big, ante=ante)
    assert refused.value.code == code


def test_blinds_are_whole_numbers_of_chips() -> None:
    with pytest.raises(EngineError) as refused:
        Blinds(small=True, big=2)
    assert refused.value.code == "blinds_not_chips"
    with pytest.raises(EngineError) as refused:
        Blinds.from_dict({"small": 1})
    assert refused.value.code == "saved_state_broken"


def test_the_blinds_modules_examples_hold() -> None:
    result = doctest.testmod(importlib.import_module("engine.betting.blinds"))
    assert result.attempted > 0
    assert result.failed == 0
