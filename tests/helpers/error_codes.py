"""The engine's errors as its source code raises them, read with :mod:`ast`.

Shared by the engine's test (every error carries a code) and the web's test
(every code is worded in English and German).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"

# Modules whose errors no page shows, with the reason. Their readers get the
# English text, which is all they need.
EXEMPT: dict[str, str] = {
    "cli": "the command line speaks English to the person who runs it",
    "bench": "benchmarks run by developers, never by a page",
    "table_hand/json_io.py": "reads the command line's JSON hands; the web builds TableHand itself",
    "table_hand/__init__.py": "the JSON entry point of the command line (settle_json)",
    "games/families/guts/json_io.py": "reads the command line's JSON Guts deals",
    "games/families/shelby/json_io.py": "reads the command line's JSON Shelby rounds",
}

# Functions that build an engine error from a ``code`` their caller gives: a call
# of one must pass ``code=`` like a raise does.
HELPERS = frozenset({"fail"})


@dataclass(frozen=True)
class Site:
    path: str
    line: int
    error: str
    codes: tuple[str, ...]  # the constant codes it may pass; empty if none is passed


def _exempt(relative: str) -> bool:
    return any(relative == key or relative.startswith(key + "/") for key in EXEMPT)


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _constants(node: ast.expr) -> tuple[str, ...]:
    """The codes an expression may give: a string, or either side of ``a if c else b``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return (node.value,)
    if isinstance(node, ast.IfExp):
        return _constants(node.body) + _constants(node.orelse)
    return ()


def _trees() -> dict[str, ast.Module]:
    return {
        str(path.relative_to(ENGINE)): ast.parse(path.read_text(encoding="utf-8"))
        for path in sorted(ENGINE.rglob("*.py"))
    }


def error_family(trees: dict[str, ast.Module]) -> set[str]:
    """``EngineError`` and every class in the engine that derives from it."""
    family = {"EngineError"}
    grew = True
    while grew:
        grew = False
        for tree in trees.values():
            for node in ast.walk(tree):
                if (
                    isinstance(node, ast.ClassDef)
                    and node.name not in family
                    and any(_name(base) in family for base in node.bases)
                ):
                    family.add(node.name)
                    grew = True
    return family


def error_sites() -> Iterator[Site]:
    """Every construction of an engine error (raised or not) outside the exempt
    modules, and every call of a helper that builds one."""
    trees = _trees()
    family = error_family(trees)
    for relative, tree in trees.items():
        if _exempt(relative):
            continue
        helper_bodies = {
            id(n)
            for f in ast.walk(tree)
            if isinstance(f, ast.FunctionDef) and f.name in HELPERS
            for n in ast.walk(f)
        }
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            called = _name(node.func)
            if called not in family and called not in HELPERS:
                continue
            if called in family and id(node) in helper_bodies:
                continue  # the helper passes its caller's code on
            code = next((k.value for k in node.keywords if k.arg == "code"), None)
            yield Site(
                path=f"engine/{relative}",
                line=node.lineno,
                error=called or "",
                codes=() if code is None else _constants(code) or ("<not a constant>",),
            )


def engine_error_codes() -> set[str]:
    """Every code the engine's errors can carry."""
    return {code for site in error_sites() for code in site.codes}
