"""A service the tests need but do not find: skipped on a developer's machine, failed in CI."""

from __future__ import annotations

import pytest
from helpers.ci import in_ci, missing


@pytest.mark.parametrize("value", ["true", "1", "yes", "TRUE"])
def test_a_missing_service_fails_in_ci(value: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", value)
    assert in_ci()
    with pytest.raises(pytest.fail.Exception, match="needed in CI"):
        missing(needed="needed in CI", skipped="skipped here")


@pytest.mark.parametrize("value", [None, "", "false", "0"])
def test_a_missing_service_is_skipped_elsewhere(
    value: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    if value is None:
        monkeypatch.delenv("CI", raising=False)
    else:
        monkeypatch.setenv("CI", value)
    assert not in_ci()
    with pytest.raises(pytest.skip.Exception, match="skipped here"):
        missing(needed="needed in CI", skipped="skipped here")
