"""The web's layers: views import pages and services, pages never import views, and
no view module imports another one (so no import cycle, and a page two areas show
is built once, in gamenight/pages/). Modules stay small enough to read at once.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import gamenight

PACKAGE = Path(gamenight.__file__).parent
VIEWS = PACKAGE / "views"
PAGES = PACKAGE / "pages"
MOST_LINES = 450


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports (at the top or inside a function), by full name."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            # ``from gamenight.views import groups`` imports the module groups.
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def _views_imported(path: Path) -> list[str]:
    return sorted(
        name
        for name in imported(path)
        if name.startswith("gamenight.views.") and name != "gamenight.views.__init__"
    )


def _modules(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.py"))


def test_the_import_parser_sees_every_form_of_import(tmp_path: Path) -> None:
    module = tmp_path / "sample.py"
    module.write_text(
        "import gamenight.views.groups\n"
        "from gamenight.views import nights\n"
        "def late():\n"
        "    from gamenight.views.digital_seat import seat_page\n"
    )
    assert _views_imported(module) == [
        "gamenight.views.digital_seat",
        "gamenight.views.digital_seat.seat_page",
        "gamenight.views.groups",
        "gamenight.views.nights",
    ]


@pytest.mark.parametrize("path", _modules(VIEWS), ids=lambda p: p.name)
def test_no_view_module_imports_another(path: Path) -> None:
    assert _views_imported(path) == []


@pytest.mark.parametrize("path", _modules(PAGES), ids=lambda p: p.name)
def test_pages_never_import_views(path: Path) -> None:
    assert [name for name in imported(path) if name.startswith("gamenight.views")] == []


@pytest.mark.parametrize("path", _modules(VIEWS) + _modules(PAGES), ids=lambda p: p.name)
def test_no_module_of_the_web_is_over_the_size(path: Path) -> None:
    assert len(path.read_text().splitlines()) <= MOST_LINES
