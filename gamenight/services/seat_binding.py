"""Seat binding: a seat link belongs to one phone, its player's.

A seat link is handed out on the host's phone (its QR code), so whoever has
seen the host's page could open any seat and read its face-down cards. The
first open therefore claims the link for that phone: the phone holds a random
secret in a signed, HttpOnly cookie (one a browser, so the server can tell that
two seats are asked for by the same phone), and the link keeps only the
secret's SHA-256. From then on the link shows the seat, answers its polls and
takes its moves only from that phone; every other browser gets a page saying
the seat is open on another phone.

No browser is bound to a seat (a first claim, or a move the host approves) when
it is logged in as another member of the group: the host and co-hosts hold
every QR code and are logged in on their phones. The seat's own player may be
(the member the player page says the player "logs in as"). Nor is a phone
bound that holds another seat of the night: one phone, one seat. Once claimed,
only the player moves a seat, by asking from the new phone
(:mod:`gamenight.services.seat_moves`).
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import hmac
import secrets

from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.translation import gettext

from gamenight.models import Membership, Night, Seat, SeatLink
from gamenight.services.access import User
from gamenight.services.errors import LedgerError

COOKIE = "gn_phone"
COOKIE_SALT = "gamenight.seat-binding"
# Longer than any night: a link dies with its night anyway. Set again on every claim.
COOKIE_AGE = 7 * 24 * 3600


class Binding(enum.Enum):
    MINE = "mine"  # claimed by this browser
    FREE = "free"  # not opened on any phone yet
    ELSEWHERE = "elsewhere"  # claimed by another browser


def secret_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def phone_secret(request: HttpRequest) -> str | None:
    """This browser's secret, if it has a valid one (a forged cookie is none)."""
    secret = request.get_signed_cookie(COOKIE, default=None, salt=COOKIE_SALT)
    return secret or None


def phone_hash(request: HttpRequest) -> str:
    """The hash a link bound to this browser holds ("": the browser has no secret)."""
    secret = phone_secret(request)
    return secret_hash(secret) if secret else ""


def new_phone_secret(request: HttpRequest) -> str:
    """This browser's secret, or a new one to give it (:func:`remember`)."""
    return phone_secret(request) or secrets.token_urlsafe(32)


def binding(request: HttpRequest, device_hash: str) -> Binding:
    """Whether ``request`` comes from the phone a link holding ``device_hash`` is bound to."""
    if not device_hash:
        return Binding.FREE
    secret = phone_secret(request)
    if secret and hmac.compare_digest(secret_hash(secret), device_hash):
        return Binding.MINE
    return Binding.ELSEWHERE


class SeatRefusedError(LedgerError):
    """A seat was not bound, moved or given a new link as asked; nothing changed."""


@dataclasses.dataclass(frozen=True)
class Blocker:
    """Why a browser may not hold a seat: it is logged in as ``login``, another member
    of the group, or it holds ``held``'s seat of the night already."""

    name: str
    login: str = ""
    held: str = ""


def blocker(night: Night, seat: Seat, *, user: User | None, device_hash: str) -> Blocker | None:
    """What keeps the browser (logged in as ``user``, holding ``device_hash``) from
    ``seat``; None when nothing does."""
    name = seat.player.name
    if (
        user is not None
        and user.is_authenticated
        and seat.player.user_id != user.pk
        and Membership.objects.filter(group_id=night.group_id, user_id=user.pk).exists()
    ):
        return Blocker(name=name, login=user.get_username())
    held = (
        SeatLink.objects.filter(night=night, revoked=False, device_hash=device_hash)
        .exclude(seat=seat)
        .select_related("seat__player")
        .first()
        if device_hash
        else None
    )
    if held is not None:
        return Blocker(name=name, held=held.seat.player.name)
    return None


def refusal(night: Night, seat: Seat, *, user: User | None, device_hash: str) -> str:
    """Why this browser may not be bound to ``seat``, as its own page says it; "" if it may."""
    found = blocker(night, seat, user=user, device_hash=device_hash)
    if found is None:
        return ""
    if found.login:
        return gettext(
            "You are logged in as %(login)s: this phone cannot take %(name)s's seat. "
            "Log out on this phone first, or ask the host to set that %(name)s logs in "
            "as %(login)s (on the player's page)."
        ) % {"login": found.login, "name": found.name}
    return gettext("This phone holds %(other)s's seat tonight already: one phone, one seat.") % {
        "other": found.held
    }


@dataclasses.dataclass(frozen=True)
class Opened:
    """What opening a seat link gave: may the browser see it, the secret to set
    (:func:`remember`) when this open claimed it, and why not when refused."""

    allowed: bool
    secret: str | None = None
    refused: str = ""


def claim(link: SeatLink, device_hash: str) -> bool:
    """Bind an unclaimed link to ``device_hash``; False if another phone got there
    first (one conditional UPDATE: of two phones opening at once, one wins)."""
    now = timezone.now()
    won = SeatLink.objects.filter(pk=link.pk, device_hash="", revoked=False).update(
        device_hash=device_hash, claimed_at=now
    )
    if won != 1:
        return False
    link.device_hash, link.claimed_at = device_hash, now
    return True


def open_seat(request: HttpRequest, link: SeatLink) -> Opened:
    """Opening the seat page: the first open of a free link claims it, unless refused."""
    found = binding(request, link.device_hash)
    if found is not Binding.FREE:
        return Opened(allowed=found is Binding.MINE)
    secret = new_phone_secret(request)
    with transaction.atomic():
        # The night's lock: two tabs of one phone cannot claim two seats at once.
        Night.objects.select_for_update().get(pk=link.night_id)
        why = refusal(link.night, link.seat, user=request.user, device_hash=secret_hash(secret))
        if why:
            return Opened(allowed=False, refused=why)
        if not claim(link, secret_hash(secret)):
            return Opened(allowed=False)
    return Opened(allowed=True, secret=secret)


def remember(response: HttpResponse, request: HttpRequest, secret: str) -> None:
    """Give the phone its secret (HttpOnly: no script on any page can read it)."""
    response.set_signed_cookie(
        COOKIE,
        secret,
        salt=COOKIE_SALT,
        max_age=COOKIE_AGE,
        secure=request.is_secure(),
        httponly=True,
        samesite="Lax",
    )
