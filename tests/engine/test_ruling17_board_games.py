"""Ruling 17: Texas Hold'em and Omaha, and a board refused for every game without one.

Worked cases with exact pots and payouts, dealt digitally and recorded from the
table, and random Omaha high/low showdowns against a referee written from the
ruling (a brute-force Omaha evaluator and the halving of every pot).
"""

from __future__ import annotations

import io
import json
import random
import sys
from itertools import combinations
from typing import Any

import pytest
from brute_force import brute_strength
from helpers.profiles import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import ACE, Deck, format_cards, parse_cards
from engine.cli import main
from engine.errors import SettlementError
from engine.games import GAMES, ActionName, EventKind, HandState
from engine.games.catalog import ENTRIES, GAMES_WITH_TABLE_WILD
from engine.table_hand import settle_table_hand_json

NAMES = ["Anna", "Ben", "Carla", "Dan"]

# ---------------------------------------------------------------- a board refused


def _no_board_games() -> list[str]:
    """Every recorded game that has no board and no spit card (nor a widow's card)."""
    return [
        e.name
        for e in ENTRIES
        if e.hand_size is not None
        and e.hand_size.shared == 0
        and e.recording is not None
        and e.name not in GAMES_WITH_TABLE_WILD
    ]


def _refused(data: dict[str, Any]) -> SettlementError:
    with pytest.raises(SettlementError) as caught:
        settle_table_hand_json(data)
    return caught.value


def test_the_referees_baseball_case_is_refused_not_three_kings() -> None:
    """Baseball ``Ks Kh`` with a five-card board was three kings and won the pot."""
    data = {
        "game": "baseball",
        "dealer": "Ben",
        "players": ["Anna", "Ben"],
        "put_in": {"Anna": 5, "Ben": 5},
        "board": "2c 5d 7h Jc Qd",
        "showdown": {"cards": {"Anna": "Ks Kh", "Ben": "As Ad"}},
    }
    error = _refused(data)
    assert error.code == "no_board"
    assert dict(error.params) == {"game": "baseball", "count": 5}
    assert str(error) == (
        "Baseball shares no card in the middle, not 5: only Hold'em and Omaha have a "
        "board, and Spit in the Ocean its spit card"
    )


@pytest.mark.parametrize("game", _no_board_games())
@pytest.mark.parametrize("showdown", ["cards", "shared", "ranking"])
def test_every_game_without_a_board_refuses_one(game: str, showdown: str) -> None:
    cards = {"Anna": "Ks Kh 2c 5d 7h Jc 8s", "Ben": "As Ad 6c 8d Tc 2h 3s"}
    data: dict[str, Any] = {
        "game": game,
        "dealer": "Ben",
        "players": ["Anna", "Ben"],
        "put_in": {"Anna": 5, "Ben": 5},
        "board": "4c 5c 9h",
        "showdown": {"cards": cards} if showdown == "cards" else {"ranking": ["Anna", "Ben"]},
    }
    if showdown == "shared":
        del data["board"]
        data["showdown"] = {"cards": cards, "shared": "4c 5c 9h"}
    error = _refused(data)
    assert (error.code, dict(error.params)) == ("no_board", {"game": game, "count": 3})


def test_a_board_is_refused_even_when_everyone_else_folded() -> None:
    data = {
        "game": "baseball",
        "dealer": "Ben",
        "players": ["Anna", "Ben"],
        "put_in": {"Anna": 5, "Ben": 1},
        "folded": ["Ben"],
        "board": "2c 5d 7h Jc Qd",
        "showdown": {"cards": {"Anna": "Ks Kh"}},
    }
    assert _refused(data).code == "no_board"


def test_only_holdem_omaha_and_spit_count_cards_in_the_middle() -> None:
    """The digital games agree with the recorded ones: the cards in the middle count in
    every hand exactly where the game takes a board or a spit card."""
    shared = {e.name for e in ENTRIES if e.hand_size is not None and e.hand_size.shared}
    assert shared == {"texas-holdem", "omaha", "omaha-hi-lo", "spit-in-the-ocean"}
    for name, rules in GAMES.items():
        assert rules.table_shared == (name in shared), name


def test_the_command_line_refuses_the_board_in_the_same_words(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    hand = {
        "game": "five-card-draw",
        "dealer": "Ben",
        "players": ["Anna", "Ben"],
        "put_in": {"Anna": 2, "Ben": 2},
        "board": "2c 5d 7h Jc Qd",
        "showdown": {"cards": {"Anna": "Ks Kh", "Ben": "As Ad"}},
    }
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(hand)))
    assert main(["settle"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        "settle: five-card draw shares no card in the middle, not 5: only Hold'em and "
        "Omaha have a board, and Spit in the Ocean its spit card\n"
    )


def test_holdem_with_a_ranking_keeps_its_board_and_spit_its_card() -> None:
    holdem = {
        "game": "texas-holdem",
        "dealer": "Ben",
        "players": ["Anna", "Ben"],
        "put_in": {"Anna": 3, "Ben": 3},
        "board": "2c 5d 7h Jc Qd",
        "showdown": {"ranking": ["Ben", "Anna"]},
    }
    assert [p["net"] for p in settle_table_hand_json(holdem)["players"]] == [-3, 3]


# ---------------------------------------------------------------- Hold'em and Omaha dealt


def _start(game: str, deal: str, *, stacks: list[int], dealer: int) -> HandState:
    return HandState.start(
        GAMES[game],
        names=NAMES[: len(stacks)],
        stacks=stacks,
        dealer=dealer,
        deck=Deck(random.Random(1), stacked=parse_cards(deal)),
        ante=2,
    )


def _openers(state: HandState) -> list[str]:
    """Who acted first in each betting round (the first action after each card)."""
    firsts, fresh = [], True
    for event in state.history:
        if event.kind in (EventKind.DEAL, EventKind.TABLE_CARD):
            fresh = True
        elif fresh and event.kind in (EventKind.CHECK, EventKind.BET, EventKind.FOLD):
            firsts.append(state.names[event.seat])
            fresh = False
    return firsts


def test_holdem_antes_no_blinds_opens_left_of_the_dealer_and_burns_nothing() -> None:
    """Dealer Ben: Carla opens the first two rounds; once she folds on the flop, Dan, the
    first player still in on the dealer's left, opens the turn and the river. The board
    is the five cards right after the hole cards: no card is burnt. It is a royal flush,
    so Dan, Anna and Ben split 11: 4, 4 and 3, the odd chips from the dealer's left."""
    deal = "2c 3c 4c 5c 6c 7c 8c 9c  Ah Kh Qh  Jh  Th"
    state = _start("texas-holdem", deal, stacks=[30, 30, 30, 30], dealer=1)
    assert state.put_in == [2, 2, 2, 2]  # the night's ante, no blinds
    assert state.cards[2] == [(c, False) for c in parse_cards("2c 6c")]
    for seat in (2, 3, 0, 1):
        state.act(ActionName.CHECK, seat=seat)
    assert state.table == list(parse_cards("Ah Kh Qh"))
    state.act(ActionName.CHECK, seat=2)
    state.act(ActionName.BET, seat=3, amount=1)
    state.act(ActionName.CALL, seat=0)
    state.act(ActionName.CALL, seat=1)
    state.act(ActionName.FOLD, seat=2)
    while not state.is_over:
        actor = state.actor
        assert actor is not None
        state.act(ActionName.CHECK, seat=actor)
    assert state.table == list(parse_cards("Ah Kh Qh Jh Th"))
    assert _openers(state) == ["Carla", "Carla", "Dan", "Dan"]
    assert state.payouts == [4, 3, 0, 4]


def test_omaha_deals_four_each_then_the_board_and_opens_left_of_the_dealer() -> None:
    deal = "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc  2d 3d 4d  5d  6d"
    state = _start("omaha", deal, stacks=[30] * 3, dealer=0)
    # Four hole cards each from the dealer's left (Ben, Carla, Anna), then the board.
    assert state.cards[1] == [(c, False) for c in parse_cards("2c 5c 8c Jc")]
    state.act(ActionName.BET, seat=1, amount=1)
    state.act(ActionName.FOLD, seat=2)
    state.act(ActionName.CALL, seat=0)
    assert state.table == list(parse_cards("2d 3d 4d"))
    assert state.actor == 1  # Ben, left of the dealer, opens again
    while not state.is_over:
        actor = state.actor
        assert actor is not None
        state.act(ActionName.CHECK, seat=actor)
    assert state.table == list(parse_cards("2d 3d 4d 5d 6d"))
    assert _openers(state) == ["Ben", "Ben", "Ben", "Ben"]


# ---------------------------------------------------------------- Omaha high/low recorded


def _omaha(put_in: dict[str, int], cards: dict[str, str], board: str, **more: Any) -> Any:
    return settle_table_hand_json(
        {
            "game": "omaha-hi-lo",
            "dealer": "Dan",
            "players": NAMES,
            "put_in": put_in,
            "board": board,
            "showdown": {"cards": cards},
            **more,
        }
    )


def _pots(answer: dict[str, Any]) -> list[tuple[str, str, int, list[str], list[str]]]:
    return [
        (p["name"], p.get("half", ""), p["amount"], p["winners"], p["odd_chips"])
        for p in answer["pots"]
    ]


def test_the_odd_chip_of_the_halving_goes_high_then_ruling_9_inside_the_half() -> None:
    """No antes; Anna, Ben and Carla put in 9 each, Dan folded: 27. The high half is 14,
    the low half 13. Anna and Carla tie both ways (A-2 with 3-4-5: the wheel, a straight
    and the best low): 7 + 7 of the high half, 7 + 6 of the low half, its odd chip to
    Anna, first from the dealer's left. Ben's two pair win nothing."""
    answer = _omaha(
        {"Anna": 9, "Ben": 9, "Carla": 9, "Dan": 0},
        {"Anna": "Ac 2d Qs Qc", "Ben": "Ts Tc 9d 9c", "Carla": "As 2h Jd Jc"},
        "3s 4c 5h Kd Kh",
        folded=["Dan"],
        ante=0,
    )
    assert _pots(answer) == [
        ("main pot", "high", 14, ["Anna", "Carla"], []),
        ("main pot", "low", 13, ["Anna", "Carla"], ["Anna"]),
    ]
    assert [p["net"] for p in answer["players"]] == [14 - 9, -9, 13 - 9, 0]


def test_every_pot_side_pots_too_is_halved_and_one_without_a_low_goes_high() -> None:
    """Ben all-in for 4: main pot 16 (all four), side pot 15 (Anna, Carla, Dan 5 each).
    The main pot halves 8/8: Carla's flush high, Ben's 6-4-3-2-A low. In the side pot
    only Anna has a low (8-6-4-2-A) and she takes 7 of it (the odd chip to Carla's
    high half, 8)."""
    answer = _omaha(
        {"Anna": 9, "Ben": 4, "Carla": 9, "Dan": 9},
        {
            "Anna": "Ah 8c Td Tc",
            "Ben": "Ad 3c 9d 9c",
            "Carla": "Ks Qs 5d 5c",
            "Dan": "Jh Jd Jc 7c",
        },
        "2s 4s 6s 9s Kh",
        all_in=["Ben"],
    )
    assert _pots(answer) == [
        ("main pot", "high", 8, ["Carla"], []),
        ("main pot", "low", 8, ["Ben"], []),
        ("side pot 1", "high", 8, ["Carla"], []),
        ("side pot 1", "low", 7, ["Anna"], []),
    ]
    assert [p["net"] for p in answer["players"]] == [7 - 9, 8 - 4, 16 - 9, -9]


def test_no_qualifying_low_the_high_takes_the_whole_pot() -> None:
    """A pair on the board and hands with a nine: no five different ranks of 8 or lower
    from two of the hand and three of the board."""
    answer = _omaha(
        {"Anna": 5, "Ben": 5, "Carla": 5, "Dan": 5},
        {"Anna": "Ah Kd 9c 9d", "Ben": "2h 3h 4d 5d", "Carla": "Tc Td Jh Js", "Dan": "Kh Ks Ac 4c"},
        "2c 2d 9h Qh 8s",
    )
    assert _pots(answer) == [("main pot", "", 20, ["Anna"], [])]
    assert "lows" not in answer


# ---------------------------------------------------------------- the referee, at random


def _low_key(cards: tuple[int, ...]) -> tuple[int, ...] | None:
    """Five different ranks of 8 or lower, aces low, highest first (smaller is better)."""
    values = sorted((1 if c >> 2 == ACE else (c >> 2) + 2 for c in cards), reverse=True)
    if len(set(values)) < 5 or values[0] > 8:
        return None
    return tuple(values)


def _omaha_referee(hole: list[int], board: list[int]) -> tuple[int, tuple[int, ...] | None]:
    """Brute force: every two of the hand with every three of the board."""
    highs, lows = [], []
    for two in combinations(hole, 2):
        for three in combinations(board, 3):
            highs.append(brute_strength(two + three, frozenset()))
            low = _low_key(two + three)
            if low is not None:
                lows.append(low)
    return max(highs), min(lows) if lows else None


def _split(amount: int, winners: list[int], order: list[int]) -> dict[int, int]:
    ordered = [s for s in order if s in winners]
    share, odd = divmod(amount, len(ordered))
    return {s: share + (1 if i < odd else 0) for i, s in enumerate(ordered)}


def _referee_payouts(
    put_in: list[int], all_in: set[int], hands: dict[int, tuple[int, Any]], dealer: int
) -> list[int]:
    """Ruling 17 (with rulings 8 and 9): pots in layers; each pot halved, the odd chip
    to the high half, each half split with odd chips from the dealer's left."""
    n = len(put_in)
    order = [(dealer + i) % n for i in range(1, n + 1)]
    paid = [0] * n
    previous = 0
    for level in sorted(set(put_in)):
        amount = sum(min(p, level) - min(p, previous) for p in put_in)
        eligible = [s for s in range(n) if s not in all_in or put_in[s] >= level]
        previous = level
        if len(eligible) == 1:
            paid[eligible[0]] += amount
            continue
        best_high = max(hands[s][0] for s in eligible)
        high = [s for s in eligible if hands[s][0] == best_high]
        lows = [hands[s][1] for s in eligible if hands[s][1] is not None]
        if not lows:
            halves = [(amount, high)]
        else:
            low = [s for s in eligible if hands[s][1] == min(lows)]
            halves = [(amount - amount // 2, high), (amount // 2, low)]
        for half, winners in halves:
            for seat, chips in _split(half, winners, order).items():
                paid[seat] += chips
    return paid


@st.composite
def _omaha_deals(draw: st.DrawFn) -> tuple[list[int], list[int], set[int], list[str], str, int]:
    players = draw(st.integers(2, 4))
    deck = draw(st.permutations(range(52)))
    cards = [deck[4 * s : 4 * s + 4] for s in range(players)]
    board = deck[4 * players : 4 * players + 5]
    put_in = [draw(st.integers(1, 12)) for _ in range(players)]
    top = max(put_in)
    all_in = {s for s in range(players) if put_in[s] < top}  # short stacks went all-in
    texts = [format_cards(c, symbols=False) for c in cards]
    return (
        put_in,
        board,
        all_in,
        texts,
        format_cards(board, symbols=False),
        draw(st.integers(0, players - 1)),
    )


@settings(max_examples=examples(200))
@given(_omaha_deals())
def test_omaha_hi_lo_showdowns_agree_with_the_referee(
    deal: tuple[list[int], list[int], set[int], list[str], str, int],
) -> None:
    put_in, board, all_in, texts, board_text, dealer = deal
    names = NAMES[: len(put_in)]
    answer = settle_table_hand_json(
        {
            "game": "omaha-hi-lo",
            "dealer": names[dealer],
            "players": names,
            "ante": 0,
            "put_in": dict(zip(names, put_in, strict=True)),
            "all_in": [names[s] for s in sorted(all_in)],
            "board": board_text,
            "showdown": {"cards": dict(zip(names, texts, strict=True))},
        }
    )
    hands = {s: _omaha_referee(list(parse_cards(texts[s])), list(board)) for s in range(len(names))}
    expected = _referee_payouts(put_in, all_in, hands, dealer)
    assert [p["won"] + p["returned"] for p in answer["players"]] == expected
