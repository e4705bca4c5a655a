"""Bad input and the wrong people: a clear error, and nothing recorded."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.http import Http404
from ledger_helpers import Table, make_table, make_user, stacks

from engine.errors import SettlementError
from engine.hands.showdown import HostRanking
from gamenight import services
from gamenight.models import Entry, Night, Player, Transaction


def nothing_recorded(table: Table) -> None:
    assert list(Transaction.objects.values_list("idempotency_key", flat=True)) == ["start"]
    assert stacks(table.night) == {"Anna": 50, "Ben": 50, "Carla": 50}


@pytest.mark.parametrize(
    ("amount", "message"),
    [
        (-5, "at least 1 chip"),
        (0, "at least 1 chip"),
        (10**12, "cannot be right"),
        (2.5, "whole number"),
    ],
)
def test_rebuy_refuses_bad_amounts(table: Table, amount: int, message: str) -> None:
    with pytest.raises(services.BadAmountError, match=message):
        services.rebuy(
            night_id=table.night.pk, by=table.owner, key="r", player_id=table.ids[0], amount=amount
        )
    nothing_recorded(table)


def test_another_groups_player_is_refused(table: Table) -> None:
    other_group = table.outsider.memberships.get().group
    stranger = Player.objects.create(group=other_group, name="Zed")
    with pytest.raises(services.NotAtTableError):
        services.record_guts_deal(
            night_id=table.night.pk, by=table.owner, key="g", in_players=[stranger.pk]
        )
    with pytest.raises(services.NotAtTableError):
        services.arrive(night_id=table.night.pk, by=table.owner, key="a", player_id=stranger.pk)
    nothing_recorded(table)


def test_a_closed_night_records_nothing(table: Table) -> None:
    services.end_night(night_id=table.night.pk, by=table.owner)
    with pytest.raises(services.NightClosedError, match="closed"):
        services.rebuy(
            night_id=table.night.pk, by=table.owner, key="r", player_id=table.ids[0], amount=5
        )
    assert Transaction.objects.count() == 1


def test_a_stack_cannot_go_below_zero(table: Table) -> None:
    anna, ben, _ = table.ids
    with pytest.raises(SettlementError, match="Anna"):
        services.record_table_hand(
            night_id=table.night.pk,
            by=table.owner,
            key="h",
            hand=services.TableHandInput(
                game="seven-card-stud",
                put_in={anna: 80, ben: 50, table.ids[2]: 1},
                showdown=HostRanking(groups=((ben,), (anna,), (table.ids[2],))),
            ),
        )
    nothing_recorded(table)


def test_an_engine_error_records_nothing(table: Table) -> None:
    with pytest.raises(SettlementError, match="showdown is missing"):
        services.record_guts_deal(
            night_id=table.night.pk, by=table.owner, key="g", in_players=table.ids[:2]
        )
    nothing_recorded(table)
    assert not Night.objects.get(pk=table.night.pk).deals.exists()


def test_the_same_key_returns_the_same_transaction(table: Table) -> None:
    def rebuy() -> Transaction:
        return services.rebuy(
            night_id=table.night.pk, by=table.owner, key="r", player_id=table.ids[0], amount=5
        )

    assert rebuy() == rebuy()
    assert stacks(table.night)["Anna"] == 55


def test_the_same_key_with_another_request_is_refused(table: Table) -> None:
    services.rebuy(
        night_id=table.night.pk, by=table.owner, key="r", player_id=table.ids[0], amount=5
    )
    with pytest.raises(services.IdempotencyConflictError, match="already used"):
        services.rebuy(
            night_id=table.night.pk, by=table.owner, key="r", player_id=table.ids[0], amount=6
        )
    assert stacks(table.night)["Anna"] == 55


def test_a_write_without_a_key_is_refused(table: Table) -> None:
    with pytest.raises(services.LedgerError, match="idempotency key"):
        services.rebuy(
            night_id=table.night.pk, by=table.owner, key="", player_id=table.ids[0], amount=5
        )


@pytest.mark.django_db
def test_owner_and_cohost_may_record_a_viewer_may_not() -> None:
    table = make_table()
    for i, user in enumerate((table.owner, table.cohost)):
        services.rebuy(
            night_id=table.night.pk, by=user, key=f"ok{i}", player_id=table.ids[0], amount=1
        )
    with pytest.raises(PermissionDenied):
        services.rebuy(
            night_id=table.night.pk, by=table.viewer, key="no", player_id=table.ids[0], amount=1
        )
    assert stacks(table.night)["Anna"] == 52


def test_every_id_of_another_group_answers_404(table: Table) -> None:
    with pytest.raises(Http404):
        services.rebuy(
            night_id=table.night.pk, by=table.outsider, key="x", player_id=table.ids[0], amount=1
        )
    with pytest.raises(Http404):
        services.group_for_viewing(table.outsider, table.group.pk)
    with pytest.raises(Http404):
        services.add_player(group_id=table.group.pk, by=table.outsider, name="Eve")
    with pytest.raises(Http404):
        services.end_night(night_id=table.night.pk, by=table.outsider)
    assert Entry.objects.filter(transaction__created_by=table.outsider).count() == 0


def test_a_viewer_sees_the_group(table: Table) -> None:
    assert services.group_for_viewing(table.viewer, table.group.pk) == table.group


def test_an_invite_link_makes_a_player(table: Table) -> None:
    newcomer = make_user("newcomer")
    membership = services.join_group(token=table.group.invite_token, user=newcomer)
    assert membership.role == "player"
    assert not membership.may_record


def test_a_rotated_invite_link_stops_working(table: Table) -> None:
    old = table.group.invite_token
    services.rotate_invite(group_id=table.group.pk, by=table.owner)
    with pytest.raises(Http404):
        services.join_group(token=old, user=make_user("late"))
