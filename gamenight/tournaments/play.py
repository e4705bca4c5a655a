"""The tournament as the host runs it: set it up, start it (the seat draw), late
registration, rebuys, the add-on, knockouts and their undo.

Each write holds the night's row lock (then the tournament's) for its whole
database transaction, as every ledger write does, so two co-hosts' taps happen
one after the other; the second is checked against what the first left (a
player knocked out twice is refused by name). Money goes through the ledger's
one writer (:func:`gamenight.services.posting.post`) as
gamenight/tournaments/ledger.py sets out, each transaction with a key made
from the request's, so a retried request books nothing twice; the views claim
the request's key too (:func:`gamenight.services.request_keys.once`).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from gamenight.models import Entrant, Knockout, Night, NightStatus, Transaction, TransactionKind
from gamenight.services.access import User, night_for_recording
from gamenight.services.nights import arrive, rebuy, start_night
from gamenight.services.posting import Draft, post
from gamenight.services.table import group_players, stack
from gamenight.tournaments import ledger, seating
from gamenight.tournaments.errors import TournamentError
from gamenight.tournaments.finish import finish, undo_finish
from gamenight.tournaments.models_access import bump, entrants_of, locked_tournament
from gamenight.tournaments.payouts import PayoutTable
from gamenight.tournaments.setup import Setup
from gamenight.tournaments.status import Snapshot, snapshot
from gamenight.tournaments.structures import Structure

__all__ = [
    "add_on",
    "knock_out",
    "register",
    "set_up",
    "start_tournament",
    "take_rebuy",
    "undo_last",
]


def set_up(
    *, night_id: int, by: User, setup: Setup, structure: Structure, table: PayoutTable
) -> None:
    """Make the night a tournament, or change its setup, structure and payout table.

    The money and the chips (the setup) change only before the start; the structure
    and the payout table until the tournament is over (the clock keeps its running
    time: the level in play is the one at that time in the new structure).
    """
    from gamenight.models import Tournament

    night = night_for_recording(by, night_id)
    with transaction.atomic():
        night = Night.objects.select_for_update().get(pk=night.pk)
        if night.status not in (NightStatus.PLANNED, NightStatus.RUNNING):
            raise TournamentError("finished")
        tournament = Tournament.objects.select_for_update().filter(night=night).first()
        if night.status != NightStatus.PLANNED:
            if tournament is None:
                raise TournamentError("started")
            if tournament.finished_at is not None:
                raise TournamentError("finished")
            if Setup.from_json(tournament.setup) != setup:
                raise TournamentError("not_planned")
        if tournament is None:
            tournament = Tournament(night=night)
        tournament.setup = setup.to_json()
        tournament.structure = structure.to_json()
        tournament.payouts = table.to_json()
        tournament.version += 1 if tournament.pk else 0
        tournament.save()


def _done(night: Night, key: str) -> bool:
    """Whether the request with ``key`` was booked already (a retry: nothing to do)."""
    return Transaction.objects.filter(group_id=night.group_id, idempotency_key=key).exists()


def _snap(tournament: Any) -> tuple[Snapshot, list[Entrant]]:
    entrants = entrants_of(tournament)
    return snapshot(tournament, entrants, timezone.now()), entrants


def _entrant(entrants: Sequence[Entrant], player_id: int, night: Night) -> Entrant:
    found = next((e for e in entrants if e.player_id == player_id), None)
    if found is None:
        (player,) = group_players(night, [player_id])
        raise TournamentError("not_entered", name=player.name)
    return found


@contextmanager
def _writing(night_id: int, by: User) -> Iterator[tuple[Night, Any]]:
    """The night and its tournament, locked, inside one database transaction."""
    with transaction.atomic():
        yield locked_tournament(night_id, by)


# ---------------------------------------------------------------- the start


def start_tournament(
    *, night_id: int, by: User, key: str, players: Sequence[int], rng: random.Random
) -> None:
    """Draw the seats, seat the players, book their buy-ins into the tournament.

    The clock does not start yet: the host starts it when the cards are in the air.
    """
    order = list(dict.fromkeys(players))
    with _writing(night_id, by) as (night, tournament):
        if _done(night, key):
            return
        if night.status != NightStatus.PLANNED:
            raise TournamentError("started")
        if len(order) < 2:
            raise TournamentError("too_few")
        setup = Setup.from_json(tournament.setup)
        present = group_players(night, order)
        places = seating.draw(order, tables=min(setup.tables, len(order) // 2 or 1), rng=rng)
        seated = sorted(order, key=lambda p: (places[p].table, places[p].seat))
        start_night(
            night_id=night.pk,
            by=by,
            key=key,
            players=seated,
            buy_ins=dict.fromkeys(seated, setup.entry_price),
        )
        night.refresh_from_db()
        payers = [(p, _entry_parts(setup)) for p in present]
        _pay_in(night, by, f"{key}/in", payers, "tournament entry")
        now = timezone.now()
        Entrant.objects.bulk_create(
            Entrant(
                tournament=tournament,
                player_id=p,
                table=places[p].table,
                seat=places[p].seat,
                registered_at=now,
                chips=setup.starting_chips,
            )
            for p in seated
        )
        tournament.tables_in_play = max(place.table for place in places.values())
        bump(tournament, "tables_in_play")


def _entry_parts(setup: Setup) -> list[ledger.Part]:
    return [(setup.buy_in, ledger.BUY_IN), (setup.bounty, ledger.BOUNTY_IN)]


def _pay_in(
    night: Night,
    by: User,
    key: str,
    payers: Sequence[tuple[Any, Sequence[ledger.Part]]],
    what: str,
) -> Transaction:
    """Book what ``payers`` (players, with their parts) pay into the tournament."""

    def build(locked: Night) -> Draft:
        accounts = [(stack(locked, player), parts) for player, parts in payers]
        names = ", ".join(str(player) for player, _parts in payers)
        return ledger.pay_in(locked, accounts, f"{what}: {names}")

    payload = {"payers": [(getattr(p, "pk", p), list(parts)) for p, parts in payers]}
    return post(
        night_id=night.pk,
        by=by,
        key=key,
        kind=TransactionKind.TOURNAMENT_ENTRY,
        payload=payload,
        build=build,
    )


# ---------------------------------------------------------------- entries


def register(*, night_id: int, by: User, key: str, player_id: int) -> None:
    """A late registration: the player sits down at the shorter table and buys in."""
    with _writing(night_id, by) as (night, tournament):
        if _done(night, key):
            return
        snap, entrants = _snap(tournament)
        (player,) = group_players(night, [player_id])
        if any(e.player_id == player.pk for e in entrants):
            raise TournamentError("registered", name=player.name)
        if not snap.late_open:
            raise TournamentError(
                "finished" if snap.finished else "late_closed", level=snap.setup.late_until
            )
        arrive(
            night_id=night.pk, by=by, key=key, player_id=player.pk, buy_in=snap.setup.entry_price
        )
        _pay_in(night, by, f"{key}/in", [(player, _entry_parts(snap.setup))], "late registration")
        places = {e.player_id: seating.Place(e.table, e.seat) for e in entrants if not e.is_out}
        table = _shorter_table(places, tournament.tables_in_play)
        Entrant.objects.create(
            tournament=tournament,
            player=player,
            table=table,
            seat=seating.free_seat(
                {e.player_id: seating.Place(e.table, e.seat) for e in entrants}, table
            ),
            registered_at=timezone.now(),
            chips=snap.setup.starting_chips,
        )
        bump(tournament)


def _shorter_table(places: dict[int, seating.Place], tables: int) -> int:
    counts = {t: sum(1 for p in places.values() if p.table == t) for t in range(1, tables + 1)}
    return min(counts, key=lambda t: (counts[t], t))


def take_rebuy(*, night_id: int, by: User, key: str, player_id: int) -> None:
    """A rebuy: the player pays the rebuy (and a new bounty) and is back in, or tops up."""
    with _writing(night_id, by) as (night, tournament):
        if _done(night, key):
            return
        snap, entrants = _snap(tournament)
        entrant = _entrant(entrants, player_id, night)
        if not snap.rebuy_open:
            raise TournamentError("finished" if snap.finished else "rebuy_closed")
        setup = snap.setup
        rebuy(night_id=night.pk, by=by, key=key, player_id=player_id, amount=setup.rebuy_price)
        parts = [(setup.rebuy, ledger.REBUY), (setup.bounty, ledger.BOUNTY_IN)]
        _pay_in(night, by, f"{key}/in", [(entrant.player, parts)], "rebuy")
        entrant.rebuys += 1
        entrant.chips = (0 if entrant.is_out else entrant.chips) + setup.rebuy_chips
        entrant.out_number = None
        entrant.save(update_fields=["rebuys", "chips", "out_number"])
        bump(tournament)


def add_on(*, night_id: int, by: User, key: str, player_id: int) -> None:
    """The add-on: once per player still in, while its window is open."""
    with _writing(night_id, by) as (night, tournament):
        if _done(night, key):
            return
        snap, entrants = _snap(tournament)
        entrant = _entrant(entrants, player_id, night)
        name = entrant.player.name
        if not snap.add_on_open:
            raise TournamentError("finished" if snap.finished else "add_on_closed")
        if entrant.add_on:
            raise TournamentError("add_on_taken", name=name)
        if entrant.is_out:
            raise TournamentError("add_on_out", name=name)
        setup = snap.setup
        rebuy(night_id=night.pk, by=by, key=key, player_id=player_id, amount=setup.add_on)
        _pay_in(
            night, by, f"{key}/in", [(entrant.player, [(setup.add_on, ledger.ADD_ON)])], "add-on"
        )
        entrant.add_on = True
        entrant.chips += setup.add_on_chips
        entrant.save(update_fields=["add_on", "chips"])
        bump(tournament)


# ---------------------------------------------------------------- knockouts


def knock_out(
    *, night_id: int, by: User, key: str, player_id: int, by_player_id: int | None
) -> None:
    """``player_id`` is out, knocked out by ``by_player_id`` (who takes the bounty).

    With one player left the tournament is over: the prizes are paid at once.
    """
    with _writing(night_id, by) as (night, tournament):
        if _done(night, key):
            return
        snap, entrants = _snap(tournament)
        if snap.finished:
            raise TournamentError("finished")
        out = _entrant(entrants, player_id, night)
        if out.is_out:
            raise TournamentError("is_out", name=out.player.name)
        knocker = None
        if by_player_id is not None:
            if by_player_id == player_id:
                raise TournamentError("self_knockout")
            knocker = _entrant(entrants, by_player_id, night)
            if knocker.is_out:
                raise TournamentError("knocker_out", name=knocker.player.name)
        bounty = None
        if snap.setup.bounties:
            if knocker is None:
                raise TournamentError("knocker_needed", name=out.player.name)
            bounty = _pay_bounty(night, by, key, knocker, out, snap.setup.bounty)
        number = (tournament.knockouts.aggregate(n=Max("number"))["n"] or 0) + 1
        out.out_number, out.chips = number, 0
        out.save(update_fields=["out_number", "chips"])
        Knockout.objects.create(
            tournament=tournament,
            number=number,
            out=out,
            by=knocker,
            at=timezone.now(),
            bounty=bounty,
        )
        if sum(1 for e in entrants if not e.is_out) == 1:
            finish(night, tournament, by=by, key=f"{key}/prizes")
        bump(tournament)


def _pay_bounty(
    night: Night, by: User, key: str, knocker: Entrant, out: Entrant, bounty: int
) -> Transaction:
    def build(locked: Night) -> Draft:
        payment = (stack(locked, knocker.player), bounty, ledger.bounty_memo(out.player.name))
        return ledger.pay_out(locked, [payment], f"{out.player.name} is out")

    payload = {"out": out.player_id, "by": knocker.player_id, "bounty": bounty}
    return post(
        night_id=night.pk,
        by=by,
        key=key,
        kind=TransactionKind.TOURNAMENT_PAYOUT,
        payload=payload,
        build=build,
    )


def undo_last(*, night_id: int, by: User, key: str, version: int) -> None:
    """Undo the last step: the finish (a chop, or the prizes of the last knockout) and,
    unless it was a chop, the last knockout with its bounty.

    ``version`` is the tournament's as the page showed it: an undo from a page shown
    before another change is refused, so one tap never undoes two steps.
    """
    with _writing(night_id, by) as (night, tournament):
        if _done(night, key) or _done(night, f"{key}/prizes"):
            return
        if tournament.version != version:
            raise TournamentError("stale")
        if tournament.finished_at is not None:
            chopped = bool(tournament.chop)
            undo_finish(night, tournament, by=by, key=f"{key}/prizes")
            if chopped:
                bump(tournament)
                return
        last = tournament.knockouts.filter(undone_at__isnull=True).order_by("-number").first()
        if last is None:
            raise TournamentError("nothing_to_undo")
        if last.bounty is not None:
            original = last.bounty

            def build(locked: Night) -> Draft:
                return ledger.reversal(original)

            post(
                night_id=night.pk,
                by=by,
                key=key,
                kind=TransactionKind.REVERSAL,
                payload={"transaction": original.pk},
                build=build,
            )
        out = last.out
        out.out_number = None
        out.save(update_fields=["out_number"])
        last.undone_at = timezone.now()
        last.save(update_fields=["undone_at"])
        bump(tournament)
