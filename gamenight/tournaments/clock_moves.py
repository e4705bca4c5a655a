"""The host's clock: start it, pause, resume, a level forward or back.

Each move writes the clock's three facts (gamenight/tournaments/clock.py) and a
new version; saving the tournament announces the change to every open screen
(gamenight/live/publish.py), which fetches the new facts and counts on from
them. A move forward or back carries the version its page showed: a second tap
of the same button (or a co-host's at the same moment) is refused as stale
instead of moving two levels.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from gamenight.models import NightStatus
from gamenight.services.access import User
from gamenight.tournaments import clock
from gamenight.tournaments.errors import TournamentError
from gamenight.tournaments.models_access import bump, locked_tournament
from gamenight.tournaments.status import clock_state, durations_ms, save_clock
from gamenight.tournaments.structures import structure_from_json

MOVES = ("start", "pause", "next", "back")
CLOCK_FIELDS = ("clock_running", "clock_elapsed_ms", "clock_anchor")


def move_clock(*, night_id: int, by: User, move: str, version: int) -> None:
    """Apply ``move`` (one of :data:`MOVES`; "start" also resumes a paused clock)."""
    with transaction.atomic():
        night, tournament = locked_tournament(night_id, by)
        if night.status != NightStatus.RUNNING or not tournament.entrants.exists():
            raise TournamentError("not_started")
        if tournament.finished_at is not None:
            raise TournamentError("finished")
        if move not in MOVES:
            raise TournamentError("stale")
        state, now = clock_state(tournament), timezone.now()
        if move == "start":
            after = clock.start(state, now)
        elif move == "pause":
            after = clock.pause(state, now)
        else:
            if tournament.version != version:
                raise TournamentError("stale")
            durations = durations_ms(structure_from_json(tournament.structure))
            after = clock.step(state, now, durations, 1 if move == "next" else -1)
        if after == state:
            return
        save_clock(tournament, after)
        bump(tournament, *CLOCK_FIELDS)
