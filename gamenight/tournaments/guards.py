"""What a tournament night refuses of an ordinary night's writes.

- **Ending the night** while the tournament is on: its prize pool and bounties
  are still in the bank (gamenight/tournaments/ledger.py), so the night's
  results would not add up. Called from :func:`gamenight.services.nights.refuse_to_end`.
- **Recording a game**: a tournament is played for tournament chips, which never
  enter the ledger; a recorded hand would move the group's chips between
  players. Called by the recording services.

A digital hand is dealt with the level's blinds and tournament chips instead
(gamenight/tournaments/hands.py).
"""

from __future__ import annotations

from gamenight.models import Night, Tournament
from gamenight.tournaments.errors import TournamentError


def is_tournament(night: Night) -> bool:
    if Night.tournament.is_cached(night):  # read with the night (services/access.py)
        try:
            return night.tournament is not None
        except Tournament.DoesNotExist:
            return False
    return Tournament.objects.filter(night=night).exists()


def refuse_unfinished(night: Night) -> None:
    """A tournament night ends once its tournament is over (its money is paid out)."""
    tournament = Tournament.objects.filter(night=night).first()
    if tournament is not None and tournament.finished_at is None and tournament.entrants.exists():
        raise TournamentError("not_finished")


def refuse_games(night: Night) -> None:
    if is_tournament(night):
        raise TournamentError("recording")
