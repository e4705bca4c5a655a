"""The night page's table link for the host (digital/_table_link.html): the TV's
address and QR code, and the button that renews it (the old TV goes blank)."""

from __future__ import annotations

from typing import Any

from gamenight.models import Membership, Night, NightStatus
from gamenight.services import table_links


def table_link_context(night: Night, membership: Membership) -> dict[str, Any]:
    """The live table link of a night in play, for whoever may record it; made on first view."""
    if not membership.may_record or night.status != NightStatus.RUNNING:
        return {"table_link": None}
    return {"table_link": table_links.live_table_link(night)}
