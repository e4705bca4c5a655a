"""A PokerNow ledger CSV imported as a closed night (issue 17), through the ledger's services."""

from __future__ import annotations

import datetime

import pytest
from django.utils import translation
from helpers.people import Members, make_members
from ledger_helpers import assert_ledger_consistent

from gamenight import services
from gamenight.models import (
    Account,
    AccountKind,
    Night,
    NightStatus,
    Player,
    Transaction,
    TransactionKind,
)
from gamenight.reports import build
from gamenight.reports.night import ledger_rows
from gamenight.services import pokernow
from gamenight.services.ledger_check import find_violations
from gamenight.services.pokernow import PokerNowError
from gamenight.services.standings import season_standings

HEADER = "player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,net\n"
LEDGER = HEADER + (
    "anna,p1,2026-11-20T19:02:03.000Z,2026-11-20T22:00:00.000Z,100,0,0,-100\n"
    "anna,p1,2026-11-20T20:15:00.000Z,2026-11-21T00:30:00.000Z,100,150,0,50\n"
    "Ben,p2,2026-11-20T19:01:00.000Z,2026-11-21T00:30:00.000Z,200,0,330,130\n"
    "Carla,p3,2026-11-20T19:05:00.000Z,2026-11-21T00:30:00.000Z,100,20,0,-80\n"
)


@pytest.fixture
def members(db: None) -> Members:
    members = make_members()
    services.add_player(group_id=members.group.pk, by=members.owner, name="Anna")
    return members


def test_rebuys_are_summed_and_nicknames_matched_to_players(members: Members) -> None:
    preview = pokernow.read(LEDGER, group=members.group)
    assert [(p.nickname, p.buy_in, p.net) for p in preview.players] == [
        ("anna", 200, -50),
        ("Ben", 200, 130),
        ("Carla", 100, -80),
    ]
    anna = Player.objects.get(group=members.group, name="Anna")
    assert [p.match for p in preview.players] == [anna.pk, None, None]
    assert str(preview.date) == "2026-11-20"


def test_the_import_books_a_closed_night_whose_nets_are_the_ledgers(members: Members) -> None:
    group, host = members.group, members.owner
    season = services.create_season(
        group_id=group.pk, by=host, name="2026", starts_on=datetime.date(2026, 1, 1)
    )
    preview = pokernow.read(LEDGER, group=group)
    night = pokernow.import_night(
        group_id=group.pk,
        by=host,
        text=LEDGER,
        choices=[p.match for p in preview.players],
        season_id=season.pk,
    )
    assert night.status == NightStatus.CLOSED
    assert night.date.isoformat() == "2026-11-20"
    nets = {r.name: r.net for r in season_standings(season).rows}
    assert nets == {"Anna": -50, "Ben": 130, "Carla": -80}
    # Ben and Carla were new; Anna is the group's Anna.
    assert Player.objects.filter(group=group).count() == 3
    games = Transaction.objects.filter(night=night, kind=TransactionKind.TABLE_HAND)
    assert games.count() == 1
    assert sorted(e.amount for e in games.get().entries.all()) == [-80, -50, 130]
    # Every stack was cashed out: the chips went back where they came from.
    stacks = Account.objects.filter(night=night, kind=AccountKind.STACK)
    assert all(a.balance == 0 for a in stacks)
    assert find_violations(group_id=group.pk) == []
    assert_ledger_consistent(group)
    # The night's report builds like any other's, its memos in the reader's language.
    assert build.build_night(night.pk) == "built"
    with translation.override("de"):
        memos = {row.reason for row in ledger_rows([night.pk])}
    assert "Ergebnis des Abends bei PokerNow" in memos


def test_the_same_ledger_twice_is_refused(members: Members) -> None:
    group, host = members.group, members.owner
    pokernow.import_night(group_id=group.pk, by=host, text=LEDGER, choices=[None, None, None])
    nights = Night.objects.filter(group=group).count()
    again = LEDGER.replace("\n", "\r\n")  # the same file, saved on another computer
    with pytest.raises(PokerNowError, match="already imported"):
        pokernow.read(again, group=group)
    with pytest.raises(PokerNowError, match="already imported"):
        pokernow.import_night(group_id=group.pk, by=host, text=again, choices=[None] * 3)
    assert Night.objects.filter(group=group).count() == nights


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "no rows"),
        ("name,chips\nanna,3\n", "columns"),
        (HEADER, "no rows"),
        (HEADER + "anna,p1,,,100,0,0,-100\nben,p2,,,100,0,190,90\n", "sum to -10"),
        (HEADER + "anna,p1,,,100,0,0,x\nben,p2,,,100,0,200,100\n", "whole number"),
        (HEADER + "anna,p1,,,100,0,0,-10.5\nben,p2,,,100,0,0,10.5\n", "whole number"),
        (HEADER + "anna,p1,,,100,0,0,-300\nben,p2,,,100,0,400,300\n", "more than"),
        (HEADER + "anna,p1,,,0,0,0,0\n", "at least two"),
        (HEADER + ",p1,,,100,0,0,-100\nben,p2,,,100,0,200,100\n", "nickname"),
        (HEADER + "a\x00b,p1,,,100,0,0,-100\nben,p2,,,100,0,200,100\n", "nickname"),
        (HEADER + "x" * 61 + ",p1,,,100,0,0,-100\nben,p2,,,100,0,200,100\n", "too long"),
    ],
)
def test_a_bad_ledger_is_refused_with_a_reason_and_writes_nothing(
    members: Members, text: str, message: str
) -> None:
    with pytest.raises(PokerNowError, match=message):
        pokernow.read(text, group=members.group)
    with pytest.raises(PokerNowError, match=message):
        pokernow.import_night(
            group_id=members.group.pk, by=members.owner, text=text, choices=[None, None]
        )
    assert not Night.objects.filter(group=members.group).exists()


def test_two_nicknames_on_one_player_or_another_groups_player_are_refused(
    members: Members,
) -> None:
    group, host = members.group, members.owner
    anna = Player.objects.get(group=group, name="Anna")
    with pytest.raises(PokerNowError, match="both"):
        pokernow.import_night(
            group_id=group.pk, by=host, text=LEDGER, choices=[anna.pk, anna.pk, None]
        )
    other = Player.objects.create(group=services.create_group(name="X", host=host), name="Z")
    with pytest.raises(PokerNowError, match="not a player of this group"):
        pokernow.import_night(
            group_id=group.pk, by=host, text=LEDGER, choices=[other.pk, None, None]
        )
    with pytest.raises(PokerNowError, match="for every PokerNow player"):
        pokernow.import_night(group_id=group.pk, by=host, text=LEDGER, choices=[None])
    assert not Night.objects.filter(group=group).exists()
    assert Player.objects.filter(group=group).count() == 1


def test_only_the_host_imports(members: Members) -> None:
    from django.core.exceptions import PermissionDenied
    from django.http import Http404

    with pytest.raises(PermissionDenied):
        pokernow.import_night(
            group_id=members.group.pk, by=members.cohost, text=LEDGER, choices=[None] * 3
        )
    with pytest.raises(Http404):
        pokernow.import_night(
            group_id=members.group.pk, by=members.outsider, text=LEDGER, choices=[None] * 3
        )
