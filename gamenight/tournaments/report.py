"""What a tournament night's report adds: the finishing places, prizes and knockouts.

Stored in the report's data (``data["tournament"]``) by the report builder
(gamenight/reports/night.py), in the group's chips like every figure there.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from gamenight.models import Night, Tournament
from gamenight.tournaments.setup import Setup


def tournament_report(night: Night) -> dict[str, Any] | None:
    tournament = Tournament.objects.filter(night=night).first()
    if tournament is None or tournament.finished_at is None:
        return None
    live = tournament.knockouts.filter(undone_at__isnull=True).select_related("by__player")
    won = Counter(k.by.player_id for k in live if k.by is not None)
    out_by = {k.out_id: k.by.player.name for k in live if k.by is not None}
    entrants = tournament.entrants.select_related("player").order_by("place", "player__name")
    bounty = Setup.from_json(tournament.setup).bounty
    return {
        "chop": str(tournament.chop.get("kind", "")) if tournament.chop else "",
        "places": [
            {
                "place": e.place,
                "player_id": e.player_id,
                "name": e.player.name,
                # The place's prize (with a player's own bounty back) and the bounties won.
                "prize": e.prize + won.get(e.player_id, 0) * bounty,
                "rebuys": e.rebuys,
                "add_on": e.add_on,
                "knockouts": won.get(e.player_id, 0),
                "out_by": out_by.get(e.pk, ""),
            }
            for e in entrants
        ],
    }
