"""Rename, merge and hide players (issue 17): the numbers before and after, the refusals."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.core.management import call_command
from django.test import Client
from helpers.people import make_user

from engine.hands.showdown import HostRanking
from gamenight import services
from gamenight.models import Entry, Group, Night, NightReport, Player, PlayerMerge, Role, Season
from gamenight.models import Transaction as Tx
from gamenight.reports import build
from gamenight.services.people import PeopleError, merge_players, rename_player, set_hidden
from gamenight.services.scoring import ScoringRule
from gamenight.services.standings import (
    StandingRow,
    player_history,
    player_summary,
    season_standings,
)


@dataclass
class League:
    group: Group
    season: Season
    players: dict[str, Player]
    nights: list[Night]
    owner: User
    cohost: User
    viewer: User
    outsider: User
    other: Player
    """A player of another group."""

    def pid(self, name: str) -> int:
        return self.players[name].pk


def _hand(night: Night, by: User, key: str, put_in: dict[int, int], order: list[int]) -> None:
    services.record_table_hand(
        night_id=night.pk,
        by=by,
        key=key,
        hand=services.TableHandInput(
            game="seven-card-stud",
            put_in=put_in,
            showdown=HostRanking(groups=tuple((p,) for p in order)),
        ),
    )


@pytest.fixture
def league(db: None) -> League:
    return make_league()


def make_league() -> League:
    """ "Anna B" is Anna entered twice. Night 1: Anna, Ben, Carla (Ben wins 10 of each);
    night 2: Anna B and Ben (Anna B wins 7); night 3: Anna and Carla (Anna wins 4)."""
    owner, cohost, viewer, outsider = (make_user(n) for n in ("o", "c", "v", "x"))
    group = services.create_group(name="Friday", host=owner)
    for user, role in ((cohost, Role.COHOST), (viewer, Role.PLAYER)):
        services.join_group(token=group.invite_token, user=user)
        services.set_role(group_id=group.pk, by=owner, user=user, role=role)
    elsewhere = services.create_group(name="Other", host=outsider)
    other = services.add_player(group_id=elsewhere.pk, by=outsider, name="Anna")
    players = {
        n: services.add_player(group_id=group.pk, by=owner, name=n)
        for n in ("Anna", "Anna B", "Ben", "Carla")
    }
    season = services.create_season(
        group_id=group.pk,
        by=owner,
        name="2026",
        starts_on=datetime.date(2026, 1, 1),
        scoring=ScoringRule(places=(10, 7, 5), taking_part=1).to_json(),
    )
    a, ab, b, c = (players[n].pk for n in ("Anna", "Anna B", "Ben", "Carla"))
    tables = [
        ([a, b, c], {a: 10, b: 10, c: 10}, [b, a, c]),
        ([ab, b], {ab: 7, b: 7}, [ab, b]),
        ([a, c], {a: 4, c: 4}, [a, c]),
    ]
    nights = []
    for day, (seated, put_in, order) in enumerate(tables, start=1):
        night = services.create_night(
            group_id=group.pk, by=owner, date=datetime.date(2026, 3, day), season_id=season.pk
        )
        services.start_night(night_id=night.pk, by=owner, key=f"s{day}", players=seated)
        _hand(night, owner, f"h{day}", put_in, order)
        services.end_night(night_id=night.pk, by=owner)
        nights.append(night)
    return League(group, season, players, nights, owner, cohost, viewer, outsider, other)


def _rows(season: Season) -> dict[str, StandingRow]:
    rule = ScoringRule.from_json(season.scoring)
    return {r.name: r for r in season_standings(season, rule=rule).rows}


def _ledger() -> list[tuple[object, ...]]:
    entries = Entry.objects.order_by("pk").values_list(
        "pk", "transaction_id", "account_id", "amount"
    )
    txs = Tx.objects.order_by("pk").values_list("pk", "kind", "night_id", "summary")
    return [*entries, *txs]


# ---------------------------------------------------------------- merge


def test_a_merge_sums_the_two_rows_of_the_standings_exactly(league: League) -> None:
    before = _rows(league.season)
    anna, dup = before["Anna"], before["Anna B"]
    assert (anna.net, dup.net) == (-10 + 4, 7)  # pinned: the fixture's story
    merge_players(
        group_id=league.group.pk,
        kept_id=league.pid("Anna"),
        merged_id=league.pid("Anna B"),
        by=league.owner,
    )
    after = _rows(league.season)
    assert set(after) == {"Anna", "Ben", "Carla"}
    one = after["Anna"]
    assert one.player_id == league.pid("Anna")
    assert one.net == anna.net + dup.net
    assert one.nights_played == anna.nights_played + dup.nights_played == 3
    assert one.nights_won == anna.nights_won + dup.nights_won == 2
    assert one.points == anna.points + dup.points
    for name in ("Ben", "Carla"):  # nobody else moves
        assert (after[name].net, after[name].points) == (before[name].net, before[name].points)


def test_a_merge_changes_no_ledger_row_and_the_ledger_checks(league: League) -> None:
    rows = _ledger()
    merge_players(
        group_id=league.group.pk,
        kept_id=league.pid("Anna"),
        merged_id=league.pid("Anna B"),
        by=league.owner,
    )
    assert _ledger() == rows
    out = StringIO()
    call_command("check_ledger", stdout=out)  # raises CommandError on any problem
    assert "the ledger is sound" in out.getvalue()


def test_the_kept_players_page_reads_as_one_person(league: League) -> None:
    merge_players(
        group_id=league.group.pk,
        kept_id=league.pid("Anna"),
        merged_id=league.pid("Anna B"),
        by=league.owner,
    )
    anna = Player.objects.get(pk=league.pid("Anna"))
    nights = player_history(anna)
    assert [n.date.day for n in nights] == [3, 2, 1]
    assert sum(n.net for n in nights) == -10 + 7 + 4
    summary = player_summary(anna, nights)
    assert (summary.nights_played, summary.nights_won, summary.longest_run) == (3, 2, 2)
    assert [(g.game, g.played, g.won) for g in summary.games] == [("seven-card-stud", 3, 2)]


def test_a_merge_is_recorded_once_however_often_it_is_sent(league: League) -> None:
    args = {
        "group_id": league.group.pk,
        "kept_id": league.pid("Anna"),
        "merged_id": league.pid("Anna B"),
        "by": league.owner,
    }
    first = merge_players(**args)  # type: ignore[arg-type]
    again = merge_players(**args)  # type: ignore[arg-type]
    assert first.pk == again.pk
    assert PlayerMerge.objects.count() == 1
    assert (first.merged_name, first.kept_name, first.by) == ("Anna B", "Anna", league.owner)
    assert first.moved == {"nights": 1, "chips": 7, "seasons": ["2026"]}
    merged = Player.objects.get(pk=league.pid("Anna B"))
    assert merged.merged_into_id == league.pid("Anna")


def test_players_who_sat_at_the_same_night_are_not_merged(league: League) -> None:
    rows = _rows(league.season)
    with pytest.raises(PeopleError, match="both sat at the night of 03/01/2026"):
        merge_players(
            group_id=league.group.pk,
            kept_id=league.pid("Anna"),
            merged_id=league.pid("Ben"),
            by=league.owner,
        )
    assert not PlayerMerge.objects.exists()
    assert Player.objects.get(pk=league.pid("Ben")).merged_into_id is None
    assert {n: r.net for n, r in _rows(league.season).items()} == {
        n: r.net for n, r in rows.items()
    }


def test_a_player_is_not_merged_into_itself_nor_across_groups(league: League) -> None:
    anna = league.pid("Anna")
    with pytest.raises(PeopleError, match="into themselves"):
        merge_players(group_id=league.group.pk, kept_id=anna, merged_id=anna, by=league.owner)
    with pytest.raises(PeopleError, match="not in this group"):
        merge_players(
            group_id=league.group.pk, kept_id=anna, merged_id=league.other.pk, by=league.owner
        )
    with pytest.raises(PeopleError, match="not in this group"):
        merge_players(
            group_id=league.other.group_id,
            kept_id=league.other.pk,
            merged_id=anna,
            by=league.outsider,
        )
    assert not PlayerMerge.objects.exists()


@pytest.mark.parametrize("who", ["cohost", "viewer"])
def test_only_the_host_merges(league: League, who: str) -> None:
    with pytest.raises(PermissionDenied):
        merge_players(
            group_id=league.group.pk,
            kept_id=league.pid("Anna"),
            merged_id=league.pid("Anna B"),
            by=getattr(league, who),
        )
    assert not PlayerMerge.objects.exists()


def test_the_night_report_built_before_a_merge_reads_the_kept_player(
    league: League, client: Client
) -> None:
    second = league.nights[1]
    assert build.build_night(second.pk) == "built"
    merge_players(
        group_id=league.group.pk,
        kept_id=league.pid("Anna"),
        merged_id=league.pid("Anna B"),
        by=league.owner,
    )
    client.force_login(league.owner)
    page = client.get(f"/nights/{second.pk}/report/").content.decode()
    assert "Anna B" not in page
    assert f"/players/{league.pid('Anna')}/" in page
    assert NightReport.objects.get(night=second).data["results"][0]["name"] == "Anna B"


# ---------------------------------------------------------------- rename


def test_a_rename_shows_everywhere_old_nights_and_reports_included(
    league: League, client: Client
) -> None:
    first = league.nights[0]
    assert build.build_night(first.pk) == "built"
    rename_player(
        group_id=league.group.pk, player_id=league.pid("Ben"), by=league.cohost, name=" Benjamin "
    )
    assert "Benjamin" in _rows(league.season)
    client.force_login(league.viewer)
    report = client.get(f"/nights/{first.pk}/report/").content.decode()
    assert "Benjamin" in report
    assert ">Ben<" not in report
    assert "Ben " not in report.replace("Benjamin", "")
    night = client.get(f"/nights/{first.pk}/").content.decode()
    assert "Benjamin" in night
    player = client.get(
        f"/groups/{league.group.pk}/players/{league.pid('Ben')}/history/"
    ).content.decode()
    assert "<h1>Benjamin</h1>" in player


def test_a_name_another_player_has_is_refused(league: League) -> None:
    with pytest.raises(PeopleError, match="already a player called Carla"):
        rename_player(
            group_id=league.group.pk, player_id=league.pid("Ben"), by=league.owner, name="Carla"
        )
    assert Player.objects.get(pk=league.pid("Ben")).name == "Ben"


def test_a_merged_players_old_name_is_free_and_the_kept_name_follows_a_rename(
    league: League,
) -> None:
    merge_players(
        group_id=league.group.pk,
        kept_id=league.pid("Anna"),
        merged_id=league.pid("Anna B"),
        by=league.owner,
    )
    rename_player(
        group_id=league.group.pk, player_id=league.pid("Anna"), by=league.owner, name="Anna B"
    )
    assert set(_rows(league.season)) == {"Anna B", "Ben", "Carla"}
    assert Player.objects.get(pk=league.pid("Anna B")).name == "Anna B"


# ---------------------------------------------------------------- hide


def test_a_hidden_player_leaves_the_start_list_but_keeps_the_standings(
    league: League, client: Client
) -> None:
    set_hidden(
        group_id=league.group.pk, player_id=league.pid("Carla"), by=league.cohost, hidden=True
    )
    night = services.create_night(
        group_id=league.group.pk,
        by=league.owner,
        date=datetime.date(2026, 4, 1),
        season_id=league.season.pk,
    )
    client.force_login(league.owner)
    start = client.get(f"/nights/{night.pk}/start/").content.decode()
    assert f"present_{league.pid('Ben')}" in start
    assert f"present_{league.pid('Carla')}" not in start
    assert "Carla" in _rows(league.season)
    standings = client.get(
        f"/groups/{league.group.pk}/seasons/{league.season.pk}/standings/"
    ).content.decode()
    assert "Carla" in standings
    set_hidden(
        group_id=league.group.pk, player_id=league.pid("Carla"), by=league.owner, hidden=False
    )
    again = client.get(f"/nights/{night.pk}/start/").content.decode()
    assert f"present_{league.pid('Carla')}" in again


# ---------------------------------------------------------------- the pages


def test_the_player_page_offers_rename_and_hide_to_hosts_and_merge_to_the_host_only(
    league: League, client: Client
) -> None:
    url = f"/groups/{league.group.pk}/players/{league.pid('Ben')}/history/"
    seen = {}
    for who in ("owner", "cohost", "viewer"):
        client.force_login(getattr(league, who))
        page = client.get(url).content.decode()
        seen[who] = ("/rename/" in page, "/hide/" in page, "/merge/" in page)
    assert seen == {
        "owner": (True, True, True),
        "cohost": (True, True, False),
        "viewer": (False, False, False),
    }


def test_a_rename_clash_on_the_page_says_so_in_german_and_changes_nothing(
    league: League, client: Client
) -> None:
    client.force_login(league.owner)
    url = f"/groups/{league.group.pk}/players/{league.pid('Ben')}/rename/"
    response = client.post(url, {"name": "Carla", "key": "k1"}, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 422
    assert "Es gibt schon einen Spieler namens Carla" in response.content.decode()
    assert Player.objects.get(pk=league.pid("Ben")).name == "Ben"
    done = client.post(url, {"name": "Benni", "key": "k2"})
    assert done.status_code == 302
    assert client.post(url, {"name": "Benni", "key": "k2"}).status_code == 302  # double tap
    assert Player.objects.get(pk=league.pid("Ben")).name == "Benni"


def test_hide_and_show_again_from_the_page(league: League, client: Client) -> None:
    client.force_login(league.cohost)
    url = f"/groups/{league.group.pk}/players/{league.pid('Carla')}/hide/"
    assert client.post(url, {"hidden": "1", "key": "k1"}).status_code == 302
    assert Player.objects.get(pk=league.pid("Carla")).hidden
    group_page = client.get(f"/groups/{league.group.pk}/").content.decode()
    folded = group_page.split('class="options hidden-players"')[1].split("</details>")[0]
    assert "Carla" in folded
    assert client.post(url, {"hidden": "0", "key": "k2"}).status_code == 302
    assert not Player.objects.get(pk=league.pid("Carla")).hidden
    assert client.post(url, {"hidden": "maybe", "key": "k3"}).status_code == 422


def test_the_merge_confirmation_shows_what_moves_then_merges_once(
    league: League, client: Client
) -> None:
    client.force_login(league.owner)
    url = f"/groups/{league.group.pk}/players/{league.pid('Anna')}/merge/"
    confirm = client.get(url, {"other": league.pid("Anna B")}, HTTP_ACCEPT_LANGUAGE="de")
    page = confirm.content.decode()
    assert confirm.status_code == 200
    assert '<dd class="moved-nights">1</dd>' in page
    assert '<dd class="moved-chips">+7</dd>' in page
    assert '<dd class="moved-seasons">2026</dd>' in page
    assert not PlayerMerge.objects.exists()  # looking changes nothing
    data = {"other": league.pid("Anna B"), "key": "m1"}
    assert client.post(url, data).status_code == 302
    assert client.post(url, data).status_code == 302  # the double tap
    assert PlayerMerge.objects.count() == 1
    old = client.get(f"/groups/{league.group.pk}/players/{league.pid('Anna B')}/history/")
    assert old.status_code == 302
    assert old["Location"].endswith(f"/players/{league.pid('Anna')}/history/")


def test_the_merge_page_refuses_with_the_night_and_without_a_button(
    league: League, client: Client
) -> None:
    client.force_login(league.owner)
    url = f"/groups/{league.group.pk}/players/{league.pid('Anna')}/merge/"
    page = client.get(url, {"other": league.pid("Ben")}, HTTP_ACCEPT_LANGUAGE="de")
    text = page.content.decode()
    assert "01.03.2026" in text
    assert 'class="danger"' not in text
    posted = client.post(url, {"other": league.pid("Ben"), "key": "m1"})
    assert posted.status_code == 422
    for other in (league.pid("Anna"), league.other.pk, "x", ""):
        refused = client.post(url, {"other": other, "key": f"m{other}"})
        assert refused.status_code == 422
    assert not PlayerMerge.objects.exists()


@pytest.mark.parametrize(("who", "status"), [("cohost", 403), ("viewer", 403), ("outsider", 404)])
def test_only_the_host_reaches_the_merge_page(
    league: League, client: Client, who: str, status: int
) -> None:
    client.force_login(getattr(league, who))
    url = f"/groups/{league.group.pk}/players/{league.pid('Anna')}/merge/"
    assert client.get(url, {"other": league.pid("Anna B")}).status_code == status
    assert client.post(url, {"other": league.pid("Anna B"), "key": "k"}).status_code == status
    assert not PlayerMerge.objects.exists()


def test_the_season_report_is_built_again_as_one_person_after_a_merge(
    league: League, client: Client
) -> None:
    from gamenight.models import ReportStatus, SeasonReport

    assert build.build_season(league.season.pk) == "built"
    report = SeasonReport.objects.get(season=league.season)
    before = {r["name"]: r for r in report.data["standings"]}
    merge_players(
        group_id=league.group.pk,
        kept_id=league.pid("Anna"),
        merged_id=league.pid("Anna B"),
        by=league.owner,
    )
    report.refresh_from_db()
    assert report.status == ReportStatus.QUEUED  # asked for again by the merge
    assert build.build_season(league.season.pk) == "built"
    report.refresh_from_db()
    after = {r["name"]: r for r in report.data["standings"]}
    assert set(after) == {"Anna", "Ben", "Carla"}
    assert after["Anna"]["net"] == before["Anna"]["net"] + before["Anna B"]["net"]
    assert after["Anna"]["points"] == before["Anna"]["points"] + before["Anna B"]["points"]
    client.force_login(league.viewer)
    page = client.get(f"/groups/{league.group.pk}/seasons/{league.season.pk}/report/")
    assert "Anna B" not in page.content.decode()


def test_the_stored_chart_is_drawn_again_once_a_player_is_renamed(
    league: League, client: Client
) -> None:
    first = league.nights[0]
    assert build.build_night(first.pk) == "built"
    client.force_login(league.owner)
    url = f"/nights/{first.pk}/report/chart.png"
    stored = client.get(url).content
    assert stored == bytes(NightReport.objects.get(night=first).png)
    rename_player(
        group_id=league.group.pk, player_id=league.pid("Ben"), by=league.owner, name="Benjamin"
    )
    assert client.get(url).content != stored


def test_a_carried_stack_follows_the_merge(league: League) -> None:
    """The season's last night had "Anna B": once merged, Anna carries that stack."""
    from gamenight.models import Account, AccountKind

    owner, ab, ben = league.owner, league.pid("Anna B"), league.pid("Ben")
    fourth = services.create_night(
        group_id=league.group.pk,
        by=owner,
        date=datetime.date(2026, 3, 4),
        season_id=league.season.pk,
    )
    services.start_night(night_id=fourth.pk, by=owner, key="s4", players=[ab, ben])
    _hand(fourth, owner, "h4", {ab: 3, ben: 3}, [ab, ben])
    services.end_night(night_id=fourth.pk, by=owner)
    left = Account.objects.get(night=fourth, player_id=ab, kind=AccountKind.STACK).balance
    merge_players(group_id=league.group.pk, kept_id=league.pid("Anna"), merged_id=ab, by=owner)
    fifth = services.create_night(
        group_id=league.group.pk,
        by=owner,
        date=datetime.date(2026, 3, 5),
        season_id=league.season.pk,
        carry_over=True,
    )
    services.start_night(night_id=fifth.pk, by=owner, key="s5", players=[league.pid("Anna"), ben])
    anna = Account.objects.get(night=fifth, player_id=league.pid("Anna"), kind=AccountKind.STACK)
    assert anna.balance == left == 103
    assert Account.objects.get(night=fourth, player_id=ab, kind=AccountKind.STACK).balance == 0
    call_command("check_ledger", stdout=StringIO())  # a carry between the two rows is sound


def test_the_merge_page_first_asks_who_the_same_person_is(league: League, client: Client) -> None:
    client.force_login(league.owner)
    url = f"/groups/{league.group.pk}/players/{league.pid('Anna')}/merge/"
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    options = page.split('name="other"')[1].split("</select>")[0]
    assert f'value="{league.pid("Anna B")}"' in options
    assert f'value="{league.pid("Anna")}"' not in options  # not into itself
    assert f'value="{league.other.pk}"' not in options  # not from another group
    assert client.get(url, {"other": ""}).status_code == 422
    assert not PlayerMerge.objects.exists()


def test_a_player_at_a_night_not_over_is_not_merged(league: League) -> None:
    """Else the kept player could join that night too: one person, two stacks."""
    owner, ab = league.owner, league.pid("Anna B")
    running = services.create_night(
        group_id=league.group.pk,
        by=owner,
        date=datetime.date(2026, 4, 2),
        season_id=league.season.pk,
    )
    services.start_night(night_id=running.pk, by=owner, key="s9", players=[ab, league.pid("Ben")])
    with pytest.raises(PeopleError, match="not over"):
        merge_players(group_id=league.group.pk, kept_id=league.pid("Anna"), merged_id=ab, by=owner)
    assert not PlayerMerge.objects.exists()
    services.end_night(night_id=running.pk, by=owner)
    merge_players(group_id=league.group.pk, kept_id=league.pid("Anna"), merged_id=ab, by=owner)
    assert PlayerMerge.objects.count() == 1


@pytest.mark.postgres
def test_a_merge_and_a_rename_on_postgresql(on_postgres: None) -> None:
    """The triggers and constraints of PostgreSQL (migrations 0002, 0008, 0020) let the
    merge through without touching the ledger, and free the merged player's name."""
    league = make_league()
    rows = _ledger()
    before = _rows(league.season)
    merge_players(
        group_id=league.group.pk,
        kept_id=league.pid("Anna"),
        merged_id=league.pid("Anna B"),
        by=league.owner,
    )
    assert _ledger() == rows
    out = StringIO()
    call_command("check_ledger", stdout=out)
    assert "the ledger is sound" in out.getvalue()
    assert _rows(league.season)["Anna"].net == before["Anna"].net + before["Anna B"].net
    rename_player(
        group_id=league.group.pk, player_id=league.pid("Anna"), by=league.owner, name="Anna B"
    )
    with pytest.raises(PeopleError, match="already a player called Ben"):
        rename_player(
            group_id=league.group.pk, player_id=league.pid("Anna"), by=league.owner, name="Ben"
        )
