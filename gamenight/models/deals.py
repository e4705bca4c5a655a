"""One game of the night: what was dealt, by whom, and how it stands."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from gamenight.models.nights import Night, Seat


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
