"""Digital hands on a tournament night, for the tests of gamenight/tournaments/hands.py."""

from __future__ import annotations

import random

from tourney_helpers import Tourney

from engine.cards import Deck
from gamenight.models import DigitalHand, Entrant, Tournament, Transaction
from gamenight.services import digital
from gamenight.tournaments import clock_moves


def deal(
    t: Tourney,
    key: str,
    game: str = "texas-holdem",
    *,
    table: int | None = None,
    deck: Deck | None = None,
) -> DigitalHand:
    return digital.start_hand(
        night_id=t.night.pk, by=t.owner, key=key, game=game, table=table, deck=deck
    )


def move_clock(t: Tourney, move: str) -> None:
    version = Tournament.objects.get(night=t.night).version
    clock_moves.move_clock(night_id=t.night.pk, by=t.owner, move=move, version=version)


def chips(t: Tourney) -> dict[str, int]:
    """Each entrant's tournament chips, by name."""
    return {
        e.player.name: e.chips
        for e in Entrant.objects.filter(tournament__night=t.night).select_related("player")
    }


def ledger_rows(t: Tourney) -> list[tuple[int, str]]:
    """The night's ledger transactions as (id, kind): a tournament hand adds none."""
    return list(Transaction.objects.filter(night=t.night).order_by("pk").values_list("pk", "kind"))


def play_out(hand: DigitalHand, rng: random.Random, key: str = "m") -> DigitalHand:
    """Random legal moves until the hand ends."""
    for step in range(400):
        hand.refresh_from_db()
        state = digital.hand_state(hand)
        if state.is_over:
            return hand
        seat = state.actor
        assert seat is not None
        choice = rng.choice(state.legal_actions())
        amount = None
        if choice.min_amount is not None and choice.max_amount is not None:
            amount = rng.randint(choice.min_amount, choice.max_amount)
        digital.act(
            hand_id=hand.pk,
            seat=seat,
            move=digital.Move(action=choice.kind, amount=amount),
            version=hand.version,
            key=f"{key}-{hand.pk}-{step}",
        )
    raise AssertionError("the hand did not end")
