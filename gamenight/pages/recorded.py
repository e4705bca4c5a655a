"""The confirmation on the night page after a game is recorded: the result, an Undo
for a few seconds and who deals next.

The record form redirects to the night page (the address bar shows the night, not
the form); the game to confirm travels in a short-lived signed cookie, read once
(a cookie, not the session: no query on the confirm path).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.signing import BadSignature
from django.http import HttpRequest, HttpResponse

from gamenight.models import Night, Transaction
from gamenight.request_numbers import whole_number

COOKIE = "recorded"
SALT = "gamenight.recorded"
SECONDS = 120  # the redirect follows at once; a later visit shows no confirmation


def remember_recorded(response: HttpResponse, night: Night, transaction: Transaction) -> None:
    response.set_signed_cookie(
        COOKIE,
        f"{night.pk}:{transaction.pk}",
        salt=SALT,
        max_age=SECONDS,
        httponly=True,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,  # as the session's: secure behind TLS
    )


def recorded_id(request: HttpRequest, night: Night) -> int | None:
    """The transaction just recorded at ``night``, if the cookie names one."""
    try:
        value = request.get_signed_cookie(COOKIE, salt=SALT, max_age=SECONDS)
    except (KeyError, BadSignature):
        return None
    night_part, _sep, tx_part = (value or "").partition(":")
    return whole_number(tx_part) if night_part == str(night.pk) else None


def pop_recorded(
    request: HttpRequest, night: Night, deal_rows: list[dict[str, Any]]
) -> dict[str, Any] | None:
    """The latest games' row of the game just recorded (chips, undo key)."""
    pk = recorded_id(request, night)
    if pk is None:
        return None
    return next((r for r in deal_rows if r["transaction"].pk == pk), None)


def forget_recorded(response: HttpResponse) -> None:
    response.delete_cookie(COOKIE, samesite="Lax")
