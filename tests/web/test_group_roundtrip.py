"""Measured (issue 17): export of the seeded five-season group, import into a fresh
database, and every player's season totals come back exactly."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import User
from django.db import connection, transaction
from django.test import override_settings

from gamenight.demo import SeedOptions, seed_demo
from gamenight.models import Entry, Group, Night, Player, Season
from gamenight.services.group_export import export_group
from gamenight.services.group_import import import_group, parse
from gamenight.services.ledger_check import find_violations
from gamenight.services.scoring import ScoringRule, preset
from gamenight.services.standings import season_standings

# The five-season group the league tests seed (tests/web/test_league_pages.py).
FIVE_SEASONS = SeedOptions(seasons=5, nights=3, games=6, players=7, username="league-host")

Totals = dict[str, list[tuple[object, ...]]]


def season_totals(group: Group) -> Totals:
    """Per season (by name): each player's net, nights played and won, best and worst
    night, longest run and points by the season's own rule, by chips and by points."""
    totals: Totals = {}
    for season in Season.objects.filter(group=group).order_by("starts_on"):
        for rule in (ScoringRule(), ScoringRule.from_json(season.scoring)):
            rows = season_standings(season, rule=rule).rows
            totals.setdefault(season.name, []).extend(
                (
                    r.name,
                    r.net,
                    r.nights_played,
                    r.nights_won,
                    r.points,
                    r.best_net,
                    r.worst_net,
                    r.longest_run,
                    tuple(r.running),
                )
                for r in rows
            )
    return totals


def _round_trip() -> None:
    with transaction.atomic():
        seeded = seed_demo(FIVE_SEASONS)
        classic = preset("classic")
        assert classic is not None
        # Each season keeps its own scoring rule; the import must carry it.
        Season.objects.filter(group=seeded.group).update(scoring=classic.to_json())
        before = season_totals(seeded.group)
        entries = Entry.objects.filter(transaction__group=seeded.group).count()
        text = json.dumps(export_group(seeded.group))
        transaction.set_rollback(True)  # the database is empty again: a fresh installation
    assert not Group.objects.exists()
    assert not Entry.objects.exists()
    assert len(before) == 5
    assert all(rows for rows in before.values())
    assert any(row[4] for rows in before.values() for row in rows), "no points were given"

    host = User.objects.create(username="other-installation-host")
    copied = import_group(parse(text.encode()), host=host)

    assert season_totals(copied) == before
    assert Entry.objects.filter(transaction__group=copied).count() == entries
    assert Night.objects.filter(group=copied).count() == 5 * 3
    assert Player.objects.filter(group=copied).count() == 7
    assert find_violations(group_id=copied.pk) == []


@pytest.mark.django_db
def test_the_five_season_group_survives_export_and_import_into_a_fresh_database() -> None:
    _round_trip()


@pytest.mark.postgres
def test_the_round_trip_holds_on_postgres_where_the_ledger_is_checked_at_commit(
    on_postgres: None,
) -> None:
    """PostgreSQL's guards differ (an entry's transaction by xmin, the sum at commit)."""
    assert connection.vendor == "postgresql"
    _round_trip()


@pytest.mark.postgres
def test_the_round_trip_holds_on_postgres_with_every_unit_a_batch_of_its_own(
    on_postgres: None,
) -> None:
    """Each batch commits on its own (issue 22): every ledger transaction must be whole
    in its batch, or PostgreSQL's sum-at-commit check refuses it."""
    with override_settings(GROUP_IMPORT_BATCH_MS=0, GROUP_IMPORT_PAUSE_MS=0):
        _round_trip()
