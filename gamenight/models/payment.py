"""How a player likes to be paid (issue 28): an IBAN, a PayPal.me name, a link.

Personal: shown to the group's members beside the transfers they owe (the
report, the owes page, the player's personal link), never exported
(gamenight/services/group_export.py leaves it behind), never in the admin's
lists, never in a log or a mail. Changed in place by the player, the host or a
co-host: it is a preference, not a record anything counts on.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from gamenight.models.players import Player


class PaymentDetails(models.Model):
    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="payment")
    # The account holder a GiroCode names (EPC069-12: at most 70 characters).
    holder = models.CharField(_("account holder"), max_length=70, blank=True)
    # Stored compact (no spaces, upper case) and checked (country, length, mod-97).
    iban = models.CharField(_("IBAN"), max_length=34, blank=True)
    paypal_me = models.CharField(_("PayPal.me name"), max_length=50, blank=True)
    link = models.URLField(_("another payment link"), max_length=300, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        # Never the details themselves: this string can end up in a log.
        return f"payment details of player {self.player_id}"

    @property
    def any(self) -> bool:
        return bool(self.iban or self.paypal_me or self.link)
