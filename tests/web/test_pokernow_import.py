"""A PokerNow ledger CSV imported as a closed night (issue 17), through the ledger's services."""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any

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
from gamenight.reports.night import ledger_rows, night_figures
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
        (HEADER + "anna,p1,,,100,0,0,x\nben,p2,,,100,0,200,100\n", "not an amount"),
        (HEADER + "anna,p1,,,100,0,0,-\u0661\u0660\nben,p2,,,100,0,0,10\n", "not an amount"),
        (HEADER + "anna,p1,,,100,0,0,-1e3\nben,p2,,,100,0,0,1e3\n", "not an amount"),
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


def test_another_groups_player_or_a_missing_choice_is_refused(members: Members) -> None:
    group, host = members.group, members.owner
    other = Player.objects.create(group=services.create_group(name="X", host=host), name="Z")
    with pytest.raises(PokerNowError, match="not a player of this group"):
        pokernow.import_night(
            group_id=group.pk, by=host, text=LEDGER, choices=[other.pk, None, None]
        )
    with pytest.raises(PokerNowError, match="for every PokerNow player"):
        pokernow.import_night(group_id=group.pk, by=host, text=LEDGER, choices=[None])
    with pytest.raises(PokerNowError, match="at least two players"):
        pokernow.import_night(group_id=group.pk, by=host, text=LEDGER, choices=["Ben"] * 3)
    assert not Night.objects.filter(group=group).exists()
    assert Player.objects.filter(group=group).count() == 1


def test_a_person_under_two_pokernow_ids_is_booked_as_one_player(members: Members) -> None:
    """Issue 23: anna came back as "Anna2" under a new id; the host books both as Anna
    (the import refused two ids on one player). Their buy-ins and nets are summed."""
    group, host = members.group, members.owner
    text = LEDGER + "Anna2,p9,2026-11-20T23:00:00.000Z,,50,0,80,30\n"
    text = text.replace(
        "Carla,p3,2026-11-20T19:05:00.000Z,2026-11-21T00:30:00.000Z,100,20,0,-80",
        "Carla,p3,2026-11-20T19:05:00.000Z,2026-11-21T00:30:00.000Z,150,40,0,-110",
    )
    anna = Player.objects.get(group=group, name="Anna")
    preview = pokernow.read(text, group=group)
    assert [p.nickname for p in preview.players] == ["anna", "Ben", "Carla", "Anna2"]
    booked = pokernow.book(group, preview, [anna.pk, None, None, anna.pk], None)
    assert [(b.name, b.nicknames, b.buy_in, b.net) for b in booked] == [
        ("Anna", ("anna", "Anna2"), 250, -20),
        ("Ben", ("Ben",), 200, 130),
        ("Carla", ("Carla",), 150, -110),
    ]
    night = pokernow.import_night(
        group_id=group.pk, by=host, text=text, choices=[anna.pk, None, None, anna.pk]
    )
    nets = {r.name: r.net for r in night_results(night)}
    assert nets == {"Anna": -20, "Ben": 130, "Carla": -110}
    # Two ids named as one new player are one new player too.
    assert Player.objects.filter(group=group).count() == 3
    assert_ledger_consistent(group)


def night_results(night: Night) -> list[Any]:
    rows = night_figures(night, chip_value_cents=None).data["results"]
    return [type("Row", (), {"name": r["name"], "net": r["result"]}) for r in rows]


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


# ---------------------------------------------------------------- issue 23: scale and season


def matched(text: str, group: Any) -> list[pokernow.Target]:
    """Each id as the preview first offers it: the group's player of its name, or new."""
    return [p.match for p in pokernow.read(text, group=group).players]


NOV_27 = HEADER + (
    "anna,p1,2026-11-27T19:00:00.000Z,2026-11-27T23:00:00.000Z,1000,0,0,-1000\n"
    "Ben,p2,2026-11-27T19:00:00.000Z,2026-11-27T23:00:00.000Z,1000,2370,0,1370\n"
    "Carla,p3,2026-11-27T19:00:00.000Z,2026-11-27T23:00:00.000Z,1000,630,0,-370\n"
)


def test_the_chip_scale_books_pokernows_1000_chip_night_at_the_tables_50(
    members: Members,
) -> None:
    """Issue 23: the night was booked at PokerNow's scale (1,000-chip stacks) and topped
    the standings. At 20 PokerNow chips a chip: nets 68.5, -18.5 and -50 are made whole
    so that they still sum to zero (the larger remainder first: Ben's, in file order)."""
    group, host = members.group, members.owner
    night = pokernow.import_night(
        group_id=group.pk, by=host, text=NOV_27, choices=matched(NOV_27, group), scale=Decimal(20)
    )
    results = {r["name"]: r for r in night_figures(night, chip_value_cents=None).data["results"]}
    assert {n: r["result"] for n, r in results.items()} == {"Anna": -50, "Ben": 69, "Carla": -19}
    assert {n: r["bought_in"] for n, r in results.items()} == {"Anna": 50, "Ben": 50, "Carla": 50}
    assert night.starting_stack == 50
    preview = pokernow.read(NOV_27.replace("p1", "p7"), group=group)  # another file
    booked = pokernow.book(group, preview, [None] * 3, Decimal(20))
    assert [(b.net, b.rounded, str(b.exact)) for b in booked] == [
        (-50, False, "-50"),
        (69, True, "137/2"),
        (-19, True, "-37/2"),
    ]
    assert_ledger_consistent(group)


CENTS = HEADER + (
    "anna,p1,2026-11-27T19:00:00.000Z,,20.00,0,0,-12.50\n"
    "Ben,p2,2026-11-27T19:00:00.000Z,,20.00,0,37.80,17.80\n"
    "Carla,p3,2026-11-27T19:00:00.000Z,,10.00,0,4.70,-5.30\n"
)


def test_cents_mode_is_detected_and_booked_at_the_scale_given(members: Members) -> None:
    group, host = members.group, members.owner
    preview = pokernow.read(CENTS, group=group)
    assert preview.cents
    with pytest.raises(PokerNowError, match="cents"):
        pokernow.import_night(group_id=group.pk, by=host, text=CENTS, choices=matched(CENTS, group))
    assert not Night.objects.filter(group=group).exists()
    night = pokernow.import_night(
        group_id=group.pk, by=host, text=CENTS, choices=matched(CENTS, group), scale=Decimal("0.10")
    )
    results = night_figures(night, chip_value_cents=None).data["results"]
    assert {r["name"]: r["result"] for r in results} == {"Anna": -125, "Ben": 178, "Carla": -53}
    assert not pokernow.read(LEDGER.replace("p1", "p8"), group=group).cents


def test_the_night_goes_into_the_season_its_date_falls_in(members: Members) -> None:
    """Issue 23: a night of 27 Nov went into a season starting 1 Dec."""
    group, host = members.group, members.owner
    winter = services.create_season(
        group_id=group.pk, by=host, name="Winter", starts_on=datetime.date(2026, 12, 1)
    )
    with pytest.raises(PokerNowError, match="not in the season Winter"):
        pokernow.import_night(
            group_id=group.pk,
            by=host,
            text=NOV_27,
            choices=matched(NOV_27, group),
            season_id=winter.pk,
        )
    assert not Night.objects.filter(group=group).exists()
    night = pokernow.import_night(
        group_id=group.pk, by=host, text=NOV_27, choices=matched(NOV_27, group), new_season=True
    )
    made = night.season
    assert made is not None
    assert (made.name, made.starts_on, made.ends_on) == (
        "2026",
        datetime.date(2026, 11, 27),
        datetime.date(2026, 11, 30),
    )
    # A season that covers the date is the one taken, not a new one.
    again = NOV_27.replace("2026-11-27T19", "2026-11-28T19").replace("p1", "p5")
    second = pokernow.import_night(
        group_id=group.pk, by=host, text=again, choices=matched(again, group), new_season=True
    )
    assert second.season == made
    assert second.date == datetime.date(2026, 11, 28)
