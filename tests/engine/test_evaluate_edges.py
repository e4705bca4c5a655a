"""Edge cases of the high ranking: wild cards (RULING 3) and incomplete hands (RULING 4)."""

from __future__ import annotations

import pytest

from engine.cards import parse_cards, parse_rank
from engine.errors import DuplicateCardError, EngineError
from engine.hands.categories import Category, decode, encode
from engine.hands.evaluate import HandValue, evaluate, strength
from engine.hands.rankings import BASEBALL_WILD, STANDARD, HighRanking, Ranking

BASEBALL = HighRanking(wild=BASEBALL_WILD)
DEUCES = HighRanking(wild=frozenset({parse_rank("2")}))


def ev(hand: str, ranking: Ranking = STANDARD) -> HandValue:
    value = evaluate(parse_cards(hand), ranking)
    assert value.strength == strength(parse_cards(hand), ranking), hand
    return value


def s(hand: str, ranking: Ranking = STANDARD) -> int:
    return ev(hand, ranking).strength


def stands_for(value: HandValue) -> list[str]:
    return sorted(str(b.stands_for) for b in value.best if b.wild)


def used(value: HandValue) -> set[str]:
    return {str(b.card) for b in value.best}


def v(rank: str) -> int:
    """A rank's value in the strength encoding (two = 1 ... ace = 13)."""
    return parse_rank(rank) + 1


# ----------------------------------------------------------- straights


def test_a_wild_completes_the_wheel() -> None:
    value = ev("A♠ 2♥ 4♦ 5♣ 9♠", BASEBALL)
    assert value.category is Category.STRAIGHT
    assert value.strength == encode(Category.STRAIGHT, [v("5")])
    assert value.strength == s("A♠ 2♥ 3♦ 4♦ 5♣")
    assert stands_for(value)[0][0] == "3"


def test_two_wilds_make_a_six_high_straight_rather_than_the_wheel() -> None:
    value = ev("5♠ 4♥ 2♦ 9♣ 3♠", BASEBALL)
    assert value.category is Category.STRAIGHT
    assert value.strength == encode(Category.STRAIGHT, [v("6")])


def test_a_wild_can_stand_for_a_card_of_its_own_rank() -> None:
    # Deuces wild: A 3 4 5 + a deuce is the wheel, the deuce being a two.
    value = ev("A♠ 3♥ 4♦ 5♣ 2♠", DEUCES)
    assert value.category is Category.STRAIGHT
    assert value.strength == encode(Category.STRAIGHT, [v("5")])
    # 3s wild: 6 5 4 2 of spades + a 3 is a six-high straight flush (the 3 as 3♠).
    sf = ev("6♠ 5♠ 4♠ 2♠ 3♥", BASEBALL)
    assert sf.category is Category.STRAIGHT_FLUSH
    assert sf.strength == encode(Category.STRAIGHT_FLUSH, [v("6")])
    assert stands_for(sf) == ["3s"]


def test_a_wild_fills_the_top_of_a_straight() -> None:
    value = ev("8♠ 7♥ 6♦ 5♣ 2♠", DEUCES)
    assert value.strength == encode(Category.STRAIGHT, [v("9")])
    assert stands_for(value)[0][0] == "9"


def test_the_wheel_is_below_every_other_straight_even_with_wilds() -> None:
    assert s("A♠ 2♥ 4♦ 5♣ 9♠", BASEBALL) < s("6♠ 5♥ 4♦ 2♣ 3♠", BASEBALL)
    assert s("A♠ 2♥ 4♦ 5♣ 9♠", BASEBALL) > s("A♠ A♥ A♦ K♣ Q♠", BASEBALL)


def test_no_straight_wraps_around_the_ace() -> None:
    value = ev("Q♠ K♥ A♦ 2♣ 4♠")
    assert value.category is Category.HIGH_CARD
    value = ev("K♥ A♦ 2♣ 4♠ 3♠", BASEBALL)
    assert value.category is not Category.STRAIGHT
    assert value.category is Category.PAIR


# --------------------------------------------------- five of a kind, wilds


def test_five_of_a_kind_beats_a_royal_flush() -> None:
    five_twos = ev("2♠ 2♥ 2♦ 3♣ 9♠", BASEBALL)
    royal = ev("A♠ K♠ Q♠ J♠ 10♠", BASEBALL)
    assert five_twos.category is Category.FIVE_OF_A_KIND
    assert royal.category is Category.STRAIGHT_FLUSH
    assert five_twos.strength > royal.strength


def test_a_straight_flush_with_wilds_is_below_five_of_a_kind() -> None:
    # 5♥ 6♥ 7♥ + two wilds: a straight flush (9-high) exists, but five of a kind needs
    # three of a rank: 5 5 5 + 2 wilds is five fives, which beats it.
    sf = ev("5♥ 6♥ 7♥ 3♠ 9♣", BASEBALL)
    assert sf.category is Category.STRAIGHT_FLUSH
    assert sf.strength == encode(Category.STRAIGHT_FLUSH, [v("9")])
    assert ev("5♥ 5♠ 5♦ 3♠ 9♣", BASEBALL).strength > sf.strength


def test_four_of_a_kind_and_a_wild_is_five_of_a_kind() -> None:
    value = ev("K♠ K♥ K♦ K♣ 3♠", BASEBALL)
    assert value.category is Category.FIVE_OF_A_KIND
    assert value.strength == encode(Category.FIVE_OF_A_KIND, [v("K")])
    # The wild duplicates a held king: allowed only for five of a kind.
    assert stands_for(value)[0][0] == "K"


def test_five_wilds_are_five_aces_the_best_hand() -> None:
    five_wilds = ev("3♠ 3♥ 3♦ 9♠ 9♥", BASEBALL)
    assert five_wilds.category is Category.FIVE_OF_A_KIND
    assert five_wilds.name() == "five of a kind, aces"
    assert {b.stands_for.rank for b in five_wilds.best} == {parse_rank("A")}
    assert all(b.wild for b in five_wilds.best)
    assert five_wilds.strength == encode(Category.FIVE_OF_A_KIND, [v("A")])
    assert five_wilds.strength == s("A♠ A♥ A♦ 3♣ 9♣", BASEBALL)
    assert five_wilds.strength > s("K♠ K♥ K♦ 3♣ 9♣", BASEBALL)
    assert five_wilds.strength > s("A♠ K♠ Q♠ J♠ 10♠")


def test_no_hand_beats_five_wilds() -> None:
    top = s("3♠ 3♥ 3♦ 9♠ 9♥", BASEBALL)
    assert s("3♠ 3♥ 3♦ 3♣ 9♠ 9♥ 9♦ 9♣ A♠ K♠", BASEBALL) == top
    assert s("3♠ 3♥ 3♦ 9♠ 9♥ 2♣ 7♦", BASEBALL) == top


def test_several_wilds_alone_are_aces() -> None:
    assert s("3♠ 9♥", BASEBALL) == s("A♠ A♥")
    assert ev("3♠ 9♥", BASEBALL).category is Category.PAIR
    assert s("3♠ 9♥ 9♦", BASEBALL) == s("A♠ A♥ A♦")
    assert s("3♠ 3♥ 9♥ 9♦", BASEBALL) == s("A♠ A♥ A♦ A♣")


def test_a_lone_wild_equals_a_lone_ace() -> None:
    wild = ev("9♦", BASEBALL)
    assert wild.strength == s("A♣", BASEBALL)
    assert wild.strength == s("A♣")
    assert wild.category is Category.HIGH_CARD
    assert wild.best[0].wild
    assert wild.best[0].stands_for.rank == parse_rank("A")
    assert wild.strength > s("K♠")


def test_a_wild_pairs_the_highest_card() -> None:
    assert ev("K♠ 3♥", BASEBALL).category is Category.PAIR
    assert s("K♠ 3♥", BASEBALL) == s("K♠ K♥")
    assert s("K♠ 3♥", BASEBALL) > s("A♠ K♥")
    assert s("A♠ 3♥", BASEBALL) == s("A♠ A♥")


def test_a_wild_makes_trips_out_of_a_pair_in_a_small_hand() -> None:
    value = ev("Q♠ Q♥ 4♦ 9♣", BASEBALL)
    assert value.category is Category.THREE_OF_A_KIND
    assert value.strength == s("Q♠ Q♥ Q♦ 4♦")
    assert value.strength == encode(Category.THREE_OF_A_KIND, [v("Q"), v("4")])


def test_wilds_in_small_hands_build_the_biggest_group() -> None:
    # Two wilds and K Q: trips kings with a queen beat pair of aces and two pair.
    assert s("K♠ Q♥ 3♦ 9♣", BASEBALL) == encode(Category.THREE_OF_A_KIND, [v("K"), v("Q")])
    # Three wilds and a king: four kings, not trip aces with a king.
    assert s("K♠ 3♥ 3♦ 9♣", BASEBALL) == encode(Category.FOUR_OF_A_KIND, [v("K")])


# --------------------------------------------------------- flushes and wilds


def test_a_wild_in_a_flush_takes_the_highest_missing_rank() -> None:
    value = ev("A♠ K♠ 7♠ 4♠ 9♥", BASEBALL)
    assert value.category is Category.FLUSH
    assert value.strength == s("A♠ K♠ Q♠ 7♠ 4♠")
    assert stands_for(value) == ["Qs"]


def test_a_wild_cannot_be_a_second_ace_of_hearts() -> None:
    # baseball.de.txt: "keine Karte ersetzen, die du schon hast (also kein zweites Herz-Ass)".
    value = ev("A♥ K♥ Q♥ 7♥ 3♣", BASEBALL)
    assert value.category is Category.FLUSH
    assert stands_for(value) == ["Jh"]
    assert value.strength == encode(Category.FLUSH, [v("A"), v("K"), v("Q"), v("J"), v("7")])


def test_two_wilds_in_a_flush_take_the_two_highest_missing_ranks() -> None:
    value = ev("A♦ 8♦ 5♦ 3♠ 9♣", BASEBALL)
    assert value.category is Category.FLUSH
    assert stands_for(value) == ["Kd", "Qd"]
    assert value.strength == s("A♦ K♦ Q♦ 8♦ 5♦")


def test_four_to_a_royal_and_a_wild_is_a_royal_flush() -> None:
    for hand in ("A♠ K♠ Q♠ J♠ 3♦", "K♠ Q♠ J♠ 10♠ 9♦", "A♠ Q♠ J♠ 10♠ 3♥"):
        value = ev(hand, BASEBALL)
        assert value.category is Category.STRAIGHT_FLUSH, hand
        assert value.name() == "royal flush", hand
        assert value.strength == s("A♠ K♠ Q♠ J♠ 10♠"), hand


def test_a_wild_in_a_straight_flush_prefers_the_top() -> None:
    value = ev("8♣ 7♣ 6♣ 5♣ 3♦", BASEBALL)
    assert value.strength == encode(Category.STRAIGHT_FLUSH, [v("9")])
    assert stands_for(value) == ["9c"]


def test_four_of_a_kind_beats_a_wild_flush() -> None:
    # K♠ K♥ + 2 wilds + 7♠: four kings, not a flush.
    value = ev("K♠ K♥ 7♠ 3♠ 9♠", BASEBALL)
    assert value.category is Category.FOUR_OF_A_KIND
    assert sorted(stands_for(value)) == ["Kc", "Kd"]


def test_a_pair_plus_a_wild_is_trips_not_two_pair() -> None:
    value = ev("8♠ 8♥ K♦ 5♣ 3♠", BASEBALL)
    assert value.category is Category.THREE_OF_A_KIND
    assert value.strength == encode(Category.THREE_OF_A_KIND, [v("8"), v("K"), v("5")])


def test_two_pair_plus_a_wild_is_a_full_house() -> None:
    value = ev("8♠ 8♥ K♦ K♣ 3♠", BASEBALL)
    assert value.category is Category.FULL_HOUSE
    assert value.strength == encode(Category.FULL_HOUSE, [v("K"), v("8")])
    assert stands_for(value)[0][0] == "K"


# --------------------------------------------------------- incomplete hands


def test_eight_five_beats_eight() -> None:
    assert s("8♠ 5♥") > s("8♦")
    assert s("8♠ 5♥") == encode(Category.HIGH_CARD, [v("8"), v("5")])
    assert s("8♦") == encode(Category.HIGH_CARD, [v("8")])


def test_seven_seven_two_beats_seven_seven() -> None:
    assert s("7♠ 7♥ 2♦") > s("7♣ 7♦")
    assert s("7♣ 7♦") == encode(Category.PAIR, [v("7")])


def test_any_kicker_beats_a_missing_card_at_every_size() -> None:
    assert s("A♠ K♥ Q♦ J♣ 2♠") > s("A♥ K♦ Q♣ J♦")
    assert s("A♥ K♦ Q♣ 2♠") > s("A♠ K♥ Q♦")
    assert s("9♠ 9♥ 9♦ 2♣") > s("9♣ 9♠ 9♥")
    assert s("9♠ 9♥ 2♦ 2♣") > s("9♣ 9♦ 5♠")
    assert s("9♠ 9♥ 9♦ 9♣") > s("9♠ 9♥ 9♦ A♣")
    # Kickers from the top, then the next.
    assert s("K♠ 7♥ 3♦") > s("K♥ 6♦ 5♣")
    assert s("K♠ 7♥ 3♦") > s("K♥ 7♦")


def test_four_suited_connectors_are_only_a_high_card() -> None:
    value = ev("9♠ 8♠ 7♠ 6♠")
    assert value.category is Category.HIGH_CARD
    assert value.strength == encode(Category.HIGH_CARD, [v("9"), v("8"), v("7"), v("6")])
    assert len(value.best) == 4


def test_incomplete_hands_have_no_straight_flush_or_full_house() -> None:
    assert ev("Q♠ Q♥ 4♦ 4♣").category is Category.TWO_PAIR
    assert ev("Q♠ Q♥ 4♦ 4♣").strength == encode(Category.TWO_PAIR, [v("Q"), v("4")])
    assert ev("A♠ K♠ Q♠ J♠").category is Category.HIGH_CARD
    assert ev("5♥ 4♥ 3♥ 2♥").category is Category.HIGH_CARD
    # With wilds too: the wild pairs the top card instead of completing a straight.
    value = ev("8♠ 7♠ 6♠ 3♠", BASEBALL)
    assert value.category is Category.PAIR
    assert value.strength == encode(Category.PAIR, [v("8"), v("7"), v("6")])
    value = ev("J♠ 10♠ 2♥ 2♦", DEUCES)
    assert value.category is Category.THREE_OF_A_KIND
    assert value.strength == encode(Category.THREE_OF_A_KIND, [v("J"), v("10")])


def test_incomplete_hand_categories_never_include_five_card_ones() -> None:
    allowed = {
        Category.HIGH_CARD,
        Category.PAIR,
        Category.TWO_PAIR,
        Category.THREE_OF_A_KIND,
        Category.FOUR_OF_A_KIND,
    }
    for hand in ("A♠ K♠ Q♠ J♠", "K♠ Q♠ 3♠ 9♠", "3♠ 9♠ 3♥ 9♥", "A♠ 3♠ 9♠", "3♠"):
        value = ev(hand, BASEBALL)
        assert value.category in allowed, hand
        assert len(value.best) == len(parse_cards(hand)), hand


# ------------------------------------------------------- many cards held


def test_best_five_of_eight_finds_a_hidden_straight_flush() -> None:
    value = ev("2♣ 9♥ 8♥ 7♥ 6♥ 5♥ K♣ K♦")
    assert value.category is Category.STRAIGHT_FLUSH
    assert used(value) == {"9h", "8h", "7h", "6h", "5h"}


def test_best_five_of_nine_prefers_four_of_a_kind_with_the_best_kicker() -> None:
    value = ev("K♠ K♥ K♦ K♣ A♠ Q♠ 7♠ 2♠ 5♠")
    assert value.category is Category.FOUR_OF_A_KIND
    assert value.strength == encode(Category.FOUR_OF_A_KIND, [v("K"), v("A")])
    assert used(value) == {"Ks", "Kh", "Kd", "Kc", "As"}


def test_best_five_of_ten_takes_two_pair_and_the_best_kicker() -> None:
    value = ev("A♠ A♥ Q♠ Q♥ 5♦ 5♣ 2♠ 3♥ 7♦ 8♣")
    assert value.category is Category.TWO_PAIR
    assert value.strength == encode(Category.TWO_PAIR, [v("A"), v("Q"), v("8")])
    assert used(value) == {"As", "Ah", "Qs", "Qh", "8c"}


def test_best_five_of_ten_with_wilds() -> None:
    # Baseball with extra cards: ten cards, two wilds; A♠ Q♠ 10♠ and the wilds as
    # K♠ and J♠ are a royal flush.
    value = ev("A♠ Q♠ 10♠ 3♥ 9♦ 2♣ 4♦ 5♥ 7♣ 8♠", BASEBALL)
    assert value.category is Category.STRAIGHT_FLUSH
    assert value.name() == "royal flush"
    assert stands_for(value) == ["Js", "Ks"]
    # Two full houses in eight cards: the higher one is used.
    full = ev("7♠ 7♥ 7♦ 5♣ 5♠ 5♥ K♦ 2♣")
    assert full.strength == encode(Category.FULL_HOUSE, [v("7"), v("5")])


def test_a_seven_card_flush_uses_its_five_highest_cards() -> None:
    value = ev("A♣ 2♣ 4♣ 6♣ 8♣ 10♣ Q♣")
    assert value.category is Category.FLUSH
    assert value.strength == encode(Category.FLUSH, [v("A"), v("Q"), v("10"), v("8"), v("6")])


def test_a_flush_with_a_wild_may_skip_a_held_low_card() -> None:
    # A♠ K♠ 7♠ 4♠ 2♠ + wild: the wild as Q♠ replaces the 2♠.
    value = ev("A♠ K♠ 7♠ 4♠ 2♠ 9♥", BASEBALL)
    assert value.strength == encode(Category.FLUSH, [v("A"), v("K"), v("Q"), v("7"), v("4")])
    assert "2s" not in used(value)


# -------------------------------------------------------------- names


@pytest.mark.parametrize(
    ("hand", "en", "de"),
    [
        ("A♠ K♠ Q♠ J♠ 10♠", "royal flush", "royal flush"),
        ("A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥", "royal flush", "royal flush"),
        ("K♠ K♥ K♦ K♣ 2♠", "four of a kind, kings", "vierling, könige"),
        ("2♠ 2♥ 2♦ 2♣ A♠", "four of a kind, twos", "vierling, zweier"),
    ],
)
def test_names(hand: str, en: str, de: str) -> None:
    value = ev(hand)
    assert value.name() == en
    assert value.name("en") == en
    assert value.name("de").lower() == de


def test_a_straight_flush_below_the_ace_is_not_royal() -> None:
    value = ev("K♠ Q♠ J♠ 10♠ 9♠")
    assert value.category is Category.STRAIGHT_FLUSH
    assert "royal" not in value.name().lower()
    assert "royal" not in value.name("de").lower()
    assert "king" in value.name()


# -------------------------------------------------------------- input


def test_the_same_card_twice_is_refused() -> None:
    with pytest.raises(DuplicateCardError) as info:
        evaluate([0, 5, 0])
    assert "2s" in str(info.value)


def test_an_empty_hand_is_refused() -> None:
    with pytest.raises(EngineError):
        evaluate([])


def test_strength_decodes_to_the_category() -> None:
    for hand, ranking in (("8♠ 8♥ 8♦ 9♣ 3♠", BASEBALL), ("7♠ 7♥ 2♦", STANDARD)):
        value = ev(hand, ranking)
        tier, _ = decode(value.strength)
        assert tier == value.category
