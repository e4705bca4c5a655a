"""Nights: plan one, start it, the night page, arrivals, rebuys, leaving, the split, the end.

Written against the host (owner), a co-host, a player who may only view, an
outsider (host of another group) and someone not logged in. Bad input shows a
message in the page and records nothing.
"""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.test import Client
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from helpers.option_fields import choice_defaults
from ledger_helpers import Table, pot, stacks

from gamenight import services
from gamenight.models import (
    AccountKind,
    LimitStructure,
    Night,
    NightStatus,
    Player,
    Seat,
    Transaction,
)
from gamenight.templatetags.site_tags import record_game_url

HX = {"HTTP_HX_REQUEST": "true"}


def _night_data(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        **choice_defaults(),
        "key": "night-1",
        # Ahead of today: the night is the group's next one.
        "date": (timezone.localdate() + datetime.timedelta(days=2)).isoformat(),
        "place": "Anna's kitchen",
        "ante": "2",
        "limit_structure": "fixed",
        "bet_low": "2",
        "bet_high": "4",
        "raise_cap": "3",
        "allowed_games": ["baseball", "guts", "shelby"],
        "starting_stack": "200",
        "opt__baseball__extra_face": "down",
        "opt__baseball__pay_or_fold": "on",
        "opt__baseball__pot_cap": "10",
        "opt__guts__declare": "at_once",
        "opt__guts__limit": "100",
        "opt__spit-in-the-ocean__extra_face": "",
    }
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


@pytest.fixture
def planned(table: Table) -> Night:
    return services.create_night(
        group_id=table.group.pk, by=table.owner, date=datetime.date(2026, 12, 4)
    )


def _transactions(night: Night) -> int:
    return Transaction.objects.filter(night=night).count()


# ---------------------------------------------------------------- plan a night


@pytest.mark.parametrize("who", ["owner", "cohost"])
def test_hosts_plan_a_night_with_house_rules(client: Client, table: Table, who: str) -> None:
    client.force_login(getattr(table, who))
    url = f"/groups/{table.group.pk}/nights/new/"
    assert client.get(url).status_code == 200
    response = client.post(url, _night_data())
    night = Night.objects.exclude(pk=table.night.pk).get(group=table.group)
    # The next night: its card on the group page, where the answers come in.
    assert response["Location"] == f"/groups/{table.group.pk}/#next-night"
    assert night.status == NightStatus.PLANNED
    assert night.ante == 2
    assert night.starting_stack == 200
    assert night.limit_structure == LimitStructure.FIXED
    assert night.allowed_games == ["baseball", "guts", "shelby"]
    assert night.game_options["baseball"] == {"pot_cap": 10}
    assert night.game_options["guts"] == {"limit": 100}
    assert night.game_options["betting"] == {"low": 2, "high": 4, "raise_cap": 3}


def test_a_double_tap_plans_one_night(client: Client, table: Table) -> None:
    client.force_login(table.owner)
    url = f"/groups/{table.group.pk}/nights/new/"
    client.post(url, _night_data())
    client.post(url, _night_data())
    assert Night.objects.filter(group=table.group).count() == 2  # the fixture's and this one


def test_planning_offers_every_game_and_its_options(client: Client, table: Table) -> None:
    client.force_login(table.owner)
    html = client.get(f"/groups/{table.group.pk}/nights/new/").content.decode()
    for game in ("baseball", "no-peek-baseball", "spit-in-the-ocean", "guts", "shelby"):
        assert f'value="{game}"' in html
    assert 'name="opt__baseball__pot_cap"' in html
    assert 'name="opt__guts__limit"' in html
    assert 'class="stepper"' in html


def test_planning_a_night_in_a_season_with_carry_over(client: Client, table: Table) -> None:
    season = services.create_season(
        group_id=table.group.pk, by=table.owner, name="Winter", starts_on=datetime.date(2026, 12, 1)
    )
    client.force_login(table.owner)
    url = f"/groups/{table.group.pk}/nights/new/"
    client.post(url, _night_data(season=str(season.pk), carry_over="on"))
    night = Night.objects.get(season=season)
    assert night.carry_over


@pytest.mark.parametrize(
    "changes",
    [
        {"ante": "-1"},
        {"ante": "0"},
        {"ante": "99999999999"},
        {"ante": "abc"},
        {"starting_stack": "-100"},
        {"date": "not a date"},
        {"limit_structure": "no-limit"},
        {"allowed_games": ["poker-of-doom"]},
        {"allowed_games": None},
        {"bet_low": "5", "bet_high": "2"},
        {"opt__baseball__pot_cap": "-3"},
        {"opt__guts__declare": "shouting"},
        {"carry_over": "on"},  # needs a season
        {"season": "999999"},
    ],
)
def test_a_bad_night_shows_a_message_and_plans_nothing(
    client: Client, table: Table, changes: dict[str, Any]
) -> None:
    client.force_login(table.owner)
    response = client.post(f"/groups/{table.group.pk}/nights/new/", _night_data(**changes))
    assert response.status_code == 422
    html = response.content.decode()
    assert 'role="alert"' in html
    assert Night.objects.filter(group=table.group).count() == 1


@pytest.mark.parametrize(
    ("language", "message"),
    [
        (
            "en",
            "Baseball: “Cap on the pot payment” has no effect with “Fixed payment instead of "
            "the pot”: leave one of them empty",
        ),
        (
            "de",
            "Baseball: „Obergrenze der Pot-Zahlung“ wirkt nicht zusammen mit „Fester Betrag "
            "statt des Pots“: lass eines von beiden leer",
        ),
    ],
)
def test_a_fixed_pot_payment_and_a_cap_together_are_refused(
    client: Client, table: Table, language: str, message: str
) -> None:
    """Ruling 20: a fixed payment replaces paying the pot, so a cap would do nothing."""
    client.force_login(table.owner)
    response = client.post(
        f"/groups/{table.group.pk}/nights/new/",
        _night_data(opt__baseball__pay_fixed="3"),
        headers={"accept-language": language},
    )
    assert response.status_code == 422
    assert message in response.content.decode()
    assert Night.objects.filter(group=table.group).count() == 1
    fixed_only = _night_data(opt__baseball__pay_fixed="3", opt__baseball__pot_cap="")
    assert client.post(f"/groups/{table.group.pk}/nights/new/", fixed_only).status_code == 302


def test_a_season_of_another_group_is_refused(client: Client, table: Table) -> None:
    other_group = table.outsider.memberships.get().group
    other = services.create_season(
        group_id=other_group.pk, by=table.outsider, name="Theirs", starts_on=datetime.date.today()
    )
    client.force_login(table.owner)
    response = client.post(
        f"/groups/{table.group.pk}/nights/new/", _night_data(season=str(other.pk))
    )
    assert response.status_code == 422
    assert Night.objects.filter(group=table.group).count() == 1


@pytest.mark.parametrize(("who", "status"), [("viewer", 403), ("outsider", 404)])
def test_others_cannot_plan_a_night(client: Client, table: Table, who: str, status: int) -> None:
    client.force_login(getattr(table, who))
    url = f"/groups/{table.group.pk}/nights/new/"
    assert client.get(url).status_code == status
    assert client.post(url, _night_data()).status_code == status
    assert Night.objects.filter(group=table.group).count() == 1


def test_planning_sends_anonymous_to_login(client: Client, table: Table) -> None:
    assert client.get(f"/groups/{table.group.pk}/nights/new/").status_code == 302


def test_planning_htmx_gets_the_partial(client: Client, table: Table) -> None:
    client.force_login(table.owner)
    html = client.get(f"/groups/{table.group.pk}/nights/new/", **HX).content.decode()
    assert "<html" not in html
    assert 'id="content"' in html


# ---------------------------------------------------------------- start a night


def _start_data(table: Table, **changes: Any) -> dict[str, Any]:
    anna, ben, carla = table.players
    data: dict[str, Any] = {
        "key": "start-1",
        f"present_{anna.pk}": "on",
        f"position_{anna.pk}": "2",
        f"present_{ben.pk}": "on",
        f"position_{ben.pk}": "1",
        f"buy_in_{ben.pk}": "150",
        f"present_{carla.pk}": "",
        f"position_{carla.pk}": "3",
    }
    data.update(changes)
    return data


@pytest.mark.parametrize("who", ["owner", "cohost"])
def test_hosts_start_a_night_in_the_seat_order_given(
    client: Client, table: Table, planned: Night, who: str
) -> None:
    client.force_login(getattr(table, who))
    url = f"/nights/{planned.pk}/start/"
    page = client.get(url)
    assert page.status_code == 200
    assert "Carla" in page.content.decode()
    response = client.post(url, _start_data(table))
    assert response["Location"] == f"/nights/{planned.pk}/"
    planned.refresh_from_db()
    assert planned.status == NightStatus.RUNNING
    seats = [s.player.name for s in Seat.objects.filter(night=planned)]
    assert seats == ["Ben", "Anna"]
    assert planned.dealer is not None
    assert planned.dealer.player.name == "Ben"
    assert stacks(planned) == {"Ben": 150, "Anna": 100}


def test_a_random_seat_draw_seats_everyone_present(
    client: Client, table: Table, planned: Night
) -> None:
    client.force_login(table.owner)
    data = _start_data(table, random_draw="on")
    data[f"position_{table.players[0].pk}"] = "1"  # the draw ignores positions
    client.post(f"/nights/{planned.pk}/start/", data)
    names = sorted(s.player.name for s in Seat.objects.filter(night=planned))
    assert names == ["Anna", "Ben"]


def test_starting_twice_records_once(client: Client, table: Table, planned: Night) -> None:
    client.force_login(table.owner)
    client.post(f"/nights/{planned.pk}/start/", _start_data(table))
    again = client.post(f"/nights/{planned.pk}/start/", _start_data(table))
    assert again.status_code == 302
    assert _transactions(planned) == 1


@pytest.mark.parametrize(
    "changes",
    [
        {"present_{anna}": "", "present_{ben}": ""},
        {"position_{anna}": "1"},  # two players on seat 1
        {"buy_in_{ben}": "-5"},
        {"buy_in_{ben}": "lots"},
        {"buy_in_{ben}": "99999999999"},
        {"position_{anna}": "-1"},
    ],
)
def test_a_bad_start_shows_a_message_and_records_nothing(
    client: Client, table: Table, planned: Night, changes: dict[str, str]
) -> None:
    anna, ben, _carla = table.players
    client.force_login(table.owner)
    data = _start_data(table, **{k.format(anna=anna.pk, ben=ben.pk): v for k, v in changes.items()})
    response = client.post(f"/nights/{planned.pk}/start/", data)
    assert response.status_code == 422
    assert 'role="alert"' in response.content.decode() or 'class="error"' in (
        response.content.decode()
    )
    planned.refresh_from_db()
    assert planned.status == NightStatus.PLANNED
    assert not Seat.objects.filter(night=planned).exists()
    assert _transactions(planned) == 0


def test_a_running_night_is_not_started_again(client: Client, table: Table) -> None:
    client.force_login(table.owner)
    response = client.get(f"/nights/{table.night.pk}/start/")
    assert response["Location"] == f"/nights/{table.night.pk}/"


@pytest.mark.parametrize(("who", "status"), [("viewer", 403), ("outsider", 404)])
def test_others_cannot_start_a_night(
    client: Client, table: Table, planned: Night, who: str, status: int
) -> None:
    client.force_login(getattr(table, who))
    assert client.get(f"/nights/{planned.pk}/start/").status_code == status
    assert client.post(f"/nights/{planned.pk}/start/", _start_data(table)).status_code == status
    assert _transactions(planned) == 0


def test_starting_sends_anonymous_to_login(client: Client, planned: Night) -> None:
    assert client.get(f"/nights/{planned.pk}/start/").status_code == 302


# ---------------------------------------------------------------- the night page


@pytest.mark.parametrize("who", ["owner", "cohost", "viewer"])
def test_members_see_the_table_stacks_and_whose_deal_it_is(
    client: Client, table: Table, who: str
) -> None:
    client.force_login(getattr(table, who))
    response = client.get(f"/nights/{table.night.pk}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert '<p class="dealer" id="dealer">Anna</p>' in html
    assert html.index("Anna") < html.index("Ben") < html.index("Carla")
    assert html.count('<span class="chips">50</span>') == 3


def test_the_viewer_sees_no_forms(client: Client, table: Table) -> None:
    client.force_login(table.viewer)
    html = client.get(f"/nights/{table.night.pk}/").content.decode()
    assert "/rebuy/" not in html
    assert "/end/" not in html


def test_the_night_page_lists_the_allowed_games_with_rules_cards(
    client: Client, table: Table
) -> None:
    Night.objects.filter(pk=table.night.pk).update(allowed_games=["baseball", "guts"])
    client.force_login(table.owner)
    html = client.get(f"/nights/{table.night.pk}/").content.decode()
    assert f"/rules/baseball/?night={table.night.pk}" in html
    assert f"/rules/guts/?night={table.night.pk}" in html
    try:
        link = reverse("record_game", args=[table.night.pk, "guts"])
    except NoReverseMatch:
        link = ""
    if link:
        assert f'href="{link}"' in html


def test_the_record_link_is_empty_until_the_recording_page_exists() -> None:
    try:
        expected = reverse("record_game", args=[1, "guts"])
    except NoReverseMatch:
        expected = ""
    assert record_game_url(1, "guts") == expected


def test_the_night_page_is_404_for_an_outsider(client: Client, table: Table) -> None:
    client.force_login(table.outsider)
    assert client.get(f"/nights/{table.night.pk}/").status_code == 404
    assert client.get("/nights/999999/").status_code == 404


def test_the_night_page_sends_anonymous_to_login(client: Client, table: Table) -> None:
    assert client.get(f"/nights/{table.night.pk}/").status_code == 302


def test_the_night_page_htmx_gets_the_partial(client: Client, table: Table) -> None:
    client.force_login(table.owner)
    response = client.get(f"/nights/{table.night.pk}/", **HX)
    html = response.content.decode()
    assert "<html" not in html
    assert 'id="content"' in html
    assert "Anna" in html
    assert "HX-Request" in response["Vary"]


def test_a_planned_night_offers_the_start(client: Client, table: Table, planned: Night) -> None:
    client.force_login(table.owner)
    html = client.get(f"/nights/{planned.pk}/").content.decode()
    assert f"/nights/{planned.pk}/start/" in html


def test_the_night_page_in_german(client: Client, table: Table) -> None:
    client.force_login(table.owner)
    html = client.get(f"/nights/{table.night.pk}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Geber" in html
    assert "Nachkaufen" in html
    assert "Abend beenden" in html


# ---------------------------------------------------------------- rebuy, arrive, leave


@pytest.mark.parametrize("who", ["owner", "cohost"])
def test_hosts_record_a_rebuy(client: Client, table: Table, who: str) -> None:
    anna = table.players[0]
    client.force_login(getattr(table, who))
    url = f"/nights/{table.night.pk}/rebuy/"
    response = client.post(url, {"key": "r1", "player": anna.pk, "amount": "20"})
    assert response["Location"] == f"/nights/{table.night.pk}/"
    assert stacks(table.night)["Anna"] == 70


def test_a_double_tapped_rebuy_records_once(client: Client, table: Table) -> None:
    anna = table.players[0]
    client.force_login(table.owner)
    url = f"/nights/{table.night.pk}/rebuy/"
    before = _transactions(table.night)
    for _ in range(2):
        client.post(url, {"key": "r1", "player": anna.pk, "amount": "20"})
    assert _transactions(table.night) == before + 1
    assert stacks(table.night)["Anna"] == 70


def test_a_rebuy_by_htmx_gets_the_night_partial(client: Client, table: Table) -> None:
    anna = table.players[0]
    client.force_login(table.owner)
    response = client.post(
        f"/nights/{table.night.pk}/rebuy/",
        {"key": "r1", "player": anna.pk, "amount": "20"},
        follow=True,
        **HX,
    )
    html = response.content.decode()
    assert "<html" not in html
    assert '<span class="chips">70</span>' in html


@pytest.mark.parametrize("amount", ["-5", "0", "99999999999", "abc", ""])
def test_a_bad_rebuy_amount_shows_a_message_and_records_nothing(
    client: Client, table: Table, amount: str
) -> None:
    client.force_login(table.owner)
    before = _transactions(table.night)
    response = client.post(
        f"/nights/{table.night.pk}/rebuy/",
        {"key": "r1", "player": table.players[0].pk, "amount": amount},
    )
    assert response.status_code == 422
    assert 'class="error"' in response.content.decode()
    assert _transactions(table.night) == before


def test_a_rebuy_by_htmx_with_a_bad_amount_gets_the_partial_with_the_message(
    client: Client, table: Table
) -> None:
    client.force_login(table.owner)
    response = client.post(
        f"/nights/{table.night.pk}/rebuy/",
        {"key": "r1", "player": table.players[0].pk, "amount": "-5"},
        **HX,
    )
    html = response.content.decode()
    assert response.status_code == 422
    assert "<html" not in html
    assert 'class="error"' in html


def test_a_rebuy_for_a_player_of_another_group_is_refused(client: Client, table: Table) -> None:
    other_group = table.outsider.memberships.get().group
    stranger = services.add_player(group_id=other_group.pk, by=table.outsider, name="Stranger")
    client.force_login(table.owner)
    before = _transactions(table.night)
    for player in (stranger.pk, "abc", 999999):
        response = client.post(
            f"/nights/{table.night.pk}/rebuy/", {"key": "r1", "player": player, "amount": "5"}
        )
        assert response.status_code == 422
    assert _transactions(table.night) == before


def test_a_rebuy_on_a_closed_night_shows_a_message(client: Client, table: Table) -> None:
    services.end_night(night_id=table.night.pk, by=table.owner)
    client.force_login(table.owner)
    before = _transactions(table.night)
    response = client.post(
        f"/nights/{table.night.pk}/rebuy/",
        {"key": "r1", "player": table.players[0].pk, "amount": "5"},
    )
    assert response.status_code == 422
    assert "closed" in response.content.decode()
    assert _transactions(table.night) == before


@pytest.mark.parametrize("action", ["rebuy", "arrive", "leave", "split", "end"])
@pytest.mark.parametrize(("who", "status"), [("viewer", 403), ("outsider", 404)])
def test_others_cannot_change_the_table(
    client: Client, table: Table, action: str, who: str, status: int
) -> None:
    client.force_login(getattr(table, who))
    before = _transactions(table.night)
    data = {"key": "x", "player": table.players[0].pk, "players": [table.players[0].pk]}
    response = client.post(f"/nights/{table.night.pk}/{action}/", {**data, "amount": "5"})
    assert response.status_code == status
    assert _transactions(table.night) == before
    table.night.refresh_from_db()
    assert table.night.status == NightStatus.RUNNING


@pytest.mark.parametrize("action", ["rebuy", "arrive", "leave", "split", "end"])
def test_table_changes_need_a_login_and_a_post(client: Client, table: Table, action: str) -> None:
    url = f"/nights/{table.night.pk}/{action}/"
    assert client.post(url, {}).status_code == 302
    client.force_login(table.owner)
    assert client.get(url).status_code == 405


def test_a_player_arrives_and_buys_in(client: Client, table: Table) -> None:
    dora = services.add_player(group_id=table.group.pk, by=table.owner, name="Dora")
    client.force_login(table.owner)
    page = client.get(f"/nights/{table.night.pk}/").content.decode()
    assert f'<option value="{dora.pk}">Dora</option>' in page
    response = client.post(
        f"/nights/{table.night.pk}/arrive/", {"key": "a1", "player": dora.pk, "buy_in": "30"}
    )
    assert response.status_code == 302
    assert stacks(table.night)["Dora"] == 30
    assert Seat.objects.get(night=table.night, player=dora).position == 3


def test_a_seated_player_cannot_arrive_again(client: Client, table: Table) -> None:
    client.force_login(table.owner)
    before = _transactions(table.night)
    response = client.post(
        f"/nights/{table.night.pk}/arrive/", {"key": "a1", "player": table.players[0].pk}
    )
    assert response.status_code == 422
    assert _transactions(table.night) == before


def test_a_player_leaves_and_cashes_out(client: Client, table: Table) -> None:
    anna = table.players[0]
    client.force_login(table.owner)
    response = client.post(f"/nights/{table.night.pk}/leave/", {"key": "l1", "player": anna.pk})
    assert response.status_code == 302
    assert stacks(table.night)["Anna"] == 0
    assert not Seat.objects.get(night=table.night, player=anna).seated
    html = client.get(f"/nights/{table.night.pk}/").content.decode()
    assert '<p class="dealer" id="dealer">Ben</p>' in html


def test_leaving_without_a_player_shows_a_message(client: Client, table: Table) -> None:
    client.force_login(table.owner)
    before = _transactions(table.night)
    response = client.post(f"/nights/{table.night.pk}/leave/", {"key": "l1", "player": ""})
    assert response.status_code == 422
    assert _transactions(table.night) == before


# ---------------------------------------------------------------- split and end


def _fill_guts_pot(table: Table) -> None:
    """Nobody is in: everyone antes and the pot stays in the middle."""
    services.record_guts_deal(night_id=table.night.pk, by=table.owner, key="g1", in_players=[])


@pytest.mark.parametrize("who", ["owner", "cohost"])
def test_hosts_end_the_night(client: Client, table: Table, who: str) -> None:
    client.force_login(getattr(table, who))
    response = client.post(f"/nights/{table.night.pk}/end/", {"key": "e1", "confirm": "1"})
    assert response.status_code == 302
    table.night.refresh_from_db()
    assert table.night.status == NightStatus.CLOSED
    html = client.get(f"/nights/{table.night.pk}/").content.decode()
    assert "The night is over." in html
    assert "/rebuy/" not in html


def test_ending_twice_is_harmless(client: Client, table: Table) -> None:
    client.force_login(table.owner)
    client.post(f"/nights/{table.night.pk}/end/", {"key": "e1", "confirm": "1"})
    assert (
        client.post(f"/nights/{table.night.pk}/end/", {"key": "e1", "confirm": "1"}).status_code
        == 302
    )


def test_a_night_with_chips_in_the_guts_pot_does_not_end(client: Client, table: Table) -> None:
    _fill_guts_pot(table)
    client.force_login(table.owner)
    response = client.post(f"/nights/{table.night.pk}/end/", {"key": "e1", "confirm": "1"})
    assert response.status_code == 422
    html = response.content.decode()
    assert "chips are still in the middle" in html
    assert f'action="/nights/{table.night.pk}/split/"' in html
    assert "Split the chips in the middle first." in html
    table.night.refresh_from_db()
    assert table.night.status == NightStatus.RUNNING


def test_the_split_empties_the_pots_and_the_night_ends(client: Client, table: Table) -> None:
    _fill_guts_pot(table)
    assert pot(table.night, AccountKind.GUTS_POT) == 6  # two antes of three players
    client.force_login(table.owner)
    html = client.get(f"/nights/{table.night.pk}/").content.decode()
    assert "Guts pot: <strong>6</strong>" in html
    anna, ben, carla = table.players
    response = client.post(
        f"/nights/{table.night.pk}/split/",
        {"key": "s1", "players": [anna.pk, ben.pk, carla.pk], "confirm": "1"},
    )
    assert response.status_code == 302
    assert pot(table.night, AccountKind.GUTS_POT) == 0
    assert stacks(table.night) == {"Anna": 50, "Ben": 50, "Carla": 50}
    assert (
        client.post(f"/nights/{table.night.pk}/end/", {"key": "e1", "confirm": "1"}).status_code
        == 302
    )


@pytest.mark.parametrize("players", [[], ["abc"], [999999]])
def test_a_bad_split_shows_a_message_and_records_nothing(
    client: Client, table: Table, players: list[Any]
) -> None:
    _fill_guts_pot(table)
    client.force_login(table.owner)
    before = _transactions(table.night)
    response = client.post(f"/nights/{table.night.pk}/split/", {"key": "s1", "players": players})
    assert response.status_code == 422
    assert _transactions(table.night) == before
    assert pot(table.night, AccountKind.GUTS_POT) == 6


def test_a_player_not_seated_is_not_offered(client: Client, table: Table) -> None:
    dora = Player.objects.create(group=table.group, name="Dora")
    client.force_login(table.owner)
    before = _transactions(table.night)
    response = client.post(
        f"/nights/{table.night.pk}/rebuy/", {"key": "r1", "player": dora.pk, "amount": "5"}
    )
    assert response.status_code == 422
    assert _transactions(table.night) == before
