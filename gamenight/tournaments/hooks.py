"""Where the digital tournament hands (branch ``blinds``) meet the tournament.

NOTE FOR THE MERGE. The ``blinds`` branch deals Hold'em and Omaha with blinds and
an ante; its start service takes them as three ints. To play a tournament
night's hands digitally, the start of a digital hand on a night for which
:func:`current_blinds` is not None must:

1. take the blinds and ante from :func:`current_blinds` (the level in play on the
   server's clock at that moment; a break answers the level before it, so a hand
   dealt during a break plays the last level's blinds);
2. take each seat's stack from :func:`tournament_stacks`, **not from the ledger**:
   a tournament night's ledger stacks hold the group's chips (money, see
   gamenight/tournaments/ledger.py), tournament chips never enter the ledger;
3. book the hand's end with :func:`record_stacks` instead of the ledger booking
   (gamenight/services/digital_booking.py), for the same reason;
4. drop the refusal :func:`gamenight.tournaments.guards.refuse_digital` from the
   digital start (gamenight/services/digital.py), which keeps a tournament night
   from dealing a hand until these steps are wired.

A player whose stack a hand empties is not knocked out by it: the host taps the
knockout (who took the chips, for the bounty), as with real cards.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.utils import timezone

from gamenight.models import Entrant, Night, Tournament
from gamenight.tournaments.models_access import entrants_of
from gamenight.tournaments.status import snapshot

Blinds = tuple[int, int, int]
"""(small blind, big blind, ante)."""


def current_blinds(night: Night) -> Blinds | None:
    """The blinds and ante of the level in play, or None when the night is no running
    tournament (not a tournament, not started, or over)."""
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
