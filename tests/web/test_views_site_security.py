"""Security headers on every page, no inline scripts or styles, and a clean check --deploy."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client
from ledger_helpers import Table

from gamenight.middleware import CONTENT_SECURITY_POLICY

ROOT = Path(__file__).resolve().parents[2]


def _pages(table: Table) -> list[str]:
    g, n = table.group.pk, table.night.pk
    return [
        "/",
        f"/groups/{g}/",
        f"/groups/{g}/players/new/",
        f"/groups/{g}/seasons/new/",
        f"/groups/{g}/nights/new/",
        f"/nights/{n}/",
        "/groups/new/",
        "/rules/guts/",
        f"/join/{table.group.invite_token}/",
    ]


def test_every_response_has_csp_and_referrer_policy(client: Client, table: Table) -> None:
    client.force_login(table.owner)
    for url in [*_pages(table), "/healthz", "/accounts/login/"]:
        response = client.get(url)
        assert response["Content-Security-Policy"] == CONTENT_SECURITY_POLICY, url
        assert response["Referrer-Policy"] == "same-origin", url
        assert response["X-Content-Type-Options"] == "nosniff", url


def test_csp_allows_no_outside_source_and_nothing_inline() -> None:
    directives = dict(d.split(" ", 1) for d in CONTENT_SECURITY_POLICY.split("; "))
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert "unsafe-inline" not in CONTENT_SECURITY_POLICY
    assert "unsafe-eval" not in CONTENT_SECURITY_POLICY
    assert "http" not in CONTENT_SECURITY_POLICY


def test_pages_have_no_inline_scripts_or_styles(client: Client, table: Table) -> None:
    client.force_login(table.owner)
    for url in _pages(table):
        html = client.get(url).content.decode()
        for tag in re.findall(r"<script\b[^>]*>", html):
            assert "src=" in tag, (url, tag)
        for body in re.findall(r"<script\b[^>]*>(.*?)</script>", html, re.S):
            assert not body.strip(), (url, body)
        assert "<style" not in html, url
        assert not re.search(r"\sstyle=", html), url
        assert not re.search(r"\son[a-z]+=", html), url  # no inline event handlers


def test_htmx_is_told_not_to_inject_its_indicator_style(client: Client, table: Table) -> None:
    """htmx adds a <style> element unless told not to; the CSP would block it."""
    html = client.get("/").content.decode()
    assert '"includeIndicatorStyles": false' in html
    assert 'hx-headers=\'{"x-csrftoken"' in html


def test_check_deploy_is_clean_with_production_settings(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "DEBUG": "0",
        "SECRET_KEY": "a-long-random-production-secret-key-0123456789-abcdefghijklmnop",
        "ALLOWED_HOSTS": "poker.example.org",
        "HTTPS": "1",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


@pytest.mark.django_db
def test_https_settings_redirect_plain_http_but_not_the_health_check(client: Client) -> None:
    from django.test import override_settings

    with override_settings(
        SECURE_SSL_REDIRECT=True, SECURE_REDIRECT_EXEMPT=[r"^healthz$"], SECURE_HSTS_SECONDS=3600
    ):
        assert client.get("/").status_code == 301
        assert client.get("/healthz").status_code == 200
        secure = client.get("/", secure=True)
        assert secure["Strict-Transport-Security"].startswith("max-age=3600")
