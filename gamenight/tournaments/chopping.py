"""The chop: a preview of who takes what, and its booking after the host confirms.

The confirm carries the tournament's version as the preview showed it: a chop
confirmed on a preview made before anything else changed (a knockout, a rebuy)
is refused, and the preview is shown again.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.utils import timezone

from gamenight.models import Night
from gamenight.services.access import User, night_for_recording
from gamenight.tournaments.errors import TournamentError
from gamenight.tournaments.finish import Share, check_chop, finish, places_and_prizes
from gamenight.tournaments.models_access import bump, entrants_of, locked_tournament
from gamenight.tournaments.status import snapshot


def chop_preview(night: Night, *, kind: str, chips: Mapping[int, int]) -> tuple[list[Share], int]:
    """Everyone's place and prize if the players still in chopped now, and the version
    the preview was made on (nothing is written)."""
    from gamenight.models import Tournament

    tournament = Tournament.objects.filter(night=night).first()
    if tournament is None:
        raise TournamentError("no_tournament")
    entrants = entrants_of(tournament)
    snap = snapshot(tournament, entrants, timezone.now())
    check_chop(snap, entrants, kind, chips)
    return places_and_prizes(snap, entrants, chop=kind, chips=chips), tournament.version


def chop(
    *, night_id: int, by: User, key: str, kind: str, chips: Mapping[int, int], version: int
) -> None:
    """Book the chop the host confirmed on the preview of ``version``."""
    night_for_recording(by, night_id)
    with transaction.atomic():
        night, tournament = locked_tournament(night_id, by)
        if tournament.prizes is not None and tournament.prizes.idempotency_key == key:
            return  # a retry of this very chop
        if tournament.version != version:
            raise TournamentError("stale")
        entrants = entrants_of(tournament)
        snap = snapshot(tournament, entrants, timezone.now())
        check_chop(snap, entrants, kind, chips)
        finish(night, tournament, by=by, key=key, chop=kind, chips=chips)
        bump(tournament)
