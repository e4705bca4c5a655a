"""Logins, sign-ups and password resets cannot be abused: the lock-out falls on
the real client behind the proxy, password spraying and sign-up probing are
throttled per address, and a forgotten password can be reset by e-mail.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client, override_settings

PASSWORD = "a-long-Secret-42"

pytestmark = pytest.mark.django_db


def _fail(client: Client, username: str, **extra: str) -> int:
    response = client.post("/accounts/login/", {"username": username, "password": "nope"}, **extra)
    return response.status_code


@override_settings(AXES_ENABLED=True, TRUSTED_PROXY_COUNT=1)
def test_behind_the_proxy_a_stranger_cannot_lock_the_host_out(client: Client) -> None:
    User.objects.create_user("host", password=PASSWORD)
    proxy = {"REMOTE_ADDR": "10.0.0.2"}
    for _ in range(6):
        _fail(client, "host", HTTP_X_FORWARDED_FOR="203.0.113.9", **proxy)
    assert _fail(client, "host", HTTP_X_FORWARDED_FOR="203.0.113.9", **proxy) == 429
    # The host, from home, through the same proxy: not locked.
    response = Client().post(
        "/accounts/login/",
        {"username": "host", "password": PASSWORD},
        HTTP_X_FORWARDED_FOR="198.51.100.7",
        **proxy,
    )
    assert response.status_code == 302


@override_settings(AXES_ENABLED=True, TRUSTED_PROXY_COUNT=1)
def test_a_forged_forwarded_for_entry_does_not_escape_the_lock(client: Client) -> None:
    User.objects.create_user("host", password=PASSWORD)
    proxy = {"REMOTE_ADDR": "10.0.0.2"}
    for n in range(6):
        # The client prepends a new fake address each time; the proxy appends the real one.
        _fail(client, "host", HTTP_X_FORWARDED_FOR=f"192.0.2.{n}, 203.0.113.9", **proxy)
    assert _fail(client, "host", HTTP_X_FORWARDED_FOR="192.0.2.99, 203.0.113.9", **proxy) == 429


@override_settings(AXES_ENABLED=True, LOGIN_ADDRESS_FAILURE_LIMIT=8)
def test_password_spraying_across_usernames_is_paused(client: Client) -> None:
    for n in range(8):
        User.objects.create_user(f"user{n}", password=PASSWORD)
        assert _fail(client, f"user{n}") == 200  # one try per username: axes sees no lock
    response = client.post("/accounts/login/", {"username": "user0", "password": PASSWORD})
    assert response.status_code == 429
    assert "failed logins came from your network" in response.content.decode()
    assert "_auth_user_id" not in client.session
    # Another address is not affected.
    other = Client(REMOTE_ADDR="127.0.0.9")
    assert other.post(
        "/accounts/login/", {"username": "user0", "password": PASSWORD}
    ).status_code == (302)


@override_settings(SIGNUP_LIMIT_PER_HOUR=3)
def test_sign_up_probing_is_throttled(client: Client) -> None:
    User.objects.create_user("anna", password=PASSWORD)
    for _ in range(3):
        response = client.post(
            "/accounts/signup/",
            {"username": "anna", "password1": PASSWORD, "password2": PASSWORD},
        )
        assert response.status_code == 422
    response = client.post(
        "/accounts/signup/",
        {"username": "newname", "password1": PASSWORD, "password2": PASSWORD},
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert response.status_code == 429
    assert "Zu viele Registrierungen" in response.content.decode()
    assert not User.objects.filter(username="newname").exists()


def test_sign_up_takes_an_optional_e_mail(client: Client) -> None:
    response = client.post(
        "/accounts/signup/",
        {
            "username": "ben",
            "email": "ben@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert response.status_code == 302
    assert User.objects.get(username="ben").email == "ben@example.org"


def test_the_password_is_changed_with_the_old_one(client: Client) -> None:
    user = User.objects.create_user("anna", password=PASSWORD)
    client.force_login(user)
    assert client.get("/accounts/password/").status_code == 200
    response = client.post(
        "/accounts/password/",
        {
            "old_password": PASSWORD,
            "new_password1": "Another-long-9",
            "new_password2": "Another-long-9",
        },
    )
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password("Another-long-9")


def test_the_password_change_needs_a_login(client: Client) -> None:
    assert client.get("/accounts/password/").status_code == 302


def test_a_forgotten_password_is_reset_by_e_mail(client: Client) -> None:
    user = User.objects.create_user("anna", email="anna@example.org", password=PASSWORD)
    page = client.get("/accounts/login/")
    assert "/accounts/password/reset/" in page.content.decode()
    response = client.post("/accounts/password/reset/", {"email": "anna@example.org"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    link = re.search(r"http://testserver(/accounts/password/reset/\S+/)", mail.outbox[0].body)
    assert link is not None
    form = client.get(link.group(1), follow=True)
    assert form.status_code == 200
    response = client.post(
        form.redirect_chain[-1][0],
        {"new_password1": "Brand-new-pass-7", "new_password2": "Brand-new-pass-7"},
    )
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password("Brand-new-pass-7")
    # The link works once.
    again = client.get(link.group(1), follow=True)
    assert "used already or is too old" in again.content.decode()


def test_an_unknown_address_gets_the_same_answer_and_no_mail(client: Client) -> None:
    response = client.post("/accounts/password/reset/", {"email": "nobody@example.org"})
    assert response.status_code == 302
    assert mail.outbox == []


@override_settings(PASSWORD_RESET_LIMIT_PER_HOUR=2)
def test_reset_mails_are_throttled(client: Client) -> None:
    User.objects.create_user("anna", email="anna@example.org", password=PASSWORD)
    for _ in range(2):
        client.post("/accounts/password/reset/", {"email": "anna@example.org"})
    assert client.post("/accounts/password/reset/", {"email": "anna@example.org"}).status_code == (
        429
    )
    assert len(mail.outbox) == 2


def test_the_reset_pages_speak_german(client: Client) -> None:
    html = client.get("/accounts/password/reset/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Passwort vergessen?" in html
