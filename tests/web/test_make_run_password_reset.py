"""Password resets under the real `make run` (tests/helpers/make_run.py): no reset link
or token in anything the server prints.

Without mail set up (the console backend, `make run`'s default) the page says so
and nothing is printed; with a real backend (a file here, as a mail server would
take it) the whole reset works, and the token of the link opened from the mail
appears in no log line.
"""

from __future__ import annotations

import http.cookiejar
import re
import socketserver
import threading
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.make_run import MakeRun, make_run

CREATE_ANNA = (
    "from django.contrib.auth.models import User; "
    "User.objects.create_user('anna', email='anna@example.org', password='Old-long-pass-9')"
)
RESET = "/accounts/password/reset/"


class Browser:
    """Cookies and the CSRF token, as a phone's browser keeps them."""

    def __init__(self, run: MakeRun, language: str = "en") -> None:
        self.base = f"http://127.0.0.1:{run.port}"
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))
        self.opener.addheaders = [("Accept-Language", language)]

    def get(self, path: str) -> tuple[int, str, str]:
        with self.opener.open(self.base + path, timeout=30) as response:
            return response.status, response.geturl(), response.read().decode()

    def post(self, path: str, data: dict[str, str]) -> tuple[int, str, str]:
        """Posted from the page at ``path`` (from the login page when that has no form,
        as from a tab still showing the form of before), with the CSRF token."""
        token = _csrf(self.get(path)[2]) or _csrf(self.get("/accounts/login/")[2])
        body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": token}).encode()
        with self.opener.open(self.base + path, data=body, timeout=30) as response:
            return response.status, response.geturl(), response.read().decode()


def _csrf(page: str) -> str:
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    return found.group(1) if found else ""


@pytest.fixture(scope="module")
def without_mail(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MakeRun]:
    run = make_run(tmp_path_factory.mktemp("no-mail"), AXES_ENABLED="0")
    run.manage("shell", "-c", CREATE_ANNA)
    with run.serving():
        yield run


def test_without_mail_the_reset_page_says_so_and_prints_nothing(without_mail: MakeRun) -> None:
    browser = Browser(without_mail)
    status, _url, page = browser.get(RESET)
    assert status == 200
    assert "This server sends no e-mail" in page
    assert "manage.py changepassword" in page
    # The form of before, posted from a tab still showing it: still nothing is made.
    status, url, page = browser.post(RESET, {"email": "anna@example.org"})
    assert (status, url) == (200, browser.base + RESET)
    assert "This server sends no e-mail" in page
    _status, _url, page = Browser(without_mail, "de").get(RESET)
    assert "Dieser Server verschickt keine E-Mails" in page
    log = without_mail.log.read_text(errors="replace")
    assert "password/reset/" in log  # the requests are logged ...
    assert not re.search(r"password/reset/[^/\s]+/[^/\s]+/", log)  # ... and no link
    assert "Subject:" not in log
    assert "anna@example.org" not in log


class _Smtp(socketserver.StreamRequestHandler):
    """Just enough of a mail server: every message it takes goes to ``server.mails``."""

    def reply(self, line: str) -> None:
        self.wfile.write(f"{line}\r\n".encode())

    def handle(self) -> None:
        self.reply("220 localhost")
        while line := self.rfile.readline().decode(errors="replace").strip():
            verb = line.split()[0].upper()
            if verb == "DATA":
                self.reply("354 go on")
                lines = iter(self.rfile.readline, b".\r\n")
                self.server.mails.append(b"".join(lines).decode())  # type: ignore[attr-defined]
                self.reply("250 taken")
            elif verb == "QUIT":
                self.reply("221 bye")
                return
            else:
                self.reply("250 fine")


@pytest.fixture
def mail_server() -> Iterator[tuple[int, list[str]]]:
    with socketserver.ThreadingTCPServer(("127.0.0.1", 0), _Smtp) as server:
        server.mails = []  # type: ignore[attr-defined]
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            yield server.server_address[1], server.mails  # type: ignore[attr-defined]
        finally:
            server.shutdown()


def test_with_a_mail_server_the_reset_works_and_no_log_line_has_its_token(
    tmp_path: Path, mail_server: tuple[int, list[str]]
) -> None:
    port, mails = mail_server
    run = make_run(
        tmp_path,
        AXES_ENABLED="0",
        EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend",
        EMAIL_HOST="127.0.0.1",
        EMAIL_PORT=str(port),
    )
    run.manage("shell", "-c", CREATE_ANNA)
    with run.serving():
        browser = Browser(run)
        _status, url, _page = browser.post(RESET, {"email": "anna@example.org"})
        assert url.endswith("/accounts/password/reset/sent/")
        (sent,) = mails
        link = re.search(r"http://[^/\s]+(/accounts/password/reset/[^/\s]+/([^/\s]+)/)", sent)
        assert link is not None
        path, token = link.group(1), link.group(2)
        _status, set_password, _page = browser.get(path)
        assert set_password.endswith("/set-password/")
        new = "Brand-new-pass-7"
        _status, done, _page = browser.post(
            urllib.parse.urlparse(set_password).path,
            {"new_password1": new, "new_password2": new},
        )
        assert done.endswith("/accounts/password/reset/done/")
        checked = run.manage(
            "shell",
            "-c",
            "from django.contrib.auth.models import User; "
            f"print(User.objects.get(username='anna').check_password('{new}'))",
        )
        assert checked.strip().endswith("True")
    log = run.log.read_text(errors="replace")
    assert token not in log
    assert "/accounts/password/reset/" in log
    assert "/<token>/" in log  # the link's request was logged, masked
