"""A NUL byte in every field and token of every POST endpoint, on PostgreSQL, which
refuses NUL in text where SQLite stores it (tests/web/post_fuzz.py): never a 5xx, a
refusal writes nothing. Only the requests that carry a NUL byte are sent here: a field
missing, another group's id or an outsider's post is the same code on either database,
and the SQLite run (test_fuzz_post_endpoints.py) sends those."""

from __future__ import annotations

import pytest
from ledger_helpers import make_table
from post_fuzz import build_world, fuzz_endpoints, run

from gamenight.services import digital


@pytest.mark.postgres
def test_a_nul_byte_anywhere_is_refused_on_postgresql(on_postgres: None) -> None:
    """PostgreSQL refuses NUL in text where SQLite stores it: every field and token."""
    table = make_table()
    world = build_world(table)
    digital.start_hand(night_id=table.night.pk, by=table.owner, key="s", game="seven-card-stud")

    fuzzer = run(world, fuzz_endpoints, values=("7\x00",), digits=(), carrying="\x00")
    print(f"PostgreSQL, NUL bytes: {fuzzer.requests} requests, {fuzzer.refused} refused")
    # 1,547 on 2026-12-02: the filter keeps every field's and every token's NUL post.
    assert fuzzer.requests > 1000
