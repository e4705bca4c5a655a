"""Views declare the request they get, from the one module that defines it.

mypy (with the django-stubs plugin) checks what a view does with
``request.user`` only as far as the view's annotation says who the user is:
a ``@login_required`` view typed with plain ``HttpRequest`` would let an
``AnonymousUser`` through to a write without mypy noticing wherever the
service takes either. These tests keep the annotations honest.
"""

from __future__ import annotations

import ast
from pathlib import Path

import gamenight.views
from gamenight.http import AuthenticatedHttpRequest, HtmxHttpRequest

VIEWS = Path(gamenight.views.__file__).parent


def _trees() -> dict[str, ast.Module]:
    return {path.name: ast.parse(path.read_text()) for path in sorted(VIEWS.glob("*.py"))}


def _decorator_names(node: ast.FunctionDef) -> set[str]:
    names = set()
    for decorator in node.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        names.add(ast.unparse(target).rsplit(".", 1)[-1])
    return names


def test_every_login_required_view_takes_an_authenticated_request() -> None:
    wrong = []
    for name, tree in _trees().items():
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef) or "login_required" not in (
                _decorator_names(node)
            ):
                continue
            annotation = node.args.args[0].annotation if node.args.args else None
            if annotation is None or ast.unparse(annotation) != "AuthenticatedHttpRequest":
                wrong.append(f"{name}:{node.lineno} {node.name}")
    assert wrong == []


def test_no_view_module_defines_its_own_request_class() -> None:
    defined = [
        f"{name}:{node.lineno} {node.name}"
        for name, tree in _trees().items()
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef) and node.name.endswith("HttpRequest")
    ]
    assert defined == []


def test_no_view_silences_mypy_about_request_user() -> None:
    silenced = [
        f"{path.name}:{number}"
        for path in sorted(VIEWS.glob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if "request.user" in line and "type: ignore" in line
    ]
    assert silenced == []


def test_the_authenticated_request_is_an_htmx_request() -> None:
    # A login-required view still reads request.htmx for its partials.
    assert issubclass(AuthenticatedHttpRequest, HtmxHttpRequest)
