"""Undo of an older deal: refused while later deals depend on it, with the reason.

Guts deals hand their pot and reserve on, Shelby rounds their pot, round and
markers; a later table hand may have spent the chips an earlier one won. Such
an earlier game can only be undone after the later ones, and the host is told
which ones, by their number, in the page's language.
"""

from __future__ import annotations

import re

import pytest
from helpers.clients import client_for
from helpers.pages import alerts, undo_url
from ledger_helpers import Table, assert_ledger_consistent, pot, stacks

from engine.hands.showdown import HostRanking
from gamenight import services
from gamenight.models import AccountKind, DealStatus, Transaction, TransactionKind


def guts(table: Table, key: str, winner: int, loser: int) -> Transaction:
    return services.record_guts_deal(
        night_id=table.night.pk,
        by=table.owner,
        key=key,
        in_players=[winner, loser],
        showdown=HostRanking(groups=((winner,), (loser,))),
    )


def shelby(table: Table, key: str, holder: int) -> Transaction:
    return services.record_shelby_round(
        night_id=table.night.pk, by=table.owner, key=key, holders=[holder]
    )


def reversals() -> int:
    return Transaction.objects.filter(kind=TransactionKind.REVERSAL).count()


def test_undoing_a_guts_deal_a_later_deal_played_on_is_refused_naming_it(table: Table) -> None:
    """The refused undo would have been accepted: the pot happens to hold enough."""
    anna, ben, _carla = table.ids
    first = guts(table, "g1", anna, ben)
    guts(table, "g2", ben, anna)
    before = (stacks(table.night), pot(table.night, AccountKind.GUTS_POT))
    response = client_for(table.owner).post(undo_url(table, first), {"key": "u1", "confirm": "1"})
    assert response.status_code == 200
    assert alerts(response.content.decode()) == [
        "Later games were played with the pot this one left: undo Guts #2 first."
    ]
    assert reversals() == 0
    assert (stacks(table.night), pot(table.night, AccountKind.GUTS_POT)) == before
    assert first.deal is not None
    first.deal.refresh_from_db()
    assert first.deal.status == DealStatus.SETTLED
    assert_ledger_consistent(table.group)


def test_the_refusal_is_shown_once_in_the_row_of_the_game_tapped(table: Table) -> None:
    """A list loaded before Guts #2 was recorded still offers to undo #1."""
    anna, ben, _carla = table.ids
    first = guts(table, "g1", anna, ben)
    guts(table, "g2", ben, anna)
    html = (
        client_for(table.owner)
        .post(undo_url(table, first), {"key": "u1", "confirm": "1"})
        .content.decode()
    )
    rows = re.findall(r'<li class="deal[^"]*">(.*?)</li>', html, re.S)
    assert [("#1 Guts" in row, 'role="alert"' in row) for row in rows] == [
        (False, False),
        (True, True),
    ]
    assert html.count('role="alert"') == 1
    assert "Undo Guts #2 first." not in html


def test_every_later_guts_deal_is_named_newest_first(table: Table) -> None:
    anna, ben, carla = table.ids
    first = guts(table, "g1", anna, ben)
    guts(table, "g2", ben, carla)
    guts(table, "g3", carla, anna)
    with pytest.raises(services.LedgerError) as refused:
        services.undo(night_id=table.night.pk, by=table.owner, key="u1", transaction_id=first.pk)
    assert str(refused.value) == (
        "Later games were played with the pot this one left: undo Guts #3 and Guts #2 first."
    )
    assert reversals() == 0


def test_guts_deals_undone_newest_first_put_the_night_back(table: Table) -> None:
    anna, ben, _carla = table.ids
    first = guts(table, "g1", anna, ben)
    second = guts(table, "g2", ben, anna)
    client = client_for(table.owner)
    assert client.post(undo_url(table, second), {"key": "u2", "confirm": "1"}).status_code == 302
    assert client.post(undo_url(table, first), {"key": "u1", "confirm": "1"}).status_code == 302
    assert reversals() == 2
    assert stacks(table.night) == {"Anna": 50, "Ben": 50, "Carla": 50}
    assert pot(table.night, AccountKind.GUTS_POT) == 0
    assert pot(table.night, AccountKind.GUTS_RESERVE) == 0
    assert_ledger_consistent(table.group)


def test_the_list_offers_undo_only_where_it_is_possible_and_says_why_not(table: Table) -> None:
    anna, ben, _carla = table.ids
    first = guts(table, "g1", anna, ben)
    second = guts(table, "g2", ben, anna)
    for page in (f"/nights/{table.night.pk}/deals/", f"/nights/{table.night.pk}/"):
        html = client_for(table.owner).get(page).content.decode()
        assert undo_url(table, second) in html
        assert undo_url(table, first) not in html
        assert html.count("Undo Guts #2 first.") == 1


def test_a_table_hand_between_guts_deals_does_not_block_its_undo(table: Table) -> None:
    anna, ben, carla = table.ids
    guts(table, "g1", anna, ben)
    hand = services.record_table_hand(
        night_id=table.night.pk,
        by=table.owner,
        key="h1",
        hand=services.TableHandInput(
            game="seven-card-stud",
            put_in={anna: 2, ben: 2, carla: 2},
            showdown=HostRanking(groups=((carla,), (anna, ben))),
        ),
    )
    guts(table, "g2", ben, anna)
    undone = services.undo(night_id=table.night.pk, by=table.owner, key="u", transaction_id=hand.pk)
    assert undone.reverses == hand
    assert_ledger_consistent(table.group)


def test_undoing_a_shelby_round_a_later_round_carried_on_is_refused(table: Table) -> None:
    """A lone holder gets a marker and the pot stays: the next round counts on both."""
    anna, ben, _carla = table.ids
    first = shelby(table, "s1", anna)
    shelby(table, "s2", ben)
    with pytest.raises(services.LedgerError) as refused:
        services.undo(night_id=table.night.pk, by=table.owner, key="u1", transaction_id=first.pk)
    assert "undo Shelby #2 first" in str(refused.value)
    assert reversals() == 0


def ben_wins_then_loses_everything(table: Table) -> Transaction:
    """Ben wins 4 in #1, loses 48 in #2 and his last 6 in #3: the chips #1 gave him
    were spent in #3 (without #1 he would have had 2 chips after #2)."""
    anna, ben, carla = table.ids

    def record(key: str, game: str, put_in: dict[int, int], winner: int, loser: int) -> Transaction:
        return services.record_table_hand(
            night_id=table.night.pk,
            by=table.owner,
            key=key,
            hand=services.TableHandInput(
                game=game,
                put_in=put_in,
                folded=frozenset(p for p in table.ids if p not in (winner, loser)),
                showdown=HostRanking(groups=((winner,), (loser,))),
            ),
        )

    first = record("h1", "seven-card-stud", {anna: 2, ben: 2, carla: 2}, ben, anna)
    record("h2", "five-card-draw", {anna: 48, ben: 48, carla: 1}, anna, ben)
    record("h3", "five-card-draw", {anna: 6, ben: 6, carla: 1}, anna, ben)
    assert stacks(table.night)["Ben"] == 0
    return first


def test_a_table_hand_whose_chips_were_spent_later_names_that_hand(table: Table) -> None:
    first = ben_wins_then_loses_everything(table)
    response = client_for(table.owner).post(undo_url(table, first), {"key": "u1", "confirm": "1"})
    assert alerts(response.content.decode()) == [
        "Undoing this would leave Ben with -4 chips: Ben played them in Five-card draw #3."
        " Undo Five-card draw #3 first or, if that game stands, rebuy for Ben first."
    ]
    assert reversals() == 0
    html = client_for(table.owner).get(f"/nights/{table.night.pk}/deals/").content.decode()
    assert undo_url(table, first) not in html
    assert "Undo Five-card draw #3 first or rebuy for Ben." in html


def test_after_a_rebuy_the_short_stack_can_be_undone(table: Table) -> None:
    first = ben_wins_then_loses_everything(table)
    ben = table.ids[1]
    services.rebuy(night_id=table.night.pk, by=table.owner, key="r", player_id=ben, amount=20)
    services.undo(night_id=table.night.pk, by=table.owner, key="u1", transaction_id=first.pk)
    assert stacks(table.night)["Ben"] == 16
    assert_ledger_consistent(table.group)


def test_the_refusal_is_german_on_a_german_page(table: Table) -> None:
    anna, ben, _carla = table.ids
    first = guts(table, "g1", anna, ben)
    guts(table, "g2", ben, anna)
    response = client_for(table.owner).post(
        undo_url(table, first), {"key": "u1", "confirm": "1"}, HTTP_ACCEPT_LANGUAGE="de"
    )
    assert alerts(response.content.decode()) == [
        "Spätere Spiele wurden mit dem Pot dieses Spiels gespielt: mach zuerst Guts #2 rückgängig."
    ]


def test_a_long_night_names_the_three_newest_and_counts_the_rest(table: Table) -> None:
    anna, ben, _carla = table.ids
    first = guts(table, "g1", anna, ben)
    for number in range(2, 7):
        guts(table, f"g{number}", ben, anna)
    with pytest.raises(services.UndoOrderError) as refused:
        services.undo(night_id=table.night.pk, by=table.owner, key="u1", transaction_id=first.pk)
    assert str(refused.value) == (
        "Later games were played with the pot this one left:"
        " undo Guts #6, Guts #5, Guts #4 and 2 more games first."
    )
