"""The engine is laid out by concern: the tree itself is checked, not only its behaviour."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import engine

ROOT = Path(engine.__file__).parent

# The shared base every concern builds on; anything else belongs in a folder.
TOP_LEVEL = {"__init__.py", "__main__.py", "cards.py", "errors.py", "text.py"}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path) -> set[str]:
    """Every ``engine`` module the file imports, at the top or inside a function."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            # ``from engine.x import json_io`` imports a module too.
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in found if name.split(".")[0] == "engine" and is_module(name)}


def is_module(name: str) -> bool:
    """``engine.a.b`` is a file or package of the engine (not a function imported from one)."""
    path = ROOT.parent.joinpath(*name.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def is_json_format(name: str) -> bool:
    """``json_io`` modules, and the ``*_json`` modules of the old flat layout."""
    last = name.rsplit(".", 1)[-1]
    return last == "json_io" or last.endswith("_json")


def engine_files() -> list[Path]:
    return sorted(ROOT.rglob("*.py"))


def test_the_top_level_holds_only_the_shared_base() -> None:
    top = {path.name for path in ROOT.glob("*.py")}
    assert top - TOP_LEVEL == set()


def test_every_package_says_what_it_holds() -> None:
    for folder in sorted({path.parent for path in engine_files()}):
        init = folder / "__init__.py"
        assert init.exists(), f"{folder} has no __init__.py"
        assert ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))), init


def test_json_readers_import_the_settlements_never_the_reverse() -> None:
    # A JSON format may read into a settlement; a settlement, a step or a hand
    # never depends on a command-line format. Package facades and the command
    # line may gather both.
    offenders = []
    for path in engine_files():
        name = module_name(path)
        if path.name == "__init__.py" or is_json_format(name) or name.startswith("engine.cli"):
            continue
        json_imports = sorted(m for m in imported_modules(path) if is_json_format(m))
        if json_imports:
            offenders.append(f"{name} imports {', '.join(json_imports)}")
    assert offenders == []


def test_each_json_format_reads_into_its_own_settlement() -> None:
    for family in ("guts", "shelby"):
        json_io = ROOT / "games" / "families" / family / "json_io.py"
        assert f"engine.games.families.{family}.settle" in imported_modules(json_io)


# ---------------------------------------------------------------- no web in the engine

WEB_PACKAGES = ("django", "gamenight")


def top_level_imports(path: Path) -> set[str]:
    """The first name of every module the file imports, at the top or in a function."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


def test_no_engine_file_imports_django_or_gamenight() -> None:
    offenders = [
        f"{module_name(path)} imports {name}"
        for path in engine_files()
        for name in sorted(top_level_imports(path) & set(WEB_PACKAGES))
    ]
    assert not offenders, offenders


def test_importing_every_engine_module_loads_neither_django_nor_gamenight() -> None:
    """In a fresh interpreter, as a script using the engine alone would."""
    names = [module_name(p) for p in engine_files() if p.name != "__main__.py"]
    script = (
        "import importlib, sys\n"
        f"for name in {names!r}:\n"
        "    importlib.import_module(name)\n"
        f"loaded = sorted(m for m in sys.modules if m.split('.')[0] in {WEB_PACKAGES!r})\n"
        "print(len(sys.modules), loaded)\n"
        "sys.exit(1 if loaded else 0)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT.parent,
        env={k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
