"""Pay with a tap (issue 28): what a transfer's line offers for paying its payee.

From the payee's details (gamenight/services/payment.py): for an IBAN and a
group in euros a GiroCode with the amount and a reference (the night and the
names), which German banking apps scan, and the IBAN written out; in another
currency the IBAN and the amount as text (the EPC QR code is for euro SEPA
transfers only); a PayPal.me link with the amount and the currency; the
payee's other link as a button with the amount beside it. Shown only on pages
of the group's members and the players' personal links, never mailed.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.utils.formats import date_format
from django.utils.translation import gettext

from gamenight import girocode
from gamenight.models import PaymentDetails
from gamenight.money import as_decimal, money
from gamenight.services.payment import spaced_iban

EPC_CURRENCY = "EUR"


def reference(day: datetime.date, payer: str, payee: str) -> str:
    """The transfer's reference for the bank: the night and the names."""
    return gettext("Poker night %(day)s: %(payer)s to %(payee)s") % {
        "day": date_format(day, "SHORT_DATE_FORMAT"),
        "payer": payer,
        "payee": payee,
    }


def pay_ways(
    details: PaymentDetails | None,
    *,
    cents: int,
    currency: str,
    day: datetime.date,
    payer: str,
    payee: str,
) -> dict[str, Any] | None:
    """The ways to pay this transfer, or None when the payee gave none."""
    if details is None or not details.any:
        return None
    ways: dict[str, Any] = {"amount": money(cents, currency)}
    if details.iban:
        ways["iban"] = spaced_iban(details.iban)
        ways["holder"] = details.holder or payee
        ways["reference"] = reference(day, payer, payee)
        if currency == EPC_CURRENCY:
            data = girocode.payload(
                girocode.Transfer(
                    name=ways["holder"], iban=details.iban, cents=cents, text=ways["reference"]
                )
            )
            ways["girocode"] = girocode.qr_svg(data)
    if details.paypal_me:
        amount = f"{as_decimal(cents, currency)}{currency}"
        ways["paypal"] = f"https://paypal.me/{details.paypal_me}/{amount}"
    if details.link:
        ways["link"] = details.link
    return ways
