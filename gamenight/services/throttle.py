"""Throttles: at most ``limit`` attempts of one kind by one address in a window."""

from __future__ import annotations

import datetime

from django.db import transaction
from django.utils import timezone

from gamenight.models.throttle import RateEvent


def allow(scope: str, ident: str, *, limit: int, window: datetime.timedelta) -> bool:
    """Count one attempt; False once ``limit`` attempts were made within ``window``.

    Refused attempts are not counted, so a throttled address gets in again as
    soon as its oldest counted attempt leaves the window.
    """
    since = timezone.now() - window
    with transaction.atomic():
        RateEvent.objects.filter(scope=scope, at__lt=since).delete()
        if RateEvent.objects.filter(scope=scope, ident=ident[:200], at__gte=since).count() >= limit:
            return False
        RateEvent.objects.create(scope=scope, ident=ident[:200])
    return True
