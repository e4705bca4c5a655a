"""Two taps at the same moment on a real PostgreSQL: the write happens once.

Each tap is its own client (own session) on its own thread and connection;
both get the same answer, none a server error.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test.client import Client
from double_taps import CREATES, Tap, client_of
from ledger_helpers import make_table, make_user, run_together

from gamenight.models import Group, Membership, Player
from gamenight.services import groups as group_services

pytestmark = pytest.mark.postgres

ROUNDS = 3


def _post_together(clients: list[Client], url: str, data: dict[str, Any]) -> list[Any]:
    return run_together([lambda c=c: c.post(url, data) for c in clients])  # type: ignore[misc]


def _statuses(results: list[Any]) -> list[object]:
    return [getattr(r, "status_code", r) for r in results]


@pytest.mark.parametrize("make", CREATES.values(), ids=CREATES.keys())
def test_two_taps_at_once_create_once_and_answer_the_same(
    on_postgres: None, make: Callable[[Any, int], Tap]
) -> None:
    table = make_table()
    clients = [client_of(table.owner), client_of(table.owner)]
    for n in range(ROUNDS):
        tap = make(table, n)
        before = tap.count()
        results = _post_together(clients, tap.url, tap.data)
        assert _statuses(results) == [302, 302], results
        assert results[0]["Location"] == results[1]["Location"]
        assert tap.count() == before + 1


def test_two_tabs_adding_one_name_at_once_add_one_player_and_tell_the_other(
    on_postgres: None,
) -> None:
    table = make_table()
    clients = [client_of(table.owner), client_of(table.cohost)]
    url = f"/groups/{table.group.pk}/players/new/"
    for n in range(ROUNDS):
        name = f"Dora {n}"
        forms = [{"name": name, "email": "", "key": f"tab-{n}-{i}"} for i in range(2)]
        jobs = [lambda c=c, f=f: c.post(url, f) for c, f in zip(clients, forms, strict=True)]
        results = run_together(jobs)  # type: ignore[arg-type]
        assert sorted(_statuses(results)) == [302, 422], results  # type: ignore[type-var]
        refused = next(r for r in results if r.status_code == 422)
        assert f"already a player called {name}" in refused.content.decode()
        assert Player.objects.filter(group=table.group, name=name).count() == 1


def test_two_taps_at_once_draw_one_new_invite_link(
    on_postgres: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = make_table()
    drawn: list[str] = []
    real = group_services.new_invite_token

    def counted() -> str:
        drawn.append(real())
        return drawn[-1]

    monkeypatch.setattr(group_services, "new_invite_token", counted)
    clients = [client_of(table.owner), client_of(table.owner)]
    url = f"/groups/{table.group.pk}/invite/rotate/"
    for n in range(ROUNDS):
        results = _post_together(clients, url, {"key": f"rotate-{n}"})
        assert _statuses(results) == [302, 302], results
        assert len(drawn) == n + 1
        assert Group.objects.get(pk=table.group.pk).invite_token == drawn[-1]


def test_two_taps_at_once_set_the_chip_value_once(on_postgres: None) -> None:
    table = make_table()
    clients = [client_of(table.owner), client_of(table.owner)]
    url = f"/groups/{table.group.pk}/chip-value/"
    for n in range(ROUNDS):
        data = {"key": f"chip-{n}", "chip_value": f"0.{n + 1}0", "next": "/"}
        results = _post_together(clients, url, data)
        assert _statuses(results) == [302, 302], results
        assert Group.objects.get(pk=table.group.pk).chip_value_cents == (n + 1) * 10


def test_two_taps_at_once_on_an_invite_link_join_once(on_postgres: None) -> None:
    table = make_table()
    for n in range(ROUNDS):
        newcomer = make_user(f"newcomer-{n}")
        clients = [client_of(newcomer), client_of(newcomer)]
        results = _post_together(clients, f"/join/{table.group.invite_token}/", {})
        assert _statuses(results) == [302, 302], results
        assert Membership.objects.filter(group=table.group, user=newcomer).count() == 1
