"""Two- and three-card Guts (RULING 5) and ace-to-five low (RULING 6).

Strengths are compared only within one ranking; the expectations are orderings,
not particular integers.
"""

from __future__ import annotations

import itertools
import random

import pytest

from engine.cards import parse_cards
from engine.hands.categories import Category
from engine.hands.evaluate import HandValue, evaluate, strength
from engine.hands.rankings import Guts2Ranking, Guts3Ranking, LowRanking, Ranking

GUTS2 = Guts2Ranking()
GUTS3 = Guts3Ranking()
LOW3 = LowRanking(size=3)
LOW5 = LowRanking()


def ev(hand: str, ranking: Ranking) -> HandValue:
    value = evaluate(parse_cards(hand), ranking)
    assert value.strength == strength(parse_cards(hand), ranking), hand
    return value


def s(hand: str, ranking: Ranking) -> int:
    return ev(hand, ranking).strength


def assert_order(hands: list[str], ranking: Ranking) -> None:
    """``hands`` are listed best first, each strictly better than the next."""
    values = [s(h, ranking) for h in hands]
    for better, worse, a, b in zip(hands, hands[1:], values, values[1:], strict=False):
        assert a > b, f"{better} should beat {worse}"


def used(value: HandValue) -> set[str]:
    return {str(b.card) for b in value.best}


# ------------------------------------------------------------ two-card Guts


def test_guts2_a_pair_beats_no_pair() -> None:
    assert s("2♠ 2♥", GUTS2) > s("A♠ K♥", GUTS2)
    assert ev("2♠ 2♥", GUTS2).category is Category.PAIR
    assert ev("A♠ K♥", GUTS2).category is Category.HIGH_CARD


def test_guts2_order_of_hands() -> None:
    assert_order(
        [
            "A♠ A♥",
            "K♠ K♥",
            "3♠ 3♥",
            "2♠ 2♥",
            "A♣ K♦",
            "A♣ Q♦",
            "A♣ 2♦",
            "K♣ Q♦",
            "K♣ J♦",
            "K♣ 2♦",
            "4♣ 3♦",
            "4♣ 2♦",
            "3♣ 2♦",
        ],
        GUTS2,
    )


def test_guts2_no_straights_or_flushes_and_suits_never_count() -> None:
    assert s("K♠ Q♠", GUTS2) == s("K♥ Q♦", GUTS2)
    assert s("A♠ 2♠", GUTS2) == s("A♥ 2♦", GUTS2)
    assert s("8♠ 7♠", GUTS2) < s("9♥ 2♦", GUTS2)
    assert ev("8♠ 7♠", GUTS2).category is Category.HIGH_CARD


def test_guts2_card_order_does_not_matter() -> None:
    assert s("Q♦ K♠", GUTS2) == s("K♠ Q♦", GUTS2)


def test_guts2_every_pair_beats_every_unpaired_hand() -> None:
    deck = [c for c in range(52) if c & 3 in (0, 1)]  # two suits: every rank pair occurs
    pairs, unpaired = [], []
    for hand in itertools.combinations(deck, 2):
        value = strength(hand, GUTS2)
        (pairs if hand[0] >> 2 == hand[1] >> 2 else unpaired).append(value)
    assert min(pairs) > max(unpaired)
    # Thirteen distinct pairs, 78 distinct unpaired hands: nothing else breaks ties.
    assert len(set(pairs)) == 13
    assert len(set(unpaired)) == 78


def test_guts2_best_two_of_three_cards() -> None:
    # Psycho Shelby, round one: three cards, best two.
    value = ev("K♠ 7♥ K♦", GUTS2)
    assert len(value.best) == 2
    assert used(value) == {"Ks", "Kd"}
    assert value.strength == s("K♣ K♥", GUTS2)
    value = ev("9♠ A♥ 4♦", GUTS2)
    assert used(value) == {"Ah", "9s"}
    assert value.strength == s("A♣ 9♥", GUTS2)


# ---------------------------------------------------------- three-card Guts

TRIPS = "2♠ 2♥ 2♦"
STRAIGHT_FLUSH = "Q♠ K♠ A♠"
STRAIGHT = "Q♠ K♥ A♦"
FLUSH = "A♣ K♣ 9♣"
PAIR = "A♠ A♥ K♦"
HIGH = "A♠ K♥ J♦"


def test_guts3_default_order() -> None:
    assert_order([TRIPS, STRAIGHT_FLUSH, STRAIGHT, FLUSH, PAIR, HIGH], GUTS3)
    # Each step holds from the weakest of the better kind to the strongest of the next.
    assert_order(["2♠ 2♥ 2♦", "Q♥ K♥ A♥"], GUTS3)
    assert_order(["A♣ 2♣ 3♣", "Q♠ K♥ A♦"], GUTS3)
    assert_order(["A♠ 2♥ 3♦", "A♣ K♣ J♣"], GUTS3)
    assert_order(["5♣ 3♣ 2♣", "A♠ A♥ K♦"], GUTS3)
    assert_order(["2♠ 2♥ 3♦", "A♠ K♥ J♦"], GUTS3)


def test_guts3_categories() -> None:
    expected = {
        TRIPS: Category.THREE_OF_A_KIND,
        STRAIGHT_FLUSH: Category.STRAIGHT_FLUSH,
        STRAIGHT: Category.STRAIGHT,
        FLUSH: Category.FLUSH,
        PAIR: Category.PAIR,
        HIGH: Category.HIGH_CARD,
    }
    for hand, category in expected.items():
        assert ev(hand, GUTS3).category is category, hand


def test_guts3_a23_and_qka_are_straights_but_k_a_2_is_not() -> None:
    assert ev("A♠ 2♥ 3♦", GUTS3).category is Category.STRAIGHT
    assert ev("Q♠ K♥ A♦", GUTS3).category is Category.STRAIGHT
    assert ev("A♠ 2♠ 3♠", GUTS3).category is Category.STRAIGHT_FLUSH
    assert ev("K♠ A♥ 2♦", GUTS3).category is Category.HIGH_CARD
    assert ev("2♠ 4♥ 3♦", GUTS3).category is Category.STRAIGHT


def test_guts3_straights_are_ordered_by_their_top_card() -> None:
    # A-2-3 is the lowest straight (the ace plays low), Q-K-A the highest.
    assert_order(["Q♠ K♥ A♦", "J♠ Q♥ K♦", "3♠ 4♥ 5♦", "2♠ 3♥ 4♦", "A♠ 2♥ 3♦"], GUTS3)
    assert_order(["Q♣ K♣ A♣", "2♣ 3♣ 4♣", "A♥ 2♥ 3♥"], GUTS3)


def test_guts3_ties_within_a_kind() -> None:
    assert_order(["A♣ K♣ 9♣", "A♥ K♥ 8♥", "A♦ Q♦ J♦"], GUTS3)
    assert_order(["A♠ A♥ 3♦", "A♠ A♥ 2♦", "K♠ K♥ A♦"], GUTS3)
    assert_order(["A♠ K♥ 9♦", "A♠ K♥ 8♦", "A♠ Q♥ J♦"], GUTS3)
    assert s("A♠ K♥ 9♦", GUTS3) == s("9♠ A♣ K♦", GUTS3)
    assert s("Q♠ K♥ A♦", GUTS3) == s("Q♣ K♣ A♥", GUTS3)


@pytest.mark.parametrize(
    ("ranking", "order"),
    [
        (Guts3Ranking(), [TRIPS, STRAIGHT_FLUSH, STRAIGHT, FLUSH, PAIR, HIGH]),
        (
            Guts3Ranking(straight_flush_over_trips=True),
            [STRAIGHT_FLUSH, TRIPS, STRAIGHT, FLUSH, PAIR, HIGH],
        ),
        (
            Guts3Ranking(flush_over_straight=True),
            [TRIPS, STRAIGHT_FLUSH, FLUSH, STRAIGHT, PAIR, HIGH],
        ),
        (
            Guts3Ranking(straight_flush_over_trips=True, flush_over_straight=True),
            [STRAIGHT_FLUSH, TRIPS, FLUSH, STRAIGHT, PAIR, HIGH],
        ),
    ],
)
def test_guts3_options_swap_the_order(ranking: Guts3Ranking, order: list[str]) -> None:
    assert_order(order, ranking)
    # The weakest of each kind still beats the strongest of the next.
    weakest = {
        TRIPS: "2♠ 2♥ 2♦",
        STRAIGHT_FLUSH: "A♣ 2♣ 3♣",
        STRAIGHT: "A♠ 2♥ 3♦",
        FLUSH: "5♣ 3♣ 2♣",
        PAIR: "2♠ 2♥ 3♦",
    }
    strongest = {
        STRAIGHT_FLUSH: "Q♥ K♥ A♥",
        TRIPS: "A♠ A♥ A♦",
        STRAIGHT: "Q♠ K♥ A♦",
        FLUSH: "A♣ K♣ J♣",
        PAIR: "A♠ A♥ K♦",
        HIGH: "A♠ K♥ J♦",
    }
    for better, worse in itertools.pairwise(order):
        assert s(weakest[better], ranking) > s(strongest[worse], ranking), (better, worse)


def test_guts3_every_three_card_hand_falls_in_its_kind() -> None:
    """Exhaustively: the kinds never overlap in strength, in the default order."""
    by_category: dict[Category, list[int]] = {}
    for hand in itertools.combinations(range(52), 3):
        value = evaluate(hand, GUTS3)
        by_category.setdefault(value.category, []).append(value.strength)
    order = [
        Category.HIGH_CARD,
        Category.PAIR,
        Category.FLUSH,
        Category.STRAIGHT,
        Category.STRAIGHT_FLUSH,
        Category.THREE_OF_A_KIND,
    ]
    assert set(by_category) == set(order)
    for worse, better in itertools.pairwise(order):
        assert max(by_category[worse]) < min(by_category[better]), (worse, better)
    # Of the 22,100 hands: 12 straights (A-2-3 to Q-K-A) in each suit, 13 x 4 trips.
    assert len(by_category[Category.STRAIGHT_FLUSH]) == 48
    assert len(by_category[Category.THREE_OF_A_KIND]) == 52
    assert len(by_category[Category.STRAIGHT]) == 12 * (64 - 4)
    assert len(by_category[Category.FLUSH]) == 4 * (286 - 12)
    assert len(by_category[Category.PAIR]) == 13 * 6 * 48


# --------------------------------------------------------------- ace-to-five low


def test_low_3_2_a_is_the_best_three_card_low() -> None:
    best = s("3♠ 2♥ A♦", LOW3)
    for hand in itertools.combinations(range(52), 3):
        assert strength(hand, LOW3) <= best
    assert best > s("4♠ 2♥ A♦", LOW3)


def test_low_order_of_no_pair_hands() -> None:
    assert_order(
        [
            "3♠ 2♥ A♦",
            "4♠ 2♥ A♦",
            "4♠ 3♥ A♦",
            "4♠ 3♥ 2♦",
            "5♠ 2♥ A♦",
            "8♠ 7♥ 6♦",
            "K♠ 2♥ A♦",
            "K♠ Q♥ J♦",
        ],
        LOW3,
    )
    assert ev("3♠ 2♥ A♦", LOW3).category is Category.HIGH_CARD


def test_low_aces_are_low() -> None:
    assert s("A♠ 2♥ 4♦", LOW3) > s("2♠ 3♥ 4♦", LOW3)
    assert s("A♠ K♥ Q♦", LOW3) > s("K♠ Q♥ J♦", LOW3)


def test_low_pairs_count_against_you() -> None:
    worst_no_pair = s("K♠ Q♥ J♦", LOW3)
    assert s("A♠ A♥ 2♦", LOW3) < worst_no_pair
    assert ev("A♠ A♥ 2♦", LOW3).category is Category.PAIR
    # Among pairs, lower is better, aces lowest of all.
    assert_order(["A♠ A♥ 2♦", "2♠ 2♥ A♦", "2♠ 2♥ 3♦", "3♠ 3♥ A♦", "K♠ K♥ A♦", "K♠ K♥ Q♦"], LOW3)
    assert s("K♠ K♥ Q♦", LOW3) > s("2♠ 2♥ 2♦", LOW3)


def test_low_every_pair_is_worse_than_every_no_pair() -> None:
    no_pair, paired = [], []
    for hand in itertools.combinations(range(0, 52, 1), 3):
        if len({c & 3 for c in hand}) == 1:
            continue  # flushes are checked separately
        value = strength(hand, LOW3)
        (no_pair if len({c >> 2 for c in hand}) == 3 else paired).append(value)
    assert min(no_pair) > max(paired)


def test_low_straights_are_ignored() -> None:
    # 3-2-A and 4-3-2 are "straights" in high poker; in low they are just low cards.
    assert s("4♠ 3♥ 2♦", LOW3) > s("5♠ 3♥ 2♦", LOW3)
    assert s("6♠ 5♥ 4♦", LOW3) > s("7♠ 4♥ 2♦", LOW3)
    assert s("5♠ 4♥ 3♦ 2♣ A♠", LOW5) > s("6♠ 4♥ 3♦ 2♣ A♦", LOW5)
    assert ev("5♠ 4♥ 3♦ 2♣ A♠", LOW5).category is Category.HIGH_CARD


def test_low_flushes_are_ignored_by_default() -> None:
    assert s("3♠ 2♠ A♠", LOW3) == s("3♥ 2♦ A♣", LOW3)
    assert s("8♣ 5♣ 4♣ 2♣ A♣", LOW5) == s("8♣ 5♦ 4♣ 2♣ A♣", LOW5)
    assert ev("3♠ 2♠ A♠", LOW3).category is Category.HIGH_CARD


def test_low_flushes_count_against_you_as_an_option() -> None:
    ranking = LowRanking(size=3, flushes_count=True)
    suited = s("3♠ 2♠ A♠", ranking)
    assert suited < s("3♥ 2♦ A♣", ranking)
    # Like a pair, a flush is worse than every low without one.
    assert suited < s("K♠ Q♥ J♦", ranking)
    five = LowRanking(flushes_count=True)
    assert s("8♣ 5♣ 4♣ 2♣ A♣", five) < s("K♣ Q♦ J♣ 10♣ 9♣", five)


def test_low_best_three_of_five() -> None:
    value = ev("A♠ K♥ 2♦ Q♣ 3♠", LOW3)
    assert len(value.best) == 3
    assert used(value) == {"As", "2d", "3s"}
    assert value.strength == s("A♥ 2♣ 3♦", LOW3)
    # Pairs in five cards are avoided when three unpaired cards exist.
    value = ev("A♠ A♥ 2♦ 2♣ 5♠", LOW3)
    assert value.category is Category.HIGH_CARD
    assert value.strength == s("5♥ 2♥ A♦", LOW3)
    # If all five are paired up, the best pair is taken.
    value = ev("7♠ 7♥ 8♦ 8♣ 7♦", LOW3)
    assert value.category is Category.PAIR
    assert value.strength == s("7♠ 7♥ 8♦", LOW3)


def test_low_best_three_of_five_avoids_a_flush_when_flushes_count() -> None:
    ranking = LowRanking(size=3, flushes_count=True)
    value = ev("A♠ 2♠ 3♠ 4♥ K♦", ranking)
    assert value.strength == s("A♣ 2♦ 4♥", ranking)
    assert value.strength > s("A♠ 2♠ 3♠", ranking)
    # Flushes ignored: the same five give 3-2-A.
    assert ev("A♠ 2♠ 3♠ 4♥ K♦", LOW3).strength == s("A♣ 2♦ 3♥", LOW3)


def test_low_best_three_matches_a_brute_force_over_all_choices() -> None:
    rng = random.Random(6)
    for _ in range(300):
        hand = rng.sample(range(52), 5)
        expected = max(strength(list(c), LOW3) for c in itertools.combinations(hand, 3))
        assert strength(hand, LOW3) == expected, hand
