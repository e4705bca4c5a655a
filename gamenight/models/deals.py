"""One game of the night: what was dealt, by whom, and how it stands."""

from __future__ import annotations

from typing import Any

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from gamenight.models.nights import Night, Seat

CONTINUES = "continues"
"""The key of ``Deal.state_after`` (true) of a Shelby deal that goes on with a game already
under way: the night's Shelby pot was not empty when it began (an empty pot starts a new
game: everyone antes, the markers are gone). A Shelby game of several rounds, or of
several deals after round four's redeal, is one game in the night's count and the dealer
statistics; only its first deal is counted."""


def continuing(pot_before: int) -> dict[str, Any]:
    """What a Shelby deal's ``state_after`` holds of whether it continues a game."""
    return {CONTINUES: True} if pot_before else {}


def starts_a_game() -> Q:
    """The deals that count as a game of their own: all but a Shelby game's later deals."""
    return ~Q(state_after__has_key=CONTINUES)


class DealMode(models.TextChoices):
    TABLE = "table", _("dealt at the table")
    DIGITAL = "digital", _("dealt by the app")


class DealStatus(models.TextChoices):
    OPEN = "open", _("in play")
    SETTLED = "settled", _("settled")
    UNDONE = "undone", _("undone")


class Deal(models.Model):
    night = models.ForeignKey(Night, on_delete=models.PROTECT, related_name="deals")
    number = models.PositiveIntegerField()
    game = models.CharField(max_length=40)
    options = models.JSONField(default=dict, blank=True)
    dealer = models.ForeignKey(Seat, on_delete=models.PROTECT, related_name="deals_dealt")
    mode = models.CharField(max_length=10, choices=DealMode.choices, default=DealMode.TABLE)
    status = models.CharField(max_length=10, choices=DealStatus.choices, default=DealStatus.OPEN)
    # Game state that is not chips (Shelby round and markers after this deal).
    state_after = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["night", "number"]
        constraints = [
            models.UniqueConstraint(fields=["night", "number"], name="deal_number_unique"),
        ]

    def __str__(self) -> str:
        return f"deal {self.number}: {self.game}"
