"""The tournament's pages through the web: setup, start, the host's taps, the clock
(its poll answers 304 until the tournament changes), the TV by the table link,
and refusals as messages (never a 500), for the host, a member who may only view
and an outsider."""

from __future__ import annotations

import re
import uuid

import pytest
from django.test import Client
from tourney_helpers import Tourney, plan_tourney, stacks, start

from gamenight import services
from gamenight.models import Entrant, NightStatus, Tournament
from gamenight.reports.build import build_night
from gamenight.services import table_links
from gamenight.tournaments import play
from gamenight.tournaments.structures import READY

pytestmark = pytest.mark.django_db


def client_for(user: object) -> Client:
    client = Client()
    client.force_login(user)  # type: ignore[arg-type]
    return client


def url(t: Tourney, name: str) -> str:
    return f"/nights/{t.night.pk}/tournament/{name}"


def setup_post(**changes: str) -> dict[str, str]:
    """The setup form as the host sends it: the fast structure's rows and the money."""
    data = {
        "key": uuid.uuid4().hex,
        "buy_in": "20",
        "starting_chips": "5000",
        "bounty": "5",
        "rebuy": "20",
        "rebuy_chips": "5000",
        "rebuy_until": "2",
        "add_on": "0",
        "add_on_chips": "0",
        "add_on_until": "0",
        "late_until": "2",
        "tables": "1",
        "seats_per_table": "10",
        "payouts": "3: 100\n6: 60, 40\n10: 50, 30, 20",
        "ready": "fast",
    }
    fast = READY[0].structure
    data["rows"] = str(len(fast.items))
    for n, item in enumerate(fast.items):
        data[f"r{n}-minutes"] = str(item.minutes)
        if item.is_break:
            data[f"r{n}-break"] = "on"
            data[f"r{n}-colour_up"] = str(item.colour_up)
        else:
            data[f"r{n}-small_blind"] = str(item.small_blind)
            data[f"r{n}-big_blind"] = str(item.big_blind)
            data[f"r{n}-ante"] = str(item.ante)
    return data | changes


def test_the_host_sets_a_night_up_as_a_tournament() -> None:
    t = plan_tourney()
    Tournament.objects.all().delete()
    host = client_for(t.owner)
    page = host.get(url(t, "setup/"))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Fast, about 2 hours" in html
    # The fast structure with 7 players coming is unknown here: 6, 8 and 10 players.
    assert "With 8 players: about 1 h 58 min (it ends in level 9)." in html
    answer = host.post(url(t, "setup/"), setup_post())
    assert answer.status_code == 302
    tournament = Tournament.objects.get(night=t.night)
    assert tournament.setup["bounty"] == 5
    assert len(tournament.structure) == len(READY[0].structure.items)
    assert host.get(f"/nights/{t.night.pk}/").content.decode().count("Start the tournament") == 1
    # Before the draw nobody has paid: no pool of 0 and no prizes of 0, a word instead.
    start_page = host.get(url(t, "")).content.decode()
    assert 'id="pool"' not in start_page
    assert 'id="payouts"' not in start_page
    assert "follow from the entries once the seats are drawn" in start_page


def test_a_ready_structure_fills_the_rows_without_saving() -> None:
    t = plan_tourney()
    host = client_for(t.owner)
    answer = host.post(url(t, "setup/"), setup_post(ready="standard", use_ready="1"))
    html = answer.content.decode()
    assert answer.status_code == 200
    assert 'value="10000"' in html  # the standard structure's starting chips
    assert 'name="r14-minutes"' in html  # its 15 rows
    assert Tournament.objects.get(night=t.night).structure[0]["minutes"] == 12  # unchanged


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        ({"r0-big_blind": "x"}, "Row 1: the blinds"),
        ({"r1-small_blind": "500"}, "Row 2: the small blind is bigger"),
        ({"payouts": "10: 50, 30"}, "add up to 80"),
        ({"buy_in": "\u0662\u0660"}, "Enter a whole number"),  # Arabic-Indic 20
        ({"buy_in": "-5"}, "greater than or equal to 1"),
        ({"tables": "3"}, "Select a valid choice"),
    ],
)
def test_a_bad_setup_is_refused_with_a_message(changes: dict[str, str], says: str) -> None:
    t = plan_tourney()
    before = Tournament.objects.get(night=t.night).setup
    answer = client_for(t.owner).post(url(t, "setup/"), setup_post(**changes))
    assert answer.status_code == 422
    assert says in answer.content.decode()
    assert Tournament.objects.get(night=t.night).setup == before


def test_start_draws_the_seats_and_books_the_buy_ins() -> None:
    t = plan_tourney()
    host = client_for(t.owner)
    ids = [str(t.id(n)) for n in ("Anna", "Ben", "Carla", "Dan")]
    data = {"key": "s1", "players": ids}
    assert host.post(url(t, "start/"), data).status_code == 302
    assert host.post(url(t, "start/"), data).status_code == 302  # a double tap: once
    t.night.refresh_from_db()
    assert t.night.status == NightStatus.RUNNING
    assert Entrant.objects.count() == 4
    assert sorted(e.seat for e in Entrant.objects.all()) == [1, 2, 3, 4]
    assert stacks(t.night) == dict.fromkeys(("Anna", "Ben", "Carla", "Dan"), 0)
    page = host.get(url(t, "")).content.decode()
    assert "Start the clock" in page
    assert "Level 1" in page


def test_knockouts_through_the_page_and_a_stale_second_tap() -> None:
    t = plan_tourney()
    start(t, ("Anna", "Ben", "Carla"))
    host = client_for(t.owner)
    tap = {"key": "k1", "player": t.id("Carla"), "by": t.id("Anna")}
    assert host.post(url(t, "out/"), tap).status_code == 302
    assert host.post(url(t, "out/"), tap).status_code == 302  # the same tap: once
    again = host.post(url(t, "out/"), tap | {"key": "k2"})
    assert again.status_code == 422
    assert "Carla is out already" in again.content.decode()
    host.post(url(t, "out/"), {"key": "k3", "player": t.id("Ben"), "by": ""})
    page = host.get(url(t, "")).content.decode()
    assert "The tournament is over" in page
    assert stacks(t.night) == {"Anna": 60, "Ben": 0, "Carla": 0}


def test_a_viewer_sees_the_page_but_may_not_tap_and_an_outsider_sees_nothing() -> None:
    t = plan_tourney()
    start(t, ("Anna", "Ben", "Carla"))
    viewer, outsider = client_for(t.members.viewer), client_for(t.members.outsider)
    page = viewer.get(url(t, ""))
    assert page.status_code == 200
    assert "Who is out?" not in page.content.decode()
    tap = {"key": "k1", "player": t.id("Carla"), "by": ""}
    assert viewer.post(url(t, "out/"), tap).status_code == 403
    assert outsider.get(url(t, "")).status_code == 404
    assert outsider.post(url(t, "out/"), tap).status_code == 404
    assert not Entrant.objects.filter(out_number__isnull=False).exists()


def test_the_clock_moves_and_its_poll_answers_304_until_it_changes() -> None:
    t = plan_tourney()
    start(t, ("Anna", "Ben", "Carla"))
    host = client_for(t.owner)
    state = f"/nights/{t.night.pk}/clock/state/"
    first = host.get(state)
    assert first.status_code == 200
    tag = first.headers["ETag"]
    assert host.get(state, headers={"if-none-match": tag}).status_code == 304
    version = Tournament.objects.get(night=t.night).version
    host.post(url(t, "clock/"), {"move": "start", "version": version})
    moved = host.get(state, headers={"if-none-match": tag})
    assert moved.status_code == 200
    assert 'data-running="1"' in moved.content.decode()
    version = Tournament.objects.get(night=t.night).version
    host.post(url(t, "clock/"), {"move": "next", "version": version})
    stale = host.post(url(t, "clock/"), {"move": "next", "version": version})
    assert stale.status_code == 422
    assert "changed since you looked" in stale.content.decode()
    html = host.get(state).content.decode()
    assert re.search(r'data-index="1"', html)
    assert "Level 2" in html
    assert "50 / 100" in html


def test_the_tv_by_the_table_link_shows_the_clock_without_a_login() -> None:
    t = plan_tourney()
    start(t, ("Anna", "Ben", "Carla"))
    link = table_links.live_table_link(t.night)
    tv = Client().get(f"/tv/{link.token}/", headers={"accept-language": "de"})
    html = tv.content.decode()
    assert tv.status_code == 200
    assert "Stufe 1" in html or "Level 1" in html
    assert "data-tournament-clock" in html
    state = Client().get(f"/tv/{link.token}/clock/state/")
    assert state.status_code == 200
    assert Client().get("/tv/not-a-token/clock/state/").status_code == 404


def test_the_chop_preview_then_confirm() -> None:
    t = plan_tourney(names=("A", "B", "C", "D"))
    start(t)
    host = client_for(t.owner)
    entrants = {e.player.name: e.pk for e in Entrant.objects.select_related("player")}
    counts = {f"chips-{entrants[n]}": c for n, c in (("A", "8000"), ("B", "6000"))}
    counts |= {f"chips-{entrants[n]}": "3000" for n in ("C", "D")}
    preview = host.post(url(t, "chop/"), {"kind": "icm", **counts})
    html = preview.content.decode()
    assert preview.status_code == 200
    assert "Chop and end the tournament" in html
    version = re.search(r'name="version" value="(\d+)"', html.split('id="chop"')[1])
    assert version is not None
    key = re.search(r'name="key" value="(\w+)"', html.split('id="chop"')[1])
    assert key is not None
    done = host.post(
        url(t, "chop/"),
        {"kind": "icm", "confirm": "1", "version": version[1], "key": key[1], **counts},
    )
    assert done.status_code == 302
    assert sum(stacks(t.night).values()) == 4 * 20
    assert Tournament.objects.get(night=t.night).chop["kind"] == "icm"
    # The clock, once over, shows the entries and the pool, no players left or average.
    clock = host.get(f"/nights/{t.night.pk}/clock/state/").content.decode()
    assert "The tournament is over" in clock
    assert "Entries" in clock
    assert "Average stack" not in clock


def test_an_icm_chop_without_chip_counts_is_refused() -> None:
    t = plan_tourney(names=("A", "B", "C"))
    start(t)
    answer = client_for(t.owner).post(url(t, "chop/"), {"kind": "icm"})
    assert answer.status_code == 422
    assert "chip count" in answer.content.decode()


def test_the_report_in_german_calls_a_finishing_place_platz() -> None:
    """The report's place column: "Platz" (a place in the standings), not "Ort" (where
    the night is played), which the catalogue's plain "Place" means."""
    t = plan_tourney(names=("Anna", "Ben", "Carla"))
    start(t)
    for n, out in enumerate(("Ben", "Carla")):
        play.knock_out(
            night_id=t.night.pk, by=t.owner, key=f"k{n}", player_id=t.id(out), by_player_id=None
        )
    services.end_night(night_id=t.night.pk, by=t.owner)
    build_night(t.night.pk)
    host = client_for(t.owner)
    host.defaults["HTTP_ACCEPT_LANGUAGE"] = "de"
    html = host.get(f"/nights/{t.night.pk}/report/").content.decode()
    section = html.split('id="tournament"')[1].split("</section>")[0]
    assert ">Platz</th>" in section
    assert "Ort" not in section
