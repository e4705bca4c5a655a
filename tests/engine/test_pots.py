"""Pots from contributions, awards pot by pot, odd chips by seat, and showdown scores."""

from __future__ import annotations

import doctest
import importlib

import pytest

from engine.cards import parse_cards
from engine.chips.pots import build_pots, pot_names, pot_payment, settle_pots
from engine.errors import (
    DuplicateCardError,
    NegativeAmountError,
    SettlementError,
    ShowdownMismatchError,
)
from engine.hands.rankings import BASEBALL_WILD, HighRanking
from engine.hands.showdown import scores_from_cards, scores_from_ranking


@pytest.mark.parametrize("name", ["engine.chips.pots", "engine.hands.showdown"])
def test_docstring_examples_hold(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0


def pots_of(**kwargs: object) -> list[tuple[int, tuple[int, ...]]]:
    split = build_pots(**kwargs)  # type: ignore[arg-type]
    return [(pot.amount, pot.eligible) for pot in split.pots]


# ---------------------------------------------------------------- building pots


def test_equal_contributions_make_one_main_pot() -> None:
    assert pots_of(contributions={0: 5, 1: 5, 2: 5}) == [(15, (0, 1, 2))]


def test_two_all_ins_at_different_levels_make_a_main_and_two_side_pots() -> None:
    assert pots_of(contributions={0: 3, 1: 8, 2: 20, 3: 20}, all_in={0, 1}) == [
        (12, (0, 1, 2, 3)),
        (15, (1, 2, 3)),
        (24, (2, 3)),
    ]


def test_layers_with_the_same_players_merge() -> None:
    # The folded player's 2 cuts a layer, but both layers can be won by the same three.
    assert pots_of(contributions={0: 6, 1: 6, 2: 6, 3: 2}, folded={3}) == [(20, (0, 1, 2))]


def test_folded_chips_stay_in_the_layer_they_were_put_into() -> None:
    split = build_pots(contributions={0: 2, 1: 10, 2: 10, 3: 6}, all_in={0}, folded={3})
    main, side = split.pots
    assert (main.amount, main.eligible, main.contributed[3]) == (8, (0, 1, 2), 2)
    assert (side.amount, side.eligible, side.contributed[3]) == (20, (1, 2), 4)


def test_an_uncalled_bet_goes_back_to_the_bettor() -> None:
    split = build_pots(contributions={0: 10, 1: 4, 2: 1}, all_in={1}, folded={2})
    assert [(p.amount, p.eligible) for p in split.pots] == [(9, (0, 1))]
    assert split.returned == {0: 6}
    assert split.uncalled == {0: 6}


def test_chips_no_player_still_in_covers_go_back_to_whoever_put_them_in() -> None:
    # Dan paid 9 then folded on a face-up 3; the two still in are all-in for 4.
    split = build_pots(contributions={0: 4, 1: 4, 2: 9}, all_in={0, 1}, folded={2})
    assert [(p.amount, p.eligible) for p in split.pots] == [(12, (0, 1))]
    assert split.returned == {2: 5}
    assert split.uncalled == {}


def test_a_pot_payment_can_be_won_by_everyone_still_in_who_is_not_all_in() -> None:
    # Anna paid the pot (15): Ben and Carla did not have to match it, yet can win it;
    # Dan, all-in for 3, can win only 3 from each.
    split = build_pots(contributions={0: 18, 1: 3, 2: 3, 3: 3}, all_in={3})
    assert [(p.amount, p.eligible) for p in split.pots] == [(12, (0, 1, 2, 3)), (15, (0, 1, 2))]


def test_everyone_folded_is_refused() -> None:
    with pytest.raises(SettlementError, match="everyone folded"):
        build_pots(contributions={0: 3, 1: 3}, folded={0, 1})


def test_negative_chips_are_refused() -> None:
    with pytest.raises(NegativeAmountError, match="seat 1 put in -2"):
        build_pots(contributions={0: 3, 1: -2})


def test_pots_are_named_main_then_side_pots_in_order() -> None:
    assert pot_names(3) == ["main pot", "side pot 1", "side pot 2"]


# ---------------------------------------------------------------- awarding


def test_each_pot_is_awarded_separately() -> None:
    split = build_pots(contributions={0: 3, 1: 8, 2: 8}, all_in={0})
    result = settle_pots(split, scores={0: 9, 1: 5, 2: 7}, order=[1, 2, 0])
    assert [award.winners for award in result.awards] == [(0,), (2,)]
    assert result.payouts() == {0: 9, 1: 0, 2: 10}
    assert result.net() == {0: 6, 1: -8, 2: 2}


def test_odd_chips_go_clockwise_from_the_dealers_left() -> None:
    # Dealer in seat 3 of five: the order from the dealer's left is 4, 0, 1, 2, 3.
    split = build_pots(contributions={0: 3, 1: 3, 2: 3, 3: 3, 4: 3})
    order = [4, 0, 1, 2, 3]
    result = settle_pots(split, scores={0: 5, 1: 1, 2: 1, 3: 1, 4: 5}, order=order)
    (award,) = result.awards
    assert (award.winners, award.share, award.odd_chips) == ((4, 0), 7, (4,))
    assert result.payouts() == {0: 7, 1: 0, 2: 0, 3: 0, 4: 8}


def test_two_odd_chips_go_one_each_to_the_first_two_tied_winners() -> None:
    split = build_pots(contributions={0: 4, 1: 4, 2: 4, 3: 2}, folded={3})
    result = settle_pots(split, scores={0: 1, 1: 1, 2: 1}, order=[1, 2, 3, 0])
    (award,) = result.awards
    assert (award.share, award.odd_chips) == (4, (1, 2))
    assert result.payouts() == {0: 4, 1: 5, 2: 5, 3: 0}


def test_odd_chips_are_given_pot_by_pot() -> None:
    split = build_pots(contributions={0: 3, 1: 6, 2: 6, 3: 1}, all_in={0}, folded={3})
    result = settle_pots(split, scores={0: 1, 1: 4, 2: 4}, order=[2, 3, 0, 1])
    main, side = result.awards
    assert (main.pot.amount, main.odd_chips) == (10, ())
    assert (side.pot.amount, side.odd_chips) == (6, ())
    result = settle_pots(
        build_pots(contributions={0: 3, 1: 6, 2: 6, 3: 2}, all_in={0}, folded={3}),
        scores={0: 1, 1: 4, 2: 4},
        order=[2, 3, 0, 1],
    )
    main, side = result.awards
    assert (main.pot.amount, main.winners, main.odd_chips) == (11, (2, 1), (2,))
    assert side.odd_chips == ()


def test_a_pot_only_one_player_can_win_needs_no_showdown() -> None:
    split = build_pots(contributions={0: 5, 1: 5, 2: 2}, folded={1, 2})
    assert settle_pots(split, scores={}, order=[1, 2, 0]).payouts() == {0: 12, 1: 0, 2: 0}


def test_a_contested_pot_without_a_score_is_refused() -> None:
    split = build_pots(contributions={0: 5, 1: 5})
    with pytest.raises(ShowdownMismatchError, match="no showdown result for seat 1"):
        settle_pots(split, scores={0: 3}, order=[1, 0])


# ---------------------------------------------------------------- Baseball pot payment


def test_paying_the_pot_costs_the_pot_or_the_whole_stack_if_shorter() -> None:
    assert pot_payment(pot=15, stack=40) == 15
    assert pot_payment(pot=15, stack=9) == 9
    assert pot_payment(pot=15, stack=None) == 15


# ---------------------------------------------------------------- showdown scores


def test_a_host_ranking_scores_the_best_group_highest_and_ties_equal() -> None:
    shown = scores_from_ranking([[2], [0, 3], [1]])
    assert shown.scores == {2: 3, 0: 2, 3: 2, 1: 1}
    assert shown.best([0, 1, 3]) == (0, 3)


@pytest.mark.parametrize(
    ("groups", "message"),
    [([[0], []], "empty place"), ([[0], [1, 0]], "seat 0 is ranked twice")],
)
def test_a_broken_host_ranking_is_refused(groups: list[list[int]], message: str) -> None:
    with pytest.raises(ShowdownMismatchError, match=message):
        scores_from_ranking(groups)


def test_cards_are_scored_with_the_games_wild_cards() -> None:
    baseball = HighRanking(wild=BASEBALL_WILD)
    shown = scores_from_cards(
        {0: parse_cards("Ks Kh 9d 3c 5s"), 1: parse_cards("As Ah Ad 7c 8s")}, ranking=baseball
    )
    assert shown.scores[0] > shown.scores[1]
    assert shown.names[0] == "four of a kind, kings"


def test_shared_cards_count_for_every_hand_and_are_not_duplicates() -> None:
    shown = scores_from_cards(
        {0: parse_cards("Ks Kh 2c 4d"), 1: parse_cards("Qs Qh 2d 4c")},
        ranking=HighRanking(wild=frozenset({5})),
        shared=parse_cards("7h"),
    )
    assert shown.names == {0: "three of a kind, kings", 1: "three of a kind, queens"}


def test_the_same_card_in_two_hands_is_refused() -> None:
    with pytest.raises(DuplicateCardError, match="As appears twice"):
        scores_from_cards({0: parse_cards("As Kd"), 1: parse_cards("As Qd")})
