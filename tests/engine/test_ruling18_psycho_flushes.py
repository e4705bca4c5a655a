"""Ruling 18: Psycho Shelby's round 2 with the option "flushes count": a three-card flush
ranks as in three-card Guts (ruling 5), so as a low it is worse than any pair (and
better than three of a kind, which Guts ranks above a flush).

Worked rounds with exact payments, and random round-2 hands against a referee that
picks the best low three of five by the ruling.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

import pytest
from helpers.profiles import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import ACE, format_cards, parse_cards
from engine.games.families.shelby.hands import rate_round
from engine.games.families.shelby.json_io import settle_shelby_json
from engine.games.families.shelby.state import ShelbyVariant
from engine.hands.evaluate import evaluate
from engine.hands.rankings import LowRanking

LOW3 = LowRanking(size=3, flushes_count=True)


def _low(text: str) -> int:
    return evaluate(parse_cards(text), LOW3).strength


def test_a_three_card_flush_is_worse_than_any_pair_and_better_than_three_of_a_kind() -> None:
    assert _low("Ac Ad 2h") > _low("2s 3s 4s")  # the best pair beats the best flush
    assert _low("Kc Kd Qh") > _low("2s 3s 4s")  # so does the worst pair
    assert _low("2s 3s 4s") > _low("Kc Kd Kh")  # a flush beats three of a kind
    assert _low("Qs Kd Jh") > _low("2s 3s 4s")  # and any no-pair hand beats a flush
    assert _low("2s 3s 5s") > _low("2s 3s 6s".replace("s", "c"))  # flushes: the lower wins
    assert evaluate(parse_cards("3c 2c Ac"), LOW3).name() == "flush, three high (low)"


def _round_two(**options: Any) -> dict[str, Any]:
    return settle_shelby_json(
        {
            "kind": "shelby",
            "players": [{"name": n, "stack": 40} for n in ("Anna", "Ben", "Carla", "Dan")],
            "dealer": "Dan",
            "pot": 6,
            "round": 2,
            "options": {"variant": "psycho", **options},
            "hold": ["Anna", "Ben", "Carla"],
            "showdown": {
                "cards": {
                    "Anna": "2♠ 5♠ 7♠ 9♠ J♠",  # all spades: every three is a flush
                    "Ben": "K♣ K♦ Q♥ Q♣ J♦",  # K-Q-J, no pair
                    "Carla": "A♣ A♦ A♥ 2♥ 2♦",  # a pair of aces at best
                }
            },
        }
    )


def test_with_flushes_counting_the_no_pair_hand_takes_the_round() -> None:
    """Ben's K-Q-J beats Carla's aces and Anna's 7-5-2 flush: each pays him the pot as it
    was at the start of the round, 6."""
    answer = _round_two(flushes_count=True)
    assert answer["showdown"] == [["Ben"], ["Carla"], ["Anna"]]
    assert answer["net"] == {"Anna": -6, "Ben": 12, "Carla": -6, "Dan": 0}


def test_without_the_option_the_flush_is_the_best_low() -> None:
    answer = _round_two()
    assert answer["showdown"] == [["Anna"], ["Ben"], ["Carla"]]
    assert answer["net"] == {"Anna": 12, "Ben": -6, "Carla": -6, "Dan": 0}


def _referee_key(five: list[int]) -> tuple[int, tuple[int, ...]]:
    """The best low three of five (smaller is better): ace-to-five, straights ignored,
    a flush as in three-card Guts, between a pair and three of a kind."""
    best: tuple[int, tuple[int, ...]] | None = None
    for three in combinations(five, 3):
        values = [1 if c >> 2 == ACE else (c >> 2) + 2 for c in three]
        counts = Counter(values)
        flush = len({c & 3 for c in three}) == 1
        tier = {1: 0, 2: 1, 3: 3}[max(counts.values())]
        if flush:
            tier = 2
        order = tuple(sorted(counts, key=lambda v: (counts[v], v), reverse=True))
        key = (tier, order)
        if best is None or key < best:
            best = key
    assert best is not None
    return best


@settings(max_examples=examples(300))
@given(st.permutations(range(52)))
def test_round_two_hands_rank_as_the_referee_says(deck: list[int]) -> None:
    hands = {seat: deck[5 * seat : 5 * seat + 5] for seat in range(4)}
    scores = rate_round(ShelbyVariant.PSYCHO, 2, hands, flushes_count=True).scores
    for a, b in combinations(hands, 2):
        engine_order = (scores[a] > scores[b]) - (scores[a] < scores[b])
        ref_a, ref_b = _referee_key(hands[a]), _referee_key(hands[b])
        referee_order = (ref_a < ref_b) - (ref_a > ref_b)
        assert engine_order == referee_order, (format_cards(hands[a]), format_cards(hands[b]))


@pytest.mark.parametrize("text", ["2s 3s 4s", "Ah 2h 3h"])
def test_straights_do_not_count_only_the_flush_does(text: str) -> None:
    offsuit = text.replace("s", "d", 1).replace("h", "d", 1)
    assert _low(offsuit) > _low(text)
    assert evaluate(parse_cards(offsuit), LOW3).name().endswith("low")
