"""The keys of the site's forms that are not ledger writes (groups, nights, players ...).

A form carries a key made when it was shown; the write it asks for is done
once per user and key. The row is inserted in the same database transaction
as the write, before it, so a second request with the same key waits on the
unique constraint until the first commits and then answers as the first did.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


class RequestKey(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="request_keys"
    )
    key = models.CharField(max_length=100)
    # What was asked for, e.g. "player_add"; with the fingerprint it tells a retry
    # (same values) from a key reused for something else.
    action = models.CharField(max_length=40)
    # sha256 of the action and the form's values.
    fingerprint = models.CharField(max_length=64)
    # What the first request made or changed ("gamenight.player", its id), and where
    # it sent the user: a retry is sent to the same place.
    object_type = models.CharField(max_length=60, blank=True)
    object_id = models.BigIntegerField(null=True, blank=True)
    answer_url = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "key"], name="request_key_once_per_user"),
            models.CheckConstraint(condition=~Q(key=""), name="request_key_not_empty"),
        ]

    def __str__(self) -> str:
        return f"{self.action} {self.key}"
