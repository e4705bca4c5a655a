"""Moving players between the two tables: balancing, and the final table's draw
(gamenight/tournaments/seating.py has the rules)."""

from __future__ import annotations

import random

from django.db import transaction

from gamenight.services.access import User
from gamenight.tournaments import seating
from gamenight.tournaments.errors import TournamentError
from gamenight.tournaments.models_access import bump, entrants_of, locked_tournament
from gamenight.tournaments.setup import Setup


def seats_in_play(entrants: list) -> dict[int, seating.Place]:  # type: ignore[type-arg]
    return {e.player_id: seating.Place(e.table, e.seat) for e in entrants if not e.is_out}


def move_player(*, night_id: int, by: User, player_id: int, version: int) -> None:
    """Balance the tables: ``player_id`` moves from the fuller table to the shorter."""
    with transaction.atomic():
        _night, tournament = locked_tournament(night_id, by)
        if tournament.version != version:
            raise TournamentError("stale")
        entrants = entrants_of(tournament)
        places = seats_in_play(entrants)
        move = seating.balance(places, tables=tournament.tables_in_play)
        if move is None:
            raise TournamentError("no_move")
        mover = next((e for e in entrants if e.player_id == player_id and not e.is_out), None)
        if mover is None or mover.table != move.from_table:
            name = mover.player.name if mover else "?"
            raise TournamentError("wrong_table", name=name)
        mover.table, mover.seat = move.to_table, seating.free_seat(places, move.to_table)
        mover.save(update_fields=["table", "seat"])
        bump(tournament)


def final_table(*, night_id: int, by: User, version: int, rng: random.Random) -> None:
    """Everyone left to table 1, seats drawn again."""
    with transaction.atomic():
        _night, tournament = locked_tournament(night_id, by)
        if tournament.version != version:
            raise TournamentError("stale")
        entrants = entrants_of(tournament)
        places = seats_in_play(entrants)
        seats = Setup.from_json(tournament.setup).seats_per_table
        if tournament.tables_in_play < 2 or not seating.final_table_due(places, seats):
            raise TournamentError("not_final")
        drawn = seating.draw(list(places), tables=1, rng=rng)
        for entrant in entrants:
            if entrant.player_id in drawn:
                entrant.table, entrant.seat = 1, drawn[entrant.player_id].seat
                entrant.save(update_fields=["table", "seat"])
        tournament.tables_in_play = 1
        bump(tournament, "tables_in_play")
