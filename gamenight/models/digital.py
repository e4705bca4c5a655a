"""Digital hands: the engine's state of a deal the app deals, the links players
reach their seat by, and the log of every action applied.

A hand's ``state`` is the engine's JSON (:mod:`engine.games.serialise`), with every
card of the hand in it: it never leaves the database as it is (no page, download,
group file or admin page shows it; see gamenight/services/public_hand.py); and
``version`` counts the actions applied: a phone acts on the version it saw, and
the row is only written where the version is still that one, so two taps on
the same turn cannot both apply.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from gamenight.models.deals import Deal
from gamenight.models.ledger import Transaction
from gamenight.models.nights import Night, NightStatus, Seat


def new_seat_token() -> str:
    """192 random bits, URL-safe: a seat link cannot be guessed."""
    return secrets.token_urlsafe(24)


class HandStatus(models.TextChoices):
    RUNNING = "running", _("running")
    FINISHED = "finished", _("finished")
    ABANDONED = "abandoned", _("abandoned")


class DigitalHand(models.Model):
    deal = models.OneToOneField(Deal, on_delete=models.PROTECT, related_name="digital_hand")
    night = models.ForeignKey(Night, on_delete=models.PROTECT, related_name="digital_hands")
    # Every card of the hand, the deck included: the engine's own, never shown as it is.
    # Empty for a hand imported from a group file, whose cards did not travel.
    state = models.JSONField(null=True, blank=True)
    # The state as dealt (after the antes and the first cards), so a finished hand
    # can be replayed move by move from its actions; empty for hands dealt before.
    initial_state = models.JSONField(null=True, blank=True)
    # What the table saw of a finished hand that came in a group file (its replay,
    # gamenight/services/public_hand.py); empty for a hand dealt here.
    public_record = models.JSONField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=10, choices=HandStatus.choices, default=HandStatus.RUNNING)
    # The night's Seat ids in the engine's seat order (players without chips sit out).
    seat_ids = models.JSONField(default=list)
    # Each engine seat's stack when the hand began, to book the net at the end.
    start_stacks = models.JSONField(default=list)
    # The request key of the start, so a double tap starts one hand.
    start_key = models.CharField(max_length=100)
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    settlement = models.OneToOneField(
        Transaction, null=True, blank=True, on_delete=models.PROTECT, related_name="digital_hand"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["night", "start_key"], name="digital_hand_start_key_unique"
            ),
            # One table: at most one hand of a night in play at a time.
            models.UniqueConstraint(
                fields=["night"],
                condition=Q(status="running"),
                name="digital_hand_one_running_per_night",
            ),
            models.CheckConstraint(
                condition=Q(status__in=["running", "finished", "abandoned"]),
                name="digital_hand_status_known",
            ),
        ]

    def __str__(self) -> str:
        return f"digital hand {self.pk} ({self.status}, v{self.version})"

    @property
    def is_running(self) -> bool:
        return self.status == HandStatus.RUNNING


class SeatLink(models.Model):
    """The unguessable link that opens one player's seat on their phone.

    A night-scoped link (``hand`` empty) follows the player from hand to hand;
    a hand-scoped one opens that hand only. Either stops working when revoked
    or when the night is closed.
    """

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="seat_links")
    hand = models.ForeignKey(
        DigitalHand, null=True, blank=True, on_delete=models.CASCADE, related_name="seat_links"
    )
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="links")
    token = models.CharField(max_length=64, unique=True, default=new_seat_token)
    revoked = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    # The phone the link was first opened on (see gamenight.services.seat_binding):
    # the SHA-256 of the secret in that phone's seat cookie, never the secret itself,
    # so a copy of the database cannot open a seat.
    device_hash = models.CharField(max_length=64, blank=True, default="")
    claimed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(
                fields=["night", "seat"],
                condition=Q(revoked=False, hand__isnull=True),
                name="seat_link_one_live_per_night_seat",
            ),
        ]

    def __str__(self) -> str:
        return f"link of {self.seat}"

    @property
    def is_live(self) -> bool:
        """Not revoked, and the night it belongs to is not over."""
        return not self.revoked and self.night.status != NightStatus.CLOSED

    @property
    def is_claimed(self) -> bool:
        """Opened on a phone already: only that phone may show the seat."""
        return bool(self.device_hash)


class HandAction(models.Model):
    """One applied action (the audit log); ``version`` is the hand's version before it."""

    hand = models.ForeignKey(DigitalHand, on_delete=models.CASCADE, related_name="actions")
    version = models.PositiveIntegerField()
    # The engine's seat; empty for the host's own moves (abandoning the hand).
    seat = models.IntegerField(null=True, blank=True)
    action = models.CharField(max_length=20)
    amount = models.IntegerField(null=True, blank=True)
    cards = models.JSONField(default=list, blank=True)
    game = models.CharField(max_length=40, blank=True)
    idempotency_key = models.CharField(max_length=100)
    # Where in the hand's log (the engine's history) this action's own line is: the log
    # a page shows names who made each move by it. Empty for actions logged before.
    events_at = models.PositiveIntegerField(null=True, blank=True)
    # Who tapped: a seat link, or a host or co-host acting for an absent player.
    by_link = models.ForeignKey(
        SeatLink, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["hand", "version"]
        constraints = [
            models.UniqueConstraint(
                fields=["hand", "idempotency_key"], name="hand_action_key_unique"
            ),
            # Each version is left by exactly one action.
            models.UniqueConstraint(fields=["hand", "version"], name="hand_action_version_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.action} by seat {self.seat} at v{self.version}"
