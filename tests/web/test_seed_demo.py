"""manage.py seed_demo: a demo group recorded through the services, the same for the same seed."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from ledger_helpers import assert_ledger_consistent

from gamenight.models import (
    Deal,
    Entry,
    Group,
    Membership,
    Night,
    NightStatus,
    Role,
    Seat,
    Transaction,
    TransactionKind,
)

TINY = ["--seasons", "2", "--nights", "2", "--games", "5", "--players", "5"]


def seed(*args: str) -> dict[str, object]:
    out = StringIO()
    call_command("seed_demo", *args, "--json", stdout=out)
    result: dict[str, object] = json.loads(out.getvalue())
    return result


def ledger_story(group: Group) -> list[tuple[str, list[tuple[str, int]]]]:
    """Every transaction of the group as (kind, [(player or account kind, amount)])."""
    story = []
    for record in Transaction.objects.filter(group=group).order_by("pk"):
        legs = sorted(
            (e.account.player.name if e.account.player else e.account.kind, e.amount)
            for e in Entry.objects.filter(transaction=record).select_related("account__player")
        )
        story.append((record.kind, legs))
    return story


@pytest.mark.django_db
def test_the_demo_group_has_closed_nights_full_of_games_on_a_balanced_ledger() -> None:
    result = seed(*TINY)
    group = Group.objects.get(pk=result["group_id"])
    assert group.name == "Demo poker night"
    assert group.seasons.count() == 2
    nights = Night.objects.filter(group=group)
    assert nights.count() == 4
    assert set(nights.values_list("status", flat=True)) == {NightStatus.CLOSED}
    assert Deal.objects.filter(night__group=group).count() == 20 == result["games"]
    kinds = set(Transaction.objects.filter(group=group).values_list("kind", flat=True))
    assert {TransactionKind.BUY_IN, TransactionKind.TABLE_HAND} <= kinds
    assert Seat.objects.filter(night__group=group).count() >= 4 * 3
    assert all(n.allowed_games for n in nights)
    assert_ledger_consistent(group)


@pytest.mark.django_db
def test_the_host_can_log_in_with_the_printed_password() -> None:
    out = StringIO()
    call_command("seed_demo", *TINY, stdout=out)
    assert "log in as demo-host / demo-password" in out.getvalue()
    host = User.objects.get(username="demo-host")
    assert host.check_password("demo-password")
    group = Group.objects.get(name="Demo poker night")
    assert Membership.objects.get(group=group, user=host).role == Role.HOST


@pytest.mark.django_db
def test_the_same_seed_records_the_same_games_and_another_seed_others() -> None:
    first = Group.objects.get(pk=seed(*TINY, "--seed", "3", "--group-name", "A")["group_id"])
    again = Group.objects.get(pk=seed(*TINY, "--seed", "3", "--group-name", "B")["group_id"])
    other = Group.objects.get(pk=seed(*TINY, "--seed", "4", "--group-name", "C")["group_id"])
    assert ledger_story(first) == ledger_story(again)
    assert ledger_story(first) != ledger_story(other)


@pytest.mark.django_db
def test_a_second_run_on_the_same_group_is_refused_unless_fresh() -> None:
    first = seed(*TINY)
    with pytest.raises(CommandError, match="--fresh"):
        seed(*TINY)
    assert Group.objects.filter(name="Demo poker night").count() == 1
    second = seed(*TINY, "--fresh")
    assert second["group_id"] != first["group_id"]
    assert Group.objects.get(name="Demo poker night").pk == second["group_id"]
    # The old group's ledger is append-only: it is renamed aside, not deleted.
    old = Group.objects.get(pk=first["group_id"])
    assert old.name.startswith("Demo poker night (replaced")
    assert Transaction.objects.filter(group=old).exists()


@pytest.mark.django_db
def test_a_running_night_is_left_open_for_the_benchmark() -> None:
    result = seed(*TINY, "--running-night")
    night = Night.objects.get(pk=result["running_night_id"])
    assert night.status == NightStatus.RUNNING
    assert night.seats.filter(seated=True).count() == 5


@pytest.mark.django_db
def test_small_sizes_and_bad_sizes() -> None:
    result = seed("--small")
    assert result["nights"] == 6
    assert result["games"] == 36
    with pytest.raises(CommandError, match="players"):
        seed("--players", "1", "--group-name", "X")
