"""Hold'em and Omaha hands: worked examples, properties, and PokerKit as a peer.

Omaha's rule is exactly two hole cards with exactly three board cards, for the
high and (eight or better) for the low; Hold'em takes the best five of all.
The brute-force checks build every two-and-three hand and rate it with the
rankings that already exist (standard high, ace-to-five low of five cards).
"""

from __future__ import annotations

import doctest
import importlib
from itertools import combinations

import pokerkit as pk
import pytest
from helpers.profiles import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import format_cards, parse_cards
from engine.errors import DuplicateCardError, EngineError
from engine.hands.categories import Category
from engine.hands.evaluate import evaluate, fast_evaluator, strength
from engine.hands.hole_board import holdem_high, omaha_hi_lo, omaha_high, omaha_low
from engine.hands.low_eight import NO_LOW, LowEightRanking
from engine.hands.omaha import OmahaLowRanking, OmahaRanking
from engine.hands.rankings import BASEBALL_WILD, STANDARD, HighRanking, LowRanking
from engine.hands.showdown import scores_from_cards

OMAHA = OmahaRanking()
OMAHA_LOW = OmahaLowRanking()
FIVE_LOW = LowRanking(size=5)

# hole cards, board, the high hand, the low hand (None: no qualifying low)
OMAHA_EXAMPLES = [
    # Broadway from A-K in the hand; the five-spade board is no flush with one spade held.
    ("As Kd 7c 2h", "Qs Js Ts 5s 3s", "straight, ace high", None),
    # Hold'em would be a king-high flush; here only the hand's pair of fours plays.
    ("Ah 9s 4c 4d", "Ks Qs 8s 6s 2s", "pair of fours", "8-6-4-2-A low"),
    # Four aces in the hand are one pair: two hole cards only.
    ("As Ah Ad Ac", "Kc 9d 7h 4s 2c", "pair of aces", None),
    # Three of the board's low cards with A-3 from the hand; the high is a six-high straight.
    ("As 3d 5c 7h", "2c 4h 6d Ks Kd", "straight, six high", "6-4-3-2-A low"),
    # A-2 in the hand against a board pairing them: A-A-2-2 high, and still an 8-4-3-2-A low.
    ("As 2s Kd Qd", "Ac 2c 3h 4h 8d", "two pair, aces and twos", "8-4-3-2-A low"),
    # Only two low cards on the board: no low, whatever the hand holds.
    ("As 2d 3c 4h", "5c 9h Qd Qs Jd", "pair of queens", None),
    # A nine is no low card: 9-5-3-2-A does not qualify.
    ("As 2d Kc Qh", "3c 5h 9d Qs Js", "pair of queens", None),
    # A flop alone: the hand is exactly these five.
    ("8h 7h Kc Kd", "6h 5h 2h", "flush, eight high", "8-7-6-5-2 low"),
]


def cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


@pytest.mark.parametrize(("hole", "board", "high", "low"), OMAHA_EXAMPLES)
def test_omaha_worked_examples(hole: str, board: str, high: str, low: str | None) -> None:
    hand = omaha_hi_lo(cards(hole), cards(board))
    assert hand.high.name() == high
    assert (hand.low.name() if hand.low else None) == low
    everything = cards(hole) + cards(board)
    assert strength(everything, OMAHA) == hand.high.strength
    assert strength(everything, OMAHA_LOW) == (hand.low.strength if hand.low else NO_LOW)


def test_holdem_plays_the_board_where_omaha_cannot() -> None:
    board = cards("Ks Qs 8s 6s 2s")
    assert holdem_high(cards("Ah 9s"), board).name() == "flush, king high"
    assert holdem_high(cards("Ah 9h"), board).name() == "flush, king high"  # the board plays
    assert omaha_high(cards("Ah 9s 4c 4d"), board).category is Category.PAIR


def test_omaha_hands_are_named_in_german_too() -> None:
    hand = omaha_hi_lo(cards("Ah 9s 4c 4d"), cards("Ks Qs 8s 6s 2s"))
    assert hand.high.name("de") == "Paar, Vierer"
    assert hand.low is not None
    assert hand.low.name("de") == "Low 8-6-4-2-A"
    nothing = evaluate(cards("As Kd 7c 2h Qs Js Ts 5s 3s"), OMAHA_LOW)
    assert (nothing.strength, nothing.best) == (NO_LOW, ())
    assert (nothing.name(), nothing.name("de")) == ("no low", "kein Low")


def test_the_showdown_rates_omaha_hands_with_the_board_as_shared_cards() -> None:
    board = parse_cards("Ks Qs 8s 6s 2s")
    hands = {0: parse_cards("Ah 9s 4c 4d"), 1: parse_cards("As 3s Jc Tc")}
    high = scores_from_cards(hands, ranking=OMAHA, shared=board)
    low = scores_from_cards(hands, ranking=OMAHA_LOW, shared=board)
    assert high.names == {0: "pair of fours", 1: "flush, ace high"}
    assert low.names == {0: "8-6-4-2-A low", 1: "8-6-3-2-A low"}
    assert high.scores[1] > high.scores[0]
    assert low.scores[1] > low.scores[0]


def test_the_low_shows_its_five_cards_two_from_the_hand() -> None:
    hole, board = cards("As 2s Kd Qd"), cards("Ac 2c 3h 4h 8d")
    low = omaha_low(hole, board)
    assert low is not None
    used = [int(b.card) for b in low.best]
    assert len([c for c in used if c in hole]) == 2
    assert len([c for c in used if c in board]) == 3
    assert str(low.best[0].card) == "8d"  # the highest low card first


@pytest.mark.parametrize(
    ("text", "ranking"),
    [
        ("As Kd 7c 2h Qs Js", OMAHA),  # a board of two
        ("As Kd 7c 2h Qs Js Ts 5s 3s 4d", OMAHA),  # a board of six
        ("As Kd 7c Qs Js Ts", OmahaRanking(hole=4)),
        ("As Kd 7c 2h Qs Js", OMAHA_LOW),
    ],
)
def test_a_wrong_number_of_cards_is_refused_clearly(text: str, ranking: OmahaRanking) -> None:
    with pytest.raises(EngineError, match="hole cards and a board of 3 to 5") as raised:
        evaluate(cards(text), ranking)
    assert raised.value.code == "omaha_card_count"
    with pytest.raises(EngineError, match="hole cards and a board of 3 to 5"):
        strength(cards(text), ranking)


def test_holdem_wants_two_hole_cards_and_omaha_at_least_two() -> None:
    with pytest.raises(EngineError, match="2 hole cards") as raised:
        holdem_high(cards("As Kd 7c"), cards("Qs Js Ts"))
    assert raised.value.code == "holdem_card_count"
    with pytest.raises(EngineError, match="at least 2 hole cards"):
        OmahaRanking(hole=1)
    with pytest.raises(DuplicateCardError, match="As appears twice"):
        omaha_high(cards("As Kd 7c 2h"), cards("As Js Ts"))


def test_eight_or_better_over_any_cards_matches_the_five_card_low_when_it_qualifies() -> None:
    seven = cards("Kd 7s 2c 4h As 5d 4c")
    value = evaluate(seven, LowEightRanking())
    assert value.name() == "7-5-4-2-A low"
    assert value.strength == strength(seven, LowEightRanking())
    assert value.strength == evaluate(seven, FIVE_LOW).strength
    assert strength(cards("Kd 9s 2c 4h As 5d 4c"), LowEightRanking()) == NO_LOW


# ---------------------------------------------------------------- properties

deals = st.permutations(range(52))


def brute_high(hole: list[int], board: list[int]) -> int:
    return max(
        evaluate([*pair, *trio], STANDARD).strength
        for pair in combinations(hole, 2)
        for trio in combinations(board, 3)
    )


def brute_low(hole: list[int], board: list[int]) -> int:
    """The best five-card ace-to-five low of two and three that is five ranks 8 or lower."""
    best = NO_LOW
    for pair in combinations(hole, 2):
        for trio in combinations(board, 3):
            five = [*pair, *trio]
            ranks = {c >> 2 for c in five}
            if len(ranks) == 5 and all(r <= 6 or r == 12 for r in ranks):
                best = max(best, evaluate(five, FIVE_LOW).strength)
    return best


@settings(max_examples=examples(300))
@given(deck=deals, hole_size=st.integers(4, 6), board_size=st.integers(3, 5))
def test_omaha_is_the_best_two_and_three(deck: list[int], hole_size: int, board_size: int) -> None:
    hole, board = deck[:hole_size], deck[hole_size : hole_size + board_size]
    everything = hole + board
    high = evaluate(everything, OmahaRanking(hole=hole_size))
    assert high.strength == brute_high(hole, board)
    assert strength(everything, OmahaRanking(hole=hole_size)) == high.strength
    used = [int(b.card) for b in high.best]
    assert (len(set(used) & set(hole)), len(set(used) & set(board))) == (2, 3)
    low = evaluate(everything, OmahaLowRanking(hole=hole_size))
    assert low.strength == brute_low(hole, board)
    assert strength(everything, OmahaLowRanking(hole=hole_size)) == low.strength
    if low.strength != NO_LOW:
        used = [int(b.card) for b in low.best]
        assert (len(set(used) & set(hole)), len(set(used) & set(board))) == (2, 3)


@st.composite
def flush_boards(draw: st.DrawFn) -> tuple[list[int], list[int]]:
    """Five board cards of one suit; a hand with one card of that suit and three others."""
    suit = draw(st.integers(0, 3))
    ranks = draw(st.lists(st.integers(0, 12), min_size=6, max_size=6, unique=True))
    board, suited = [r * 4 + suit for r in ranks[:5]], ranks[5] * 4 + suit
    off_suit = [c for c in range(52) if c & 3 != suit]
    others = draw(st.lists(st.sampled_from(off_suit), min_size=3, max_size=3, unique=True))
    hole = draw(st.permutations([suited, *others]))
    return hole, board


@settings(max_examples=examples(300))
@given(hand=flush_boards())
def test_a_flush_board_with_one_suited_hole_card_is_no_flush(
    hand: tuple[list[int], list[int]],
) -> None:
    hole, board = hand
    high = omaha_high(hole, board)
    assert high.category not in (Category.FLUSH, Category.STRAIGHT_FLUSH)
    assert strength(hole + board, OMAHA) == high.strength
    # Hold'em with any two of those cards plays the board's flush.
    assert holdem_high(hole[:2], board).category in (Category.FLUSH, Category.STRAIGHT_FLUSH)


@settings(max_examples=examples(200))
@given(deck=deals)
def test_the_low_half_needs_five_low_ranks_two_from_the_hand(deck: list[int]) -> None:
    hole, board = deck[:4], deck[4:9]
    low = omaha_low(hole, board)
    low_ranks = {r for r in range(13) if r <= 6 or r == 12}
    hole_lows = {c >> 2 for c in hole} & low_ranks
    board_lows = {c >> 2 for c in board} & low_ranks
    possible = any(
        len(set(pair) | set(trio)) == 5
        for pair in combinations(sorted(hole_lows), 2)
        for trio in combinations(sorted(board_lows), 3)
    )
    assert (low is not None) == possible


@settings(max_examples=examples(300))
@given(
    deck=deals,
    parts=st.sampled_from([(2, 3), (3, 2), (1, 4), (2, 4), (3, 3)]),
    wild=st.sampled_from([frozenset(), BASEBALL_WILD]),
)
def test_best_combination_is_the_best_of_its_parts(
    deck: list[int], parts: tuple[int, int], wild: frozenset[int]
) -> None:
    """Any split of the parts, wild cards or not (Baseball's 3s and 9s)."""
    from_hole, from_board = parts
    hole, board = deck[:4], deck[4:9]
    evaluator = fast_evaluator(wild)
    best = evaluator.best_combination(hole, board, from_hole=from_hole, from_board=from_board)
    ranking = HighRanking(wild=wild)
    assert best == max(
        evaluate([*pair, *trio], ranking).strength
        for pair in combinations(hole, from_hole)
        for trio in combinations(board, from_board)
    )


# ---------------------------------------------------------------- PokerKit as a peer


def pk_cards(codes: list[int]) -> str:
    return format_cards(codes).replace(" ", "")


def pk_low(hole: list[int], board: list[int]) -> pk.Hand | None:
    try:
        return pk.OmahaEightOrBetterLowHand.from_game(pk_cards(hole), pk_cards(board))
    except ValueError:  # PokerKit's way of saying: no qualifying low
        return None


def same_order(ours: list[int], theirs: list[pk.Hand]) -> bool:
    """Both rate every pair of hands the same way: better, equal or worse."""
    for a, b in combinations(range(len(ours)), 2):
        if (ours[a] > ours[b], ours[a] == ours[b]) != (
            theirs[a] > theirs[b],
            theirs[a] == theirs[b],
        ):
            return False
    return True


@settings(max_examples=examples(2000))
@given(deck=deals, players=st.integers(2, 8))
def test_omaha_high_and_low_agree_with_pokerkit(deck: list[int], players: int) -> None:
    board = deck[-5:]
    holes = [deck[4 * i : 4 * i + 4] for i in range(players)]
    highs = [omaha_high(hole, board).strength for hole in holes]
    assert same_order(
        highs, [pk.OmahaHoldemHand.from_game(pk_cards(h), pk_cards(board)) for h in holes]
    )
    lows = [omaha_low(hole, board) for hole in holes]
    theirs = [pk_low(hole, board) for hole in holes]
    assert [low is None for low in lows] == [low is None for low in theirs]
    both = [(ours, peer) for ours, peer in zip(lows, theirs, strict=True) if ours and peer]
    assert same_order([ours.strength for ours, _ in both], [peer for _, peer in both])


@settings(max_examples=examples(3000))
@given(deck=deals, players=st.integers(2, 10))
def test_holdem_agrees_with_pokerkit(deck: list[int], players: int) -> None:
    board = deck[-5:]
    holes = [deck[2 * i : 2 * i + 2] for i in range(players)]
    ours = [holdem_high(hole, board).strength for hole in holes]
    theirs = [pk.StandardHighHand.from_game(pk_cards(h), pk_cards(board)) for h in holes]
    assert same_order(ours, theirs)


@pytest.mark.parametrize(
    "name",
    [
        "engine.hands.low_eight",
        "engine.hands.omaha",
        "engine.hands.hole_board",
        "engine.bench.bench_omaha",
    ],
)
def test_docstring_examples_hold(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0
