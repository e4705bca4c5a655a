"""The files only `make ci` runs exist, and their tests carry the `ci` marker; the
longest files are collected first."""

from __future__ import annotations

import pytest
from helpers.ci import CI_ONLY, LONGEST_FIRST, TESTS, ci_only_files, longest_first


def test_every_file_make_test_leaves_out_exists() -> None:
    assert CI_ONLY
    missing = [name for name in CI_ONLY if not (TESTS / name).is_file()]
    assert not missing, missing


def test_a_ci_only_file_is_marked_and_others_are_not(request: pytest.FixtureRequest) -> None:
    items = request.session.items
    marked = {item.path for item in items if item.get_closest_marker("ci")}
    collected = {item.path for item in items}
    assert marked == ci_only_files() & collected


def test_every_file_started_first_exists() -> None:
    missing = [name for name in LONGEST_FIRST if not (TESTS / name).is_file()]
    assert not missing, missing


def test_the_longest_files_are_collected_first_in_their_order(
    request: pytest.FixtureRequest,
) -> None:
    ranks = [longest_first(item.path) for item in request.session.items]
    assert ranks == sorted(ranks)
