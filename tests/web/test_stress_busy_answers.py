"""The stress run's phones send a form again that the app answered "busy" (a designed 503).

gamenight/busy.py answers a database too busy to record with 503 and Retry-After:
nothing was recorded, send it again. scripts/live_app.py's phone does that, and
counts the answer apart instead of as a server error; a 503 without Retry-After
(or any other 5xx) is still one.
"""

from __future__ import annotations

import http.server
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

import live_app
from bench_web import Session


class _Answers(http.server.BaseHTTPRequestHandler):
    # Each POST takes the next answer: (status, Retry-After or None).
    answers: ClassVar[list[tuple[int, str | None]]] = []

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        status, retry_after = self.answers.pop(0)
        self.send_response(status)
        if retry_after is not None:
            self.send_header("Retry-After", retry_after)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def server() -> Iterator[http.server.ThreadingHTTPServer]:
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Answers)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield httpd
    finally:
        httpd.shutdown()
        httpd.server_close()


def _post(server: http.server.ThreadingHTTPServer, answers: list[tuple[int, str | None]]) -> Any:
    _Answers.answers = answers
    tally = live_app.Tally()
    phone = live_app.Phone(server.server_address[1], Session(), tally)
    status, _ = phone.post("/record/", {"key": "k1"}, "record")
    phone.close()
    return status, tally


def test_a_designed_busy_answer_is_sent_again_and_is_no_server_error(
    server: http.server.ThreadingHTTPServer,
) -> None:
    status, tally = _post(server, [(503, "0"), (503, "0"), (302, None)])
    assert status == 302
    assert tally.busy == 2
    assert dict(tally.statuses) == {302: 1}
    assert tally.by_class()["5xx"] == 0
    assert tally.server_errors == []


def test_a_503_without_retry_after_is_a_server_error(
    server: http.server.ThreadingHTTPServer,
) -> None:
    status, tally = _post(server, [(503, None)])
    assert status == 503
    assert tally.busy == 0
    assert tally.by_class()["5xx"] == 1
    assert tally.server_errors
