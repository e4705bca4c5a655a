"""How a player likes to be paid (issue 28): the checks of what they type, and the write.

An IBAN is taken compact (spaces dropped, upper case), only in ASCII letters and
digits, and checked by python-stdnum (its country's length and format, and the
ISO 7064 mod-97 check digits) before a GiroCode is ever drawn from it. A
PayPal.me name is its letters and digits (a pasted paypal.me address gives its
name); another link must be an https address. Who may change a player's details:
the player (their login or their personal link), the host and the co-hosts.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils.translation import gettext
from stdnum import iban as stdnum_iban
from stdnum.exceptions import (
    InvalidChecksum,
    InvalidComponent,
    InvalidFormat,
    InvalidLength,
    ValidationError,
)

from gamenight.models import Membership, PaymentDetails, Player
from gamenight.services.errors import LedgerError

_ASCII_IBAN = re.compile(r"[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}")
_PAYPAL_NAME = re.compile(r"[A-Za-z0-9]{1,50}")
_PAYPAL_HOSTS = {"paypal.me", "www.paypal.me", "paypal.com", "www.paypal.com"}


class PaymentDetailsError(LedgerError):
    """What was typed is no IBAN, PayPal.me name or https link; nothing was saved."""


def check_iban(text: str) -> str:
    """The IBAN compact (``DE89370400440532013000``), or a message saying what is wrong."""
    compact = "".join(text.split()).upper()
    if not compact:
        return ""
    if not _ASCII_IBAN.fullmatch(compact):
        raise PaymentDetailsError(
            gettext(
                "An IBAN is two letters, two check digits and the account, in Latin "
                "letters and the digits 0 to 9."
            )
        )
    try:
        return str(stdnum_iban.validate(compact))
    except InvalidChecksum:
        raise PaymentDetailsError(
            gettext(
                "This IBAN's check digits do not fit: look for a typo, or a digit too "
                "many or too few."
            )
        ) from None
    except (InvalidLength, InvalidComponent, InvalidFormat):
        raise PaymentDetailsError(
            gettext("This IBAN is not as long as an IBAN of %(country)s is, or not in its format.")
            % {"country": compact[:2]}
        ) from None
    except ValidationError:
        raise PaymentDetailsError(gettext("This is not an IBAN.")) from None


def spaced_iban(iban: str) -> str:
    """``DE89 3704 0044 0532 0130 00``: the way it is printed, to read and type."""
    return " ".join(iban[i : i + 4] for i in range(0, len(iban), 4))


def check_paypal(text: str) -> str:
    """The PayPal.me name, from the name or a pasted ``https://paypal.me/name`` address."""
    value = text.strip()
    if not value:
        return ""
    if "/" in value:
        parts = urlsplit(value if "://" in value else f"https://{value}")
        path = [p for p in parts.path.split("/") if p]
        if parts.hostname in _PAYPAL_HOSTS and path:
            value = path[1] if path[0].lower() == "paypalme" and len(path) > 1 else path[0]
    value = value.removeprefix("@")
    if not _PAYPAL_NAME.fullmatch(value):
        raise PaymentDetailsError(
            gettext("A PayPal.me name is Latin letters and the digits 0 to 9, nothing else.")
        )
    return value


def check_link(text: str) -> str:
    """Another way to be paid: an https address, nothing else (no javascript:, no http)."""
    value = text.strip()
    if not value:
        return ""
    parts = urlsplit(value)
    if parts.scheme.lower() != "https" or not parts.hostname or any(c.isspace() for c in value):
        raise PaymentDetailsError(gettext("The link must be an address starting with https://."))
    return value


def may_change(
    membership: Membership | None, user: User | AnonymousUser | None, player: Player
) -> bool:
    """The host and the co-hosts, or the player's own login."""
    if membership is None or user is None or not user.is_authenticated:
        return False
    return membership.may_record or (player.user_id is not None and player.user_id == user.pk)


def save_details(
    *, player: Player, holder: str, iban: str, paypal_me: str, link: str
) -> PaymentDetails:
    """Set the player's details to these (checked) values; the same values again change
    nothing, so a double tap needs no key."""
    values = {
        "holder": " ".join(holder.split())[:70],
        "iban": check_iban(iban),
        "paypal_me": check_paypal(paypal_me),
        "link": check_link(link),
    }
    with transaction.atomic():
        details, _created = PaymentDetails.objects.update_or_create(player=player, defaults=values)
    return details


def details_of(group_id: int) -> dict[int, PaymentDetails]:
    """Player id → the details each player of the group gave (one query)."""
    return {
        d.player_id: d for d in PaymentDetails.objects.filter(player__group_id=group_id) if d.any
    }
