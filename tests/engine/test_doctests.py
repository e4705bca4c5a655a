"""The examples in the engine's docstrings are tests too: every module that has one."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

import engine

ROOT = Path(engine.__file__).parent


def modules_with_examples() -> list[str]:
    """Every engine module whose source holds a ``>>>`` example, found, not listed."""
    names = []
    for path in sorted(ROOT.rglob("*.py")):
        if ">>> " in path.read_text(encoding="utf-8"):
            parts = path.relative_to(ROOT.parent).with_suffix("").parts
            names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


MODULES = modules_with_examples()


def test_the_search_finds_the_modules_with_examples() -> None:
    assert {"engine.cards", "engine.hands.evaluate", "engine.chips.pots"} <= set(MODULES)
    assert len(MODULES) >= 20


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0
