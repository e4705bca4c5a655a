"""Every hand example of the rule sheets in shared/rules, evaluated.

The sheets often leave out suits; where they do, the suits here are chosen so
that no flush appears by accident.
"""

from __future__ import annotations

import pytest

from engine.cards import parse_card, parse_cards, parse_rank
from engine.games.catalog import RANKING_BY_GAME
from engine.hands.categories import Category
from engine.hands.evaluate import HandValue, evaluate, strength
from engine.hands.rankings import (
    BASEBALL_WILD,
    STANDARD,
    Guts2Ranking,
    HighRanking,
    LowRanking,
    Ranking,
)

BASEBALL = HighRanking(wild=BASEBALL_WILD)


def spit(rank: str) -> HighRanking:
    """Spit in the Ocean: the spit card's rank is wild."""
    return HighRanking(wild=frozenset({parse_rank(rank)}))


def ev(hand: str, ranking: Ranking = STANDARD) -> HandValue:
    value = evaluate(parse_cards(hand), ranking)
    assert value.strength == strength(parse_cards(hand), ranking), hand
    return value


def best_cards(value: HandValue) -> set[str]:
    return {str(b.card) for b in value.best}


def stands_for(value: HandValue) -> dict[str, str]:
    """What each wild card used stands for."""
    return {str(b.card): str(b.stands_for) for b in value.best if b.wild}


def assert_natural_best(value: HandValue) -> None:
    for b in value.best:
        if not b.wild:
            assert b.stands_for == b.card


# ------------------------------------------------------------------- Baseball


def test_the_games_share_the_baseball_wild_ranks() -> None:
    assert frozenset({parse_rank("3"), parse_rank("9")}) == BASEBALL_WILD
    assert RANKING_BY_GAME["baseball"] == BASEBALL
    assert RANKING_BY_GAME["no-peek-baseball"] == BASEBALL


def test_baseball_8_8_8_9_3_is_five_eights() -> None:
    # "8 8 8 9 3 sind fünf Achten" (baseball.de.txt, no-peek-baseball.de.txt)
    value = ev("8♠ 8♥ 8♦ 9♣ 3♠", BASEBALL)
    assert value.category is Category.FIVE_OF_A_KIND
    assert value.name() == "five of a kind, eights"
    assert value.name("de") == "Fünfling, Achter"
    assert best_cards(value) == {"8s", "8h", "8d", "9c", "3s"}
    assert {b.stands_for.rank for b in value.best} == {parse_rank("8")}
    assert {str(b.card) for b in value.best if b.wild} == {"9c", "3s"}
    assert_natural_best(value)


def test_baseball_showdown_four_kings_beat_three_queens() -> None:
    # Anna: K K 9 3 B 5 8, "zwei wilde Karten und zwei Könige ergeben einen Vierling Könige".
    anna = ev("K♠ K♥ 9♣ 3♦ B♥ 5♠ 8♣", BASEBALL)
    # Ben: D D D 4 7 A 2 B (an extra card for his 4), "nur einen Drilling Damen".
    ben = ev("D♠ D♥ D♦ 4♣ 7♠ A♥ 2♦ B♣", BASEBALL)
    assert anna.category is Category.FOUR_OF_A_KIND
    assert anna.name() == "four of a kind, kings"
    assert anna.name("de") == "Vierling, Könige"
    assert ben.category is Category.THREE_OF_A_KIND
    assert "queens" in ben.name()
    assert "Drilling" in ben.name("de")
    assert "Damen" in ben.name("de")
    assert anna.strength > ben.strength
    # The wilds can only be the two kings Anna does not hold; the jack is the kicker.
    assert best_cards(anna) == {"Ks", "Kh", "9c", "3d", "Jh"}
    assert sorted(stands_for(anna).values()) == ["Kc", "Kd"]
    assert_natural_best(anna)
    # Ben's best five: the queens with the ace and the jack.
    assert best_cards(ben) == {"Qs", "Qh", "Qd", "Ah", "Jc"}
    assert all(not b.wild for b in ben.best)


# ------------------------------------------------------------ Spit in the Ocean


def test_spit_in_the_ocean_four_queens_beat_an_ace_high_flush() -> None:
    # Spit card 6♦: all 6s wild. Carla: D♣ D♥ 6♣ 4♠ + 6♦ = "ein Vierling Damen".
    ranking = spit("6")
    carla = ev("D♣ D♥ 6♣ 4♠ 6♦", ranking)
    # Anna: K♠ B♠ 9♠ 7♠ + 6♦ = "mit der Spit-Karte als A♠ ein Flush mit Ass".
    anna = ev("K♠ B♠ 9♠ 7♠ 6♦", ranking)
    assert carla.category is Category.FOUR_OF_A_KIND
    assert carla.name() == "four of a kind, queens"
    assert carla.name("de") == "Vierling, Damen"
    assert sorted(stands_for(carla).values()) == ["Qd", "Qs"]
    assert anna.category is Category.FLUSH
    assert stands_for(anna) == {"6d": "As"}
    assert [b.wild for b in anna.best].count(True) == 1
    assert "flush" in anna.name().lower()
    assert "ace" in anna.name()
    assert "Flush" in anna.name("de")
    assert "Ass" in anna.name("de")
    assert carla.strength > anna.strength
    # Anna's flush is exactly the natural A K J 9 7 flush.
    assert anna.strength == ev("A♠ K♠ B♠ 9♠ 7♠").strength


def test_spit_card_completes_the_highest_card_so_everyone_has_a_pair() -> None:
    # "hat jeder mindestens ein Paar: Die Spit-Karte ergänzt einfach deine höchste Karte."
    ranking = spit("6")
    value = ev("K♠ 10♥ 7♦ 2♣ 6♦", ranking)
    assert value.category is Category.PAIR
    assert value.strength == ev("K♠ K♥ 10♥ 7♦ 2♣").strength
    assert stands_for(value)["6d"][0] == "K"
    for hand in ("A♠ 10♥ 7♦ 2♣", "5♠ 4♥ 8♦ 2♣", "B♠ 10♥ 8♦ 2♣"):
        assert ev(hand + " 6♦", ranking).category >= Category.PAIR, hand


def test_spit_card_alone_and_its_three_partners_are_wild() -> None:
    ranking = spit("6")
    value = ev("6♠ 6♥ 6♣ A♦ 6♦", ranking)
    assert value.category is Category.FIVE_OF_A_KIND
    assert value.name() == "five of a kind, aces"


# -------------------------------------------------- the hand ranking table

# no-peek-baseball.de.txt, "Rangfolge der Hände", best first; plain ranking.
RANKING_TABLE = [
    ("A♠ K♠ D♠ B♠ 10♠", Category.STRAIGHT_FLUSH, "royal flush"),
    ("9♥ 8♥ 7♥ 6♥ 5♥", Category.STRAIGHT_FLUSH, "straight flush"),
    ("7♠ 7♥ 7♦ 7♣ K♠", Category.FOUR_OF_A_KIND, "four of a kind, sevens"),
    ("D♠ D♥ D♦ 4♣ 4♠", Category.FULL_HOUSE, "full house"),
    ("K♦ B♦ 8♦ 5♦ 2♦", Category.FLUSH, "flush"),
    ("10♠ 9♥ 8♦ 7♣ 6♠", Category.STRAIGHT, "straight"),
    ("5♠ 4♥ 3♦ 2♣ A♠", Category.STRAIGHT, "straight"),  # "A-2-3-4-5 niedrigste"
    ("5♠ 5♥ 5♦ K♣ 2♠", Category.THREE_OF_A_KIND, "three of a kind, fives"),
    ("B♠ B♥ 4♦ 4♣ A♠", Category.TWO_PAIR, "two pair"),
    ("10♠ 10♥ A♦ 7♣ 4♠", Category.PAIR, "pair"),
    ("A♠ B♥ 8♦ 6♣ 2♠", Category.HIGH_CARD, "high card"),
]

GERMAN_WORDS = {
    Category.STRAIGHT_FLUSH: "Flush",
    Category.FOUR_OF_A_KIND: "Vierling",
    Category.FULL_HOUSE: "Full House",
    Category.FLUSH: "Flush",
    Category.STRAIGHT: "Straße",
    Category.THREE_OF_A_KIND: "Drilling",
    Category.TWO_PAIR: "Zwei Paare",
    Category.PAIR: "Paar",
    Category.HIGH_CARD: "Höchste Karte",
}


@pytest.mark.parametrize(("hand", "category", "name"), RANKING_TABLE)
def test_the_ranking_table_examples(hand: str, category: Category, name: str) -> None:
    value = ev(hand)
    assert value.category is category
    assert name in value.name()
    assert GERMAN_WORDS[category] in value.name("de")
    assert len(value.best) == 5
    assert best_cards(value) == {str(c) for c in parse_cards(hand)}
    assert_natural_best(value)


def test_the_ranking_table_is_in_order_best_first() -> None:
    strengths = [ev(hand).strength for hand, _, _ in RANKING_TABLE]
    assert strengths == sorted(strengths, reverse=True)
    assert len(set(strengths)) == len(strengths)


def test_five_of_a_kind_heads_the_table() -> None:
    five = ev("8♠ 8♥ 8♦ 9♣ 3♠", BASEBALL)
    royal = ev("A♠ K♠ D♠ B♠ 10♠", BASEBALL)
    assert royal.category is Category.STRAIGHT_FLUSH
    assert five.strength > royal.strength


def test_royal_flush_is_named_in_both_languages() -> None:
    royal = ev("A♠ K♠ D♠ B♠ 10♠")
    assert royal.name() == "royal flush"
    assert royal.name("de").lower() == "royal flush"
    assert "royal" not in ev("9♥ 8♥ 7♥ 6♥ 5♥").name().lower()
    assert "nine" in ev("9♥ 8♥ 7♥ 6♥ 5♥").name()


def test_the_wheel_is_the_lowest_straight() -> None:
    wheel = ev("5♠ 4♥ 3♦ 2♣ A♠")
    six_high = ev("6♠ 5♥ 4♦ 3♣ 2♠")
    trips = ev("A♠ A♥ A♦ K♣ D♠")
    assert trips.strength < wheel.strength < six_high.strength
    assert "five" in wheel.name()


def test_the_ranking_table_with_baseball_wilds() -> None:
    # The sheet prints its table for a game with 3s and 9s wild. The straight
    # flush 9♥ 8♥ 7♥ 6♥ 5♥ holds a wild 9♥, which can stand for itself.
    value = ev("9♥ 8♥ 7♥ 6♥ 5♥", BASEBALL)
    assert value.category is Category.STRAIGHT_FLUSH
    assert value.strength == ev("9♥ 8♥ 7♥ 6♥ 5♥").strength
    # 10 9 8 7 6 stays a ten-high straight: one wild cannot reach jack-high.
    straight = ev("10♠ 9♥ 8♦ 7♣ 6♠", BASEBALL)
    assert straight.category is Category.STRAIGHT
    assert straight.strength == ev("10♠ 9♥ 8♦ 7♣ 6♠").strength


# ------------------------------------------------- incomplete hands (No Peek)


def test_no_peek_baseball_flipping_example() -> None:
    """no-peek-baseball.de.txt: Anna, Ben and Carla flip until they beat the table."""
    anna = ev("K♠", BASEBALL)
    assert ev("7♦", BASEBALL).strength < anna.strength  # "K schlägt 7"
    assert ev("7♦ B♣", BASEBALL).strength < anna.strength  # "K schlägt B-7 immer noch"
    ben = ev("7♦ B♣ 3♥", BASEBALL)  # "3♥ - wild, also hat er jetzt ein Paar Buben"
    assert ben.category is Category.PAIR
    assert "jacks" in ben.name()
    assert "Buben" in ben.name("de")
    assert stands_for(ben)["3h"][0] == "J"
    assert ben.strength > anna.strength
    assert ev("4♠", BASEBALL).strength < ben.strength
    assert ev("4♠ D♥", BASEBALL).strength < ben.strength  # "D-4 verliert gegen ein Paar"
    carla = ev("4♠ D♥ 9♣", BASEBALL)  # "9♣ - wild: Paar Damen, das schlägt Bens Buben"
    assert carla.category is Category.PAIR
    assert "queens" in carla.name()
    assert "Damen" in carla.name("de")
    assert carla.strength > ben.strength
    assert len(carla.best) == 3


def test_incomplete_hands_any_kicker_beats_a_missing_card() -> None:
    # no-peek-baseball.de.txt: "also schlägt 8-5 eine einzelne 8";
    # stud-home-variants.en.txt: "7-3 beats a 7 by itself".
    assert ev("8♠ 5♥").strength > ev("8♦").strength
    assert ev("7♠ 3♥").strength > ev("7♦").strength
    assert ev("8♠ 5♥").category is Category.HIGH_CARD


def test_no_peek_stud_page_example() -> None:
    """stud-home-variants.en.txt: a 9 showing, then the next player's flips."""
    nine = ev("9♠")
    assert ev("B♥").strength > nine.strength  # a jack beats the 9 at once
    assert ev("5♥").strength < nine.strength
    assert ev("5♥ 7♦").strength < nine.strength  # "7-5 still does not beat the 9"
    pair = ev("5♥ 7♦ 5♣")  # "the second player now has a pair, which beats the 9"
    assert pair.category is Category.PAIR
    assert pair.strength > nine.strength


# ----------------------------------------------------------- Guts and Shelby


def test_guts_example_sevens_beat_ace_king_and_threes() -> None:
    # guts.de.txt: "Anna zeigt 7-7, Ben A-K, Carla 3-3. Annas Siebenerpaar ist am besten".
    guts = Guts2Ranking()
    anna = ev("7♠ 7♥", guts)
    ben = ev("A♦ K♣", guts)
    carla = ev("3♠ 3♦", guts)
    assert anna.strength > carla.strength > ben.strength
    assert anna.category is Category.PAIR
    assert ben.category is Category.HIGH_CARD


def test_psycho_shelby_round_one_best_two_of_three_aces_best() -> None:
    # "höchste Hand aus nur zwei davon (A-A am besten)"
    guts = Guts2Ranking()
    aces = ev("A♠ A♥ 2♣", guts)
    assert len(aces.best) == 2
    assert best_cards(aces) == {"As", "Ah"}
    assert aces.strength == ev("A♣ A♦", guts).strength
    assert aces.strength > ev("K♠ K♥ A♣", guts).strength
    assert aces.strength > ev("A♣ K♦ Q♠", guts).strength


def test_psycho_shelby_round_two_best_low_three_of_five() -> None:
    # "niedrigste Hand aus nur drei deiner fünf Karten (3-2-A am besten)"
    low = RANKING_BY_GAME["shelby-low"]
    assert low == LowRanking(size=3)
    best = ev("A♠ K♥ 2♦ D♣ 3♠", low)
    assert len(best.best) == 3
    assert best_cards(best) == {"As", "2d", "3s"}
    assert best.strength == ev("3♥ 2♣ A♦", low).strength
    assert best.strength > ev("4♠ 2♥ A♦ K♣ D♦", low).strength


def test_psycho_shelby_round_three_uses_baseball_rules() -> None:
    # "höchste Pokerhand aus fünf Karten nach Baseball-Regeln - 3er und 9er sind wild"
    value = ev("A♠ 3♥ 9♦ 7♣ 2♠ K♦ K♣", BASEBALL)
    assert value.category is Category.FOUR_OF_A_KIND
    assert "kings" in value.name()


def test_parsed_cards_in_best_are_cards_of_the_hand() -> None:
    value = ev("K♠ K♥ 9♣ 3♦ B♥ 5♠ 8♣", BASEBALL)
    hand = set(parse_cards("K♠ K♥ 9♣ 3♦ B♥ 5♠ 8♣"))
    assert {b.card for b in value.best} <= hand
    assert parse_card("Kd") in {b.stands_for for b in value.best}
