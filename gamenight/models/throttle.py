"""Counted attempts (sign-ups, password resets, failed logins by address) for throttling.

Kept in the database, not a per-process cache, so that every web worker sees
the same counts.
"""

from __future__ import annotations

from django.db import models


class RateEvent(models.Model):
    scope = models.CharField(max_length=30)
    ident = models.CharField(max_length=200)
    at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        indexes = [models.Index(fields=["scope", "ident", "at"], name="rate_event_lookup")]

    def __str__(self) -> str:
        return f"{self.scope} by {self.ident} at {self.at}"
