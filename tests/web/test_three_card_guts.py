"""Three-card Guts is one game, guts3, everywhere: planned, recorded, dealt, stored.

Before, it was ``guts3`` when recorded but ``guts`` with the option ``three_cards``
when dealt, and a night could not allow it; nights and hands stored that way are
renamed by migration 0011.
"""

from __future__ import annotations

import datetime
import importlib
from typing import Any

from django.apps import apps
from django.test import Client
from helpers.clients import client_for
from helpers.pages import record_url
from ledger_helpers import Table

from gamenight import services
from gamenight.models import Deal, DigitalHand, Night
from gamenight.services.digital import abandon_hand, hand_state, start_hand

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}


def _new_night_page(client: Client, table: Table, **headers: Any) -> str:
    return client.get(f"/groups/{table.group.pk}/nights/new/", **headers).content.decode()


def test_a_night_may_allow_three_card_guts_with_its_own_orders(table: Table) -> None:
    client = client_for(table.owner)
    html = _new_night_page(client, table)
    assert 'value="guts3"' in html
    assert 'name="opt__guts3__flush_over_straight"' in html
    assert 'name="opt__guts__flush_over_straight"' not in html
    assert 'name="opt__guts__three_cards"' not in html


def test_house_options_are_worded_in_german(table: Table) -> None:
    html = _new_night_page(client_for(table.owner), table, **GERMAN)
    for german in ("Walk kaufen", "Geisterhand", "Ein Flush schlägt eine Straße.", "reihum"):
        assert german in html
    # The engine's option names and English help never reach a German page.
    for english in ("buy walk", "ghost hand", "a flush beats a straight", "in turn"):
        assert english not in html


def test_three_card_guts_is_dealt_and_recorded_as_guts3(table: Table) -> None:
    night = table.night
    night.allowed_games = ["guts", "guts3"]
    night.game_options = {"guts3": {"flush_over_straight": True}}
    night.save(update_fields=["allowed_games", "game_options"])
    hand = start_hand(night_id=night.pk, by=table.owner, key="d1", game="guts3")
    state = hand_state(hand)
    assert state.rules.name == hand.deal.game == "guts3"
    assert dict(state.rules.options)["flush_over_straight"] is True
    assert all(len(cards) == 3 for cards in state.cards)
    abandon_hand(night_id=night.pk, hand_id=hand.pk, by=table.owner, key="a1")
    anna, ben, _ = (p.pk for p in table.players)
    data = {"key": "r1", "confirm": "1", f"in_{anna}": "on", f"in_{ben}": "on"}
    response = client_for(table.owner).post(
        record_url(table, "guts3"), {**data, f"place_{anna}": 1, f"place_{ben}": 2}
    )
    assert response.status_code == 302
    recorded = Deal.objects.filter(night=night).order_by("-number").first()
    assert recorded is not None
    assert recorded.game == "guts3"


def test_nights_and_hands_stored_as_guts_with_three_cards_become_guts3(table: Table) -> None:
    night = table.night
    night.allowed_games = ["guts3"]
    night.save(update_fields=["allowed_games"])
    hand = start_hand(night_id=night.pk, by=table.owner, key="d1", game="guts3")
    # As stored before: the game "guts", all its options and three_cards.
    old_options = {**hand.state["options"], "three_cards": True}
    DigitalHand.objects.filter(pk=hand.pk).update(
        state={**hand.state, "game": "guts", "options": old_options}
    )
    Deal.objects.filter(pk=hand.deal.pk).update(game="guts", options=old_options)
    Night.objects.filter(pk=night.pk).update(
        allowed_games=["seven-card-stud", "guts"],
        game_options={"guts": {"three_cards": True, "limit": 20, "flush_over_straight": True}},
    )
    two = services.create_night(
        group_id=table.group.pk,
        by=table.owner,
        date=datetime.date(2026, 12, 4),
        allowed_games=["guts"],
        game_options={"guts": {"three_cards": False, "flush_over_straight": False, "limit": 5}},
    )

    importlib.import_module("gamenight.migrations.0011_three_card_guts").forwards(apps, None)

    night.refresh_from_db()
    assert night.allowed_games == ["seven-card-stud", "guts3"]
    assert night.game_options == {"guts3": {"limit": 20, "flush_over_straight": True}}
    two.refresh_from_db()
    assert (two.allowed_games, two.game_options) == (["guts"], {"guts": {"limit": 5}})
    hand.refresh_from_db()
    assert hand.state["game"] == "guts3"
    assert "three_cards" not in hand.state["options"]
    assert hand_state(hand).rules.name == "guts3"
    deal = Deal.objects.get(pk=hand.deal.pk)
    assert deal.game == "guts3"
    assert "three_cards" not in deal.options
