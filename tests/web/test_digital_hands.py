"""Digital hands in the ledger: start, act, finish and abandon, with every chip accounted for.

Written against the host (owner), a co-host, a member who may only view and an
outsider; the hands are driven by the engine's random play.
"""

from __future__ import annotations

import random

import pytest
from django.core.exceptions import PermissionDenied
from django.http import Http404
from ledger_helpers import Table, assert_ledger_consistent, pot, stacks

from engine.games import ActionName, HandState
from gamenight.models import (
    AccountKind,
    DealMode,
    DealStatus,
    DigitalHand,
    HandAction,
    HandStatus,
    Transaction,
)
from gamenight.services import digital, seat_links
from gamenight.services.digital import Move


def play(hand: DigitalHand, rng: random.Random, *, limit: int = 500) -> DigitalHand:
    """Act at random through the service, as the phones would, until the hand is over."""
    for n in range(limit):
        hand.refresh_from_db()
        if hand.status != HandStatus.RUNNING:
            return hand
        state = digital.hand_state(hand)
        digital.act(
            hand_id=hand.pk,
            seat=state.actor,
            move=_pick(state, rng),
            version=hand.version,
            key=f"k{hand.pk}-{n}",
        )
    raise AssertionError("the hand did not end")


def _pick(state: HandState, rng: random.Random) -> Move:
    """A legal move of the actor, chosen as engine.games.random_play chooses."""
    seat = state.actor
    choice = rng.choice(state.legal_actions())
    amount = None
    if choice.min_amount is not None and choice.max_amount is not None:
        amount = rng.randint(choice.min_amount, choice.max_amount)
    cards: tuple[int, ...] = ()
    if choice.kind is ActionName.DRAW:
        held = [card for card, _ in state.cards[seat]]
        picked = rng.sample(held, amount or 0)
        cards = tuple(picked) if state.can(ActionName.DRAW, seat=seat, cards=picked) else ()
        amount = None
    return Move(action=choice.kind, amount=amount, cards=cards, game=choice.game)


@pytest.fixture
def night_games(table: Table) -> Table:
    table.night.allowed_games = ["seven-card-stud", "no-peek", "guts", "shelby", "five-card-draw"]
    table.night.save()
    return table


def start(table: Table, game: str = "seven-card-stud", key: str = "start-1") -> DigitalHand:
    return digital.start_hand(night_id=table.night.pk, by=table.owner, key=key, game=game)


def test_starting_a_hand_reads_the_stacks_and_records_nothing(night_games: Table) -> None:
    before = Transaction.objects.count()
    hand = start(night_games)
    assert hand.status == HandStatus.RUNNING
    assert hand.version == 0
    assert hand.deal.mode == DealMode.DIGITAL
    assert hand.start_stacks == [50, 50, 50]
    assert Transaction.objects.count() == before
    # Everyone dealt in gets a night link.
    assert len(seat_links.night_links(night_games.night)) == 3


def test_the_same_start_key_starts_one_hand(night_games: Table) -> None:
    assert start(night_games).pk == start(night_games).pk
    assert DigitalHand.objects.count() == 1


def test_a_second_hand_waits_for_the_first(night_games: Table) -> None:
    start(night_games)
    with pytest.raises(digital.DigitalHandError, match="already running"):
        start(night_games, key="start-2")


def test_a_game_not_allowed_tonight_is_refused(night_games: Table) -> None:
    with pytest.raises(digital.DigitalHandError, match="baseball"):
        start(night_games, game="baseball")
    assert not DigitalHand.objects.exists()


def test_only_hosts_start_hands(night_games: Table) -> None:
    with pytest.raises(PermissionDenied):
        digital.start_hand(
            night_id=night_games.night.pk, by=night_games.viewer, key="v", game="no-peek"
        )
    with pytest.raises(Http404):
        digital.start_hand(
            night_id=night_games.night.pk, by=night_games.outsider, key="o", game="no-peek"
        )
    hand = digital.start_hand(
        night_id=night_games.night.pk, by=night_games.cohost, key="c", game="no-peek"
    )
    assert hand.status == HandStatus.RUNNING


@pytest.mark.parametrize("game", ["seven-card-stud", "no-peek", "five-card-draw"])
def test_a_finished_hand_books_each_net_in_one_transaction(night_games: Table, game: str) -> None:
    hand = start(night_games, game=game)
    before = Transaction.objects.count()
    hand = play(hand, random.Random(7))
    assert hand.status == HandStatus.FINISHED
    assert Transaction.objects.count() == before + 1
    state = digital.hand_state(hand)
    payouts = state.payouts or []
    expected = {name: 50 + payouts[i] - state.put_in[i] for i, name in enumerate(state.names)}
    assert stacks(night_games.night) == expected
    assert sum(expected.values()) == 150
    assert hand.settlement is not None
    assert hand.deal.status == DealStatus.SETTLED
    assert HandAction.objects.filter(hand=hand).count() == hand.version
    assert_ledger_consistent(night_games.group)


def test_guts_moves_the_nights_pot_and_reserve(night_games: Table) -> None:
    total = 150
    rng = random.Random(3)
    for n in range(6):
        hand = start(night_games, game="guts", key=f"g{n}")
        hand = play(hand, rng)
        assert hand.status == HandStatus.FINISHED
        state = digital.hand_state(hand)
        carry = state.carry_out
        assert pot(night_games.night, AccountKind.GUTS_POT) == carry["pot"]
        assert pot(night_games.night, AccountKind.GUTS_RESERVE) == carry["reserve"]
        in_middle = carry["pot"] + carry["reserve"]
        assert sum(stacks(night_games.night).values()) + in_middle == total
        assert_ledger_consistent(night_games.group)


def test_shelby_carries_its_pot_and_markers(night_games: Table) -> None:
    rng = random.Random(5)
    for n in range(3):
        hand = start(night_games, game="shelby", key=f"s{n}")
        hand = play(hand, rng)
        state = digital.hand_state(hand)
        assert pot(night_games.night, AccountKind.SHELBY_POT) == state.carry_out["pot"]
        assert sum(stacks(night_games.night).values()) + state.carry_out["pot"] == 150
        assert_ledger_consistent(night_games.group)


def test_abandoning_a_hand_leaves_every_stack_as_it_was(night_games: Table) -> None:
    hand = start(night_games)
    rng = random.Random(1)
    for n in range(4):
        state = digital.hand_state(hand)
        digital.act(
            hand_id=hand.pk,
            seat=state.actor,
            move=_pick(state, rng),
            version=hand.version,
            key=f"a{n}",
        )
        hand.refresh_from_db()
    before = Transaction.objects.count()
    hand = digital.abandon_hand(
        night_id=night_games.night.pk, hand_id=hand.pk, by=night_games.owner, key="ab"
    )
    assert hand.status == HandStatus.ABANDONED
    assert hand.deal.status == DealStatus.UNDONE
    assert Transaction.objects.count() == before
    assert stacks(night_games.night) == {"Anna": 50, "Ben": 50, "Carla": 50}
    with pytest.raises(digital.DigitalHandError, match="over"):
        digital.act(
            hand_id=hand.pk,
            seat=0,
            move=Move(action=ActionName.FOLD),
            version=hand.version,
            key="late",
        )
    # A new hand may be dealt now.
    assert start(night_games, key="start-2").status == HandStatus.RUNNING


def test_an_old_version_is_refused_and_changes_nothing(night_games: Table) -> None:
    hand = start(night_games)
    state = digital.hand_state(hand)
    move = _pick(state, random.Random(2))
    digital.act(hand_id=hand.pk, seat=state.actor, move=move, version=0, key="one")
    with pytest.raises(digital.HandMovedOnError):
        digital.act(hand_id=hand.pk, seat=state.actor, move=move, version=0, key="two")
    hand.refresh_from_db()
    assert hand.version == 1
    assert HandAction.objects.filter(hand=hand).count() == 1


def test_the_same_key_applies_once(night_games: Table) -> None:
    hand = start(night_games)
    state = digital.hand_state(hand)
    move = _pick(state, random.Random(2))
    first = digital.act(hand_id=hand.pk, seat=state.actor, move=move, version=0, key="same")
    again = digital.act(hand_id=hand.pk, seat=state.actor, move=move, version=0, key="same")
    assert first.version == again.version == 1
    assert HandAction.objects.filter(hand=hand).count() == 1


def test_an_illegal_move_says_why_and_changes_nothing(night_games: Table) -> None:
    hand = start(night_games)
    state = digital.hand_state(hand)
    other = (state.actor + 1) % 3
    with pytest.raises(digital.IllegalMoveError):
        digital.act(
            hand_id=hand.pk, seat=other, move=Move(action=ActionName.CHECK), version=0, key="x"
        )
    with pytest.raises(digital.IllegalMoveError):
        digital.act(
            hand_id=hand.pk,
            seat=state.actor,
            move=Move(action=ActionName.BET, amount=10_000),
            version=0,
            key="y",
        )
    hand.refresh_from_db()
    assert hand.version == 0
    assert not HandAction.objects.exists()


def test_the_host_may_fold_for_an_absent_player_but_not_bet(night_games: Table) -> None:
    hand = start(night_games, game="no-peek")
    state = digital.hand_state(hand)
    with pytest.raises(digital.IllegalMoveError):
        digital.act_for_absent(
            night_id=night_games.night.pk,
            hand_id=hand.pk,
            by=night_games.owner,
            seat=state.actor,
            action=ActionName.BET,
            version=0,
            key="h1",
        )
    legal = {a.kind for a in state.legal_actions()} & digital.HOST_ACTIONS
    action = sorted(legal)[0]
    hand = digital.act_for_absent(
        night_id=night_games.night.pk,
        hand_id=hand.pk,
        by=night_games.owner,
        seat=state.actor,
        action=action,
        version=0,
        key="h2",
    )
    assert hand.version == 1
    assert HandAction.objects.get(hand=hand).by_user == night_games.owner
    with pytest.raises(PermissionDenied):
        digital.act_for_absent(
            night_id=night_games.night.pk,
            hand_id=hand.pk,
            by=night_games.viewer,
            seat=0,
            action=ActionName.FOLD,
            version=1,
            key="h3",
        )


def test_chips_are_never_created_or_lost_over_many_hands(night_games: Table) -> None:
    rng = random.Random(11)
    games = ["seven-card-stud", "no-peek", "guts", "five-card-draw", "shelby"]
    for n in range(10):
        hand = start(night_games, game=games[n % len(games)], key=f"m{n}")
        if n % 4 == 3:
            digital.abandon_hand(
                night_id=night_games.night.pk, hand_id=hand.pk, by=night_games.owner, key=f"x{n}"
            )
            continue
        play(hand, rng)
    middle = sum(
        pot(night_games.night, k)
        for k in (AccountKind.GUTS_POT, AccountKind.GUTS_RESERVE, AccountKind.SHELBY_POT)
    )
    assert sum(stacks(night_games.night).values()) + middle == 150
    assert_ledger_consistent(night_games.group)
