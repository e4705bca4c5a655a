"""Seven-card stud with a bring-in as a PokerKit hand history (``F7S``).

Random digital hands (hypothesis draws the table, the stacks, the limit and the
bring-in; a seeded random player plays) are exported, read back with
``pokerkit.HandHistory.loads`` and replayed through PokerKit to the end:
PokerKit's finishing stacks must be ours. A hand our engine plays where
PokerKit could not (a spot the two rule sets settle differently) gets a
refusal code instead of a file, and such hands must stay rare.
"""

from __future__ import annotations

import random
import warnings

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pokerkit import HandHistory

from engine.betting import FixedLimit, Limit, SpreadLimit
from engine.cards import Deck, parse_cards
from engine.errors import EngineError
from engine.games import ActionName, EventKind, HandState, make_rules
from engine.games.phh import hand_to_phh, phh_refusal
from engine.games.random_play import play_out
from engine.table_hand import settle_table_hand_json

# The refusals a mapped stud hand may still get: a round with more bets and raises
# than PokerKit's fixed limit allows (four; ours counts only full raises).
RARE_REFUSALS = frozenset({"cap"})


def _hand(
    seed: int,
    *,
    seats: int,
    bet: int,
    bring_in: int | None,
    ante: int,
    stacks: list[int],
    limit: Limit | None = None,
) -> tuple[HandState, list[int]]:
    rng = random.Random(seed)
    options: dict[str, object] = {"bring_in": True, "bring_in_amount": bring_in}
    state = HandState.start(
        make_rules("seven-card-stud", options),
        names=[f"P{i}" for i in range(seats)],
        stacks=stacks[:seats],
        dealer=seed % seats,
        deck=Deck(random.Random(seed)),
        ante=ante,
        limit=limit or FixedLimit(amount=bet),
    )
    # Not read from the state: a table all-in on its antes plays to the end at once.
    play_out(state, rng)
    return state, stacks[:seats]


def _pokerkit_stacks(text: str) -> list[int]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit warns of folds it finds needless
        states = list(HandHistory.loads(text))
    final = states[-1]
    assert not final.status, "PokerKit did not reach the end of the hand"
    return list(final.stacks)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    seats=st.integers(2, 7),
    bet=st.sampled_from([2, 4, 6]),
    bring_in=st.one_of(st.none(), st.integers(1, 5)),
    ante=st.integers(0, 2),
    stacks=st.lists(st.sampled_from([1, 3, 8, 25, 60, 200]), min_size=7, max_size=7),
)
def test_pokerkit_replays_our_stud_phh_to_the_same_stacks(
    seed: int, seats: int, bet: int, bring_in: int | None, ante: int, stacks: list[int]
) -> None:
    if bring_in is not None and bring_in >= bet:
        bring_in = bet - 1  # a bring-in of a full bet is refused below, on its own
    end, start = _hand(seed, seats=seats, bet=bet, bring_in=bring_in, ante=ante, stacks=stacks)
    refusal = phh_refusal(end)
    text = hand_to_phh(end, start_stacks=start)
    if refusal is not None:
        assert refusal in RARE_REFUSALS
        assert text is None
        return
    assert text is not None
    assert 'variant = "F7S"' in text
    assert _pokerkit_stacks(text) == [end.stacks[s] for s in end.order()]


def test_most_stud_hands_with_a_bring_in_get_a_file() -> None:
    refused = 0
    for seed in range(60):
        end, _ = _hand(
            seed, seats=2 + seed % 6, bet=4, bring_in=None, ante=1, stacks=[40, 9, 60, 25] * 2
        )
        refused += phh_refusal(end) is not None
    assert refused <= 6


def test_the_lowest_up_card_brings_it_in_and_may_complete() -> None:
    rules = make_rules("seven-card-stud", {"bring_in": True})
    # Third street's up cards are dealt third: seat 0 shows 2d, seat 1 Ks, seat 2 2c.
    deck = Deck(random.Random(1), stacked=parse_cards("Ah Kh Qh Ad Kd Qd 2d Ks 2c"))
    state = HandState.start(
        rules,
        names=["Anna", "Ben", "Carla"],
        stacks=[50, 50, 50],
        dealer=2,
        deck=deck,
        limit=FixedLimit(amount=4),
    )
    assert state.actor == 2  # 2c: the lowest card, clubs below diamonds
    kinds = {a.kind: a for a in state.legal_actions()}
    assert set(kinds) == {ActionName.BRING_IN, ActionName.BET}
    assert kinds[ActionName.BRING_IN].chips == 2  # half the bet of 4
    assert (kinds[ActionName.BET].min_amount, kinds[ActionName.BET].max_amount) == (4, 4)
    assert not state.can(ActionName.CHECK, seat=2)
    assert not state.can(ActionName.FOLD, seat=2)
    state.act(ActionName.BRING_IN, seat=2)
    # Facing the bring-in: call it, fold, or complete to the full bet of 4.
    kinds = {a.kind: a for a in state.legal_actions()}
    assert kinds[ActionName.CALL].chips == 2
    assert (kinds[ActionName.RAISE_BY].min_amount, kinds[ActionName.RAISE_BY].max_amount) == (
        2,
        2,
    )
    state.act(ActionName.RAISE_BY, seat=0, amount=2)
    # After the completion, raises are full bets; the completion is no raise.
    assert state.betting is not None
    assert state.betting.raises == 0
    kinds = {a.kind: a for a in state.legal_actions()}
    assert kinds[ActionName.RAISE_BY].min_amount == 4
    assert [e.kind for e in state.history if e.kind is EventKind.BRING_IN]


def test_later_streets_open_with_the_best_showing_hand() -> None:
    end, _ = _hand(3, seats=4, bet=4, bring_in=None, ante=1, stacks=[200] * 7)
    assert EventKind.BRING_IN in [e.kind for e in end.history]


def test_without_the_option_stud_opens_with_the_best_showing_hand() -> None:
    rules = make_rules("seven-card-stud")
    state = HandState.start(
        rules, names=["A", "B", "C"], stacks=[50] * 3, dealer=0, rng=random.Random(2)
    )
    assert all(a.kind is not ActionName.BRING_IN for a in state.legal_actions())
    assert any(a.kind is ActionName.CHECK for a in state.legal_actions())


@pytest.mark.parametrize(
    ("options", "limit", "code"),
    [
        ({}, FixedLimit(amount=4), "stud_opening"),
        ({"bring_in": True}, SpreadLimit(), "stud_limit"),
        ({"bring_in": True, "bring_in_amount": 4}, FixedLimit(amount=4), "stud_limit"),
    ],
)
def test_stud_hands_pokerkit_cannot_replay_say_why(
    options: dict[str, object], limit: Limit, code: str
) -> None:
    state = HandState.start(
        make_rules("seven-card-stud", options),
        names=["A", "B", "C"],
        stacks=[50] * 3,
        dealer=0,
        rng=random.Random(4),
        limit=limit,
    )
    play_out(state, random.Random(4))
    assert phh_refusal(state) == code
    assert hand_to_phh(state, start_stacks=[51] * 3) is None


def test_five_card_draw_has_no_phh_variant() -> None:
    state = HandState.start(
        make_rules("five-card-draw"),
        names=["A", "B"],
        stacks=[50, 50],
        dealer=0,
        rng=random.Random(5),
    )
    play_out(state, random.Random(5))
    assert phh_refusal(state) == "draw"


def test_a_stud_hand_dealt_at_the_table_settles_with_the_bring_in_option() -> None:
    """The record form's and ``engine settle``'s hands take the house option too: the
    bring-in is chips like any other; a value that is no yes or no is refused."""
    hand = {
        "game": "seven-card-stud",
        "dealer": "Carla",
        "ante": 1,
        "options": {"bring_in": True, "bring_in_amount": 1},
        "players": ["Anna", "Ben", "Carla"],
        # Carla brought it in for 1 and folded to Anna's completion.
        "put_in": {"Anna": 9, "Ben": 9, "Carla": 2},
        "folded": ["Carla"],
        "showdown": {"ranking": ["Anna", "Ben"]},
    }
    result = settle_table_hand_json(hand)
    assert [p["amount"] for p in result["pots"]] == [20]
    with pytest.raises(EngineError, match="bring_in is yes or no"):
        settle_table_hand_json({**hand, "options": {"bring_in": "maybe"}})
