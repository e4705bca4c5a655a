"""The betting-round state machine: turns, limits, the raise cap, all-ins, JSON."""

from __future__ import annotations

import dataclasses
import doctest
import importlib
import json

import pytest
from helpers.profiles import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.betting import (
    SPIT_AFTER_DRAW,
    SPIT_BEFORE_DRAW,
    ActionKind,
    BettingRound,
    FixedLimit,
    Limit,
    NoLimit,
    PotLimit,
    SpreadLimit,
    draw_opener,
    limit_from_dict,
    limit_to_dict,
    post_antes,
    stud_opener,
)
from engine.betting.opening import clockwise_from_dealer_left
from engine.errors import (
    BetSizeError,
    EngineError,
    IllegalActionError,
    OutOfTurnError,
    RaiseCapError,
)

NAMES = ["Anna", "Ben", "Carla", "Dan"]


def table(stacks: list[int] | None = None, **kwargs: object) -> BettingRound:
    stacks = stacks if stacks is not None else [50, 50, 50, 50]
    kwargs.setdefault("opener", 0)
    return BettingRound.start(stacks=stacks, names=NAMES[: len(stacks)], **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "name", ["engine.betting.round", "engine.betting.limits", "engine.betting.opening"]
)
def test_docstring_examples_hold(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0


# ---------------------------------------------------------------- turns and the end of a round


def test_the_round_ends_when_everyone_has_checked() -> None:
    r = table()
    for seat in range(4):
        assert not r.is_over
        r.check(seat=seat)
    assert r.is_over
    assert r.actor is None


def test_the_round_ends_when_everyone_has_called_the_bet() -> None:
    r = table()
    r.check(seat=0)
    r.bet(seat=1, amount=3)
    for seat in (2, 3, 0):
        r.call(seat=seat)
    assert r.is_over
    assert r.bets == [3, 3, 3, 3]


def test_a_raise_gives_everyone_else_another_turn() -> None:
    r = table()
    r.bet(seat=0, amount=2)
    r.call(seat=1)
    r.raise_by(seat=2, amount=3)
    assert r.to_act == [3, 0, 1]
    r.call(seat=3)
    r.call(seat=0)
    r.call(seat=1)
    assert r.is_over
    assert r.bets == [5, 5, 5, 5]


def test_the_round_ends_when_all_but_one_fold() -> None:
    r = table()
    r.bet(seat=0, amount=2)
    for seat in (1, 2, 3):
        r.fold(seat=seat)
    assert r.is_over
    assert r.live_seats == [0]


def test_the_opener_is_whoever_the_caller_names_and_play_goes_clockwise() -> None:
    r = table(opener=2)
    assert r.to_act == [2, 3, 0, 1]


def test_an_opener_who_is_all_in_passes_the_turn_to_the_left() -> None:
    r = table([50, 0, 50, 50], opener=1, put_in=[1, 1, 1, 1])
    assert r.actor == 2


def test_there_is_no_betting_when_only_one_player_has_chips_left() -> None:
    r = table([0, 30, 0, 0], put_in=[5, 5, 3, 4])
    assert r.is_over


def test_acting_out_of_turn_names_whose_turn_it_is() -> None:
    r = table()
    with pytest.raises(OutOfTurnError, match=r"^Ben cannot check: it is Anna's turn$"):
        r.verify_check(seat=1)


def test_a_folded_player_cannot_act_again() -> None:
    r = table()
    r.bet(seat=0, amount=2)
    r.fold(seat=1)
    r.fold(seat=2)
    r.fold(seat=3)
    with pytest.raises(OutOfTurnError, match="Ben has folded"):
        r.verify_call(seat=1)


def test_nobody_acts_after_the_round_is_over() -> None:
    r = table()
    for seat in range(4):
        r.check(seat=seat)
    with pytest.raises(OutOfTurnError, match="the betting round is over"):
        r.verify_bet(seat=0, amount=1)


# ---------------------------------------------------------------- verify, can, do


def test_checking_facing_a_bet_says_what_the_bet_is() -> None:
    r = table(opener=2)
    r.bet(seat=2, amount=3)
    r.call(seat=3)
    with pytest.raises(IllegalActionError, match=r"^Anna cannot check: the bet is 3$"):
        r.verify_check(seat=0)
    assert not r.can_check(seat=0)


def test_can_answers_yes_or_no_without_changing_anything() -> None:
    r = table()
    before = r.to_dict()
    assert r.can_check(seat=0)
    assert r.can_bet(seat=0, amount=5)
    assert not r.can_bet(seat=0, amount=6)
    assert not r.can_call(seat=0)
    assert not r.can_fold(seat=0)
    assert not r.can_check(seat=1)
    assert r.to_dict() == before


def test_each_action_returns_the_frozen_record_it_appends() -> None:
    r = table()
    record = r.bet(seat=0, amount=4)
    assert record == r.history[-1]
    assert (record.kind, record.seat, record.chips, record.bet, record.all_in) == (
        ActionKind.BET,
        0,
        4,
        4,
        False,
    )
    with pytest.raises(dataclasses.FrozenInstanceError):
        record.chips = 5  # type: ignore[misc]


def test_folding_with_nothing_to_call_is_refused() -> None:
    r = table()
    with pytest.raises(IllegalActionError, match="there is no bet to call; check instead"):
        r.verify_fold(seat=0)


def test_calling_with_nothing_to_call_is_refused() -> None:
    r = table()
    with pytest.raises(IllegalActionError, match="Anna cannot call: there is no bet"):
        r.verify_call(seat=0)


def test_betting_into_a_bet_asks_for_a_raise() -> None:
    r = table()
    r.bet(seat=0, amount=2)
    with pytest.raises(IllegalActionError, match="the bet is already 2; raise instead"):
        r.verify_bet(seat=1, amount=3)


def test_raising_before_anyone_bets_asks_for_a_bet() -> None:
    r = table()
    with pytest.raises(IllegalActionError, match="nobody has bet; bet instead"):
        r.verify_raise_by(seat=0, amount=2)


# ---------------------------------------------------------------- limit structures


def test_the_house_spread_limit_allows_bets_of_one_to_five() -> None:
    r = table()
    assert r.can_bet(seat=0, amount=1)
    assert r.can_bet(seat=0, amount=5)
    with pytest.raises(BetSizeError, match=r"^Anna cannot bet 6: bets are 1 to 5$"):
        r.verify_bet(seat=0, amount=6)
    with pytest.raises(BetSizeError, match="at least 1 chip"):
        r.verify_bet(seat=0, amount=0)


def test_in_a_spread_limit_a_raise_of_one_after_five_is_a_full_raise() -> None:
    r = table(limit=SpreadLimit(min_bet=1, max_bet=5))
    r.bet(seat=0, amount=5)
    r.raise_by(seat=1, amount=1)
    r.call(seat=2)
    r.call(seat=3)
    assert r.can_raise_by(seat=0, amount=5)
    with pytest.raises(BetSizeError, match="raises are 1 to 5"):
        r.verify_raise_by(seat=0, amount=6)


def test_spit_in_the_ocean_bets_one_before_the_draw_and_two_after() -> None:
    before = table(limit=SPIT_BEFORE_DRAW)
    assert before.can_bet(seat=0, amount=1)
    with pytest.raises(BetSizeError, match="bets are exactly 1"):
        before.verify_bet(seat=0, amount=2)
    for seat in range(4):
        before.check(seat=seat)
    after = before.next_round(opener=0, limit=SPIT_AFTER_DRAW)
    after.bet(seat=0, amount=2)
    assert after.can_raise_by(seat=1, amount=2)
    assert not after.can_raise_by(seat=1, amount=1)


def test_pot_limit_bets_at_most_the_pot_and_raises_at_most_the_pot_after_the_call() -> None:
    r = table(limit=PotLimit(), put_in=[1, 1, 1, 1])
    assert r.bet_sizes() == (1, 4)
    assert not r.can_bet(seat=0, amount=5)
    r.bet(seat=0, amount=4)
    # Ben calls 4 (pot 12), then may raise by those 12: to 16.
    assert r.raise_sizes(1) == (4, 12)
    with pytest.raises(BetSizeError, match=r"raises are 4 to 12 \(pot limit\)"):
        r.verify_raise_by(seat=1, amount=13)
    r.raise_by(seat=1, amount=12)
    assert r.current_bet == 16


def test_no_limit_raises_at_least_the_largest_raise_so_far() -> None:
    r = table([100, 100, 100, 100], limit=NoLimit(min_bet=2))
    r.bet(seat=0, amount=10)
    assert not r.can_raise_by(seat=1, amount=9)
    r.raise_by(seat=1, amount=30)
    assert r.raise_sizes(2) == (30, None)
    assert r.can_raise_by(seat=2, amount=60)


def test_a_bet_beyond_the_stack_is_refused_with_the_stack_named() -> None:
    r = table([3, 50, 50, 50], limit=NoLimit())
    with pytest.raises(
        BetSizeError, match=r"^Anna cannot bet 4: that takes 4 chips and Anna has 3$"
    ):
        r.verify_bet(seat=0, amount=4)


# ---------------------------------------------------------------- the raise cap


def test_three_raises_cap_a_round_and_the_opening_bet_does_not_count() -> None:
    r = table()
    r.bet(seat=0, amount=1)
    r.raise_by(seat=1, amount=1)
    r.raise_by(seat=2, amount=1)
    r.raise_by(seat=3, amount=1)
    assert r.raises == 3
    with pytest.raises(
        RaiseCapError, match=r"^Anna cannot raise: the round is capped at 3 raises$"
    ):
        r.verify_raise_by(seat=0, amount=1)
    assert r.can_call(seat=0)


def test_no_cap_allows_raising_until_the_chips_run_out() -> None:
    r = table([100, 100], raise_cap=None)
    for i in range(10):
        if i == 0:
            r.bet(seat=0, amount=5)
        else:
            r.raise_by(seat=i % 2, amount=5)
    assert r.raises == 9


# ---------------------------------------------------------------- all-in


def test_an_all_in_call_for_less_puts_in_what_is_left() -> None:
    r = table([50, 3, 50, 50])
    r.bet(seat=0, amount=5)
    record = r.call(seat=1)
    assert (record.chips, record.all_in) == (3, True)
    assert r.is_all_in(1)
    r.call(seat=2)
    r.call(seat=3)
    assert r.is_over


def test_going_all_in_is_a_bet_a_raise_or_a_call_as_the_chips_make_it() -> None:
    r = table([4, 7, 2, 50])
    assert r.all_in(seat=0).kind is ActionKind.BET
    assert r.all_in(seat=1).kind is ActionKind.RAISE
    assert r.all_in(seat=2).kind is ActionKind.CALL
    assert r.bets == [4, 7, 2, 0]


def test_going_all_in_above_the_spread_is_refused() -> None:
    r = table([20, 50, 50, 50])
    with pytest.raises(BetSizeError, match="bets are 1 to 5"):
        r.verify_all_in(seat=0)


def test_an_all_in_below_the_smallest_bet_is_allowed() -> None:
    r = table([1, 50, 50, 50], limit=FixedLimit(amount=2))
    assert r.can_all_in(seat=0)
    assert not r.can_bet(seat=0, amount=2)


def test_an_all_in_for_less_than_a_full_raise_does_not_reopen_the_betting() -> None:
    r = table([50, 50, 3, 50], limit=FixedLimit(amount=2))
    r.bet(seat=0, amount=2)
    r.call(seat=1)
    r.all_in(seat=2)  # 3: a raise of only 1
    assert r.raises == 0
    r.call(seat=3)  # Dan has not acted yet, but chooses to call
    assert not r.can_raise_by(seat=0, amount=2)
    with pytest.raises(IllegalActionError, match="does not reopen the betting; call or fold"):
        r.verify_raise_by(seat=0, amount=2)
    assert r.can_call(seat=0)
    assert r.can_fold(seat=0)


def test_a_player_who_has_not_acted_may_raise_over_a_short_all_in() -> None:
    r = table([50, 3, 50, 50], limit=FixedLimit(amount=2))
    r.bet(seat=0, amount=2)
    r.all_in(seat=1)
    assert r.can_raise_by(seat=2, amount=2)


def test_nobody_may_raise_when_everyone_else_still_in_is_all_in() -> None:
    r = table([50, 5, 50], limit=NoLimit())
    r.bet(seat=0, amount=10)
    r.call(seat=1)
    r.fold(seat=2)
    assert r.is_over
    r2 = table([50, 5, 50], limit=NoLimit())
    r2.check(seat=0)
    r2.all_in(seat=1)
    r2.fold(seat=2)
    with pytest.raises(IllegalActionError, match="nobody else still in has chips to call it"):
        r2.verify_raise_by(seat=0, amount=5)
    assert r2.can_call(seat=0)


# ---------------------------------------------------------------- rounds in a hand, JSON


def test_the_next_round_carries_stacks_and_what_was_put_in() -> None:
    antes = post_antes(stacks=[50, 50, 50, 50], ante=1)
    r = table([49, 49, 49, 49], put_in=antes)
    r.bet(seat=0, amount=2)
    r.call(seat=1)
    r.fold(seat=2)
    r.call(seat=3)
    nxt = r.next_round(opener=draw_opener(dealer=3, seat_count=4, active=r.live_seats))
    assert nxt.put_in == [3, 3, 1, 3]
    assert nxt.stacks == [47, 47, 49, 47]
    assert nxt.folded == [False, False, True, False]
    assert nxt.to_act == [0, 1, 3]
    assert nxt.pot == 10


def test_the_next_round_waits_for_this_one_to_end() -> None:
    with pytest.raises(IllegalActionError, match="not over yet"):
        table().next_round(opener=0)


def test_a_round_survives_a_trip_through_json_and_plays_on_the_same() -> None:
    r = table(limit=PotLimit(), put_in=[1, 1, 1, 1])
    r.bet(seat=0, amount=3)
    r.raise_by(seat=1, amount=4)
    copy = BettingRound.from_dict(json.loads(json.dumps(r.to_dict())))
    assert copy == r
    assert copy.call(seat=2) == r.call(seat=2)
    assert copy.to_dict() == r.to_dict()


def test_a_broken_saved_round_is_refused() -> None:
    with pytest.raises(EngineError, match="not a saved betting round"):
        BettingRound.from_dict({"names": []})


@pytest.mark.parametrize(
    "limit",
    [
        SpreadLimit(),
        SpreadLimit(min_bet=2, max_bet=10),
        FixedLimit(amount=2),
        PotLimit(),
        NoLimit(),
    ],
)
def test_limits_survive_a_trip_through_json(limit: object) -> None:
    assert limit_from_dict(json.loads(json.dumps(limit_to_dict(limit)))) == limit  # type: ignore[arg-type]


def test_an_unknown_limit_is_refused_by_name() -> None:
    with pytest.raises(EngineError, match="unknown limit 'table stakes'"):
        limit_from_dict({"kind": "table stakes"})
    with pytest.raises(EngineError, match="largest bet"):
        SpreadLimit(min_bet=5, max_bet=2)


# ---------------------------------------------------------------- who opens, antes


def test_draw_games_open_with_the_first_active_player_left_of_the_dealer() -> None:
    assert clockwise_from_dealer_left(dealer=3, seat_count=4) == [0, 1, 2, 3]
    assert draw_opener(dealer=3, seat_count=4, active={1, 2, 3}) == 1
    assert draw_opener(dealer=1, seat_count=4, active={0, 1}) == 0


def test_stud_opens_with_the_best_showing_hand_ties_nearest_the_dealers_left() -> None:
    assert stud_opener(dealer=1, seat_count=4, showing={0: 70, 2: 90, 3: 90}) == 2
    assert stud_opener(dealer=2, seat_count=4, showing={0: 70, 2: 90, 3: 90}) == 3


def test_a_short_stack_antes_everything_it_has() -> None:
    assert post_antes(stacks=[10, 1, 0, 5], ante=2) == [2, 1, 0, 2]
    assert post_antes(stacks=[10, 10, 10], ante=1, anted={0, 2}) == [1, 0, 1]


# ---------------------------------------------------------------- random play


@st.composite
def played_hands(draw: st.DrawFn) -> tuple[list[int], list[BettingRound]]:
    n = draw(st.integers(2, 6))
    stacks = draw(st.lists(st.integers(1, 40), min_size=n, max_size=n))
    limits: list[Limit] = [SpreadLimit(), FixedLimit(amount=2), PotLimit(), NoLimit(min_bet=2)]
    limit = draw(st.sampled_from(limits))
    antes = post_antes(stacks=stacks, ante=1)
    r = BettingRound.start(
        stacks=[s - a for s, a in zip(stacks, antes, strict=True)],
        put_in=antes,
        opener=draw(st.integers(0, n - 1)),
        limit=limit,
        raise_cap=draw(st.sampled_from([None, 1, 3])),
    )
    rounds = [r]
    for _ in range(draw(st.integers(1, 4))):
        for _ in range(60):
            seat = r.actor
            if seat is None:
                break
            options = [
                k for k in ("check", "call", "fold", "all_in") if getattr(r, f"can_{k}")(seat=seat)
            ]
            for amount in (1, 2, 4, 9):
                if r.can_bet(seat=seat, amount=amount):
                    options.append(f"bet {amount}")
                if r.can_raise_by(seat=seat, amount=amount):
                    options.append(f"raise {amount}")
            choice = draw(st.sampled_from(options))
            if choice.startswith("bet"):
                r.bet(seat=seat, amount=int(choice.split()[1]))
            elif choice.startswith("raise"):
                r.raise_by(seat=seat, amount=int(choice.split()[1]))
            else:
                getattr(r, choice)(seat=seat)
        assert r.is_over, "a round must end within 60 actions"
        r = r.next_round(opener=draw(st.integers(0, n - 1)))
        rounds.append(r)
    return stacks, rounds


@settings(max_examples=examples(300))
@given(played_hands())
def test_random_legal_play_keeps_every_chip_and_ends_each_round_matched(
    hand: tuple[list[int], list[BettingRound]],
) -> None:
    stacks, rounds = hand
    for r in rounds:
        assert sum(r.stacks) + r.pot == sum(stacks)
        assert all(s >= 0 for s in r.stacks)
        if r.raise_cap is not None:
            assert r.raises <= r.raise_cap
    for r in rounds[:-1]:
        live = r.live_seats
        top = r.current_bet
        assert all(r.bets[s] == top or r.stacks[s] == 0 for s in live)
