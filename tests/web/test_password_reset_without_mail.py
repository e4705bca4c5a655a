"""A password-reset link never lands in a log.

Without a mail server (`make run`'s default, the console backend) the reset page
says so and how the password is set on the server, and no mail is made: the
console printed it, live link and all, into the server's console and log. With
a real backend the reset works as before (test_views_site_login_safety.py), and
the link's token, opened from the mail, is masked in every log line.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client, override_settings

from gamenight.log_masking import mask_tokens
from gamenight.mail_setup import mail_is_set_up

CONSOLE = "django.core.mail.backends.console.EmailBackend"
DUMMY = "django.core.mail.backends.dummy.EmailBackend"
URL = "/accounts/password/reset/"


@pytest.fixture
def anna(db: None) -> User:
    return User.objects.create_user("anna", email="anna@example.org", password="Long-pass-9x")


@pytest.mark.parametrize("backend", [CONSOLE, DUMMY])
def test_without_mail_the_page_says_how_the_password_is_set_instead(
    anna: User, backend: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with override_settings(EMAIL_BACKEND=backend):
        assert not mail_is_set_up()
        client = Client()
        page = client.get(URL).content.decode()
        sent = client.post(URL, {"email": "anna@example.org"})
    assert "This server sends no e-mail" in page
    assert "manage.py changepassword" in page
    assert 'name="email"' not in page
    assert sent.status_code == 200
    assert "This server sends no e-mail" in sent.content.decode()
    printed = capsys.readouterr()
    assert "reset" not in printed.out + printed.err
    assert mail.outbox == []


@override_settings(EMAIL_BACKEND=CONSOLE)
def test_without_mail_the_page_speaks_german(anna: User) -> None:
    html = Client().get(URL, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Dieser Server verschickt keine E-Mails" in html
    assert "manage.py changepassword benutzername" in html


def test_with_a_real_backend_the_form_is_there_and_the_mail_goes_out(anna: User) -> None:
    assert mail_is_set_up()  # the tests' outbox is a real backend
    assert 'name="email"' in Client().get(URL).content.decode()
    assert Client().post(URL, {"email": "anna@example.org"}).status_code == 302
    assert len(mail.outbox) == 1


@pytest.mark.parametrize(
    "line",
    [
        'GET /accounts/password/reset/MQ/cb7x2k-0f1e2d3c4b5a69788796a5b4c3d2e1f0/ HTTP/1.1" 302',
        "next=%2Faccounts%2Fpassword%2Freset%2FMQ%2Fcb7x2k-0f1e2d3c4b5a6978%2F",
    ],
)
def test_a_reset_token_is_masked_in_a_log_line(line: str) -> None:
    masked = mask_tokens(line)
    assert "cb7x2k" not in masked
    assert re.search(r"reset(/|%2F)MQ(/|%2F)<token>", masked)


def test_the_pages_around_the_reset_keep_their_paths_in_the_log() -> None:
    for path in (URL, f"{URL}sent/", f"{URL}done/", f"{URL}MQ/set-password/"):
        assert mask_tokens(f"GET {path}") == f"GET {path}"
