"""The examples in the engine's docstrings are tests too."""

import doctest
import importlib

import pytest

MODULES = ["engine.cards", "engine.hands.evaluate"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0
