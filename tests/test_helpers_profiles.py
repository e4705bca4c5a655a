"""The hypothesis profiles: quick by default, the full counts in CI, chosen by the environment."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import profiles
from hypothesis import settings

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def restore_profile() -> Iterator[None]:
    before = settings.default
    yield
    settings.register_profile("_before_this_test", before)
    settings.load_profile("_before_this_test")


@pytest.mark.parametrize(
    ("env", "profile", "count"),
    [
        ({}, "dev", 200),
        ({"CI": "true"}, "ci", 2000),
        ({"CI": "true", "HYPOTHESIS_PROFILE": "dev"}, "dev", 200),
        ({"HYPOTHESIS_PROFILE": "ci"}, "ci", 2000),
        ({"HYPOTHESIS_PROFILE": "thorough"}, "thorough", 20000),
    ],
)
def test_the_environment_chooses_the_profile_that_scales_a_tests_count(
    env: dict[str, str],
    profile: str,
    count: int,
    monkeypatch: pytest.MonkeyPatch,
    restore_profile: None,
) -> None:
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv("HYPOTHESIS_PROFILE", raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert profiles.register_and_load() == profile
    assert profiles.examples(2000) == count
    assert settings.default.deadline is None


@pytest.mark.parametrize(("profile", "every"), [("dev", 50), ("ci", 5), ("thorough", 1)])
def test_a_check_every_few_steps_is_spaced_by_the_profile(
    profile: str, every: int, restore_profile: None
) -> None:
    profiles.register_and_load()
    settings.load_profile(profile)
    assert profiles.spacing(5) == every


def test_a_small_count_still_runs_one_example(restore_profile: None) -> None:
    settings.load_profile("dev")
    assert profiles.examples(3) == 1


def test_an_unknown_profile_is_refused_by_name(
    monkeypatch: pytest.MonkeyPatch, restore_profile: None
) -> None:
    monkeypatch.setenv("HYPOTHESIS_PROFILE", "fast")
    with pytest.raises(ValueError, match="'fast'"):
        profiles.register_and_load()


def test_a_property_test_runs_the_scaled_count_of_its_profile() -> None:
    """Counted by the test itself in a fresh pytest, under each profile."""
    test = ROOT / "tests" / "engine" / "test_shelby.py"
    name = "test_chips_are_never_created_or_lost_over_random_shelby_games"
    counts: dict[str, str] = {}
    for profile in ("dev", "ci"):
        env = {k: v for k, v in os.environ.items() if k not in ("CI", "HYPOTHESIS_PROFILE")}
        run = subprocess.run(
            [
                *(sys.executable, "-m", "pytest", f"{test}::{name}", "-q"),
                *("-p", "no:cacheprovider", "--hypothesis-show-statistics"),
            ],
            cwd=ROOT,
            env={**env, "HYPOTHESIS_PROFILE": profile},
            capture_output=True,
            text=True,
            check=False,
        )
        assert run.returncode == 0, run.stdout + run.stderr
        counts[profile] = run.stdout
    # test_shelby.py asks for examples(100): its CI count, a tenth of it in dev.
    assert "Stopped because settings.max_examples=10\n" in counts["dev"], counts["dev"]
    assert "Stopped because settings.max_examples=100\n" in counts["ci"], counts["ci"]
