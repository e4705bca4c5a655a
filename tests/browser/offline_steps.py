"""Taking a phone off the network in a browser test (issue 26)."""

from __future__ import annotations

from typing import Any


def _cut_worker(route: Any) -> None:
    """What the service worker fetches fails as the network would while offline."""
    if route.request.service_worker is not None:
        route.abort("internetdisconnected")
    else:
        route.fallback()


def go_offline(page: Any, offline: bool) -> None:
    """The page's network and the service worker's: Playwright's set_offline covers
    the page's requests only (microsoft/playwright#2311), so the worker's are cut
    by a route while offline."""
    if offline:
        page.context.route("**/*", _cut_worker)
        page.context.set_offline(True)
    else:
        page.context.unroute("**/*", _cut_worker)
        page.context.set_offline(False)
