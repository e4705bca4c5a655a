"""Every POST endpoint fed malformed values (tests/web/post_fuzz.py says how): never a
5xx, a refusal writes nothing, the ledgers add up and nothing malformed is stored."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.http import HttpResponse
from django.test import Client
from ledger_helpers import Table
from post_fuzz import (
    BAD_VALUES,
    UNICODE_DIGITS,
    Fuzzer,
    World,
    build_world,
    fuzz_endpoints,
    run,
    variants,
)

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


def test_each_kind_of_house_option_gets_every_bad_value_and_digit() -> None:
    base = {"name": "x", **{f"opt__g{n}__a": "1" for n in range(20)}, "opt__h__b": ""}
    kinds = {f"opt__g{n}__a": "input:number" for n in range(20)} | {"opt__h__b": "select:"}
    sent = list(variants(base, set(base), BAD_VALUES, random.Random(1), UNICODE_DIGITS, kinds))
    for kind, names in (
        ("number", [f"opt__g{n}__a" for n in range(20)]),
        ("select", ["opt__h__b"]),
    ):
        values = [d[n] for d in sent for n in names if d[n] != base[n]]
        assert set(BAD_VALUES) | set(UNICODE_DIGITS) <= {v for v in values if isinstance(v, str)}, (
            kind
        )
        assert any(isinstance(v, list) for v in values), kind
    # Each option changed alone: one malformed field a request.
    assert all(sum(d.get(k) != base[k] for k in base) == 1 for d in sent)
    # Two kinds of options: 2 x (12 values + 4 digits + 1 doubled), then "name" as before.
    assert len(sent) - sum(d.get("name") != "x" for d in sent) == 2 * 17
