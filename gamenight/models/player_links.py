"""Next-night answers and the personal player link (issue 17).

A player without a login gets a read-only address of their own (a random token,
like the night's table link): their history, the group's standings, the reports
of the nights they played, and the one write it allows, their answer to the next
night. The host revokes it; a revoked link says so instead of showing anything.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from gamenight.models.nights import Night
from gamenight.models.players import Player
from gamenight.models.table_links import RevocableLink


class PlayerLink(RevocableLink):
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="links")

    class Meta(RevocableLink.Meta):
        constraints = [
            models.UniqueConstraint(
                fields=["player"],
                condition=Q(revoked=False),
                name="player_link_one_live_per_player",
            ),
        ]

    def __str__(self) -> str:
        return f"player link of player {self.player_id}"


class Answer(models.TextChoices):
    COMING = "coming", _("coming")
    NOT_COMING = "not_coming", _("not coming")


class Rsvp(models.Model):
    """A player's answer to a planned night; one a player and night, changed in place
    until the night starts (it is no ledger: nothing counts on its history)."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="rsvps")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rsvps")
    answer = models.CharField(max_length=12, choices=Answer.choices)
    answered_at = models.DateTimeField()

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["night", "player"], name="rsvp_once_per_night"),
            models.CheckConstraint(condition=Q(answer__in=Answer.values), name="rsvp_answer_known"),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} {self.answer} night {self.night_id}"
