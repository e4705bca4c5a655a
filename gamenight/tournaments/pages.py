"""The tournament's pages: the host's page (the clock and its buttons, who is in and
out, knockouts, entries, tables, payouts, the chop), the setup and the clock.

Members who may only view see the same page without the buttons.
"""

from __future__ import annotations

import random
import uuid
from collections import Counter
from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext

from gamenight.models import (
    DigitalHand,
    Entrant,
    HandStatus,
    Membership,
    Night,
    NightStatus,
    Player,
    Tournament,
)
from gamenight.services.next_night import coming_ids
from gamenight.tournaments import seating
from gamenight.tournaments.clock_page import chips, clock_context, group_chips
from gamenight.tournaments.finish import Share, places_and_prizes
from gamenight.tournaments.forms import KnockoutForm, PlayerPickForm, StartForm
from gamenight.tournaments.models_access import entrants_of
from gamenight.tournaments.setup import Setup
from gamenight.tournaments.status import Snapshot, snapshot
from gamenight.tournaments.structures import expected_length


@dataclass(frozen=True)
class Row:
    """An entrant as the host's list shows them, with the buttons that fit them now."""

    entrant: Entrant
    place: int | None
    knockouts: int
    prize: str
    rebuy: bool = False
    add_on: bool = False
    # The tournament chips as last known (the start, rebuys, add-on, digital hands);
    # empty for a player who is out or once the tournament is over.
    stack: str = ""


def tournament_of(night: Night) -> Tournament | None:
    return Tournament.objects.filter(night=night).first()


def _rows(snap: Snapshot, entrants: list[Entrant], *, stacks: bool) -> list[Row]:
    """``stacks``: show each player's chips (known once the app has dealt a hand; with
    real cards they are the starting chips, which would mislead)."""
    live = snap.tournament.knockouts.filter(undone_at__isnull=True)
    won = Counter(live.exclude(by=None).values_list("by_id", flat=True))
    shares = {s.entrant.pk: s for s in places_and_prizes(snap, entrants)} if entrants else {}
    rows = []
    for entrant in entrants:
        share: Share | None = shares.get(entrant.pk)
        place = (
            entrant.place if snap.finished else (share.place if entrant.is_out and share else None)
        )
        prize = entrant.prize if snap.finished else 0
        rows.append(
            Row(
                entrant=entrant,
                place=place,
                knockouts=won.get(entrant.pk, 0),
                prize=group_chips(prize, snap.tournament.night.group) if prize else "",
                # A rebuy brings a player who is out back in; the add-on is for one still in.
                rebuy=snap.rebuy_open and entrant.is_out,
                add_on=snap.add_on_open and not entrant.is_out and not entrant.add_on,
                stack=chips(entrant.chips) if stacks and not entrant.is_out else "",
            )
        )
    return sorted(
        rows,
        key=lambda r: (
            r.place is not None,
            r.place or 0,
            r.entrant.table,
            r.entrant.seat,
        ),
    )


def _hands_dealt(night: Night) -> bool:
    return DigitalHand.objects.filter(night=night, status=HandStatus.FINISHED).exists()


def tournament_context(night: Night, membership: Membership, **given: Any) -> dict[str, Any]:
    """Everything tournaments/tournament.html shows; ``given`` are refused forms and
    messages shown again."""
    tournament = tournament_of(night)
    context: dict[str, Any] = {
        "night": night,
        "membership": membership,
        "may_record": membership.may_record,
        "tournament": tournament,
        "error": given.get("error"),
    }
    if tournament is None:
        return context
    entrants = entrants_of(tournament)
    snap = snapshot(tournament, entrants, timezone.now())
    group = night.group
    in_play = [e for e in entrants if not e.is_out]
    players_in = [e.player for e in in_play]
    context.update(
        snap=snap,
        version=tournament.version,
        started=bool(entrants),
        rows=_rows(snap, entrants, stacks=not snap.finished and _hands_dealt(night)),
        pool=group_chips(snap.pool, group),
        bounty=group_chips(snap.setup.bounty, group) if snap.setup.bounties else "",
        prizes=[(n, group_chips(p, group)) for n, p in enumerate(snap.prizes, start=1)],
        chips_in_play=chips(snap.chips_in_play),
        knockouts=list(
            tournament.knockouts.filter(undone_at__isnull=True)
            .select_related("out__player", "by__player")
            .order_by("-number")
        ),
        undo_key=uuid.uuid4().hex,
    )
    setup = snap.setup
    context.update(
        entry_price=group_chips(setup.buy_in, group),
        # What registering costs: the buy-in and, with bounties, the bounty.
        registration_price=group_chips(setup.entry_price, group),
        starting_chips=chips(setup.starting_chips),
        rebuy_price=group_chips(setup.rebuy_price, group),
        rebuy_chips=chips(setup.rebuy_chips),
        add_on_price=group_chips(setup.add_on, group),
        add_on_chips=chips(setup.add_on_chips),
    )
    if entrants and night.status == NightStatus.RUNNING:
        # The clock's part (tournaments/_clock.html) reads its names from the page's.
        context.update(
            clock_context(
                night,
                snap,
                state_url=reverse("tournaments:clock_state", args=[night.pk]),
                events_url=reverse("night_events", args=[night.pk]),
                big=False,
            ),
            clock=True,
        )
    if not membership.may_record:
        return context
    if night.status == NightStatus.PLANNED:
        context["start_form"] = given.get("start_form") or _start_form(night)
        return context
    if snap.finished or night.status != NightStatus.RUNNING:
        return context
    broke = {e.player_id for e in in_play if e.chips == 0}  # a digital hand emptied them
    knockout_form = given.get("knockout_form") or KnockoutForm(players=players_in, broke=broke)
    if setup.bounties:
        knockout_form.fields["by"].label = gettext("Knocked out by (takes the bounty)")
    entered = {e.player_id for e in entrants}
    late = [p for p in night.group.players.coming() if p.pk not in entered]
    chop_chips = given.get("chop_chips", {})
    context.update(
        knockout_form=knockout_form,
        register_form=(given.get("register_form") or PlayerPickForm(players=late))
        if snap.late_open and late
        else None,
        rebuy_open=snap.rebuy_open,
        add_on_open=snap.add_on_open,
        entry_key=uuid.uuid4().hex,
        undo=_undo_label(tournament, context["knockouts"]),
        chop=_chop_rows(given.get("chop"), group),
        chop_kind=given.get("chop_kind", "icm"),
        chop_kind_given="chop_kind" in given,
        chop_inputs=[(e, chop_chips.get(e.pk) or None) for e in in_play],
        chop_chips=chop_chips,
        chop_key=uuid.uuid4().hex,
        can_chop=len(in_play) >= 2,
    )
    context.update(_tables(tournament, entrants))
    return context


def _undo_label(tournament: Tournament, knockouts: list[Any]) -> str:
    """What the undo button takes back: the chop, or the last knockout."""
    if tournament.finished_at is not None and tournament.chop:
        return gettext("Undo the chop")
    if knockouts:
        return gettext("Undo: %(name)s out") % {"name": knockouts[0].out.player.name}
    return ""


def _chop_rows(chop: Any, group: Any) -> dict[str, Any] | None:
    """The chop's preview as the page lists it: place, name, chips and what they take."""
    if not chop:
        return None
    rows = []
    for share in chop["shares"]:
        prize = group_chips(share.prize, group) if share.prize else "\u2013"
        if share.bounty:
            prize = gettext("%(prize)s + own bounty %(bounty)s") % {
                "prize": prize,
                "bounty": group_chips(share.bounty, group),
            }
        rows.append(
            {
                "place": share.place,
                "name": share.entrant.player.name,
                "chips": chips(share.chips) if share.chips else "",
                "prize": prize,
            }
        )
    return {**chop, "rows": rows}


def _start_form(night: Night) -> StartForm:
    players = list(night.group.players.coming())
    coming = coming_ids(night)
    form = StartForm(players=players)
    form.initial["players"] = [p.pk for p in players if not coming or p.pk in coming]
    return form


def _tables(tournament: Tournament, entrants: list[Entrant]) -> dict[str, Any]:
    """The balancing prompt (who may move, one suggested) and the final table's."""
    places = {e.player_id: seating.Place(e.table, e.seat) for e in entrants if not e.is_out}
    move = seating.balance(places, tables=tournament.tables_in_play)
    found: dict[str, Any] = {"balance": None, "final_table": False}
    if move is not None:
        movers = [e.player for e in entrants if not e.is_out and e.table == move.from_table]
        # The same suggestion on every view of this state: seeded by the version.
        suggested = seating.suggest_mover(places, move, random.Random(tournament.version))
        found["balance"] = {"move": move, "players": movers, "suggested": suggested}
    seats = Setup.from_json(tournament.setup).seats_per_table
    found["final_table"] = tournament.tables_in_play > 1 and seating.final_table_due(places, seats)
    found["tables"] = tables_view(entrants, tournament.tables_in_play)
    return found


def tables_view(entrants: list[Entrant], tables: int) -> list[tuple[int, list[Entrant]]]:
    """The players still in, table by table, seat by seat."""
    return [
        (t, sorted((e for e in entrants if e.table == t and not e.is_out), key=lambda e: e.seat))
        for t in range(1, tables + 1)
    ]


def expected_lengths(snap_setup: Any, structure: Any, players: int) -> list[tuple[int, Any]]:
    """The expected length for the players coming (or 6, 8 and 10 when unknown)."""
    counts = [players] if players >= 2 else [6, 8, 10]
    return [(n, expected_length(structure, n * snap_setup.starting_chips)) for n in counts]


def coming_players(night: Night) -> list[Player]:
    ids = coming_ids(night)
    return [p for p in night.group.players.coming() if p.pk in ids]
