"""The tournament's rows as the writes need them: locked, with the entrants, bumped."""

from __future__ import annotations

from django.db.models import F

from gamenight.models import Entrant, Night, Tournament
from gamenight.services.access import User, night_for_recording
from gamenight.tournaments.errors import TournamentError


def locked_tournament(night_id: int, by: User) -> tuple[Night, Tournament]:
    """The night and its tournament, row-locked (the night first, as every ledger
    write locks it), for a host or co-host; call inside ``transaction.atomic()``."""
    night = night_for_recording(by, night_id)
    night = Night.objects.select_for_update().get(pk=night.pk)
    tournament = Tournament.objects.select_for_update().filter(night=night).first()
    if tournament is None:
        raise TournamentError("no_tournament")
    return night, tournament


def entrants_of(tournament: Tournament) -> list[Entrant]:
    return list(Entrant.objects.filter(tournament=tournament).select_related("player"))


def bump(tournament: Tournament, *fields: str) -> None:
    """Save ``fields`` and a new version: every screen's next fetch shows the change
    (the save announces it, gamenight/live/publish.py)."""
    tournament.version = F("version") + 1
    tournament.save(update_fields=["version", *fields])
    tournament.refresh_from_db(fields=["version"])
