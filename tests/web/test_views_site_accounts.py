"""Sign up, log in, log out, and the lockout after five wrong passwords."""

from __future__ import annotations

from typing import Any

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.test import Client, override_settings

pytestmark = pytest.mark.django_db

PASSWORD = "a-Very-good-pass-2026"


@pytest.fixture(autouse=True)
def _fast_hashing(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def test_signup_page_renders(client: Client) -> None:
    response = client.get("/accounts/signup/")
    assert response.status_code == 200
    assert 'name="password1"' in response.content.decode()


def test_it_signs_up_and_logs_in(client: Client) -> None:
    response = client.post(
        "/accounts/signup/",
        {"username": "anna", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302
    assert response["Location"] == "/"
    assert User.objects.filter(username="anna").exists()
    assert "anna" in client.get("/").content.decode()


def test_signup_follows_a_safe_next_only(client: Client) -> None:
    data = {"username": "ben", "password1": PASSWORD, "password2": PASSWORD}
    response = client.post("/accounts/signup/", {**data, "next": "/join/abc/"})
    assert response["Location"] == "/join/abc/"
    client.logout()
    data["username"] = "carla"
    response = client.post("/accounts/signup/", {**data, "next": "https://evil.example/"})
    assert response["Location"] == "/"


@pytest.mark.parametrize(
    ("password1", "password2"),
    [(PASSWORD, PASSWORD + "x"), ("123", "123"), ("", "")],
)
def test_signup_with_bad_passwords_shows_a_message_and_creates_nobody(
    client: Client, password1: str, password2: str
) -> None:
    response = client.post(
        "/accounts/signup/", {"username": "anna", "password1": password1, "password2": password2}
    )
    assert response.status_code == 422
    assert 'class="error"' in response.content.decode()
    assert not User.objects.filter(username="anna").exists()


def test_signup_in_german(client: Client) -> None:
    response = client.get("/accounts/signup/", HTTP_ACCEPT_LANGUAGE="de")
    html = response.content.decode()
    assert '<html lang="de">' in html
    assert "Registrieren" in html


def test_signup_redirects_someone_logged_in(client: Client) -> None:
    client.force_login(User.objects.create(username="dora"))
    assert client.get("/accounts/signup/").status_code == 302


def test_it_logs_in_and_out(client: Client) -> None:
    User.objects.create_user("anna", password=PASSWORD)
    response = client.post("/accounts/login/", {"username": "anna", "password": PASSWORD})
    assert response.status_code == 302
    assert "_auth_user_id" in client.session
    assert client.get("/accounts/logout/").status_code == 405  # logging out needs a POST
    response = client.post("/accounts/logout/")
    assert response.status_code == 302
    assert "_auth_user_id" not in client.session


def test_a_wrong_password_shows_a_message(client: Client) -> None:
    User.objects.create_user("anna", password=PASSWORD)
    response = client.post("/accounts/login/", {"username": "anna", "password": "nope"})
    assert response.status_code == 200
    assert 'role="alert"' in response.content.decode()
    assert "_auth_user_id" not in client.session


@override_settings(AXES_ENABLED=True, AXES_FAILURE_LIMIT=5)
def test_five_wrong_passwords_lock_the_login_with_a_friendly_page(client: Client) -> None:
    User.objects.create_user("anna", password=PASSWORD)
    for _ in range(4):
        response = client.post("/accounts/login/", {"username": "anna", "password": "nope"})
        assert response.status_code == 200
    response = client.post("/accounts/login/", {"username": "anna", "password": "nope"})
    assert response.status_code == 429
    html = response.content.decode()
    assert "Too many attempts" in html
    assert "15 minutes" in html
    # Even the right password is refused while locked.
    response = client.post("/accounts/login/", {"username": "anna", "password": PASSWORD})
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session
    assert AccessAttempt.objects.filter(username="anna").exists()


@override_settings(AXES_ENABLED=True)
def test_the_lockout_page_speaks_german(client: Client) -> None:
    User.objects.create_user("anna", password=PASSWORD)
    for _ in range(5):
        response = client.post(
            "/accounts/login/",
            {"username": "anna", "password": "nope"},
            HTTP_ACCEPT_LANGUAGE="de",
        )
    assert response.status_code == 429
    assert "Zu viele Versuche" in response.content.decode()


@override_settings(AXES_ENABLED=True)
def test_a_good_login_resets_the_count(client: Client) -> None:
    User.objects.create_user("anna", password=PASSWORD)
    for _ in range(4):
        client.post("/accounts/login/", {"username": "anna", "password": "nope"})
    client.post("/accounts/login/", {"username": "anna", "password": PASSWORD})
    client.post("/accounts/logout/")
    for _ in range(4):
        response = client.post("/accounts/login/", {"username": "anna", "password": "nope"})
    assert response.status_code == 200


@override_settings(AXES_ENABLED=False)
def test_without_axes_there_is_no_lockout(client: Client) -> None:
    User.objects.create_user("anna", password=PASSWORD)
    for _ in range(6):
        response = client.post("/accounts/login/", {"username": "anna", "password": "nope"})
    assert response.status_code == 200


def test_the_language_switch_posts_and_sticks(client: Client) -> None:
    html = client.get("/").content.decode()
    assert 'action="/i18n/setlang/"' in html
    assert 'name="language" value="de"' in html
    response = client.post("/i18n/setlang/", {"language": "de", "next": "/accounts/login/"})
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/"
    html = client.get("/accounts/login/").content.decode()
    assert '<html lang="de">' in html
    assert "Anmelden" in html
    assert 'name="language" value="en"' in html
