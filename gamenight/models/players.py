"""The people who play in a group; a player need not have a login.

A player merged into another (the same person entered twice) keeps its row:
its stack accounts and seats never move (the ledger's accounts are fixed, see
migration 0008), and every read of standings, histories and reports counts it
as the player it was merged into (``merged_into``; see gamenight/services/people.py).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from gamenight.models.groups import Group


class PlayerQuerySet(models.QuerySet["Player"]):
    def people(self) -> PlayerQuerySet:
        """Players who are a person of their own: not merged into another."""
        return self.filter(merged_into__isnull=True)

    def coming(self) -> PlayerQuerySet:
        """The people a host picks from for a night: neither merged nor hidden."""
        return self.people().filter(hidden=False)

    def for_night(self, night_id: int) -> PlayerQuerySet:
        """Who may join a night: the coming, and a hidden player already seated at it
        (who left and comes back)."""
        seated = Q(seats__night_id=night_id)
        return self.people().filter(Q(hidden=False) | seated).distinct()


class Player(models.Model):
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(_("name"), max_length=60)
    email = models.EmailField(_("email"), blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="players",
    )
    # No longer comes: left out of the lists a night is set up from, history kept.
    hidden = models.BooleanField(_("hidden"), default=False)
    # The same person entered twice: this row reads as ``merged_into`` everywhere.
    # Always one hop: a merge re-points the players merged into the one merged away.
    merged_into = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="merged_players"
    )

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        constraints = [
            # A merged player's old name is free for someone else (or for a rename).
            models.UniqueConstraint(
                fields=["group", "name"],
                condition=Q(merged_into__isnull=True),
                name="player_name_unique_in_group",
            ),
            models.CheckConstraint(
                condition=~Q(merged_into=models.F("pk")), name="player_not_merged_into_itself"
            ),
            # One login is one person of a group: "you" on a page is never two players.
            models.UniqueConstraint(
                fields=["group", "user"],
                condition=Q(user__isnull=False),
                name="player_login_once_in_group",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def person_id(self) -> int:
        """The id this player reads as (its own, or the one it was merged into)."""
        return self.merged_into_id or self.pk


class PlayerMerge(models.Model):
    """Who merged whom into whom, and when: the audit of a merge (never changed)."""

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="player_merges")
    kept = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="merges_kept")
    # A player is merged away once: the second tap finds this row.
    merged = models.OneToOneField(Player, on_delete=models.PROTECT, related_name="merge")
    merged_name = models.CharField(max_length=60)
    kept_name = models.CharField(max_length=60)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    # What moved, as shown on the confirmation: nights, chips, seasons.
    moved = models.JSONField(default=dict)

    class Meta:
        ordering = ["at", "id"]

    def __str__(self) -> str:
        return f"{self.merged_name} merged into {self.kept_name}"
