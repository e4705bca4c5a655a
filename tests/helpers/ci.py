"""Whether the tests run in CI, where a missing service fails instead of skipping."""

from __future__ import annotations

import os

import pytest


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def missing(*, needed: str, skipped: str) -> None:
    """A service the test needs is not installed: a failure in CI, a skip elsewhere."""
    if in_ci():
        pytest.fail(needed)
    pytest.skip(skipped)
