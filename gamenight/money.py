"""Money as a person reads it: "12,50 €" in German, "€12.50" in English.

The group's money is in euros (the chip value is set in cents); where the sign
goes is the language's, so the pattern is in the catalogue and the number is
Django's localized one.
"""

from __future__ import annotations

from decimal import Decimal

from django.utils.formats import number_format
from django.utils.translation import pgettext


def money(cents: int) -> str:
    """``cents`` written the active language's way, with the euro sign."""
    amount = number_format(Decimal(cents) / 100, 2, force_grouping=True)
    # Translators: an amount in euros; %(amount)s is the number, already written your way.
    return pgettext("an amount of money", "€%(amount)s") % {"amount": amount}
