"""Every POST endpoint fed malformed values (tests/web/post_fuzz.py says how): never a
5xx, a refusal writes nothing, the ledgers add up and nothing malformed is stored."""

from __future__ import annotations

from typing import Any

import pytest
from django.http import HttpResponse
from django.test import Client
from ledger_helpers import Table
from post_fuzz import Fuzzer, World, build_world, fuzz_endpoints, run

from gamenight.models import Group, Player


@pytest.fixture
def world(table: Table) -> World:
    return build_world(table)


def test_every_post_endpoint_survives_malformed_values(world: World) -> None:
    fuzzer = run(world, fuzz_endpoints)
    print(f"endpoints: {fuzzer.requests} requests, {fuzzer.refused} refused")
    assert fuzzer.refused > fuzzer.requests // 2


class _RefusesButWrites(Client):
    """A request refused (400) that wrote anyway: what the fuzz exists to catch."""

    def __init__(self, write: Any) -> None:
        super().__init__()
        self.write = write

    def post(self, *args: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        self.write()
        return HttpResponse(status=400)


@pytest.mark.parametrize(
    "write",
    [
        lambda: Group.objects.update(name="changed"),
        lambda: Player.objects.filter(name="Anna B").delete(),
    ],
    ids=["update", "delete"],
)
def test_a_refused_request_that_wrote_is_caught(world: World, write: Any) -> None:
    """The snapshot is taken again only after a request that wrote to its tables: a
    refusal that wrote is still named."""
    fuzzer = Fuzzer(world)
    fuzzer.post(_RefusesButWrites(write), "/x/", {}, "writer")
    fuzzer.post(_RefusesButWrites(lambda: None), "/x/", {}, "reader")
    assert len(fuzzer.problems) == 1
    assert fuzzer.problems[0].startswith("400 but written: writer")
