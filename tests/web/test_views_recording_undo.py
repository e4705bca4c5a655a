"""The night's list of recorded games and undo: a reversal, never an edit."""

from __future__ import annotations

import pytest
from helpers.clients import client_for
from helpers.pages import undo_url
from ledger_helpers import Table, assert_ledger_consistent, stacks

from engine.hands.showdown import HostRanking
from gamenight import services
from gamenight.models import DealStatus, Transaction, TransactionKind


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


def test_the_list_shows_each_game_with_its_chips_and_an_undo_button(
    table: Table, recorded: Transaction
) -> None:
    html = client_for(table.cohost).get(f"/nights/{table.night.pk}/deals/").content.decode()
    assert "Seven-card stud" in html
    assert "Ben +8" in html
    assert "Anna -6" in html
    assert undo_url(table, recorded) in html


def test_undo_records_a_reversal_and_puts_the_chips_back(
    table: Table, recorded: Transaction
) -> None:
    response = client_for(table.owner).post(
        undo_url(table, recorded), {"key": "u1", "confirm": "1"}
    )
    assert response.status_code == 302
    reversal = Transaction.objects.get(reverses=recorded)
    assert reversal.kind == TransactionKind.REVERSAL
    assert stacks(table.night) == {"Anna": 50, "Ben": 50, "Carla": 50}
    assert recorded.deal is not None
    recorded.deal.refresh_from_db()
    assert recorded.deal.status == DealStatus.UNDONE
    assert_ledger_consistent(table.group)
    html = client_for(table.owner).get(f"/nights/{table.night.pk}/deals/").content.decode()
    assert "undone" in html
    assert undo_url(table, recorded) not in html


def test_a_double_tap_on_undo_reverses_once(table: Table, recorded: Transaction) -> None:
    client = client_for(table.owner)
    client.post(undo_url(table, recorded), {"key": "u1", "confirm": "1"})
    client.post(undo_url(table, recorded), {"key": "u1", "confirm": "1"})
    assert Transaction.objects.filter(kind=TransactionKind.REVERSAL).count() == 1


def test_undoing_twice_with_new_keys_says_it_was_undone(
    table: Table, recorded: Transaction
) -> None:
    client = client_for(table.owner)
    client.post(undo_url(table, recorded), {"key": "u1", "confirm": "1"})
    response = client.post(undo_url(table, recorded), {"key": "u2", "confirm": "1"})
    assert response.status_code == 200
    assert "this was undone already" in response.content.decode()
    assert Transaction.objects.filter(kind=TransactionKind.REVERSAL).count() == 1


def test_an_htmx_undo_reloads_the_page_so_stacks_and_pots_are_current(
    table: Table, recorded: Transaction
) -> None:
    response = client_for(table.owner).post(
        undo_url(table, recorded), {"key": "u1", "confirm": "1"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 204
    assert response["HX-Refresh"] == "true"
    assert Transaction.objects.filter(kind=TransactionKind.REVERSAL, reverses=recorded).count() == 1


def test_an_undo_without_a_key_records_nothing(table: Table, recorded: Transaction) -> None:
    response = client_for(table.owner).post(undo_url(table, recorded), {})
    assert "idempotency key" in response.content.decode()
    assert not Transaction.objects.filter(kind=TransactionKind.REVERSAL).exists()


def test_a_viewer_cannot_undo(table: Table, recorded: Transaction) -> None:
    assert (
        client_for(table.viewer)
        .post(undo_url(table, recorded), {"key": "u", "confirm": "1"})
        .status_code
        == 403
    )
    assert not Transaction.objects.filter(kind=TransactionKind.REVERSAL).exists()


def test_undo_is_post_only(table: Table, recorded: Transaction) -> None:
    assert client_for(table.owner).get(undo_url(table, recorded)).status_code == 405


def test_the_deal_list_runs_a_bounded_number_of_queries(
    table: Table, recorded: Transaction, django_assert_max_num_queries: object
) -> None:
    anna, ben, _carla = table.ids
    for i in range(5):
        services.record_guts_deal(
            night_id=table.night.pk,
            by=table.owner,
            key=f"g{i}",
            in_players=[anna, ben],
            showdown=HostRanking(groups=((anna,), (ben,))),
        )
    client = client_for(table.owner)
    with django_assert_max_num_queries(10):  # type: ignore[operator]
        assert client.get(f"/nights/{table.night.pk}/deals/").status_code == 200


def test_the_night_page_lists_the_latest_games_and_links_the_rest(table: Table) -> None:
    anna, ben, carla = table.ids
    for number in range(10):
        services.record_table_hand(
            night_id=table.night.pk,
            by=table.owner,
            key=f"small-{number}",
            hand=services.TableHandInput(
                game="seven-card-stud",
                put_in={anna: 1, ben: 1, carla: 1},
                showdown=HostRanking(groups=((ben,), (anna, carla))),
            ),
        )
    client = client_for(table.cohost)
    night_page = client.get(f"/nights/{table.night.pk}/").content.decode()
    assert night_page.count(">Undo</button>") == 8
    assert "2 earlier games" in night_page
    assert f'href="/nights/{table.night.pk}/deals/"' in night_page
    full_list = client.get(f"/nights/{table.night.pk}/deals/").content.decode()
    assert full_list.count(">Undo</button>") == 10


def test_ending_the_night_takes_the_undo_buttons_away_at_once(
    table: Table, recorded: Transaction
) -> None:
    """The end's answer swaps the night page's part (HTMX): the list of games is in it,
    so its Undo buttons go with the end, not only after a reload (issue 23)."""
    host = client_for(table.owner)
    url = f"/nights/{table.night.pk}/"
    assert undo_url(table, recorded) in host.get(url, HTTP_HX_REQUEST="true").content.decode()
    response = host.post(
        f"/nights/{table.night.pk}/end/",
        {"key": "end-1", "confirm": "1"},
        HTTP_HX_REQUEST="true",
        follow=True,
    )
    swapped = response.content.decode()
    assert "The night is over." in swapped
    assert 'id="deal-list"' in swapped
    assert undo_url(table, recorded) not in swapped
