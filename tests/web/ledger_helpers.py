"""People, a group and a running night, and ledger checks, shared by the web tests.

Tests are written against an owner (the host), a co-host, a member who may only
view, and an outsider from another group (helpers.people).
"""

from __future__ import annotations

import datetime
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db import connections
from django.db.models import Sum
from helpers.people import make_members
from helpers.people import make_user as make_user  # re-exported: the web tests import it here

from gamenight import services
from gamenight.models import Account, AccountKind, Entry, Group, Night, Player


@dataclass
class Table:
    group: Group
    night: Night
    players: list[Player]
    owner: User
    cohost: User
    viewer: User
    outsider: User

    @property
    def ids(self) -> list[int]:
        return [p.pk for p in self.players]


def make_table(*, names: tuple[str, ...] = ("Anna", "Ben", "Carla"), stack: int = 50) -> Table:
    members = make_members()
    group, owner = members.group, members.owner
    players = [services.add_player(group_id=group.pk, by=owner, name=n) for n in names]
    night = services.create_night(
        group_id=group.pk, by=owner, date=datetime.date(2026, 11, 27), starting_stack=stack
    )
    services.start_night(night_id=night.pk, by=owner, key="start", players=[p.pk for p in players])
    night.refresh_from_db()
    return Table(group, night, players, owner, members.cohost, members.viewer, members.outsider)


def stacks(night: Night) -> dict[str, int]:
    """Each player's stack at the night, by name."""
    return {
        a.player.name: a.balance
        for a in Account.objects.filter(night=night, kind=AccountKind.STACK).select_related(
            "player"
        )
        if a.player is not None
    }


def pot(night: Night, kind: AccountKind) -> int:
    account = Account.objects.filter(night=night, kind=kind).first()
    return account.balance if account else 0


def assert_ledger_consistent(group: Group) -> None:
    """Every transaction sums to zero, balances replay the entries, no stack below zero."""
    sums = (
        Entry.objects.filter(transaction__group=group)
        .values("transaction")
        .annotate(total=Sum("amount"))
    )
    assert all(row["total"] == 0 for row in sums), list(sums)
    for account in Account.objects.filter(group=group).annotate(replayed=Sum("entries__amount")):
        assert account.balance == (account.replayed or 0), account
        if account.kind != AccountKind.BANK:
            assert account.balance >= 0, account
    assert sum(Account.objects.filter(group=group).values_list("balance", flat=True)) == 0


def run_together(jobs: list[Callable[[], Any]]) -> list[Any]:
    """Start every job at the same moment on its own thread and connection."""
    barrier = threading.Barrier(len(jobs))
    results: list[Any] = [None] * len(jobs)

    def run(i: int) -> None:
        try:
            barrier.wait()
            results[i] = jobs[i]()
        except Exception as exc:
            results[i] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return results
