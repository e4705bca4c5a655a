"""Ruling 23: Second Hand High's side pots, what a Jack the Shifter switch does, and
Sequence high/low.

Worked cases with exact pots and payouts, then random hands against a referee
written from the ruling: random digital Jack the Shifter and Sequence hands played
to a showdown, and random Sequence high/low and Second Hand High settlements.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement
from typing import Any

import pytest
from brute_force import brute_strength
from helpers.profiles import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import ACE, FOUR, NINE, THREE, TWO, Deck, format_cards, parse_cards
from engine.chips.pots import build_pots
from engine.games import ActionName, EventKind, HandState, make_rules
from engine.games.catalog import CATALOGUE, ENTRIES
from engine.games.errors import GameOptionError
from engine.games.families.variants import JACK_TARGETS
from engine.table_hand import settle_table_hand_json

NAMES = ["Anna", "Ben", "Carla", "Dan"]
ANNA, BEN, CARLA = range(3)

# ---------------------------------------------------------------- Jack the Shifter, worked


def _jack(deal: str) -> HandState:
    return HandState.start(
        make_rules("jack-the-shifter"),
        names=NAMES[:3],
        stacks=[50] * 3,
        dealer=CARLA,
        deck=Deck(random.Random(0), stacked=parse_cards(deal)),
    )


def _check_down(state: HandState) -> None:
    """Everyone keeps the game when asked and checks to the showdown."""
    while not state.is_over:
        seat = state.actor
        assert seat is not None
        kinds = [a.kind for a in state.legal_actions()]
        action = ActionName.KEEP_GAME if ActionName.KEEP_GAME in kinds else ActionName.CHECK
        state.act(action, seat=seat)


def _shows(state: HandState) -> dict[int, str]:
    return {e.seat: e.text for e in state.history if e.kind is EventKind.SHOW}


# Dealer Carla; Anna's face-up 2♥ comes before Ben's face-up J♠. Anna: 5♠ 9♣ 2♥ K♦ K♣
# 8♥ 3♦ (a 2 and two kings); Ben: Q♠ Q♦ J♠ 7♦ 6♣ 4♠ 7♥ (queens and sevens); Carla:
# A♣ 10♣ 7♣ 8♦ 9♥ 10♦ 5♦ (tens). No face-up card after the 2♥ moves Sequence on.
TWO_BEFORE_THE_JACK = "5♠ Q♠ A♣ 9♣ Q♦ 10♣ 2♥ J♠ 7♣ K♦ 7♦ 8♦ K♣ 6♣ 9♥ 8♥ 4♠ 10♦ 3♦ 7♥ 5♦"


def test_a_sequence_switch_reads_the_up_cards_dealt_before_it() -> None:
    """Ruling 23: "a Sequence switch reads every up card dealt so far": Anna's 2♥ was
    dealt before Ben's jack, so 2s are wild from the switch on, and her 2♥ with her
    kings is three kings, which beats Ben's two pair. (Read from the switch on only,
    nothing is wild and Ben's queens and sevens took the pot.)"""
    state = _jack(TWO_BEFORE_THE_JACK)
    assert state.actor == BEN
    state.act(ActionName.SWITCH_GAME, seat=BEN, game="sequence")
    assert state.wild == [TWO]
    changes = [(e.seat, e.text) for e in state.history if e.kind is EventKind.WILD_CHANGE]
    assert changes == [(BEN, "twos are wild")]
    _check_down(state)
    assert _shows(state) == {
        ANNA: "three of a kind, kings",
        BEN: "two pair, queens and sevens",
        CARLA: "pair of tens",
    }
    assert state.payouts == [3, 0, 0]


@pytest.mark.parametrize(
    ("up", "wild"),
    [
        ("2♥ 3♣ J♠", [THREE]),  # a 2 then a 3: threes
        ("3♣ 2♥ J♠", [TWO]),  # the 3 came while nothing was wild: twos
        ("9♥ 8♣ J♠", []),  # nothing starts it
    ],
)
def test_the_up_cards_are_read_in_the_order_they_were_dealt(up: str, wild: list[int]) -> None:
    """Anna, Ben and Carla get their up cards in turn; Carla's jack is the last of them."""
    deal = f"5♠ Q♠ A♣ 9♣ Q♦ 10♣ {up} K♦ 7♦ 8♦ K♣ 6♣ 9♦ 8♥ 4♠ 10♦ 4♦ 7♥ 5♦"
    state = _jack(deal)
    assert state.actor == CARLA
    state.act(ActionName.SWITCH_GAME, seat=CARLA, game="sequence")
    assert state.wild == wild


def test_the_sheets_sequence_example_read_at_a_jacks_switch() -> None:
    """The English sheet: "if the upcards are 6, 2, Q, 5, 3, 9, 4, A in that order, 4's
    are wild". Dealt in Jack the Shifter, with Carla's face-up J♥ last on fifth street:
    her switch to Sequence reads them all, in order, and fours are wild."""
    deal = (
        "2♣ 7♠ 8♠ J♣ J♦ 8♥ "  # down
        "6♥ 2♥ Q♠ "  # third street up: 6, 2, Q
        "5♦ 3♥ 9♦ "  # fourth: 5, 3, 9
        "4♠ A♦ J♥ "  # fifth: 4, A and Carla's jack
        "10♣ 10♦ 10♥ 9♠ 9♥ 3♣"
    )
    state = _jack(deal)
    while state.actor is not None and state.step_index < 4:
        state.act(ActionName.CHECK, seat=state.actor)
    assert state.actor == CARLA
    state.act(ActionName.SWITCH_GAME, seat=CARLA, game="sequence")
    assert state.wild == [FOUR]


def test_a_baseball_switch_makes_the_threes_showing_wild_and_asks_nothing_back() -> None:
    """Anna's face-up 3♥ (third street) and 4♣ (fourth) came before Ben's jack on fourth
    street: after his switch to Baseball the 3♥ is wild (her pair of kings becomes three
    kings and beats Ben's two pair), but nobody pays the pot for it and the 4 brings no
    extra card: what was dealt before the switch is not done again."""
    deal = "K♠ Q♠ A♣ K♦ Q♦ 10♣ 3♥ 7♠ 7♣ 4♣ J♠ 8♦ 5♣ 7♦ 6♣ Q♥ 2♠ 10♦ 2♦ 5♥ 5♦"
    state = _jack(deal)
    while state.actor is not None and state.betting is not None:
        state.act(ActionName.CHECK, seat=state.actor)
    assert state.actor == BEN
    state.act(ActionName.SWITCH_GAME, seat=BEN, game="baseball")
    assert sorted(state.wild or []) == [THREE, NINE]
    assert state.decision is None
    _check_down(state)
    assert [len(cards) for cards in state.cards] == [7, 7, 7]
    assert not [e for e in state.history if e.kind is EventKind.PAY_POT]
    assert _shows(state) == {
        ANNA: "three of a kind, kings",
        BEN: "two pair, queens and sevens",
        CARLA: "pair of tens",
    }
    assert state.payouts == [3, 0, 0]


def test_the_agreed_list_holds_only_games_dealt_like_seven_card_stud() -> None:
    assert set(JACK_TARGETS) == {
        "seven-card-stud",
        "baseball",
        "football",
        "woolworth",
        "rainy-day-baseball",
        "good-bad-ugly",
        "sequence",
        "second-hand-high",
    }
    for entry in ENTRIES:
        if entry.family == "no-peek":
            assert not entry.jack_target, entry.name
    with pytest.raises(GameOptionError):
        make_rules("jack-the-shifter", {"allow_no_peek": True})


# ---------------------------------------------------------------- Second Hand High, worked


def _ranked(game: str, put_in: dict[str, int], all_in: list[str], ranking: list[Any]) -> Any:
    return settle_table_hand_json(
        {
            "game": game,
            "dealer": "Dan",
            "players": NAMES,
            "put_in": put_in,
            "all_in": all_in,
            "showdown": {"ranking": ranking},
        }
    )


def test_every_pot_goes_to_the_second_best_of_its_players() -> None:
    """Anna all-in for 5, Ben for 8; Carla and Dan 10: main pot 20 (all four), side pot
    9 (Ben, Carla, Dan), side pot 4 (Carla, Dan). Carla is best, then Anna, Dan, Ben.
    Main pot: second best of four, Anna. Side pot 1: Dan (Carla best). Side pot 2, two
    players: the worse of the two, Dan."""
    answer = _ranked(
        "second-hand-high",
        {"Anna": 5, "Ben": 8, "Carla": 10, "Dan": 10},
        ["Anna", "Ben"],
        ["Carla", "Anna", "Dan", "Ben"],
    )
    assert [(p["name"], p["amount"], p["winners"]) for p in answer["pots"]] == [
        ("main pot", 20, ["Anna"]),
        ("side pot 1", 9, ["Dan"]),
        ("side pot 2", 4, ["Dan"]),
    ]
    assert [p["net"] for p in answer["players"]] == [15, -8, -10, 3]


def test_a_tie_for_best_in_a_side_pot_lets_the_next_hand_take_it() -> None:
    """Side pot (Ben, Carla, Dan): Ben and Carla tie for best, so Dan's hand takes it."""
    answer = _ranked(
        "second-hand-high",
        {"Anna": 4, "Ben": 10, "Carla": 10, "Dan": 10},
        ["Anna"],
        [["Ben", "Carla"], "Anna", "Dan"],
    )
    assert [(p["amount"], p["winners"]) for p in answer["pots"]] == [
        (16, ["Anna"]),
        (18, ["Dan"]),
    ]


# ---------------------------------------------------------------- Sequence high/low, worked


def _declared(cards: dict[str, str], declare: dict[str, str], **more: Any) -> Any:
    return settle_table_hand_json(
        {
            "game": "sequence",
            "dealer": "Dan",
            "players": NAMES,
            "options": {"high_low": True},
            "put_in": {"Anna": 10, "Ben": 10, "Carla": 10, "Dan": 1},
            "folded": ["Dan"],
            "showdown": {"cards": cards},
            "declare": declare,
            **more,
        }
    )


def _halves(answer: dict[str, Any]) -> list[tuple[str, int, list[str], list[str]]]:
    return [(p.get("half", ""), p["amount"], p["winners"], p["odd_chips"]) for p in answer["pots"]]


BEN_FULL_HOUSE = "Ks Kh Kc 9d 9c 4s 7h"


def test_a_wild_card_is_the_best_rank_missing_in_the_low() -> None:
    """6s wild. Anna's 6♥ is the 3 her low lacks: 8-4-3-2-A beats Carla's 8-5-3-2-A
    (as a natural 6 it would lose, 8-6-4-2-A). Pot 31: the high half 16 (the odd chip)
    to Ben's kings full, the low half 15 to Anna."""
    answer = _declared(
        {"Anna": "As 2d 6h 4c 8d Kd Qc", "Ben": BEN_FULL_HOUSE, "Carla": "Ad 2s 3c 5h 8c Qh Jh"},
        {"Anna": "low", "Ben": "high", "Carla": "low"},
        wild="6",
    )
    assert _halves(answer) == [("high", 16, ["Ben"], []), ("low", 15, ["Anna"], [])]
    assert answer["lows"]["Anna"] == "8-4-3-2-A low"


def test_both_ways_must_win_or_tie_both_or_lose_both_halves() -> None:
    """Anna declares both: her pair of aces loses the high to Ben, so she gets nothing,
    not even the low she would have won; Carla's low takes the low half."""
    answer = _declared(
        {"Anna": "As Ah 2d 3c 4h 5d Js", "Ben": BEN_FULL_HOUSE, "Carla": "Ad 2s 3d 6c 7c Qh Jh"},
        {"Anna": "both", "Ben": "high", "Carla": "low"},
    )
    assert _halves(answer) == [("high", 16, ["Ben"], []), ("low", 15, ["Carla"], [])]
    assert answer["forfeited"] == {"main pot": ["Anna"]}
    assert [p["net"] for p in answer["players"]] == [-10, 6, 5, -1]


def test_both_ways_that_ties_the_low_and_wins_the_high_takes_its_share_of_both() -> None:
    """Anna (both) and Carla (low) tie the low 5-4-3-2-A; Anna's straight wins the high.
    High half 16 to Anna; low half 15 split 8/7, its odd chip to Anna (first from the
    dealer's left)."""
    answer = _declared(
        {
            "Anna": "As 2d 3c 4h 5d Kc Qs",
            "Ben": "Ks Kh 8c 8d 9c 7s Jh",
            "Carla": "Ad 2s 3d 4c 5h Qh Jd",
        },
        {"Anna": "both", "Ben": "high", "Carla": "low"},
    )
    assert _halves(answer) == [("high", 16, ["Anna"], []), ("low", 15, ["Anna", "Carla"], ["Anna"])]
    assert [p["net"] for p in answer["players"]] == [24 - 10, -10, 7 - 10, -1]


def test_a_half_nobody_declared_goes_to_the_other_half() -> None:
    answer = _declared(
        {"Anna": "As 2d 3c 4h 5d Kd Qs", "Ben": BEN_FULL_HOUSE, "Carla": "Ad 2s 3d 6c 7c Qh Jh"},
        {"Anna": "high", "Ben": "high", "Carla": "high"},
    )
    assert _halves(answer) == [("", 31, ["Ben"], [])]
    lone_low = _declared(
        {"Anna": "As 2d 3c 4h 5d Kd Qs", "Ben": BEN_FULL_HOUSE, "Carla": "Qd Qh Js Jc Td Tc 9h"},
        {"Anna": "high", "Ben": "high", "Carla": "low"},
    )
    # No qualifier: Carla's queens and jacks are the only low declared, and take its half.
    assert _halves(lone_low) == [("high", 16, ["Ben"], []), ("low", 15, ["Carla"], [])]


# ---------------------------------------------------------------- the referee


def _order(dealer: int, n: int) -> list[int]:
    return [(dealer + i) % n for i in range(1, n + 1)]


def _split(amount: int, winners: Sequence[int], order: Sequence[int]) -> dict[int, int]:
    ordered = [s for s in order if s in winners]
    share, odd = divmod(amount, len(ordered))
    return {s: share + (1 if i < odd else 0) for i, s in enumerate(ordered)}


def _second_best(scores: dict[int, int]) -> list[int]:
    """Ruling 16: a tie for best wins nothing; the next hand takes it; all tied split."""
    best = max(scores.values())
    below = [v for v in scores.values() if v < best]
    target = max(below) if below else best
    return [s for s, v in scores.items() if v == target]


def _pots(put_in: Sequence[int], folded: set[int], all_in: set[int]) -> list[tuple[int, list[int]]]:
    """Ruling 8 (the engine's pots, checked against PokerKit elsewhere): amount and who
    can win each pot; chips nobody else can win are given back and not listed."""
    split = build_pots(
        contributions=dict(enumerate(put_in)), folded=sorted(folded), all_in=sorted(all_in)
    )
    return [(pot.amount, list(pot.eligible)) for pot in split.pots]


def _returned(put_in: Sequence[int], folded: set[int], all_in: set[int]) -> dict[int, int]:
    split = build_pots(
        contributions=dict(enumerate(put_in)), folded=sorted(folded), all_in=sorted(all_in)
    )
    return dict(split.returned)


def _high_payouts(
    put_in: Sequence[int],
    folded: set[int],
    all_in: set[int],
    scores: dict[int, int],
    *,
    dealer: int,
    second: bool,
) -> list[int]:
    n = len(put_in)
    paid = [0] * n
    for seat, chips in _returned(put_in, folded, all_in).items():
        paid[seat] += chips
    for amount, eligible in _pots(put_in, folded, all_in):
        mine = {s: scores[s] for s in eligible}
        winners = (
            _second_best(mine) if second else [s for s in mine if mine[s] == max(mine.values())]
        )
        if len(eligible) == 1:
            winners = eligible
        for seat, chips in _split(amount, winners, _order(dealer, n)).items():
            paid[seat] += chips
    return paid


# ---------------------------------------------------------------- digital hands at random

# The wild ranks of each game a jack may switch to, by its own rules (ruling 11, 16).
_GAME_WILD = {
    "baseball": {THREE, NINE},
    "rainy-day-baseball": {THREE, NINE},
    "football": {1, 4},
    "woolworth": {3, 8},
}


def _referee_wild(state: HandState, game: str) -> frozenset[int]:
    """The wild ranks at the showdown, read from the hand's history as the ruling says."""
    if game in _GAME_WILD:
        return frozenset(_GAME_WILD[game])
    wild: int | None = None
    if game == "sequence":
        for event in state.history:
            if event.kind is EventKind.VOID_DEAL:
                wild = None
            elif event.kind is EventKind.DEAL and event.face_up and event.card is not None:
                rank = event.card >> 2
                if (wild is None and rank == TWO) or (
                    wild is not None and rank == wild + 1 and wild < ACE
                ):
                    wild = rank
    if game == "good-bad-ugly":
        good = [e for e in state.history if e.code == "gbu_card" and e.params.get("role") == "good"]
        wild = good[-1].card >> 2 if good and good[-1].card is not None else None
    return frozenset() if wild is None else frozenset({wild})


def _game_in_force(state: HandState) -> str:
    switches = [e for e in state.history if e.kind is EventKind.SWITCH_GAME]
    if switches:
        return str(switches[-1].params["game"])
    return state.rules.name if state.rules.name != "jack-the-shifter" else "seven-card-stud"


def _play_to_the_end(state: HandState, rng: random.Random) -> None:
    """Mostly checks and calls, so that hands reach a showdown; switches when offered."""
    for _ in range(500):
        if state.is_over:
            return
        seat = state.actor
        assert seat is not None
        actions = state.legal_actions()
        kinds = {a.kind: a for a in actions}
        switches = [a for a in actions if a.kind is ActionName.SWITCH_GAME]
        if switches and rng.random() < 0.6:
            choice = rng.choice(switches)
        elif ActionName.CHECK in kinds:
            choice = kinds[ActionName.CHECK]
        elif ActionName.CALL in kinds and rng.random() < 0.9:
            choice = kinds[ActionName.CALL]
        else:
            choice = rng.choice(actions)
        amount = choice.min_amount
        state.act(choice.kind, seat=seat, amount=amount, game=choice.game)
    raise AssertionError("the hand did not end")


@settings(max_examples=examples(120))
@given(seed=st.integers(0, 2**32), game=st.sampled_from(["jack-the-shifter", "sequence"]))
def test_digital_showdowns_pay_as_the_referee_says(seed: int, game: str) -> None:
    rng = random.Random(seed)
    players = rng.randint(3, 6)
    state = HandState.start(
        make_rules(game),
        names=NAMES[:3] + [f"P{i}" for i in range(3, players)],
        stacks=[rng.choice([3, 8, 40]) for _ in range(players)],
        dealer=rng.randrange(players),
        rng=rng,
    )
    _play_to_the_end(state, rng)
    live = [s for s in range(players) if not state.folded[s]]
    in_force = _game_in_force(state)
    wild = _referee_wild(state, in_force)
    scores = {s: brute_strength(tuple(c for c, _ in state.cards[s]), wild) for s in live}
    folded = {s for s in range(players) if state.folded[s]}
    all_in = {s for s in live if _was_all_in(state, s)}
    expected = _high_payouts(
        state.put_in,
        folded,
        all_in,
        scores if len(live) > 1 else {live[0]: 0},
        dealer=state.dealer,
        second=in_force == "second-hand-high",
    )
    assert state.payouts == expected, (in_force, sorted(wild), format_cards(state.table))


def _was_all_in(state: HandState, seat: int) -> bool:
    """No chip left behind before the payout."""
    return state.stacks[seat] - state.payouts[seat] == 0


# ---------------------------------------------------------------- recorded hands at random


def _low_key(values: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """Ace-to-five, no qualifier: fewer and smaller groups first, then the values."""
    counts = Counter(values)
    shape = tuple(sorted(counts.values(), reverse=True))
    tiers = [(1, 1, 1, 1, 1), (2, 1, 1, 1), (2, 2, 1), (3, 1, 1), (3, 2), (4, 1), (5,)]
    order = sorted(counts, key=lambda v: (counts[v], v), reverse=True)
    return tiers.index(shape), tuple(order)


def _best_low(cards: Sequence[int], wild: frozenset[int]) -> tuple[int, tuple[int, ...]]:
    """Brute force: every five cards, every value a wild card may take (ruling 23: it
    counts as the best rank missing, which the search finds)."""
    best: tuple[int, tuple[int, ...]] | None = None
    for five in combinations(cards, 5):
        natural = [1 if c >> 2 == ACE else (c >> 2) + 2 for c in five if c >> 2 not in wild]
        for stand_in in combinations_with_replacement(range(1, 14), 5 - len(natural)):
            key = _low_key(natural + list(stand_in))
            if best is None or key < best:
                best = key
    assert best is not None
    return best


def _declared_payouts(
    put_in: Sequence[int],
    all_in: set[int],
    highs: dict[int, int],
    lows: dict[int, tuple[int, tuple[int, ...]]],
    declared: dict[int, str],
    dealer: int,
) -> list[int]:
    """Ruling 23 and :mod:`engine.chips.hi_lo`: pot by pot, a both who does not win or tie
    both ways is out of that pot; each half to its best among those who declared it; a
    half nobody declared goes to the other; the odd chip of the halving to the high."""
    n = len(put_in)
    order = _order(dealer, n)
    paid = [0] * n
    for seat, chips in _returned(put_in, set(), all_in).items():
        paid[seat] += chips
    for amount, eligible in _pots(put_in, set(), all_in):
        if len(eligible) == 1:
            paid[eligible[0]] += amount
            continue
        high_side = [s for s in eligible if declared[s] in ("high", "both")]
        low_side = [s for s in eligible if declared[s] in ("low", "both")]
        best_high = (
            {s for s in high_side if highs[s] == max(highs[t] for t in high_side)}
            if high_side
            else set()
        )
        best_low = (
            {s for s in low_side if lows[s] == min(lows[t] for t in low_side)}
            if low_side
            else set()
        )
        out = {
            s for s in eligible if declared[s] == "both" and not (s in best_high and s in best_low)
        }
        highs_left = [s for s in high_side if s not in out]
        lows_left = [s for s in low_side if s not in out]
        if not highs_left and not lows_left:  # nobody left: split as undeclared
            highs_left, lows_left = list(eligible), list(eligible)
        halves = []
        top = (
            [s for s in highs_left if highs[s] == max(highs[t] for t in highs_left)]
            if highs_left
            else []
        )
        bottom = (
            [s for s in lows_left if lows[s] == min(lows[t] for t in lows_left)]
            if lows_left
            else []
        )
        if top and bottom:
            halves = [(amount - amount // 2, top), (amount // 2, bottom)]
        else:
            halves = [(amount, top or bottom)]
        for half, winners in halves:
            for seat, chips in _split(half, winners, order).items():
                paid[seat] += chips
    return paid


@st.composite
def _sequence_hi_lo(draw: st.DrawFn) -> dict[str, Any]:
    players = draw(st.integers(2, 4))
    deck = draw(st.permutations(range(52)))
    hands = [deck[7 * s : 7 * s + 7] for s in range(players)]
    put_in = [draw(st.integers(1, 9)) for _ in range(players)]
    top = max(put_in)
    return {
        "hands": hands,
        "put_in": put_in,
        "all_in": {s for s in range(players) if put_in[s] < top},
        "declared": [draw(st.sampled_from(["high", "low", "both"])) for _ in range(players)],
        "wild": draw(st.sampled_from([None, *range(13)])),
        "dealer": draw(st.integers(0, players - 1)),
    }


@settings(max_examples=examples(150))
@given(_sequence_hi_lo())
def test_recorded_sequence_high_low_pays_as_the_referee_says(deal: dict[str, Any]) -> None:
    names = NAMES[: len(deal["hands"])]
    wild = frozenset() if deal["wild"] is None else frozenset({deal["wild"]})
    data: dict[str, Any] = {
        "game": "sequence",
        "dealer": names[deal["dealer"]],
        "players": names,
        "ante": 0,
        "options": {"high_low": True},
        "put_in": dict(zip(names, deal["put_in"], strict=True)),
        "all_in": [names[s] for s in sorted(deal["all_in"])],
        "declare": dict(zip(names, deal["declared"], strict=True)),
        "showdown": {
            "cards": {
                n: format_cards(h, symbols=False) for n, h in zip(names, deal["hands"], strict=True)
            }
        },
    }
    if deal["wild"] is not None:
        data["wild"] = "23456789TJQKA"[deal["wild"]]
    answer = settle_table_hand_json(data)
    seats = range(len(names))
    expected = _declared_payouts(
        deal["put_in"],
        deal["all_in"],
        {s: brute_strength(tuple(deal["hands"][s]), wild) for s in seats},
        {s: _best_low(deal["hands"][s], wild) for s in seats},
        dict(enumerate(deal["declared"])),
        deal["dealer"],
    )
    assert [p["won"] + p["returned"] for p in answer["players"]] == expected


@settings(max_examples=examples(150))
@given(
    put_in=st.lists(st.integers(1, 9), min_size=2, max_size=5),
    places=st.data(),
    dealer=st.integers(0, 4),
)
def test_recorded_second_hand_high_pays_every_pot_as_the_referee_says(
    put_in: list[int], places: st.DataObject, dealer: int
) -> None:
    n = len(put_in)
    names = [f"P{i}" for i in range(n)]
    top = max(put_in)
    all_in = {s for s in range(n) if put_in[s] < top}
    scores = {s: places.draw(st.integers(1, 4)) for s in range(n)}
    groups = [
        [names[s] for s in range(n) if scores[s] == v]
        for v in sorted(set(scores.values()), reverse=True)
    ]
    answer = settle_table_hand_json(
        {
            "game": "second-hand-high",
            "dealer": names[dealer % n],
            "players": names,
            "ante": 0,
            "put_in": dict(zip(names, put_in, strict=True)),
            "all_in": [names[s] for s in sorted(all_in)],
            "showdown": {"ranking": groups},
        }
    )
    expected = _high_payouts(put_in, set(), all_in, scores, dealer=dealer % n, second=True)
    assert [p["won"] + p["returned"] for p in answer["players"]] == expected


def test_the_catalogue_knows_every_game_the_referee_names() -> None:
    for game in (*_GAME_WILD, "sequence", "good-bad-ugly", "second-hand-high"):
        assert game in CATALOGUE
