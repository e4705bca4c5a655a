"""Replaying a hand from its first state, and its PokerKit hand history (PHH).

For a few seeded hands (decks shuffled by a seed) of each game that maps onto
a PHH variant, PokerKit reads our file, plays it again and must end on the
stacks our engine ended on; games that do not map give no file.
"""

from __future__ import annotations

import random
import warnings

import pytest
from pokerkit import HandHistory

from engine.betting import FixedLimit, Limit, NoLimit, PotLimit, SpreadLimit
from engine.cards import ALL_CARDS, Deck
from engine.games import ActionName, HandState, make_rules
from engine.games.phh import hand_to_phh, phh_refusal
from engine.games.replay import LoggedMove, ReplayError, check_same_end, replay
from engine.games.views import table_view


def _play(game: str, limit: Limit, seed: int) -> tuple[HandState, HandState, list[LoggedMove]]:
    """A random hand: its first state, its end, and its moves as the web logs them."""
    rng = random.Random(seed)
    seats = 2 + seed % 4
    stacks = [rng.randint(5, 60) for _ in range(seats)]
    state = HandState.start(
        make_rules(game),
        names=[f"P{i}" for i in range(seats)],
        stacks=stacks,
        dealer=seed % seats,
        deck=Deck(random.Random(seed)),
        limit=limit,
    )
    initial = HandState.from_json(state.to_json())
    moves = []
    while not state.is_over:
        seat = state.actor
        assert seat is not None
        choice = rng.choice(state.legal_actions())
        amount = None
        cards: tuple[int, ...] = ()
        if choice.kind is ActionName.DRAW:
            held = [card for card, _ in state.cards[seat]]
            cards = tuple(rng.sample(held, rng.randint(0, 3)))
            if not state.can(ActionName.DRAW, seat=seat, cards=cards):
                cards = ()
        elif choice.min_amount is not None and choice.max_amount is not None:
            amount = rng.randint(choice.min_amount, choice.max_amount)
        state.act(choice.kind, seat=seat, amount=amount, cards=cards, game=choice.game)
        moves.append(LoggedMove(action=choice.kind.value, seat=seat, amount=amount, cards=cards))
    return initial, state, moves


def _start_stacks(initial: HandState) -> list[int]:
    return [stack + put for stack, put in zip(initial.stacks, initial.put_in, strict=True)]


CASES = [
    ("texas-holdem", NoLimit()),
    ("texas-holdem", FixedLimit(amount=2)),
    ("texas-holdem", PotLimit()),
    ("texas-holdem", SpreadLimit()),
    ("omaha", PotLimit()),
    ("omaha-hi-lo", FixedLimit(amount=2)),
]


@pytest.mark.parametrize(("game", "limit"), CASES)
@pytest.mark.parametrize("seed", range(6))
def test_pokerkit_replays_our_phh_to_the_same_stacks(game: str, limit: Limit, seed: int) -> None:
    initial, end, _ = _play(game, limit, seed)
    text = hand_to_phh(end, start_stacks=_start_stacks(initial))
    if text is None:
        # Only a spread-limit raise below an earlier one keeps a mapped game out.
        assert isinstance(limit, SpreadLimit)
        assert phh_refusal(end) == "raises"
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit warns of folds it finds needless
        states = list(HandHistory.loads(text))
    assert list(states[-1].stacks) == [end.stacks[s] for s in end.order()]


def test_a_spread_hand_with_only_full_raises_maps_onto_no_limit() -> None:
    mapped = [
        seed
        for seed in range(20)
        if phh_refusal(_play("texas-holdem", SpreadLimit(), seed)[1]) is None
    ]
    assert mapped


@pytest.mark.parametrize(
    ("game", "code"),
    [
        # Without the house's bring-in, ruling 10's opener is out of turn in PokerKit.
        ("seven-card-stud", "stud_opening"),
        ("five-card-draw", "draw"),
        ("baseball", "game"),
        ("guts", "game"),
    ],
)
def test_games_without_a_phh_variant_give_no_file(game: str, code: str) -> None:
    initial, end, _ = _play(game, SpreadLimit(), 1)
    assert phh_refusal(end) == code
    assert hand_to_phh(end, start_stacks=_start_stacks(initial)) is None


def test_our_phh_hides_the_cards_nobody_showed() -> None:
    for seed in range(40):
        initial, end, _ = _play("texas-holdem", NoLimit(), seed)
        folded = [s for s in range(end.seat_count) if end.folded[s]]
        if folded:
            break
    text = hand_to_phh(end, start_stacks=_start_stacks(initial))
    assert text is not None
    for seat in folded:
        assert all(str(ALL_CARDS[card]) not in text for card, _ in end.cards[seat])


@pytest.mark.parametrize(
    "game", ["seven-card-stud", "five-card-draw", "texas-holdem", "no-peek", "spit-in-the-ocean"]
)
def test_a_replay_ends_where_the_hand_ended(game: str) -> None:
    initial, end, moves = _play(game, SpreadLimit(), 3)
    frames, replayed = replay(initial, moves)
    check_same_end(replayed, end)
    assert len(frames) == len(moves) + 1
    assert frames[-1].view == table_view(end)
    # Every event of the hand is in exactly one frame, in order.
    assert [e for f in frames for e in f.events] == table_view(end)["log"]


def test_a_move_the_engine_refuses_stops_the_replay() -> None:
    initial, _, moves = _play("texas-holdem", SpreadLimit(), 3)
    wrong = [LoggedMove(action="bet", seat=moves[0].seat, amount=999), *moves[1:]]
    with pytest.raises(ReplayError):
        replay(initial, wrong)
