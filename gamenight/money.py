"""Money as a person reads it, in the group's currency and the reader's language.

Every amount of a group (the chip value, a shared cost, a transfer) is a whole
number of its currency's smallest unit (cents for EUR, CHF and USD, yen for
JPY: ISO 4217's minor unit, as CLDR gives it). :func:`money` is the one place
that writes an amount for a person, with Babel's CLDR data: "12,50 €" and
"12,50 CHF" in German, "€12.50" and "CHF 12.50" in English.
"""

from __future__ import annotations

import functools
import re
from decimal import Decimal

from babel import Locale
from babel.core import UnknownLocaleError
from babel.numbers import (
    format_currency,
    get_currency_name,
    get_currency_precision,
    get_territory_currencies,
)
from django.conf import settings
from django.utils.translation import get_language, to_locale

DEFAULT_CURRENCY = "EUR"

# CLDR's currency spacing: a symbol of letters ("CHF") next to the digits gets a
# no-break space; Babel's patterns leave it out ("CHF1.00" in English).
_LETTERS_BEFORE = re.compile(r"^(-?[^\W\d_]{2,})(?=\d)")
_LETTERS_AFTER = re.compile(r"(?<=\d)([^\W\d_]{2,})$")
NBSP = "\u00a0"


def babel_locale() -> Locale:
    """The active language as Babel's locale ("de", "en"); the site's default otherwise."""
    try:
        return Locale.parse(to_locale(get_language() or settings.LANGUAGE_CODE))
    except (UnknownLocaleError, ValueError):
        return Locale.parse(to_locale(settings.LANGUAGE_CODE))


def digits(currency: str) -> int:
    """How many decimals the currency's smallest unit is (2 for EUR, 0 for JPY)."""
    return int(get_currency_precision(currency))


def as_decimal(minor: int, currency: str) -> Decimal:
    """``minor`` units as the amount a person types (1250 cents: Decimal("12.50"))."""
    return Decimal(minor).scaleb(-digits(currency))


def to_minor(amount: Decimal, currency: str) -> int:
    """An amount typed in the currency as its smallest units; the form has already
    refused more decimals than the currency has."""
    return int(amount.scaleb(digits(currency)).to_integral_value())


def money(minor: int, currency: str) -> str:
    """``minor`` units of ``currency`` written the active language's way."""
    text = format_currency(as_decimal(minor, currency), currency, locale=babel_locale())
    text = _LETTERS_BEFORE.sub(rf"\1{NBSP}", text)
    return _LETTERS_AFTER.sub(rf"{NBSP}\1", text)


@functools.cache
def currency_codes() -> tuple[str, ...]:
    """The ISO 4217 currencies some country uses today (CLDR's legal tenders), sorted."""
    codes: set[str] = set()
    for territory in Locale.parse("en").territories:
        codes.update(get_territory_currencies(str(territory), tender=True, non_tender=False))
    return tuple(sorted(codes))


def currency_choices() -> list[tuple[str, str]]:
    """Each currency as "EUR · Euro", named in the active language, for a select."""
    locale = babel_locale()
    return [
        (code, f"{code} · {get_currency_name(code, locale=locale)}") for code in currency_codes()
    ]
