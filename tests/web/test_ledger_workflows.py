"""Recording a night: buy-ins, games settled by the engine, rebuys, undo, the end."""

from __future__ import annotations

import datetime
import random

import pytest
from ledger_helpers import Table, assert_ledger_consistent, make_user, pot, stacks

from engine.games.families.guts.settle import GutsOptions
from engine.hands.showdown import HostRanking
from gamenight import services
from gamenight.models import (
    AccountKind,
    Deal,
    DealStatus,
    Entry,
    NightStatus,
    Seat,
    Transaction,
    TransactionKind,
)
from gamenight.services import TableHandInput


def dealer(table: Table) -> str:
    table.night.refresh_from_db()
    assert table.night.dealer is not None
    return table.night.dealer.player.name


def test_start_night_buys_everyone_in_and_first_seat_deals(table: Table) -> None:
    assert stacks(table.night) == {"Anna": 50, "Ben": 50, "Carla": 50}
    assert dealer(table) == "Anna"
    assert table.night.status == NightStatus.RUNNING
    assert_ledger_consistent(table.group)


@pytest.mark.django_db
def test_random_seat_draw_uses_the_injected_random() -> None:
    owner = make_user("host")
    group = services.create_group(name="g", host=owner)
    ids = [services.add_player(group_id=group.pk, by=owner, name=n).pk for n in "ABCDE"]
    night = services.create_night(group_id=group.pk, by=owner, date=datetime.date(2026, 1, 1))
    services.start_night(night_id=night.pk, by=owner, key="k", players=ids, draw=random.Random(7))
    expected = list(ids)
    random.Random(7).shuffle(expected)
    seated = list(Seat.objects.filter(night=night).values_list("player_id", flat=True))
    assert seated == expected


def test_table_hand_is_settled_by_the_engine_and_the_deal_passes_left(table: Table) -> None:
    anna, ben, carla = table.ids
    services.record_table_hand(
        night_id=table.night.pk,
        by=table.cohost,
        key="hand-1",
        hand=TableHandInput(
            game="seven-card-stud",
            put_in={anna: 6, ben: 6, carla: 2},
            folded=frozenset({carla}),
            showdown=HostRanking(groups=((ben,), (anna,))),
        ),
    )
    assert stacks(table.night) == {"Anna": 44, "Ben": 58, "Carla": 48}
    assert dealer(table) == "Ben"
    deal = Deal.objects.get(night=table.night)
    assert (deal.number, deal.game, deal.status) == (1, "seven-card-stud", DealStatus.SETTLED)
    assert Entry.objects.filter(account__kind=AccountKind.DEAL_POT).exists()
    assert_ledger_consistent(table.group)


def test_guts_deal_books_every_engine_movement(table: Table) -> None:
    anna, ben, _carla = table.ids
    services.record_guts_deal(
        night_id=table.night.pk,
        by=table.owner,
        key="guts-1",
        in_players=[anna, ben],
        showdown=HostRanking(groups=((anna,), (ben,))),
    )
    # Everyone antes 1 (pot 3), Anna takes 3, Ben pays 3 into the next pot.
    assert stacks(table.night) == {"Anna": 52, "Ben": 46, "Carla": 49}
    assert pot(table.night, AccountKind.GUTS_POT) == 3
    assert dealer(table) == "Ben"
    assert_ledger_consistent(table.group)


def test_a_game_tapped_again_after_the_dealer_moved_is_the_same_game(table: Table) -> None:
    # The record form lists the seats from the dealer's left: the second tap of a
    # double tap, answered after the first moved the deal, sends its rows in
    # another order and must still be recognised as the same game.
    anna, ben, carla = table.ids
    first = services.record_guts_deal(
        night_id=table.night.pk,
        by=table.owner,
        key="guts-twice",
        in_players=[anna, ben, carla],
        showdown=HostRanking(groups=((anna,), (ben, carla))),
    )
    again = services.record_guts_deal(
        night_id=table.night.pk,
        by=table.owner,
        key="guts-twice",
        in_players=[ben, carla, anna],
        showdown=HostRanking(groups=((anna,), (carla, ben))),
    )
    assert again.pk == first.pk
    assert_ledger_consistent(table.group)


def test_a_second_tap_listing_the_players_in_another_order_is_the_same_write(
    table: Table,
) -> None:
    """The form lists from the dealer's left: a double tap read after the first one
    passed the deal sends who was in in another order, and is still the same game."""
    anna, ben, _carla = table.ids
    showdown = HostRanking(groups=((anna,), (ben,)))
    first, second = (
        services.record_guts_deal(
            night_id=table.night.pk,
            by=table.owner,
            key="tap",
            in_players=players,
            showdown=showdown,
        )
        for players in ([anna, ben], [ben, anna])
    )
    assert second == first
    assert Transaction.objects.filter(idempotency_key="tap").count() == 1


def test_guts_limit_sends_chips_to_the_reserve(table: Table) -> None:
    anna, ben, carla = table.ids
    services.record_guts_deal(
        night_id=table.night.pk,
        by=table.owner,
        key="guts-1",
        in_players=[anna, ben, carla],
        showdown=HostRanking(groups=((anna,), (ben,), (carla,))),
        options=GutsOptions(limit=4),
    )
    # Pot 3: Anna takes it; Ben and Carla pay 3 each: 6 for the next pot, limit 4.
    assert pot(table.night, AccountKind.GUTS_POT) == 4
    assert pot(table.night, AccountKind.GUTS_RESERVE) == 2
    assert_ledger_consistent(table.group)


def test_shelby_round_keeps_the_round_and_markers_between_calls(table: Table) -> None:
    anna, ben, _carla = table.ids
    key = iter(f"s{i}" for i in range(10))
    night = table.night.pk
    services.record_shelby_round(night_id=night, by=table.owner, key=next(key), holders=[anna])
    deal = Deal.objects.get(night=table.night)
    assert deal.state_after == {"round": 2, "shelbys": {str(anna): 1}}
    services.record_shelby_round(
        night_id=night,
        by=table.owner,
        key=next(key),
        holders=[anna, ben],
        showdown=HostRanking(groups=((ben,), (anna,))),
    )
    # Pot 3 after the antes; Anna loses the round and pays Ben the pot directly.
    assert stacks(table.night) == {"Anna": 46, "Ben": 52, "Carla": 49}
    assert pot(table.night, AccountKind.SHELBY_POT) == 3
    assert_ledger_consistent(table.group)


def test_rebuy_adds_chips_from_the_bank(table: Table) -> None:
    services.rebuy(
        night_id=table.night.pk, by=table.owner, key="r", player_id=table.ids[2], amount=20
    )
    assert stacks(table.night)["Carla"] == 70
    assert_ledger_consistent(table.group)


def test_leave_cashes_out_and_the_deal_skips_the_empty_seat(table: Table) -> None:
    ben = table.ids[1]
    services.leave(night_id=table.night.pk, by=table.owner, key="l", player_id=ben)
    assert stacks(table.night)["Ben"] == 0
    services.record_guts_deal(night_id=table.night.pk, by=table.owner, key="g", in_players=[])
    assert dealer(table) == "Carla"
    assert_ledger_consistent(table.group)


def test_the_dealer_leaving_hands_the_deal_to_the_left(table: Table) -> None:
    services.leave(night_id=table.night.pk, by=table.owner, key="l", player_id=table.ids[0])
    assert dealer(table) == "Ben"


def test_arrive_seats_a_late_player_last_with_a_buy_in(table: Table) -> None:
    dan = services.add_player(group_id=table.group.pk, by=table.owner, name="Dan")
    services.arrive(night_id=table.night.pk, by=table.owner, key="a", player_id=dan.pk)
    assert stacks(table.night)["Dan"] == 50
    assert Seat.objects.get(night=table.night, player=dan).position == 3


def test_undo_records_a_reversal_and_gives_the_deal_back(table: Table) -> None:
    anna, ben, _ = table.ids
    recorded = services.record_guts_deal(
        night_id=table.night.pk,
        by=table.owner,
        key="g",
        in_players=[anna, ben],
        showdown=HostRanking(groups=((anna,), (ben,))),
    )
    reversal = services.undo(
        night_id=table.night.pk, by=table.owner, key="u", transaction_id=recorded.pk
    )
    assert reversal.kind == TransactionKind.REVERSAL
    assert reversal.reverses == recorded
    assert stacks(table.night) == {"Anna": 50, "Ben": 50, "Carla": 50}
    assert pot(table.night, AccountKind.GUTS_POT) == 0
    assert dealer(table) == "Anna"
    assert Transaction.objects.count() == 3  # buy-in, deal, reversal: nothing deleted
    assert_ledger_consistent(table.group)


def test_a_transaction_can_be_undone_once(table: Table) -> None:
    recorded = services.rebuy(
        night_id=table.night.pk, by=table.owner, key="r", player_id=table.ids[0], amount=5
    )
    services.undo(night_id=table.night.pk, by=table.owner, key="u1", transaction_id=recorded.pk)
    with pytest.raises(services.AlreadyReversedError):
        services.undo(night_id=table.night.pk, by=table.owner, key="u2", transaction_id=recorded.pk)


def test_undo_refuses_when_the_chips_are_gone(table: Table) -> None:
    anna, ben, carla = table.ids
    services.record_table_hand(
        night_id=table.night.pk,
        by=table.owner,
        key="h",
        hand=TableHandInput(
            game="seven-card-stud",
            put_in={anna: 50, ben: 50, carla: 1},
            folded=frozenset({carla}),
            showdown=HostRanking(groups=((ben,), (anna,))),
        ),
    )
    first = Transaction.objects.get(idempotency_key="h")
    services.leave(night_id=table.night.pk, by=table.owner, key="l", player_id=ben)
    with pytest.raises(services.StackTooShortError):
        services.undo(night_id=table.night.pk, by=table.owner, key="u", transaction_id=first.pk)
    assert not Transaction.objects.filter(idempotency_key="u").exists()


def test_end_night_refuses_while_the_guts_pot_holds_chips(table: Table) -> None:
    services.record_guts_deal(night_id=table.night.pk, by=table.owner, key="g", in_players=[])
    with pytest.raises(services.PotsNotEmptyError, match="Guts pot 6"):
        services.end_night(night_id=table.night.pk, by=table.owner)
    services.split_night_pots(
        night_id=table.night.pk, by=table.owner, key="split", players=table.ids[:2]
    )
    assert stacks(table.night) == {"Anna": 51, "Ben": 51, "Carla": 48}
    night = services.end_night(night_id=table.night.pk, by=table.owner)
    assert night.status == NightStatus.CLOSED
    assert_ledger_consistent(table.group)


def test_stacks_carry_over_to_the_next_night_of_the_season(table: Table) -> None:
    owner = table.owner
    season = services.create_season(
        group_id=table.group.pk, by=owner, name="2026", starts_on=datetime.date(2026, 1, 1)
    )
    first = services.create_night(
        group_id=table.group.pk, by=owner, date=datetime.date(2026, 12, 4), season_id=season.pk
    )
    services.start_night(night_id=first.pk, by=owner, key="s1", players=table.ids[:2])
    services.rebuy(night_id=first.pk, by=owner, key="r1", player_id=table.ids[0], amount=7)
    services.end_night(night_id=first.pk, by=owner)
    second = services.create_night(
        group_id=table.group.pk,
        by=owner,
        date=datetime.date(2026, 12, 11),
        season_id=season.pk,
        carry_over=True,
    )
    services.start_night(night_id=second.pk, by=owner, key="s2", players=table.ids)
    assert stacks(second) == {"Anna": 107, "Ben": 100, "Carla": 100}
    assert stacks(first) == {"Anna": 0, "Ben": 0}
    assert_ledger_consistent(table.group)


def test_when_everyone_left_the_next_to_sit_down_deals(table: Table) -> None:
    """The last player to leave keeps the deal (nobody is left to pass it to); the
    table that fills again deals from that seat's left instead of crashing."""
    for n, player_id in enumerate(table.ids):
        services.leave(night_id=table.night.pk, by=table.owner, key=f"l{n}", player_id=player_id)
    anna, ben, _ = table.ids
    for n, player_id in enumerate((anna, ben)):
        services.arrive(
            night_id=table.night.pk, by=table.owner, key=f"a{n}", player_id=player_id, buy_in=20
        )
    recorded = services.record_guts_deal(
        night_id=table.night.pk, by=table.owner, key="g", in_players=[]
    )
    assert recorded.deal is not None
    assert recorded.deal.dealer.player.name == "Anna"
    assert_ledger_consistent(table.group)
