"""Seat binding: a seat link belongs to the one phone that opened it first.

A seat link is handed out on the host's phone (its QR code), so whoever has
seen the host's page could open any seat and read its face-down cards. The
first open therefore claims the link: the phone gets a random secret in a
signed, HttpOnly cookie scoped to the link's path, and the link keeps only the
secret's SHA-256. From then on the link shows the seat, answers its polls and
takes its moves only with that cookie; every other browser gets a page saying
the seat is open on another phone. The host moves a seat to a new phone by
revoking the link (:func:`gamenight.services.seat_links.revoke_link`): the
new link is unclaimed, the old one is dead at once.
"""

from __future__ import annotations

import enum
import hashlib
import hmac
import secrets

from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import timezone

from gamenight.models import SeatLink

COOKIE_SALT = "gamenight.seat-binding"
# Longer than any night: a link dies with its night (or when the host moves it) anyway.
COOKIE_AGE = 7 * 24 * 3600


class Binding(enum.Enum):
    MINE = "mine"  # claimed by this browser
    FREE = "free"  # not opened on any phone yet
    ELSEWHERE = "elsewhere"  # claimed by another browser


def cookie_name(link_id: int) -> str:
    """One cookie a link, so one browser may hold several seats (a test, a shared tablet)."""
    return f"gn_seat_{link_id}"


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def binding(request: HttpRequest, link_id: int, device_hash: str) -> Binding:
    """Whether ``request`` comes from the phone the link is bound to."""
    if not device_hash:
        return Binding.FREE
    secret = request.get_signed_cookie(cookie_name(link_id), default=None, salt=COOKIE_SALT)
    if secret and hmac.compare_digest(_hash(secret), device_hash):
        return Binding.MINE
    return Binding.ELSEWHERE


def claim(link: SeatLink) -> str | None:
    """Bind an unclaimed link to a new secret; the secret, or None if another phone
    got there first (one conditional UPDATE: of two phones opening at once, one wins)."""
    secret = secrets.token_urlsafe(32)
    now = timezone.now()
    won = SeatLink.objects.filter(pk=link.pk, device_hash="", revoked=False).update(
        device_hash=_hash(secret), claimed_at=now
    )
    if won != 1:
        return None
    link.device_hash, link.claimed_at = _hash(secret), now
    return secret


def open_seat(request: HttpRequest, link: SeatLink) -> tuple[bool, str | None]:
    """Opening the seat page: (may see it, the new secret to set if this open claimed it)."""
    found = binding(request, link.pk, link.device_hash)
    if found is Binding.MINE:
        return True, None
    if found is Binding.FREE:
        secret = claim(link)
        if secret is not None:
            return True, secret
    return False, None


def remember(response: HttpResponse, request: HttpRequest, link: SeatLink, secret: str) -> None:
    """Give the phone that claimed the link its cookie, sent only to that link's pages."""
    response.set_signed_cookie(
        cookie_name(link.pk),
        secret,
        salt=COOKIE_SALT,
        max_age=COOKIE_AGE,
        path=reverse("seat_page", args=[link.token]),
        secure=request.is_secure(),
        httponly=True,
        samesite="Lax",
    )
