"""Throttles: at most ``limit`` attempts of one kind by one address in a window."""

from __future__ import annotations

import datetime

from django.db import transaction
from django.utils import timezone

from gamenight.models.throttle import RateEvent

# Failed logins by address (password spraying): counted by a signal, read at login.
LOGIN_FAILED = "login_failed"


def count(scope: str, ident: str, *, window: datetime.timedelta) -> int:
    """How many attempts of ``scope`` by ``ident`` fall within the last ``window``."""
    since = timezone.now() - window
    return RateEvent.objects.filter(scope=scope, ident=ident[:200], at__gte=since).count()


def record(scope: str, ident: str, *, window: datetime.timedelta) -> None:
    """Count one attempt, and forget this scope's attempts older than ``window``."""
    RateEvent.objects.filter(scope=scope, at__lt=timezone.now() - window).delete()
    RateEvent.objects.create(scope=scope, ident=ident[:200])


def allow(scope: str, ident: str, *, limit: int, window: datetime.timedelta) -> bool:
    """Count one attempt; False once ``limit`` attempts were made within ``window``.

    Refused attempts are not counted, so a throttled address gets in again as
    soon as its oldest counted attempt leaves the window.
    """
    with transaction.atomic():
        if count(scope, ident, window=window) >= limit:
            return False
        record(scope, ident, window=window)
    return True
