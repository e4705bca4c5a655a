"""Properties of the high ranking that hold for every hand (hypothesis)."""

from __future__ import annotations

import random

from brute_force import brute_strength
from helpers.profiles import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.hands.categories import Category, decode
from engine.hands.evaluate import FastEvaluator, evaluate, strength
from engine.hands.rankings import STANDARD, HighRanking

PROPERTY_SETTINGS = settings(max_examples=examples(200))

CARD = st.integers(min_value=0, max_value=51)
WILD = st.frozensets(st.integers(min_value=0, max_value=12), max_size=3)


def hands(min_size: int = 1, max_size: int = 10) -> st.SearchStrategy[list[int]]:
    return st.lists(CARD, min_size=min_size, max_size=max_size, unique=True)


@st.composite
def wild_heavy_hands(draw: st.DrawFn, max_size: int = 10) -> tuple[list[int], frozenset[int]]:
    """A wild rank set and a hand that holds some of its cards (as Baseball hands do)."""
    wild = draw(st.frozensets(st.integers(0, 12), min_size=1, max_size=3))
    wild_cards = [c for c in range(52) if c >> 2 in wild]
    n_wild = draw(st.integers(0, min(5, len(wild_cards))))
    chosen = draw(
        st.lists(st.sampled_from(wild_cards), min_size=n_wild, max_size=n_wild, unique=True)
    )
    rest = draw(
        st.lists(
            CARD.filter(lambda c: c not in chosen),
            min_size=max(0, 1 - n_wild),
            max_size=max_size - n_wild,
            unique=True,
        )
    )
    return draw(st.permutations(chosen + rest)), wild


ANY_HAND = st.one_of(st.tuples(hands(), WILD), wild_heavy_hands())


@PROPERTY_SETTINGS
@given(ANY_HAND, CARD)
def test_adding_a_card_never_makes_a_hand_worse(
    hand_wild: tuple[list[int], frozenset[int]], extra: int
) -> None:
    hand, wild = hand_wild
    if extra in hand or len(hand) >= 10:
        return
    ranking = HighRanking(wild=wild)
    assert strength([*hand, extra], ranking) >= strength(hand, ranking), (hand, extra, wild)


@PROPERTY_SETTINGS
@given(hands(max_size=4), CARD, WILD)
def test_adding_a_card_to_an_incomplete_hand_always_makes_it_better(
    hand: list[int], extra: int, wild: frozenset[int]
) -> None:
    # Stronger than "never worse": the new card fills a slot that counted 0.
    if extra in hand:
        return
    ranking = HighRanking(wild=wild)
    bigger = strength([*hand, extra], ranking)
    assert bigger > strength(hand, ranking), (hand, extra, wild)


@PROPERTY_SETTINGS
@given(ANY_HAND, st.permutations(range(4)))
def test_permuting_suits_never_changes_strength(
    hand_wild: tuple[list[int], frozenset[int]], suits: list[int]
) -> None:
    hand, wild = hand_wild
    ranking = HighRanking(wild=wild)
    renamed = [(c & ~3) | suits[c & 3] for c in hand]
    assert strength(renamed, ranking) == strength(hand, ranking)
    assert evaluate(renamed, ranking).category == evaluate(hand, ranking).category


@PROPERTY_SETTINGS
@given(ANY_HAND, st.randoms(use_true_random=False))
def test_card_order_never_matters(
    hand_wild: tuple[list[int], frozenset[int]], rnd: random.Random
) -> None:
    hand, wild = hand_wild
    ranking = HighRanking(wild=wild)
    shuffled = list(hand)
    rnd.shuffle(shuffled)
    assert strength(shuffled, ranking) == strength(hand, ranking)
    assert evaluate(shuffled, ranking).strength == evaluate(hand, ranking).strength


@PROPERTY_SETTINGS
@given(ANY_HAND)
def test_every_path_gives_the_same_strength(hand_wild: tuple[list[int], frozenset[int]]) -> None:
    hand, wild = hand_wild
    ranking = HighRanking(wild=wild)
    value = evaluate(hand, ranking)
    assert strength(hand, ranking) == value.strength
    assert FastEvaluator(wild).strength(hand) == value.strength
    assert value.strength == brute_strength(hand, wild)
    tier, _ = decode(value.strength)
    assert value.category == Category(tier)
    assert tuple(value.cards) == tuple(hand)


@PROPERTY_SETTINGS
@given(ANY_HAND)
def test_best_shows_the_cards_used(hand_wild: tuple[list[int], frozenset[int]]) -> None:
    hand, wild = hand_wild
    ranking = HighRanking(wild=wild)
    value = evaluate(hand, ranking)
    best = value.best
    assert len(best) == min(5, len(hand))
    held = [b.card for b in best]
    assert len(set(held)) == len(held)
    assert set(held) <= set(hand)
    for b in best:
        # A card of a wild rank is wild even where it stands for itself (a lone A♠
        # with aces wild); a natural card stands for itself.
        assert b.wild == (b.card.rank in wild)
        if not b.wild:
            assert b.stands_for == b.card
    # The cards used are enough: evaluating them alone gives the same strength.
    assert evaluate(held, ranking).strength == value.strength
    shown = [b.stands_for for b in best]
    if value.category is Category.FIVE_OF_A_KIND:
        assert len({c.rank for c in shown}) == 1
        return
    # A wild stands for a card not among the others used; then the cards it stands
    # for, as natural cards, make the same hand.
    assert len(set(shown)) == len(shown), (hand, wild, shown)
    natural = evaluate(shown, STANDARD)
    assert natural.category == value.category, (hand, wild, shown)
    assert natural.strength == value.strength, (hand, wild, shown)


@PROPERTY_SETTINGS
@given(ANY_HAND)
def test_wild_cards_are_never_worse_than_any_natural_replacement(
    hand_wild: tuple[list[int], frozenset[int]],
) -> None:
    """A wild can be any card, so making it a natural card never improves the hand."""
    hand, wild = hand_wild
    ranking = HighRanking(wild=wild)
    wilds = [c for c in hand if c >> 2 in wild]
    if not wilds:
        return
    base = strength(hand, ranking)
    others = set(hand)
    replaced = [c for c in hand if c != wilds[0]]
    for card in range(52):
        if card not in others and card >> 2 not in wild:
            assert strength([*replaced, card], ranking) <= base, (hand, wild, card)
