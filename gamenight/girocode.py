"""The EPC QR code ("GiroCode") of a SEPA credit transfer, as German banking apps scan it.

The payload follows the European Payments Council's EPC069-12 ("Quick Response
Code: guidelines to enable data capture for the initiation of a SEPA credit
transfer", version 002): lines separated by LF, in this order,

====  ===============================  =====================================
 1    service tag                      ``BCD``
 2    version                          ``002`` (the BIC may be left out)
 3    character set                    ``1`` (UTF-8)
 4    identification                   ``SCT``
 5    BIC of the payee's bank          empty (optional in version 002)
 6    payee's name                     at most 70 characters
 7    payee's IBAN                     compact, at most 34 characters
 8    amount                           ``EUR`` and 0.01 to 999999999.99
 9    purpose code                     empty
10    structured reference             empty (one of 10 and 11, not both)
11    unstructured remittance text     at most 140 characters
====  ===============================  =====================================

at most 331 bytes in all, in a QR code of error correction level M. Only euros:
the EPC QR code starts a euro SEPA transfer, nothing else.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from decimal import Decimal

import segno

MAX_NAME = 70
MAX_TEXT = 140
MAX_PAYLOAD_BYTES = 331
MIN_CENTS = 1
MAX_CENTS = 99_999_999_999  # 999,999,999.99 euros


@dataclass(frozen=True)
class Transfer:
    """What the code asks the payer's bank to do."""

    name: str
    iban: str
    cents: int
    text: str


def amount_field(cents: int) -> str:
    """``EUR12.5`` for 1250 cents: a point, at most two decimals, no trailing zeros
    (the guidelines' own examples write ``EUR12.3``)."""
    if not MIN_CENTS <= cents <= MAX_CENTS:
        raise ValueError(f"an EPC QR code's amount is 0.01 to 999999999.99 euros, not {cents} ct")
    text = f"{Decimal(cents).scaleb(-2):.2f}".rstrip("0").rstrip(".")
    return f"EUR{text}"


def _clip(text: str, most: int) -> str:
    """One line of at most ``most`` characters: a line break would end the field."""
    return " ".join(text.split())[:most]


def payload(transfer: Transfer) -> str:
    """The EPC069-12 text of ``transfer``; the remittance text is shortened until the
    whole fits into 331 bytes of UTF-8."""
    name = _clip(transfer.name, MAX_NAME)
    if not name:
        raise ValueError("an EPC QR code names the payee")
    head = ["BCD", "002", "1", "SCT", "", name, transfer.iban, amount_field(transfer.cents), "", ""]
    text = _clip(transfer.text, MAX_TEXT)
    while True:
        data = "\n".join([*head, text]) if text else "\n".join(head)
        if len(data.encode("utf-8")) <= MAX_PAYLOAD_BYTES:
            return data
        text = text[:-1]


def qr_code(data: str) -> segno.QRCode:
    """The QR code of ``data``: level M, as the guidelines ask, never raised by segno
    ("boost"), in UTF-8 byte mode, never a Micro QR code (no banking app reads one)."""
    return segno.make(data, error="m", micro=False, boost_error=False, encoding="utf-8")


# segno spends about 20 ms of a code's 22 choosing the best of the eight masks (the
# one a camera reads most easily); the same transfer's code is drawn on every view
# of the report and the owes page, so a process keeps the ones it drew.
@functools.lru_cache(maxsize=512)
def qr_svg(data: str) -> str:
    """The code as inline SVG for the page: a quiet zone of four modules around it, as
    the QR standard asks; no size of its own (the page's CSS sizes it by its viewBox)."""
    code = qr_code(data)
    return str(code.svg_inline(scale=4, border=4, dark="#000", light="#fff", omitsize=True))
