"""No face-down card in the Django admin or in a log line (issue 22).

The admin shows neither a digital hand's stored state (every card, the deck
included) nor a draw's discards: a superuser walks every list and change page
the admin has while a hand is running and after one has finished.
"""

from __future__ import annotations

import logging
import random

import pytest
from django.contrib import admin
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from ledger_helpers import Table
from test_digital_replay import hidden_faces, play

from engine.cards import ALL_CARDS, Deck
from engine.games import GAMES, ActionName, HandState
from gamenight.models import DigitalHand, GroupImport, HandAction, ImportStatus
from gamenight.services import digital

SECRET_FIELDS = {
    DigitalHand: {"state", "initial_state"},
    HandAction: {"cards"},
}


@pytest.fixture
def night(table: Table) -> Table:
    table.night.allowed_games = list(GAMES)
    table.night.save()
    return table


def _admin_pages(client: Client) -> dict[str, str]:
    """Every registered model's list and the change page of each of its rows."""
    pages = {}
    for model, model_admin in admin.site._registry.items():
        meta = model._meta
        url = reverse(f"admin:{meta.app_label}_{meta.model_name}_changelist")
        pages[url] = client.get(url).content.decode()
        for pk in model._default_manager.values_list("pk", flat=True)[:20]:
            url = reverse(f"admin:{meta.app_label}_{meta.model_name}_change", args=[pk])
            response = client.get(url)
            assert response.status_code == 200, url
            pages[url] = response.content.decode()
        for inline in model_admin.inlines:
            shown = set(inline.fields or ()) | {f.name for f in inline.model._meta.fields}
            hidden = SECRET_FIELDS.get(inline.model, set()) - set(inline.exclude or ())
            assert not (shown & hidden), f"{model} shows {inline.model}'s {shown & hidden}"
    return pages


def test_no_admin_page_shows_a_hands_state_or_a_draws_discards(night: Table) -> None:
    finished = play(night, "five-card-draw", 2, fold_first=False)
    assert HandAction.objects.filter(hand=finished, action="draw").exclude(cards=[]).exists()
    running = digital.start_hand(
        night_id=night.night.pk, by=night.owner, key="run", game="texas-holdem"
    )
    assert running.state is not None
    state = digital.hand_state(running)
    deck = state.deck.codes()
    secrets = hidden_faces(finished) | {
        ALL_CARDS[c].format(symbols=True).replace("T", "10", 1) for c in deck
    }
    for model in SECRET_FIELDS:
        assert model not in admin.site._registry, f"{model} would show every card in the admin"
    # An import refused after its first batch: the admin names the group it left.
    refused = GroupImport.objects.create(
        user=night.owner, status=ImportStatus.FAILED, group=night.group, error="refused"
    )
    root = User.objects.create_superuser("root", "root@example.org", "x")
    client = Client()
    client.force_login(root)
    pages = _admin_pages(client)
    assert len(pages) > 10
    listed = pages[reverse("admin:gamenight_groupimport_changelist")]
    assert reverse("admin:gamenight_groupimport_change", args=[refused.pk]) in listed
    for url, html in pages.items():
        for marker in ('"deck"', '"seed"', '"history"', str(state.seed)):
            assert marker not in html, (url, marker)
        leaked = [face for face in secrets if face in html]
        assert not leaked, (url, leaked)


def test_a_failed_move_logs_no_card_of_a_draw(
    night: Table, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    hand = digital.start_hand(
        night_id=night.night.pk,
        by=night.owner,
        key="draw",
        game="five-card-draw",
        deck=Deck(random.Random(5)),
    )
    state = digital.hand_state(hand)
    seat = state.actor
    assert seat is not None
    thrown = tuple(card for card, _up in state.cards[seat][:2])

    def broken(self: HandState, *args: object, **kwargs: object) -> None:
        raise RuntimeError("the engine did not foresee this")

    monkeypatch.setattr(HandState, "act", broken)
    with caplog.at_level(logging.ERROR), pytest.raises(digital.IllegalMoveError):
        digital.act(
            hand_id=hand.pk,
            seat=seat,
            move=digital.Move(action=ActionName.DRAW, cards=thrown),
            version=hand.version,
            key="draw-1",
        )
    logged = "\n".join(record.getMessage() for record in caplog.records)
    assert "engine failed" in logged
    assert "2 cards" in logged
    assert repr(thrown) not in logged
    assert str(list(thrown)) not in logged
