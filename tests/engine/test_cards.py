"""Cards: parsing English and German notation, printing, errors, and the deck."""

from __future__ import annotations

import json
import random

import pytest

from engine.cards import (
    ACE,
    ALL_CARDS,
    CLUBS,
    DIAMONDS,
    HEARTS,
    JACK,
    KING,
    QUEEN,
    SPADES,
    TEN,
    TWO,
    Card,
    Deck,
    format_cards,
    parse_card,
    parse_cards,
    parse_hands,
    parse_rank,
)
from engine.errors import CardError, DuplicateCardError, EngineError, MalformedCardError


@pytest.mark.parametrize(
    ("token", "rank", "suit"),
    [
        ("As", ACE, SPADES),
        ("Kh", KING, HEARTS),
        ("Qd", QUEEN, DIAMONDS),
        ("Jc", JACK, CLUBS),
        ("Ts", TEN, SPADES),
        ("10s", TEN, SPADES),
        ("2c", TWO, CLUBS),
        # German letters: D = Dame (queen), B = Bube (jack).
        ("D♠", QUEEN, SPADES),
        ("B♣", JACK, CLUBS),
        ("10♥", TEN, HEARTS),
        ("A♦", ACE, DIAMONDS),
        ("K♣", KING, CLUBS),
        ("Dh", QUEEN, HEARTS),
        ("Bd", JACK, DIAMONDS),
    ],
)
def test_it_parses_english_and_german_tokens(token: str, rank: int, suit: int) -> None:
    card = parse_card(token)
    assert (card.rank, card.suit) == (rank, suit)
    assert int(card) == rank * 4 + suit


@pytest.mark.parametrize(("symbol", "letter"), [("♠", "s"), ("♥", "h"), ("♦", "d"), ("♣", "c")])
def test_suit_symbols_and_letters_are_the_same_suit(symbol: str, letter: str) -> None:
    assert parse_card("7" + symbol) == parse_card("7" + letter)
    assert parse_card("7" + symbol) == parse_card("7" + letter.upper())


@pytest.mark.parametrize("token", ["as", "AS", "aS", "As", " As ", "a♠", "A♠\ufe0f", "A♤"])
def test_parsing_ignores_case_spaces_and_symbol_variants(token: str) -> None:
    assert parse_card(token) == Card(ACE, SPADES)


@pytest.mark.parametrize(
    ("token", "expected"),
    [
        ("d♠", Card(QUEEN, SPADES)),
        ("b♣", Card(JACK, CLUBS)),
        ("tH", Card(TEN, HEARTS)),
        ("10H", Card(TEN, HEARTS)),
        ("kD", Card(KING, DIAMONDS)),
        ("jC", Card(JACK, CLUBS)),
    ],
)
def test_rank_letters_are_case_insensitive(token: str, expected: Card) -> None:
    assert parse_card(token) == expected


def test_a_hand_is_parsed_in_order_with_any_separator() -> None:
    hand = parse_cards("As 10h Td D♠ B♣ 3♥")
    assert [(c.rank, c.suit) for c in hand] == [
        (ACE, SPADES),
        (TEN, HEARTS),
        (TEN, DIAMONDS),
        (QUEEN, SPADES),
        (JACK, CLUBS),
        (1, HEARTS),
    ]
    assert parse_cards("As,Kh; Qd  Jc") == parse_cards("As Kh Qd Jc")
    assert parse_cards(["As", "Kh"]) == parse_cards("As Kh")
    assert parse_cards("") == []


def test_the_english_and_german_spellings_of_a_hand_agree() -> None:
    assert parse_cards("Qs Jc Th Ad") == parse_cards("D♠ B♣ 10♥ A♦")


def test_cards_are_small_ints_rank_times_four_plus_suit() -> None:
    assert [int(c) for c in ALL_CARDS] == list(range(52))
    assert int(parse_card("2s")) == 0
    assert int(parse_card("Ac")) == 51
    assert Card.from_code(47) == parse_card("Kc")
    assert isinstance(parse_card("As"), int)


@pytest.mark.parametrize(
    ("token", "en", "en_symbols", "de", "de_letters"),
    [
        ("As", "As", "A♠", "A♠", "As"),
        ("Th", "Th", "T♥", "10♥", "10h"),
        ("Qd", "Qd", "Q♦", "D♦", "Dd"),
        ("Jc", "Jc", "J♣", "B♣", "Bc"),
        ("Ks", "Ks", "K♠", "K♠", "Ks"),
        ("2h", "2h", "2♥", "2♥", "2h"),
    ],
)
def test_cards_print_in_english_and_german(
    token: str, en: str, en_symbols: str, de: str, de_letters: str
) -> None:
    card = parse_card(token)
    assert card.format() == en
    assert card.format(lang="en") == en
    assert card.format(lang="en", symbols=True) == en_symbols
    assert card.format(lang="de") == de
    assert card.format(lang="de", symbols=False) == de_letters
    assert str(card) == en
    assert repr(card) == en
    # What is printed reads back as the same card.
    for text in (en, en_symbols, de, de_letters):
        assert parse_card(text) == card


def test_every_card_prints_and_reads_back_in_both_languages() -> None:
    for card in ALL_CARDS:
        for lang in ("en", "de"):
            for symbols in (True, False):
                assert parse_card(card.format(lang=lang, symbols=symbols)) == card


def test_a_hand_prints_in_both_languages() -> None:
    hand = parse_cards("Qs Jc Th")
    assert format_cards(hand) == "Qs Jc Th"
    assert format_cards(hand, lang="de") == "D♠ B♣ 10♥"


@pytest.mark.parametrize(("token", "rank"), [("D", QUEEN), ("b", JACK), ("10", TEN), ("T", TEN)])
def test_a_rank_alone_is_read_in_both_languages(token: str, rank: int) -> None:
    assert parse_rank(token) == rank


@pytest.mark.parametrize("token", ["Xx", "Xs", "Ax", "1h", "11s", "A", "♠", "Zz", "0c", "AsKh"])
def test_a_malformed_token_raises_an_error_naming_it(token: str) -> None:
    with pytest.raises(MalformedCardError) as info:
        parse_card(token)
    assert token in str(info.value)
    assert info.value.token == token
    assert isinstance(info.value, CardError)
    assert isinstance(info.value, EngineError)
    assert isinstance(info.value, ValueError)


def test_a_malformed_token_in_a_hand_is_named() -> None:
    with pytest.raises(MalformedCardError) as info:
        parse_cards("As Kh Xx Qd")
    assert "Xx" in str(info.value)
    assert info.value.token == "Xx"


def test_a_bad_rank_alone_is_named() -> None:
    with pytest.raises(MalformedCardError) as info:
        parse_rank("Z")
    assert "Z" in str(info.value)


@pytest.mark.parametrize(
    ("hand", "token"),
    [("As Kh Qd Jc Ts 10s", "10s"), ("As as", "as"), ("D♠ Qs", "Qs"), ("B♣ 2h Jc", "Jc")],
)
def test_the_same_card_twice_raises_an_error_naming_it(hand: str, token: str) -> None:
    with pytest.raises(DuplicateCardError) as info:
        parse_cards(hand)
    assert token in str(info.value)
    assert info.value.token == token
    assert isinstance(info.value, CardError)


def test_a_card_code_out_of_range_is_malformed() -> None:
    for code in (-1, 52, 100):
        with pytest.raises(MalformedCardError) as info:
            Card.from_code(code)
        assert str(code) in str(info.value)


# ----------------------------------------------------------------- the deck


def test_a_deck_holds_each_card_once() -> None:
    deck = Deck(random.Random(1))
    assert len(deck) == 52
    assert sorted(deck.codes()) == list(range(52))
    assert sorted(deck) == list(ALL_CARDS)


def test_the_same_seed_deals_the_same_cards() -> None:
    a, b = Deck(random.Random(2024)), Deck(random.Random(2024))
    assert a.codes() == b.codes()
    assert a.deal(7) == b.deal(7)
    assert a.codes() == b.codes()


def test_different_seeds_deal_differently() -> None:
    orders = {tuple(Deck(random.Random(seed)).codes()) for seed in range(20)}
    assert len(orders) == 20


def test_the_deck_never_uses_the_global_random_source() -> None:
    random.seed(5)
    before = random.random()
    random.seed(5)
    Deck(random.Random(9)).deal(10)
    assert random.random() == before


def test_dealing_takes_cards_from_the_top_in_order() -> None:
    deck = Deck(random.Random(3))
    order = deck.codes()
    assert deck.peek(3) == order[:3]
    assert deck.deal(3) == order[:3]
    assert deck.deal_one() == order[3]
    assert len(deck) == 48
    assert deck.codes() == order[4:]


def test_a_stacked_deck_deals_the_stacked_cards_first() -> None:
    stacked = parse_cards("Ks Kh 9c 3d B♥ 5s 8c")
    deck = Deck(random.Random(11), stacked=stacked)
    assert len(deck) == 52
    assert deck.deal(len(stacked)) == stacked
    rest = deck.deal(len(deck))
    assert sorted(rest + stacked) == list(ALL_CARDS)
    # The rest follows the seed, whatever was stacked.
    again = Deck(random.Random(11), stacked=stacked)
    again.deal(len(stacked))
    assert again.deal(len(again)) == rest


def test_a_stacked_deck_refuses_a_card_twice() -> None:
    with pytest.raises(DuplicateCardError):
        Deck(random.Random(1), stacked=[0, 5, 0])


def test_dealing_more_than_is_left_is_refused() -> None:
    deck = Deck(random.Random(1))
    deck.deal(50)
    with pytest.raises(ValueError, match="2 left"):
        deck.deal(3)
    deck.deal(2)
    with pytest.raises(ValueError, match="empty"):
        deck.deal_one()


def test_a_deck_survives_a_json_round_trip() -> None:
    deck = Deck(random.Random(77))
    deck.deal(9)
    text = json.dumps(deck.codes())
    copy = Deck.from_codes(json.loads(text))
    assert copy.codes() == deck.codes()
    assert len(copy) == 43
    assert copy.deal(43) == deck.deal(43)


def test_returned_cards_go_under_the_stock() -> None:
    deck = Deck(random.Random(4))
    top = deck.deal(2)
    deck.return_to_bottom(top)
    assert deck.codes()[-2:] == [int(c) for c in top]
    assert len(deck) == 52


def test_a_deck_rebuilt_from_bad_codes_is_refused() -> None:
    with pytest.raises(DuplicateCardError):
        Deck.from_codes([1, 2, 1])
    with pytest.raises(MalformedCardError):
        Deck.from_codes([1, 52])


# ------------------------------------------------- bare ranks (the sheets' hands)


def test_bare_ranks_get_free_suits_in_order() -> None:
    hand = parse_cards("K K 9 3 B 5 8", fill_suits=True)
    assert [c.rank for c in hand] == [KING, KING, 7, 1, JACK, 3, 6]
    assert len(set(hand)) == 7


def test_bare_ranks_never_make_a_flush_by_accident() -> None:
    for text in ("K B 8 5 2", "A K Q J 10", "2 4 6 8 10 Q A"):
        hand = parse_cards(text, fill_suits=True)
        suits = [c.suit for c in hand]
        assert max(suits.count(s) for s in range(4)) < 5, text


def test_bare_ranks_avoid_the_cards_given_with_suits() -> None:
    hand = parse_cards("K♠ K K♥ K", fill_suits=True)
    assert hand[0] == Card(KING, SPADES)
    assert hand[2] == Card(KING, HEARTS)
    assert {hand[1], hand[3]} == {Card(KING, DIAMONDS), Card(KING, CLUBS)}


def test_a_fifth_bare_card_of_a_rank_is_refused() -> None:
    with pytest.raises(DuplicateCardError) as info:
        parse_cards("8 8 8 8 8", fill_suits=True)
    assert info.value.token == "8"


def test_bare_ranks_are_refused_without_fill_suits() -> None:
    with pytest.raises(MalformedCardError):
        parse_cards("K K 9 3")


# ---------------------------------------------------------------- a table's hands at once


def test_parse_hands_gives_bare_ranks_suits_no_other_hand_holds() -> None:
    hands = parse_hands({"anna": "K K 9", "ben": "K K 8"})
    kings = [c for cards in hands.values() for c in cards if c.rank == KING]
    assert len(set(kings)) == 4
    assert [c.rank for c in hands["ben"]] == [KING, KING, 6]


def test_parse_hands_keeps_a_written_suit_from_every_bare_rank() -> None:
    hands = parse_hands({"anna": "K K K", "ben": "Ks"})
    assert parse_card("Ks") not in hands["anna"]
    assert hands["ben"] == [parse_card("Ks")]


def test_parse_hands_spreads_bare_ranks_with_the_shared_cards_counted() -> None:
    """Five spades on the board and two bare ranks in hand: neither is a spade."""
    hands = parse_hands({"board": "As Ks Qs 8s 2s", "anna": "7 6"}, shared=["board"])
    assert all(card.suit != SPADES for card in hands["anna"])


def test_parse_hands_never_makes_a_flush_from_ranks_alone() -> None:
    hands = parse_hands({"anna": "A K Q J 9 7 5"})
    suits = [card.suit for card in hands["anna"]]
    assert max(suits.count(s) for s in range(4)) <= 2


def test_parse_hands_names_the_hand_and_the_other_of_a_card_written_twice() -> None:
    with pytest.raises(DuplicateCardError) as caught:
        parse_hands({"anna": "As K", "ben": "Q A♠"})
    assert caught.value.code == "card_twice"
    assert caught.value.where == "ben"
    assert caught.value.params["other"] == "anna"
    assert caught.value.params["card"] == int(parse_card("As"))


def test_parse_hands_refuses_a_fifth_king_at_the_table() -> None:
    with pytest.raises(DuplicateCardError) as caught:
        parse_hands({"anna": "K K K", "ben": "K K"})
    assert caught.value.code == "card_rank_used_up"
    assert caught.value.where == "ben"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Zx", "card_unknown_rank"),
        ("Kx", "card_unknown_suit"),
        ("x", "card_too_short"),
        ("Ks ks", "card_typed_twice"),
    ],
)
def test_card_errors_carry_a_code_and_the_token(text: str, code: str) -> None:
    with pytest.raises(CardError) as caught:
        parse_hands({"anna": text})
    assert caught.value.code == code
    assert caught.value.where == "anna"
    assert caught.value.params["token"] == text.split()[-1]
