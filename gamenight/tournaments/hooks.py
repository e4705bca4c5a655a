"""Where the digital tournament hands meet the tournament.

The start of a digital hand on a night for which :func:`current_blinds` is not
None (gamenight/tournaments/hands.py does these steps for gamenight/services/digital.py):

1. takes the blinds and ante from :func:`current_blinds` (the level in play on the
   server's clock at that moment; a break answers the level before it, so a hand
   dealt during a break plays the last level's blinds);
2. takes each seat's stack from :func:`tournament_stacks`, **not from the ledger**:
   a tournament night's ledger stacks hold the group's chips (money, see
   gamenight/tournaments/ledger.py), tournament chips never enter the ledger;
3. books the hand's end with :func:`add_chips` (each player's net) instead of the
   ledger booking (gamenight/services/digital_booking.py), for the same reason.

A player whose stack a hand empties is not knocked out by it: the host taps the
knockout (who took the chips, for the bounty), as with real cards.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.utils import timezone

from gamenight.models import Entrant, Night, Tournament
from gamenight.tournaments.errors import TournamentError
from gamenight.tournaments.guards import is_tournament
from gamenight.tournaments.models_access import bump, entrants_of
from gamenight.tournaments.status import snapshot

Blinds = tuple[int, int, int]
"""(small blind, big blind, ante)."""


def current_blinds(night: Night) -> Blinds | None:
    """The blinds and ante of the level in play, or None when the night is no running
    tournament (not a tournament, not started, or over)."""
    if not is_tournament(night):  # no query for a night read with its tournament
        return None
    tournament = Tournament.objects.filter(night=night).first()
    if tournament is None or tournament.finished_at is not None:
        return None
    entrants = entrants_of(tournament)
    if not entrants:
        return None
    snap = snapshot(tournament, entrants, timezone.now())
    level = snap.item
    if level.is_break:
        index = snap.position.index
        level = next(
            (i for i in reversed(snap.structure.items[:index]) if not i.is_break),
            snap.next_level or level,
        )
    return level.small_blind, level.big_blind, level.ante


def tournament_stacks(night: Night) -> dict[int, int] | None:
    """Each player still in (by player id) with their tournament chips as last known;
    None when the night is no tournament."""
    tournament = Tournament.objects.filter(night=night).first()
    if tournament is None:
        return None
    return {e.player_id: e.chips for e in entrants_of(tournament) if not e.is_out}


def record_stacks(night: Night, stacks: Mapping[int, int]) -> None:
    """Keep the players' tournament chips after a digital hand (by player id)."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(night=night)
        for entrant in Entrant.objects.filter(tournament=tournament, player_id__in=stacks):
            entrant.chips = max(0, int(stacks[entrant.player_id]))
            entrant.save(update_fields=["chips"])


def add_chips(night: Night, nets: Mapping[int, int]) -> None:
    """Add a digital hand's nets (by player id) to the players' tournament chips.

    A player of the hand the host knocked out while it ran has 0 chips: a loss
    cannot come off them, so the hand's end is refused (nothing changes) and the
    host undoes the knockout or stops the hand."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(night=night)
        entrants = list(
            Entrant.objects.select_for_update()
            .filter(tournament=tournament, player_id__in=nets)
            .select_related("player")
        )
        for entrant in entrants:
            if entrant.chips + nets[entrant.player_id] < 0:
                raise TournamentError("hand_chips", name=entrant.player.name)
        for entrant in entrants:
            entrant.chips += nets[entrant.player_id]
            entrant.save(update_fields=["chips"])
        bump(tournament)
