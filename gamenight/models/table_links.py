"""The table link: the night's read-only address for a TV or a tablet, no login.

Whoever holds it sees what the whole table sees (nobody's face-down card, as the
table view of a member); it acts for nobody. The host revokes it (the old TV
goes blank, a new link is made) and it dies with its night.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from gamenight.models.digital import new_seat_token
from gamenight.models.nights import Night, NightStatus


class RevocableLink(models.Model):
    """A secret address (a random token) that its host withdraws: the night's table
    link and a player's own link share it (gamenight/models/player_links.py)."""

    token = models.CharField(max_length=64, unique=True, default=new_seat_token)
    revoked = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        abstract = True
        ordering = ["id"]


class TableLink(RevocableLink):
    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="table_links")

    class Meta(RevocableLink.Meta):
        constraints = [
            models.UniqueConstraint(
                fields=["night"],
                condition=Q(revoked=False),
                name="table_link_one_live_per_night",
            ),
        ]

    def __str__(self) -> str:
        return f"table link of night {self.night_id}"

    @property
    def is_live(self) -> bool:
        """Not revoked, and its night is not over."""
        return not self.revoked and self.night.status != NightStatus.CLOSED
