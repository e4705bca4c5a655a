"""Every environment variable the settings read is named on the operations page.

The names are read from gamenight/settings.py's syntax tree: the first argument
of each call of its helpers (``envstr``, ``envbool``, ``envint``, ``envlist``) and
of ``os.environ.get``, and each ``os.environ[...]``; docs/operations.md must name
each in backticks.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SETTINGS = ROOT / "gamenight" / "settings.py"
OPERATIONS = ROOT / "docs" / "operations.md"
HELPERS = {"envstr", "envbool", "envint", "envlist"}


def _is_environ(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "environ"


def variables_read(source: str) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        name: ast.AST | None = None
        if isinstance(node, ast.Call) and node.args:
            function = node.func
            if (isinstance(function, ast.Name) and function.id in HELPERS) or (
                isinstance(function, ast.Attribute)
                and function.attr == "get"
                and _is_environ(function.value)
            ):
                name = node.args[0]
        elif isinstance(node, ast.Subscript) and _is_environ(node.value):
            name = node.slice
        if isinstance(name, ast.Constant) and isinstance(name.value, str):
            found.add(name.value)
    return found


def test_the_reader_finds_every_kind_of_read() -> None:
    source = (
        "import os\n"
        "a = envstr('A')\nb = envbool('B', True)\nc = envint('C', 1)\nd = envlist('D')\n"
        "e = os.environ.get('E')\nf = os.environ['F']\ng = other('G')\n"
    )
    assert variables_read(source) == {"A", "B", "C", "D", "E", "F"}


def test_every_variable_the_settings_read_is_on_the_operations_page() -> None:
    read = variables_read(SETTINGS.read_text())
    assert len(read) >= 30, sorted(read)  # the reader still understands the settings
    named = set(re.findall(r"`([A-Z][A-Z0-9_]*)`", OPERATIONS.read_text()))
    missing = sorted(read - named)
    assert not missing, f"docs/operations.md does not name: {', '.join(missing)}"
