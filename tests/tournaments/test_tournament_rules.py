"""The tournament's windows and tables, the digital hands' hook, and the group export.

Windows (rebuys, the add-on, late registration) are checked against the level in
play on the server's clock, which the tests move with the host's own buttons.
"""

from __future__ import annotations

import json
import random

import pytest
from django.contrib.auth.models import User
from django.db import transaction
from tourney_helpers import NAMES, plan_tourney, stacks, start

from gamenight.models import Entrant, Night, Tournament
from gamenight.services.group_export import export_group
from gamenight.services.group_import import import_group
from gamenight.services.ledger_check import find_violations
from gamenight.tournaments import clock_moves, play, seat_moves
from gamenight.tournaments.errors import TournamentError
from gamenight.tournaments.hooks import current_blinds, record_stacks, tournament_stacks
from gamenight.tournaments.setup import Setup
from gamenight.tournaments.structures import READY

pytestmark = pytest.mark.django_db

WINDOWS = Setup(
    buy_in=10,
    starting_chips=5_000,
    rebuy=10,
    rebuy_chips=5_000,
    rebuy_until=1,
    add_on=5,
    add_on_chips=3_000,
    add_on_until=2,
    late_until=1,
)


def _move(t, move: str) -> None:  # type: ignore[no-untyped-def]
    version = Tournament.objects.get(night=t.night).version
    clock_moves.move_clock(night_id=t.night.pk, by=t.owner, move=move, version=version)


def test_the_windows_close_with_their_levels() -> None:
    """Rebuys and late registration until level 1, the add-on until level 2: in level 2
    a rebuy and a late entry are refused, the add-on taken once; in level 3 it closes."""
    t = plan_tourney(setup=WINDOWS)
    start(t, ("Anna", "Ben", "Carla"))
    _move(t, "start")
    play.knock_out(
        night_id=t.night.pk, by=t.owner, key="k1", player_id=t.id("Carla"), by_player_id=None
    )
    play.take_rebuy(night_id=t.night.pk, by=t.owner, key="r1", player_id=t.id("Carla"))
    _move(t, "next")  # level 2
    with pytest.raises(TournamentError, match="Rebuys are closed"):
        play.take_rebuy(night_id=t.night.pk, by=t.owner, key="r2", player_id=t.id("Carla"))
    with pytest.raises(TournamentError, match="Late registration is closed"):
        play.register(night_id=t.night.pk, by=t.owner, key="l1", player_id=t.id("Dan"))
    play.add_on(night_id=t.night.pk, by=t.owner, key="a1", player_id=t.id("Anna"))
    with pytest.raises(TournamentError, match="Anna has taken the add-on already"):
        play.add_on(night_id=t.night.pk, by=t.owner, key="a2", player_id=t.id("Anna"))
    _move(t, "next")  # level 3
    with pytest.raises(TournamentError, match="The add-on is closed"):
        play.add_on(night_id=t.night.pk, by=t.owner, key="a3", player_id=t.id("Ben"))
    carla = Entrant.objects.get(player__name="Carla")
    assert (carla.rebuys, carla.is_out, carla.chips) == (1, False, 5_000)
    assert Entrant.objects.get(player__name="Anna").chips == 8_000
    # Paid in: 3 entries of 10, a rebuy of 10, an add-on of 5.
    assert sum(stacks(t.night).values()) == 0


def test_late_registration_seats_the_player_at_the_shorter_table() -> None:
    t = plan_tourney(setup=Setup(buy_in=10, starting_chips=5_000, late_until=2, tables=2))
    start(t, ("Anna", "Ben", "Carla", "Dan", "Eva"))
    counts = {1: 0, 2: 0}
    for e in Entrant.objects.all():
        counts[e.table] += 1
    shorter = min(counts, key=lambda table: (counts[table], table))
    play.register(night_id=t.night.pk, by=t.owner, key="l1", player_id=t.id("Finn"))
    finn = Entrant.objects.get(player__name="Finn")
    assert finn.table == shorter
    assert finn.seat == counts[shorter] + 1
    with pytest.raises(TournamentError, match="Finn is registered already"):
        play.register(night_id=t.night.pk, by=t.owner, key="l2", player_id=t.id("Finn"))


def test_balancing_and_the_final_table() -> None:
    """Six on two tables (3 + 3, three seats a table): two out of one table leave it two
    short, a player moves over (2 + 2); one more out and the three left fit at one."""
    t = plan_tourney(setup=Setup(buy_in=10, starting_chips=1_000, tables=2, seats_per_table=3))
    start(t, NAMES[:6])
    table_one = [e for e in Entrant.objects.select_related("player") if e.table == 1]
    for n, entrant in enumerate(table_one[:2]):
        play.knock_out(
            night_id=t.night.pk,
            by=t.owner,
            key=f"k{n}",
            player_id=entrant.player_id,
            by_player_id=None,
        )
    version = Tournament.objects.get(night=t.night).version
    mover = next(e for e in Entrant.objects.all() if e.table == 2 and not e.is_out)
    seat_moves.move_player(
        night_id=t.night.pk, by=t.owner, player_id=mover.player_id, version=version
    )
    mover.refresh_from_db()
    assert mover.table == 1
    version = Tournament.objects.get(night=t.night).version
    with pytest.raises(TournamentError, match="nobody needs to move"):
        seat_moves.move_player(
            night_id=t.night.pk, by=t.owner, player_id=mover.player_id, version=version
        )
    with pytest.raises(TournamentError, match="do not fit at one table"):
        seat_moves.final_table(
            night_id=t.night.pk, by=t.owner, version=version, rng=random.Random(1)
        )
    last = next(e for e in Entrant.objects.all() if not e.is_out)
    play.knock_out(
        night_id=t.night.pk, by=t.owner, key="k9", player_id=last.player_id, by_player_id=None
    )
    version = Tournament.objects.get(night=t.night).version
    seat_moves.final_table(night_id=t.night.pk, by=t.owner, version=version, rng=random.Random(1))
    left = [e for e in Entrant.objects.all() if not e.is_out]
    assert {e.table for e in left} == {1}
    assert sorted(e.seat for e in left) == [1, 2, 3]
    assert Tournament.objects.get(night=t.night).tables_in_play == 1


def test_current_blinds_follow_the_clock_and_a_break_keeps_the_last_level() -> None:
    t = plan_tourney(structure=READY[1].structure)
    assert current_blinds(t.night) is None  # not started
    start(t, ("Anna", "Ben", "Carla"))
    assert current_blinds(t.night) == (25, 50, 0)
    _move(t, "start")
    for _ in range(4):
        _move(t, "next")  # the break after level 4
    assert current_blinds(t.night) == (150, 300, 0)
    _move(t, "next")
    assert current_blinds(t.night) == (200, 400, 50)
    other = Night.objects.create(group=t.group, date=t.night.date)
    assert current_blinds(other) is None
    assert tournament_stacks(other) is None


def test_tournament_stacks_are_tournament_chips_not_the_ledger() -> None:
    t = plan_tourney()
    start(t, ("Anna", "Ben", "Carla"))
    ids = {n: t.id(n) for n in ("Anna", "Ben", "Carla")}
    assert tournament_stacks(t.night) == dict.fromkeys(ids.values(), 5_000)
    record_stacks(t.night, {ids["Anna"]: 8_000, ids["Ben"]: 2_000})
    assert tournament_stacks(t.night) == {
        ids["Anna"]: 8_000,
        ids["Ben"]: 2_000,
        ids["Carla"]: 5_000,
    }
    assert stacks(t.night) == {"Anna": 0, "Ben": 0, "Carla": 0}  # the ledger never moved


def test_a_group_with_a_tournament_night_travels_whole() -> None:
    t = plan_tourney(setup=Setup(buy_in=10, starting_chips=5_000, bounty=5))
    start(t, ("Anna", "Ben", "Carla"))
    play.knock_out(
        night_id=t.night.pk,
        by=t.owner,
        key="k1",
        player_id=t.id("Carla"),
        by_player_id=t.id("Anna"),
    )
    play.knock_out(
        night_id=t.night.pk, by=t.owner, key="k2", player_id=t.id("Ben"), by_player_id=t.id("Anna")
    )
    text = json.dumps(export_group(t.group))
    with transaction.atomic():
        copy = import_group(json.loads(text), host=User.objects.create(username="new-host"))
    night = Night.objects.get(group=copy)
    places = {e.player.name: e.place for e in Entrant.objects.filter(tournament__night=night)}
    assert places == {"Anna": 1, "Ben": 2, "Carla": 3}
    assert night.tournament.knockouts.count() == 2
    assert find_violations(group_id=copy.pk) == []
