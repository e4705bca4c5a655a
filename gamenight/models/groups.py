"""A group is one recurring poker night; everything else hangs off it."""

from __future__ import annotations

import datetime
import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


def new_invite_token() -> str:
    return secrets.token_urlsafe(24)


def default_jack_games() -> list[str]:
    """Every game a jack may switch to (ruling 16): a new group agrees on all of them."""
    from engine.games.catalog import ENTRIES

    return [entry.name for entry in ENTRIES if entry.jack_target]


def default_time_zone() -> str:
    """A new group's time zone until its host picks one: the site's (settings.TIME_ZONE)."""
    return str(settings.TIME_ZONE)


def invite_expiry() -> datetime.datetime:
    """When a link made now stops working (settings.INVITE_DAYS, 7 by default)."""
    return timezone.now() + datetime.timedelta(days=settings.INVITE_DAYS)


class Group(models.Model):
    name = models.CharField(_("name"), max_length=100)
    # The invite link carries this token; rotating it revokes old links.
    invite_token = models.CharField(max_length=64, unique=True, default=new_invite_token)
    # A link handed round a chat must not open the group for ever: after this
    # moment it is refused, and the host makes a new one.
    invite_expires_at = models.DateTimeField(default=invite_expiry)
    created_at = models.DateTimeField(auto_now_add=True)
    # What one chip is worth, in the smallest unit of the group's currency (cents
    # for the euro, yen for the yen); when set, reports say who pays whom.
    chip_value_cents = models.PositiveIntegerField(
        _("value of one chip (cents)"), null=True, blank=True
    )
    # The group's money (ISO 4217): every amount of the group (chip value, shared
    # costs, transfers) is in it; gamenight/money.py writes it the reader's way.
    currency = models.CharField(_("currency"), max_length=3, default="EUR")
    # Where the group meets: a planned start time is a time there (the calendar's TZID).
    time_zone = models.CharField(_("time zone"), max_length=64, default=default_time_zone)
    # Jack the Shifter's agreed list (a house rule of the group, ruling 16): the games
    # a jack may switch the rest of a hand to, by their catalogue names.
    jack_games = models.JSONField(_("games a jack may switch to"), default=default_jack_games)

    def __str__(self) -> str:
        return self.name


class Role(models.TextChoices):
    HOST = "host", _("host")
    COHOST = "cohost", _("co-host")
    PLAYER = "player", _("player")


class Membership(models.Model):
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.PLAYER)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["group", "user"], name="membership_once_per_group"),
            models.CheckConstraint(
                condition=models.Q(role__in=Role.values), name="membership_role_known"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.group} ({self.role})"

    @property
    def may_record(self) -> bool:
        return self.role in (Role.HOST, Role.COHOST)


class Invite(models.Model):
    """A link for one person: it lets one user join once, then never again."""

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="invites")
    token = models.CharField(max_length=64, unique=True, default=new_invite_token)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(default=invite_expiry)
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at"]

    def __str__(self) -> str:
        return f"one-time invite to {self.group}"
