"""A digital Hold'em or Omaha hand on a tournament night (issue 27).

The digital start (gamenight/services/digital.py) asks :func:`tournament_deal`
what to deal on a tournament night; it answers None on any other night, so the
ring game's hands are dealt as before:

- **The blinds** are the level in play on the server's clock at the start
  (:func:`~gamenight.tournaments.hooks.current_blinds`), kept in the hand's
  state: the clock's next level changes the next hand, never the running one.
- **The stacks** are the players' tournament chips
  (:attr:`gamenight.models.Entrant.chips`), never the ledger's stacks (those
  hold the group's money, gamenight/tournaments/ledger.py). Only the players
  still in with chips at the chosen table are dealt in, in their seat order at
  that table, the button moving one seat on from the table's last hand.
- **The end** adds each player's net to their tournament chips
  (:func:`book_tournament_hand`); the ledger is not touched. A player the hand
  empties stays in with 0 chips until the host taps the knockout (who took the
  chips takes the bounty), as with real cards.

The tournament's games are blind games: stud, draw, Guts and the rest are refused.
One hand of a night runs at a time (the digital model's constraint
``digital_hand_one_running_per_night``): with two tables, the second table's
hand waits until the first one's ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction

from engine.betting import Blinds
from engine.games import GAMES, HandState
from gamenight.games import game_title
from gamenight.models import Deal, DealMode, DealStatus, DigitalHand, Entrant, Night, Seat
from gamenight.models import Tournament as TournamentRow
from gamenight.tournaments.errors import TournamentError
from gamenight.tournaments.guards import is_tournament
from gamenight.tournaments.hooks import add_chips, current_blinds


@dataclass(frozen=True)
class TournamentDeal:
    """Who is dealt in (in seat order at the table), with what, and who has the button."""

    blinds: Blinds
    table: int
    seats: tuple[Seat, ...]
    stacks: tuple[int, ...]
    dealer: int
    """The engine's seat (an index into ``seats``) of the button."""


def blind_games(games: Sequence[str]) -> list[str]:
    """Of ``games``, those a tournament deals: the games that take blinds."""
    return [g for g in games if g in GAMES and GAMES[g].takes_blinds]


def tables_in_play(night: Night) -> int:
    """How many tables a tournament night's hands are dealt at (0: no tournament)."""
    if not is_tournament(night):  # no query for a night read with its tournament
        return 0
    found = TournamentRow.objects.filter(night=night).values_list("tables_in_play", flat=True)
    return next(iter(found), 0)


def tournament_deal(night: Night, game: str, table: int | None) -> TournamentDeal | None:
    """What a hand of ``game`` at ``table`` (None: table 1) deals on a tournament night,
    None on any other night. Call with the night's row locked."""
    if not is_tournament(night):
        return None
    if game not in blind_games([game]):
        raise TournamentError("digital_game", game=game_title(game))
    tournament = TournamentRow.objects.select_for_update().get(night=night)
    level = current_blinds(night)
    if level is None:
        raise TournamentError("finished" if tournament.finished_at else "not_started")
    chosen = 1 if table is None else table
    if not 1 <= chosen <= tournament.tables_in_play:
        raise TournamentError("no_table", table=chosen)
    entrants = [
        e
        for e in Entrant.objects.filter(tournament=tournament, table=chosen).order_by("seat")
        if not e.is_out and e.chips > 0
    ]
    seated = {
        s.player_id: s
        for s in Seat.objects.filter(
            night=night, seated=True, player_id__in=[e.player_id for e in entrants]
        ).select_related("player")
    }
    dealt = [e for e in entrants if e.player_id in seated]
    if len(dealt) < 2:
        raise TournamentError("digital_players", table=chosen)
    seats = tuple(seated[e.player_id] for e in dealt)
    return TournamentDeal(
        blinds=Blinds(small=level[0], big=level[1], ante=level[2]),
        table=chosen,
        seats=seats,
        stacks=tuple(e.chips for e in dealt),
        dealer=_button(night, dealt),
    )


def _button(night: Night, dealt: Sequence[Entrant]) -> int:
    """The seat after the last button among these players (a table's first hand: its
    lowest seat)."""
    players = [e.player_id for e in dealt]
    last = (
        Deal.objects.filter(
            night=night,
            mode=DealMode.DIGITAL,
            status=DealStatus.SETTLED,
            dealer__player_id__in=players,
        )
        .order_by("-number")
        .values_list("dealer__player_id", flat=True)
        .first()
    )
    if last is None:
        return 0
    return (players.index(last) + 1) % len(players)


def book_tournament_hand(hand: DigitalHand, state: HandState) -> None:
    """Add each player's net to their tournament chips; the ledger is not touched.

    Nets, not the hand's stacks: chips the host added during the hand (an add-on at a
    break) stay, and the tournament's chips are conserved (the nets add up to 0)."""
    start = [int(c) for c in hand.start_stacks]
    players = dict(
        Seat.objects.filter(pk__in=[int(s) for s in hand.seat_ids]).values_list("pk", "player_id")
    )
    nets = {
        players[int(seat_id)]: state.stacks[i] - start[i] for i, seat_id in enumerate(hand.seat_ids)
    }
    with transaction.atomic():
        add_chips(hand.night, nets)
        Deal.objects.filter(pk=hand.deal_id).update(status=DealStatus.SETTLED)


def table_of_hand(hand: DigitalHand) -> int | None:
    """The table a tournament hand is dealt at (None: no tournament's hand)."""
    players = Seat.objects.filter(pk__in=[int(s) for s in hand.seat_ids]).values_list(
        "player_id", flat=True
    )
    return (
        Entrant.objects.filter(tournament__night=hand.night_id, player_id__in=list(players))
        .values_list("table", flat=True)
        .first()
    )


def refuse_busy(running: DigitalHand, table: int) -> None:
    """A second table's hand waits for the first one's end, with the table named."""
    busy = table_of_hand(running) or table
    raise TournamentError("table_busy", busy=busy)
