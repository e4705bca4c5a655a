"""Safe by default: settings with no environment, the error pages, tokens kept out of logs.

The settings are read in a fresh process (they are computed at import), with
the environment `make run` gives them (nothing set) and the one docker compose
gives them.
"""

from __future__ import annotations

import io
import json
import logging
import os
import secrets
import stat
import subprocess
import sys
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client, RequestFactory
from django.utils import translation
from django.views import defaults
from gunicorn import glogging
from gunicorn.config import Config

from gamenight import lan
from gamenight.log_masking import GunicornLogger, MaskTokensFilter, mask_tokens

ROOT = Path(__file__).resolve().parents[2]
# What must never reach a browser: Django's debug pages and the settings they list.
LEAKS = ("Traceback", "SECRET_KEY", "INSTALLED_APPS", "URLconf", "Django tried these URL patterns")


def settings_in_a_fresh_process(env: dict[str, str], *names: str) -> dict[str, Any]:
    """The named settings as a process started with exactly ``env`` (plus PATH) sees them."""
    code = (
        "import json, django; from django.conf import settings; django.setup(); "
        f"print(json.dumps({{n: getattr(settings, n) for n in {list(names)!r}}}, default=str))"
    )
    base = {"PATH": os.environ["PATH"], "DJANGO_SETTINGS_MODULE": "gamenight.settings"}
    done = subprocess.run(
        [sys.executable, "-c", code],
        env={**base, "PYTHONPATH": str(ROOT), **env},
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def make_run_env(tmp_path: Path) -> dict[str, str]:
    return {"VAR_DIR": str(tmp_path / "var")}


def compose_env(tmp_path: Path) -> dict[str, str]:
    return {
        "VAR_DIR": str(tmp_path / "var"),
        "DEBUG": "0",
        "HTTPS": "1",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "poker.example.org,127.0.0.1",
        "STATIC_MANIFEST": "1",
    }


# ---------------------------------------------------------------------- settings


def test_with_nothing_set_debug_is_off_and_only_this_machine_is_allowed(tmp_path: Path) -> None:
    found = settings_in_a_fresh_process(make_run_env(tmp_path), "DEBUG", "ALLOWED_HOSTS")
    assert found["DEBUG"] is False
    hosts = found["ALLOWED_HOSTS"]
    assert "*" not in hosts
    for name in ("localhost", "127.0.0.1", "[::1]", ".local"):
        assert name in hosts
    for address in lan.addresses():
        assert lan.host_form(address) in hosts


def test_allowed_hosts_from_the_environment_win(tmp_path: Path) -> None:
    env = {**make_run_env(tmp_path), "ALLOWED_HOSTS": "poker.example.org"}
    assert settings_in_a_fresh_process(env, "ALLOWED_HOSTS") == {
        "ALLOWED_HOSTS": ["poker.example.org"]
    }


def test_the_secret_key_is_made_once_and_kept_private(tmp_path: Path) -> None:
    first = settings_in_a_fresh_process(make_run_env(tmp_path), "SECRET_KEY")["SECRET_KEY"]
    again = settings_in_a_fresh_process(make_run_env(tmp_path), "SECRET_KEY")["SECRET_KEY"]
    key_file = tmp_path / "var" / "secret_key"
    assert first == again == key_file.read_text().strip()
    assert len(first) >= 50
    assert "insecure" not in first
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert list(key_file.parent.glob(".secret_key*")) == []  # no temporary file left


def test_a_secret_key_from_the_environment_writes_no_file(tmp_path: Path) -> None:
    env = compose_env(tmp_path)
    assert settings_in_a_fresh_process(env, "SECRET_KEY")["SECRET_KEY"] == env["SECRET_KEY"]
    assert not (tmp_path / "var" / "secret_key").exists()


@pytest.mark.parametrize("environment", [make_run_env, compose_env])
def test_check_deploy_is_clean(tmp_path: Path, environment: Any) -> None:
    base = {"PATH": os.environ["PATH"], "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        env={**base, **environment(tmp_path)},
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "System check identified no issues" in done.stdout


def test_only_the_checks_of_plain_http_are_silenced(tmp_path: Path) -> None:
    plain = settings_in_a_fresh_process(make_run_env(tmp_path), "SILENCED_SYSTEM_CHECKS")
    assert sorted(plain["SILENCED_SYSTEM_CHECKS"]) == [
        "security.W004",
        "security.W008",
        "security.W012",
        "security.W016",
    ]
    tls = settings_in_a_fresh_process(compose_env(tmp_path), "SILENCED_SYSTEM_CHECKS")
    assert tls["SILENCED_SYSTEM_CHECKS"] == []


def test_the_phones_are_sent_to_the_default_routes_address(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        lan, "_from_ip_command", lambda: ["127.0.0.1", "172.17.0.1", "192.168.1.23", "fe80::1"]
    )
    monkeypatch.setattr(lan, "_from_resolver", lambda name: ["127.0.1.1"])
    monkeypatch.setattr(
        lan, "_from_route", lambda family, probe: ["192.168.1.23"] if "." in probe[0] else []
    )
    assert lan.lan_url(8000) == "http://192.168.1.23:8000/"
    hosts = lan.machine_hosts()
    assert {"192.168.1.23", "172.17.0.1", "127.0.1.1", ".local", "[::1]"} <= set(hosts)
    assert "[fe80::1]" not in hosts  # link-local: no Host header can name it


def test_without_a_network_the_phones_are_told_localhost(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lan, "_from_ip_command", lambda: ["127.0.0.1", "::1"])
    monkeypatch.setattr(lan, "_from_resolver", lambda name: [])
    monkeypatch.setattr(lan, "_from_route", lambda family, probe: [])
    assert lan.lan_url(9000) == "http://localhost:9000/"


# ---------------------------------------------------------------------- error pages


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", ["Page not found", "To the start page"]), ("de", ["Seite nicht gefunden"])],
)
def test_an_unknown_page_is_a_friendly_404_in_the_page_language(
    db: None, language: str, words: list[str]
) -> None:
    response = Client().get("/no-such-page/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 404
    html = response.content.decode()
    for word in words:
        assert word in html
    for leak in (*LEAKS, "&lt;id:night_id&gt;", "seat_page", "admin/"):
        assert leak not in html


@pytest.mark.parametrize(
    ("language", "word"), [("en", "Something went wrong"), ("de", "Etwas ist schiefgegangen")]
)
def test_the_500_page_renders_without_a_request_context(language: str, word: str) -> None:
    with translation.override(language):
        response = defaults.server_error(RequestFactory().get("/"))
    assert response.status_code == 500
    html = response.content.decode()
    assert word in html
    assert f'lang="{language}"' in html


def test_a_crash_shows_the_500_page_and_no_traceback(
    db: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gamenight.views import rules_cards

    def broken(name: str) -> bool:
        raise RuntimeError("SECRET hole cards: As Kd")

    monkeypatch.setattr(rules_cards, "has_rules_card", broken)
    response = Client(raise_request_exception=False).get("/rules/guts/")
    assert response.status_code == 500
    html = response.content.decode()
    assert "Something went wrong" in html
    for leak in (*LEAKS, "As Kd", "RuntimeError"):
        assert leak not in html


def test_a_foreign_host_gets_a_plain_400(db: None) -> None:
    response = Client().get("/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    html = response.content.decode()
    assert "Bad request" in html
    for leak in (*LEAKS, "ALLOWED_HOSTS"):
        assert leak not in html


# ---------------------------------------------------------------------- tokens in logs

TOKEN = "QZenYPvY4UNHSqAYBpkYahRpI-JZ9s8D"


def test_seat_and_invite_tokens_are_masked() -> None:
    line = f'GET /s/{TOKEN}/act/ "https://x/join/{TOKEN}/" ?next=%2Fjoin%2F{TOKEN}%2F'
    masked = mask_tokens(line)
    assert TOKEN not in masked
    assert masked.startswith("GET /s/<token>/act/")


def test_django_warnings_about_a_seat_url_are_masked() -> None:
    record = logging.LogRecord(
        "django.request", logging.WARNING, __file__, 1, "Not Found: %s", (f"/s/{TOKEN}/",), None
    )
    MaskTokensFilter().filter(record)
    assert record.getMessage() == "Not Found: /s/<token>/"
    console = settings.LOGGING["handlers"]["console"]
    assert "mask_tokens" in console["filters"]


def _access_line(logger_class: type[glogging.Logger]) -> str:
    config = Config()
    config.set("accesslog", "-")
    logger = logger_class(config)
    out = io.StringIO()
    for handler in logger.access_log.handlers:
        handler.setStream(out)  # type: ignore[attr-defined]

    class Response:
        status = "200 OK"
        sent = 10
        headers: tuple[tuple[str, str], ...] = ()

    environ = {
        "REQUEST_METHOD": "GET",
        "RAW_URI": f"/s/{TOKEN}/state/",
        "PATH_INFO": f"/s/{TOKEN}/state/",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "HTTP_REFERER": f"http://192.168.1.5:8000/s/{TOKEN}/",
        "REMOTE_ADDR": "192.168.1.7",
    }
    logger.access(Response(), [], environ, timedelta(milliseconds=3))
    return out.getvalue()


def test_gunicorns_access_log_shows_no_seat_token() -> None:
    assert TOKEN in _access_line(glogging.Logger)  # what gunicorn's own logger writes
    line = _access_line(GunicornLogger)
    assert "GET /s/<token>/state/" in line
    assert TOKEN not in line
