"""The player page's and the personal link's "how to be paid" card (issue 28)."""

from __future__ import annotations

from typing import Any

from gamenight.forms.payment import PaymentForm
from gamenight.models import PaymentDetails, Player
from gamenight.services.payment import spaced_iban


def payment_context(
    player: Player,
    *,
    may_change: bool,
    url: str,
    own: bool = False,
    form: PaymentForm | None = None,
) -> dict[str, Any]:
    """What the card shows of ``player`` (a member's page or the player's own link)."""
    try:
        details: PaymentDetails | None = player.payment  # select_related where it counts
    except PaymentDetails.DoesNotExist:
        details = None
    if form is None and may_change:
        form = PaymentForm(
            initial={
                "iban": spaced_iban(details.iban) if details else "",
                "holder": details.holder if details else "",
                "paypal_me": details.paypal_me if details else "",
                "link": details.link if details else "",
            }
        )
    return {
        "payment_shown": True,
        "payment": details,
        "payment_iban": spaced_iban(details.iban) if details and details.iban else "",
        "payment_form": form if may_change else None,
        "payment_url": url,
        "own_payment": own,
    }
