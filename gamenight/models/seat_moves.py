"""A seat moving to a new phone: asked for from that phone, answered by the host.

A seat belongs to the phone that holds its link (gamenight/services/seat_binding.py).
Only the player can move it: the new phone opens the night's table link, picks
"this is my seat" and shows a short code; the host approves on the night page,
and the approval binds the phone that asked (never the host's). The rows stay
as the night's log of seat moves: who asked for which seat, when, who answered.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from gamenight.models.digital import SeatLink
from gamenight.models.nights import Night, Seat


class SeatMoveStatus(models.TextChoices):
    PENDING = "pending", _("waiting for the host")
    APPROVED = "approved", _("approved")
    REFUSED = "refused", _("turned down")
    CANCELLED = "cancelled", _("withdrawn")
    EXPIRED = "expired", _("too old")


class SeatMove(models.Model):
    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="seat_moves")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="moves")
    # The phone that asked: the SHA-256 of its secret, as SeatLink.device_hash holds it.
    device_hash = models.CharField(max_length=64)
    # The login of the browser that asked, if any: the approval checks it again.
    asked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # Shown on the asking phone and in the host's prompt, so the host approves the
    # phone in the player's hand and not one that asked first.
    code = models.CharField(max_length=8)
    status = models.CharField(
        max_length=10, choices=SeatMoveStatus.choices, default=SeatMoveStatus.PENDING
    )
    created_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # The link the approval revoked (the old phone's, or one nobody had opened) and
    # the one it made for the new phone.
    from_link = models.ForeignKey(
        SeatLink, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    to_link = models.ForeignKey(
        SeatLink, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["id"]
        constraints = [
            # One open request a seat, and one a phone: a second waits for the answer.
            models.UniqueConstraint(
                fields=["seat"],
                condition=Q(status="pending"),
                name="seat_move_one_pending_per_seat",
            ),
            models.UniqueConstraint(
                fields=["night", "device_hash"],
                condition=Q(status="pending"),
                name="seat_move_one_pending_per_phone",
            ),
            models.CheckConstraint(
                condition=Q(status__in=SeatMoveStatus.values), name="seat_move_status_known"
            ),
        ]

    def __str__(self) -> str:
        return f"move of {self.seat} ({self.status})"
