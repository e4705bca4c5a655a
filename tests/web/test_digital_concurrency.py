"""Two phones tapping at once on a real PostgreSQL: exactly one move applies.

Every thread has its own connection; the hand's row lock and the version
check decide which tap wins, and the loser is told the hand moved on.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from ledger_helpers import assert_ledger_consistent, make_table, run_together, stacks

from engine.games import ActionName, seat_view
from gamenight.models import DigitalHand, HandAction, HandStatus
from gamenight.services import digital
from gamenight.services.digital import Move

pytestmark = pytest.mark.postgres


def _no_peek_hand() -> tuple[Any, DigitalHand]:
    table = make_table()
    table.night.allowed_games = ["no-peek", "guts"]
    table.night.save()
    hand = digital.start_hand(night_id=table.night.pk, by=table.owner, key="s", game="no-peek")
    return table, hand


def test_two_taps_on_the_same_turn_apply_once(on_postgres: None) -> None:
    assert connection.vendor == "postgresql"
    _table, hand = _no_peek_hand()
    actor = digital.hand_state(hand).actor

    def tap(key: str) -> Callable[[], Any]:
        return lambda: digital.act(
            hand_id=hand.pk, seat=actor, move=Move(action=ActionName.FLIP), version=0, key=key
        )

    results = run_together([tap(f"phone-{i}") for i in range(8)])
    applied = [r for r in results if isinstance(r, DigitalHand)]
    refused = [r for r in results if isinstance(r, digital.HandMovedOnError)]
    assert len(applied) == 1, results
    assert len(refused) == 7, results
    hand.refresh_from_db()
    assert hand.version == 1
    assert HandAction.objects.filter(hand=hand).count() == 1


def test_a_retry_racing_itself_applies_once(on_postgres: None) -> None:
    _table, hand = _no_peek_hand()
    actor = digital.hand_state(hand).actor
    job = lambda: digital.act(  # noqa: E731
        hand_id=hand.pk, seat=actor, move=Move(action=ActionName.FLIP), version=0, key="same"
    )
    results = run_together([job] * 6)
    assert all(isinstance(r, DigitalHand) for r in results), results
    assert HandAction.objects.filter(hand=hand).count() == 1


def test_guts_declared_at_once_from_every_phone_settles_once(on_postgres: None) -> None:
    table = make_table()
    table.night.allowed_games = ["guts"]
    table.night.game_options = {"guts": {"declare": "at_once"}}
    table.night.save()
    rng = random.Random(4)
    hand = digital.start_hand(night_id=table.night.pk, by=table.owner, key="g", game="guts")
    # Every phone keeps tapping until its own declaration is in.
    for _ in range(20):
        hand.refresh_from_db()
        if hand.status != HandStatus.RUNNING:
            break
        version = hand.version
        state = digital.hand_state(hand)
        waiting = [s for s in range(state.seat_count) if seat_view(state, s)["legal_actions"]]
        choices = {s: rng.choice([ActionName.DECLARE_IN, ActionName.DECLARE_OUT]) for s in waiting}
        jobs = [
            (
                lambda s=s, v=version, a=choices[s]: digital.act(
                    hand_id=hand.pk,
                    seat=s,
                    move=Move(action=a),
                    version=v,
                    key=f"{v}-{s}",
                )
            )
            for s in waiting
        ]
        run_together(jobs)
    hand.refresh_from_db()
    assert hand.status == HandStatus.FINISHED
    assert HandAction.objects.filter(hand=hand).count() == hand.version == 3
    state = digital.hand_state(hand)
    carry = state.carry_out
    assert sum(stacks(table.night).values()) + carry["pot"] + carry["reserve"] == 150
    assert_ledger_consistent(table.group)
