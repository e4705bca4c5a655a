"""Every page a host sees fits a 390px phone and breaks no rule of the CSP.

The ``open_phone`` fixture fails the test on any console message about the
Content Security Policy, any script error and any request off the live server.
"""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from browser_steps import fits_phone, log_in
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from gamenight import services
from gamenight.middleware import CONTENT_SECURITY_POLICY

RECORDING_FORMS = (
    "seven-card-stud",
    "baseball",
    "spit-in-the-ocean",
    "guts",
    "guts3",
    "shelby",
    "psycho-shelby",
)


def _visit(page: Any, path: str) -> None:
    response = page.goto(path)
    assert response is not None
    assert response.ok, f"{path}: {response.status}"
    assert response.headers.get("content-security-policy") == CONTENT_SECURITY_POLICY
    fits_phone(page)


def test_pages_before_logging_in_fit_a_phone(page: Any) -> None:
    for path in ("/", "/accounts/login/", "/accounts/signup/", "/rules/baseball/", "/rules/guts/"):
        _visit(page, path)


def test_every_page_of_a_night_fits_a_phone(
    page: Any, running_night: Any, live_server: Any
) -> None:
    night, host = running_night.night, running_night.host
    group_id = night.group_id
    planned = services.create_night(group_id=group_id, by=host, date=datetime.date(2025, 3, 21))
    log_in(page, host, live_server.url)
    paths = [
        "/",
        f"/groups/{group_id}/",
        f"/groups/{group_id}/players/new/",
        f"/groups/{group_id}/seasons/new/",
        f"/groups/{group_id}/nights/new/",
        f"/nights/{planned.pk}/start/",
        f"/nights/{night.pk}/",
        *(f"/nights/{night.pk}/record/{game}/" for game in RECORDING_FORMS),
        f"/nights/{night.pk}/deals/",
        f"/rules/baseball/?night={night.pk}",
        f"/groups/{group_id}/seasons/{night.season_id}/standings/",
        f"/groups/{group_id}/players/{running_night.players['Anna'].pk}/history/",
        f"/join/{night.group.invite_token}/",
    ]
    for path in paths:
        _visit(page, path)
    # The plan form with every game's house options open.
    page.goto(f"/groups/{group_id}/nights/new/")
    for summary in page.locator("details.options > summary").all():
        summary.click()
    fits_phone(page)


def test_the_watch_sees_a_csp_violation_and_an_outside_request(open_phone: Any) -> None:
    """The checks above are not empty: an inline style and a CDN script break the CSP,
    and a request off the live server is stopped before it leaves the machine."""
    page = open_phone()
    watch = open_phone.watch(page)
    page.goto("/")
    # Both refusals are waited for as they reach the console, not for a while.
    with (
        page.expect_console_message(lambda m: "inline style" in m.text),
        page.expect_console_message(lambda m: "cdn.example.org" in m.text),
    ):
        page.evaluate(
            """() => {
            const style = document.createElement("style");
            style.textContent = "body { color: red }";
            document.head.appendChild(style);
            const script = document.createElement("script");
            script.src = "https://cdn.example.org/htmx.min.js";
            document.head.appendChild(script);
        }"""
        )
    expect(page.locator("body")).not_to_have_css("color", "rgb(255, 0, 0)")
    messages = watch.csp_messages()
    assert any("inline style" in m for m in messages), watch.console_errors
    assert any("cdn.example.org" in m for m in messages), watch.console_errors
    with pytest.raises(PlaywrightError):
        page.goto("https://example.org/")
    assert watch.outside_requests == ["https://example.org/"]
    # Forget what was provoked on purpose, so the fixture's own check passes.
    watch.console_errors.clear()
    watch.outside_requests.clear()
