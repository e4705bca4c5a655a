"""axe-core on a page as it is now (issue 26), for the accessibility tests.

axe-core comes from the locked ``axe-playwright-python`` package (its axe.min.js,
4.12.1, read from the venv: nothing is fetched at test time). Every rule axe
runs by default (WCAG 2.0-2.2 A and AA and axe's best practices: one ``h1`` a
page, every part of a page in a landmark) plus two it leaves off unless asked:
``target-size`` (WCAG 2.2's 2.5.8) and ``label-content-name-mismatch`` (2.5.3,
a control's name holds the words it shows).
"""

from __future__ import annotations

from typing import Any

from axe_playwright_python.base import AXE_SCRIPT

AXE_OPTIONS = {
    "rules": {
        "target-size": {"enabled": True},
        # Experimental in axe: a control's name holds its visible words (WCAG 2.5.3).
        "label-content-name-mismatch": {"enabled": True},
    },
    "resultTypes": ["violations"],
}


def axe_violations(page: Any) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(AXE_SCRIPT)
    result = page.evaluate("(options) => axe.run(document, options)", AXE_OPTIONS)
    return list(result["violations"])


def axe_lines(page: Any) -> list[str]:
    """Each rule broken, with its count of elements and the first of them."""
    return [
        f"{v['id']} ({v['impact']}, {len(v['nodes'])}x): {v['nodes'][0]['target']}"
        for v in axe_violations(page)
    ]
