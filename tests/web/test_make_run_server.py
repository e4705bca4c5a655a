"""The app started as `make run` starts it (scripts/run.sh: gunicorn and the worker),
probed from outside like a curious player on the same network.

The server runs on a free loopback port with its own var/, static and SQLite
files in a temp dir (tests/helpers/make_run.py). No answer may carry a traceback,
the settings or the list of the app's URLs, and the access log it prints carries
no seat token.
"""

from __future__ import annotations

import http.client
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from helpers.make_run import make_run

LEAKS = (
    "Traceback",
    "SECRET_KEY",
    "INSTALLED_APPS",
    "DATABASES",
    "URLconf",
    "Django tried these URL patterns",
    "technical_500",
    "DEBUG = True",
    "ALLOWED_HOSTS",
)
TOKEN = "QZenYPvY4UNHSqAYBpkYahRpI-JZ9s8D"


@dataclass
class Server:
    port: int
    log: Path

    def request(
        self, method: str, path: str, *, host: str | None = None, body: str = ""
    ) -> tuple[int, str]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = {"Host": host or f"127.0.0.1:{self.port}", "Accept-Language": "de"}
        if body:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        connection.request(method, path, body=body or None, headers=headers)
        response = connection.getresponse()
        text = response.read().decode("utf-8", "replace")
        connection.close()
        return response.status, text


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    run = make_run(tmp_path_factory.mktemp("make-run"))
    with run.serving():
        yield Server(run.port, run.log)


PROBES = [
    ("GET", "/no-such-page/", None, "", 404),
    ("GET", f"/s/{TOKEN}/", None, "", 404),
    ("POST", f"/s/{TOKEN}/act/", None, "action=switch_game&version=%C2%B2", 403),
    ("GET", "/rules/guts/?night=%C2%B2", None, "", 200),
    ("GET", "/nights/99999999999999999999/", None, "", 404),
    ("GET", "/groups/1/", None, "", 302),
    ("POST", "/accounts/login/", None, "username=x&password=y", 403),
    ("GET", "/", "evil.example", "", 400),
    ("GET", "/", "127.0.0.1", "", 200),
    ("GET", "/admin/", None, "", 302),
]


def test_no_answer_shows_a_traceback_settings_or_the_url_list(server: Server) -> None:
    for method, path, host, body, status in PROBES:
        got, text = server.request(method, path, host=host, body=body)
        assert got == status, (method, path, got, text[:300])
        for leak in LEAKS:
            assert leak not in text, (method, path, leak)
    status, text = server.request("GET", "/no-such-page/")
    assert "Seite nicht gefunden" in text


def test_static_files_are_served_hashed_and_cached(server: Server) -> None:
    status, page = server.request("GET", "/accounts/login/")
    assert status == 200
    css = next(part.split('"')[0] for part in page.split('href="') if ".css" in part[:80])
    assert css.startswith("/static/css/app.")
    assert css != "/static/css/app.css"  # the hashed name
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    connection.request("GET", css, headers={"Host": f"127.0.0.1:{server.port}"})
    response = connection.getresponse()
    response.read()
    assert response.status == 200
    assert "immutable" in (response.getheader("Cache-Control") or "")


def test_the_start_prints_the_address_and_a_qr_code_and_the_log_no_token(server: Server) -> None:
    server.request("GET", f"/s/{TOKEN}/state/")
    # gunicorn writes the access line just after the answer: wait for it to be there.
    for _ in range(100):
        log = server.log.read_text()
        if "/s/<token>/state/" in log:
            break
        time.sleep(0.1)
    assert "/s/<token>/state/" in log  # the access log has the seat's request, masked
    assert TOKEN not in log
    assert "gamenight: open http://" in log
    assert "\u2588" in log  # the QR code's blocks
