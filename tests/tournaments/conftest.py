"""Fixtures of the tournament tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def _english_after_each_test() -> Iterator[None]:
    """A request leaves its language active in the thread (as tests/web/conftest.py
    says): a German page in one test must not turn the next test's messages German."""
    yield
    translation.deactivate()
