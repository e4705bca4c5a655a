"""Two lock files: requirements.lock for the app, requirements-dev.lock for development.

The production image installs the runtime set alone; `make venv` the
development set, which holds the runtime set at the same versions and hashes.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PIN = re.compile(
    r"^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?==(\S+)((?:\s*\\\n\s+--hash=\S+)*)", re.M
)


def _name(requirement: str) -> str:
    return re.sub(r"[-_.]+", "-", re.split(r"[<>=\[ ;]", requirement)[0]).lower()


def pins(lock: str) -> dict[str, tuple[str, frozenset[str]]]:
    """Each package of a lock file: its version and hashes."""
    text = (ROOT / lock).read_text()
    return {
        _name(name): (version, frozenset(re.findall(r"--hash=(\S+)", hashes)))
        for name, version, hashes in PIN.findall(text)
    }


def _project() -> dict[str, list[str]]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return {
        "runtime": [_name(r) for r in project["dependencies"]],
        "dev": [_name(r) for r in project["optional-dependencies"]["dev"]],
    }


def test_every_pin_has_its_hashes() -> None:
    for lock in ("requirements.lock", "requirements-dev.lock"):
        found = pins(lock)
        assert len(found) > 20, lock
        assert all(hashes for _version, hashes in found.values()), lock


def test_the_runtime_lock_pins_every_runtime_dependency_and_no_development_one() -> None:
    runtime = pins("requirements.lock")
    project = _project()
    assert set(project["runtime"]) <= set(runtime)
    assert not set(project["dev"]) & set(runtime), sorted(set(project["dev"]) & set(runtime))


def test_the_development_lock_holds_the_runtime_set_at_the_same_versions() -> None:
    runtime, development = pins("requirements.lock"), pins("requirements-dev.lock")
    different = {n: (v, development.get(n)) for n, v in runtime.items() if development.get(n) != v}
    assert not different, different
    assert set(_project()["dev"]) <= set(development)


def test_the_image_installs_the_runtime_lock_only_and_make_venv_both() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "-r requirements.lock" in dockerfile
    assert "requirements-dev.lock" not in re.sub(r"#.*", "", dockerfile)
    makefile = (ROOT / "Makefile").read_text()
    assert "-r requirements-dev.lock" in makefile
