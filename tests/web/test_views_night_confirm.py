"""Destructive taps ask once, showing what will move: undo, stop a hand, split the pots,
end the night. The first tap changes nothing; the second (``confirm=1``) acts, once
per key however often it is sent."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from helpers.clients import client_for
from helpers.pages import undo_url
from ledger_helpers import Table, assert_ledger_consistent, pot, stacks
from seat_phones import start

from engine.games import GAMES
from engine.hands.showdown import HostRanking
from gamenight import services
from gamenight.models import (
    AccountKind,
    DigitalHand,
    HandStatus,
    NightStatus,
    Transaction,
    TransactionKind,
)

HX = {"HTTP_HX_REQUEST": "true"}


def _panel(html: str) -> str:
    found = re.search(r'<div class="confirm-panel"[^>]*>(.*?)</div><!-- confirm -->', html, re.S)
    assert found, "no confirm panel in the page"
    return found.group(1)


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


@pytest.fixture
def recorded(table: Table) -> Transaction:
    anna, ben, carla = table.ids
    return services.record_table_hand(
        night_id=table.night.pk,
        by=table.owner,
        key="hand-1",
        hand=services.TableHandInput(
            game="seven-card-stud",
            put_in={anna: 6, ben: 6, carla: 2},
            folded=frozenset({carla}),
            showdown=HostRanking(groups=((ben,), (anna,))),
        ),
    )


def _fill_guts_pot(table: Table) -> None:
    services.record_guts_deal(night_id=table.night.pk, by=table.owner, key="g1", in_players=[])


def _reversals() -> int:
    return Transaction.objects.filter(kind=TransactionKind.REVERSAL).count()


# ---------------------------------------------------------------- undo


@pytest.mark.parametrize("headers", [{}, HX], ids=["plain", "htmx"])
def test_the_first_undo_tap_previews_and_changes_nothing(
    table: Table, recorded: Transaction, headers: dict[str, str]
) -> None:
    before = stacks(table.night)
    response = client_for(table.owner).post(undo_url(table, recorded), {"key": "u1"}, **headers)
    assert response.status_code == 200
    assert _reversals() == 0
    assert stacks(table.night) == before
    panel = _panel(response.content.decode())
    text = _text(panel)
    assert "Seven-card stud" in text
    # Ben won 8 with the hand: the undo takes them back; Anna and Carla get theirs back.
    assert "Ben -8" in text
    assert "Anna +6" in text
    assert "Carla +2" in text
    assert 'name="confirm" value="1"' in panel
    assert 'name="key" value="u1"' in panel


def test_a_confirmed_undo_reverses_once_however_often_it_is_sent(
    table: Table, recorded: Transaction
) -> None:
    client = client_for(table.owner)
    before = stacks(table.night)
    client.post(undo_url(table, recorded), {"key": "u1"})
    first = client.post(undo_url(table, recorded), {"key": "u1", "confirm": "1"})
    again = client.post(undo_url(table, recorded), {"key": "u1", "confirm": "1"})
    assert first.status_code == again.status_code == 302
    assert _reversals() == 1
    assert stacks(table.night) != before
    assert_ledger_consistent(table.group)


def test_the_undo_preview_of_a_game_undone_already_says_so(
    table: Table, recorded: Transaction
) -> None:
    client = client_for(table.owner)
    client.post(undo_url(table, recorded), {"key": "u1", "confirm": "1"})
    response = client.post(undo_url(table, recorded), {"key": "u2"})
    html = response.content.decode()
    assert "this was undone already" in html
    assert 'name="confirm"' not in html
    assert _reversals() == 1


# ---------------------------------------------------------------- split the pots


def test_the_split_asks_first_with_each_share(table: Table) -> None:
    _fill_guts_pot(table)
    anna, ben, _carla = table.players
    client = client_for(table.owner)
    url = f"/nights/{table.night.pk}/split/"
    data = {"key": "s1", "players": [anna.pk, ben.pk]}
    response = client.post(url, data)
    assert response.status_code == 200
    assert pot(table.night, AccountKind.GUTS_POT) == 6
    # Once, in the pots' section (not again above the list of games).
    assert response.content.decode().count('class="confirm-panel"') == 1
    text = _text(_panel(response.content.decode()))
    assert "Anna +3" in text
    assert "Ben +3" in text
    assert "Carla" not in text
    confirmed = {**data, "confirm": "1"}
    assert client.post(url, confirmed).status_code == 302
    assert client.post(url, confirmed).status_code == 302
    assert pot(table.night, AccountKind.GUTS_POT) == 0
    assert stacks(table.night) == {"Anna": 51, "Ben": 51, "Carla": 48}
    assert Transaction.objects.filter(kind=TransactionKind.POT_SPLIT).count() == 1


def test_a_split_confirmed_after_the_pots_changed_asks_again(table: Table) -> None:
    """A stale confirm panel: another Guts deal added to the pot since it was shown."""
    _fill_guts_pot(table)
    anna, ben, _carla = table.players
    client = client_for(table.owner)
    url = f"/nights/{table.night.pk}/split/"
    html = client.post(url, {"key": "s1", "players": [anna.pk, ben.pk]}).content.decode()
    shown = re.search(r'name="expect" value="([^"]*)"', _panel(html))
    assert shown
    services.record_guts_deal(night_id=table.night.pk, by=table.owner, key="g2", in_players=[])
    response = client.post(
        url,
        {"key": "s1", "players": [anna.pk, ben.pk], "confirm": "1", "expect": shown.group(1)},
    )
    assert response.status_code == 422
    assert "The chips in the middle changed" in response.content.decode()
    assert pot(table.night, AccountKind.GUTS_POT) == 9  # the second deal's three antes added
    text = _text(_panel(response.content.decode()))
    assert sorted(re.findall(r"(?:Anna|Ben) \+(\d+)", text)) == ["4", "5"]


# ---------------------------------------------------------------- end the night


@pytest.mark.parametrize("headers", [{}, HX], ids=["plain", "htmx"])
def test_the_end_asks_first_with_the_stacks(
    table: Table, recorded: Transaction, headers: dict[str, str]
) -> None:
    client = client_for(table.owner)
    url = f"/nights/{table.night.pk}/end/"
    response = client.post(url, {"key": "e1"}, **headers)
    assert response.status_code == 200
    table.night.refresh_from_db()
    assert table.night.status == NightStatus.RUNNING
    text = _text(_panel(response.content.decode()))
    assert "Ben 58" in text
    assert "Anna 44" in text
    assert client.post(url, {"key": "e1", "confirm": "1"}, **headers).status_code in (200, 302)
    assert client.post(url, {"key": "e1", "confirm": "1"}).status_code == 302
    table.night.refresh_from_db()
    assert table.night.status == NightStatus.CLOSED


def test_the_end_with_chips_in_the_middle_is_refused_at_the_first_tap(table: Table) -> None:
    _fill_guts_pot(table)
    response = client_for(table.owner).post(f"/nights/{table.night.pk}/end/", {"key": "e1"})
    assert response.status_code == 422
    assert "chips are still in the middle" in response.content.decode()
    assert 'class="confirm-panel"' not in response.content.decode()


# ---------------------------------------------------------------- stop a hand


@pytest.fixture
def digital_night(table: Table) -> Table:
    table.night.allowed_games = list(GAMES)
    table.night.save()
    return table


def test_stopping_a_hand_asks_first(digital_night: Table) -> None:
    hand = start(digital_night)
    url = reverse("digital_abandon", args=[digital_night.night.pk, hand.pk])
    client = client_for(digital_night.owner)
    response = client.post(url, {"key": "ab"}, **HX)
    assert response.status_code == 200
    hand.refresh_from_db()
    assert hand.status == HandStatus.RUNNING
    panel = _panel(response.content.decode())
    assert "no chips move" in _text(panel).lower()
    assert client.post(url, {"key": "ab", "confirm": "1"}).status_code == 302
    assert client.post(url, {"key": "ab", "confirm": "1"}).status_code == 302
    hand.refresh_from_db()
    assert hand.status == HandStatus.ABANDONED
    assert DigitalHand.objects.get(pk=hand.pk).version == 1


def test_a_viewer_gets_no_confirm_panel(table: Table, recorded: Transaction) -> None:
    response = client_for(table.viewer).post(f"/nights/{table.night.pk}/end/", {"key": "e1"})
    assert response.status_code == 403


def test_the_undo_of_a_ledger_entry_previews_its_chips(table: Table) -> None:
    """A rebuy is not in the list of games: its confirm panel stands above the list."""
    _anna, _ben, carla = table.ids
    rebuy = services.rebuy(
        night_id=table.night.pk, by=table.owner, key="r1", player_id=carla, amount=30
    )
    client = client_for(table.owner)
    response = client.post(undo_url(table, rebuy), {"key": "u-rebuy"})
    assert response.status_code == 200
    text = _text(_panel(response.content.decode()))
    assert "Carla -30" in text
    assert "Bank +30" in text
    assert stacks(table.night)["Carla"] == 80
    client.post(undo_url(table, rebuy), {"key": "u-rebuy", "confirm": "1"})
    assert stacks(table.night)["Carla"] == 50
    assert_ledger_consistent(table.group)
