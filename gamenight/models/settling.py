"""Paid marks on the transfers of a night's settle-up (append-only, like the ledger).

A transfer is recomputed from the night's results whenever its report is built,
so a mark names it by what it is: the night, who pays, who is paid, how many
cents. A mark counts only while the night's current settle-up still has that
transfer. Taking a mark back is a new row that reverses it; ``step`` numbers the
rows of one transfer (1 marked, 2 taken back, 3 marked again, ...), and its
unique constraint lets only one of two taps at the same moment be written.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from gamenight.models.ledger import AppendOnly
from gamenight.models.nights import Night
from gamenight.models.players import Player


class TransferMark(AppendOnly):
    night = models.ForeignKey(Night, on_delete=models.PROTECT, related_name="transfer_marks")
    payer = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    payee = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    cents = models.PositiveIntegerField()
    step = models.PositiveIntegerField()
    # True: marked as paid; False: a mark taken back (then ``reverses`` names it).
    paid = models.BooleanField()
    reverses = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="reversed_by"
    )
    marked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    marked_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(
                fields=["night", "payer", "payee", "cents", "step"],
                name="transfer_mark_step_once",
            ),
            models.CheckConstraint(
                condition=(Q(paid=True) & Q(reverses__isnull=True))
                | (Q(paid=False) & Q(reverses__isnull=False)),
                name="transfer_mark_unmark_names_mark",
            ),
            models.CheckConstraint(
                condition=Q(cents__gt=0) & Q(step__gt=0), name="transfer_mark_sane"
            ),
            models.CheckConstraint(
                condition=~Q(payer=models.F("payee")), name="transfer_mark_two_people"
            ),
        ]

    def __str__(self) -> str:
        what = "paid" if self.paid else "unmarked"
        return f"{self.payer_id} -> {self.payee_id} {self.cents} ct {what} (night {self.night_id})"
