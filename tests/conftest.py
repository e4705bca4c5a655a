"""Settings of the whole suite: the hypothesis profile (see helpers/profiles.py),
which test files only `make ci` runs, and the longest files first.

Loaded before any test module is imported, so that the counts given to
``@settings(max_examples=examples(n))`` at import already follow the profile.
Hypothesis's plugin names the loaded profile in pytest's header.
"""

from __future__ import annotations

import pytest
from helpers.ci import ci_only_files, longest_first
from helpers.profiles import register_and_load

register_and_load()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    ci_only = ci_only_files()
    for item in items:
        if item.path in ci_only:
            item.add_marker(pytest.mark.ci)
    # A stable sort: the files of LONGEST_FIRST lead, each file's tests stay together
    # and in their order (xdist's --dist loadfile hands out the files in this order).
    items.sort(key=lambda item: longest_first(item.path))
