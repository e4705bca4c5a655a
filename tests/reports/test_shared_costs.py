"""Shared costs (issue 28): the pizza paid by one and shared by some joins the night's
settle-up, still in the fewest transfers (checked against an exhaustive search), kept
apart from the chips in append-only rows of its own; added and taken back once per tap
by the host and co-hosts, bad input refused with a message and nothing written."""

from __future__ import annotations

import datetime
import functools
import json
import random
from typing import Any

import pytest
from django.core import mail
from django.db import IntegrityError, connection, transaction
from django.urls import reverse
from helpers.clients import client_for
from report_people import People, give_emails, make_people, played_night
from settle_helpers import money_group, transfers

from gamenight import services
from gamenight.models import (
    AppendOnlyError,
    Expense,
    ExpenseShare,
    Night,
    NightReport,
    PaymentDetails,
    SeasonReport,
)
from gamenight.reports import build
from gamenight.reports.mail import send_report
from gamenight.reports.night import settle_up_data
from gamenight.services import expenses
from gamenight.services.group_export import export_group
from gamenight.services.group_import import import_group, parse

pytestmark = pytest.mark.django_db


# ---------------------------------------------------------------------- the split


def test_the_odd_cents_go_to_the_first_seated() -> None:
    assert expenses.split_equally(1000, [7, 3, 5]) == {7: 334, 3: 333, 5: 333}
    assert expenses.split_equally(1001, [7, 3, 5]) == {7: 334, 3: 334, 5: 333}
    assert expenses.split_equally(2, [1, 2, 3]) == {1: 1, 2: 1, 3: 0}
    assert expenses.split_equally(999, [4]) == {4: 999}


@pytest.mark.parametrize("seed", range(20))
def test_a_split_adds_up_and_no_two_parts_differ_by_more_than_a_cent(seed: int) -> None:
    rng = random.Random(seed)
    sharers = rng.sample(range(1, 50), rng.randint(1, 9))
    amount = rng.randint(1, 100_000)
    parts = expenses.split_equally(amount, sharers)
    assert sum(parts.values()) == amount
    assert max(parts.values()) - min(parts.values()) <= 1
    values = [parts[p] for p in sharers]
    assert values == sorted(values, reverse=True)  # the extra cents first, in seat order


# ---------------------------------------------------------------------- fewest transfers


@functools.cache
def _fewest(state: tuple[int, ...]) -> int:
    """Exhaustive: some transfer clears the first open balance against another's; try
    every partner, over and over (as tests/engine/test_settle_up.py does)."""
    if not state:
        return 0
    first, rest = state[0], list(state[1:])
    best = len(state)
    for j, other in enumerate(rest):
        if (first > 0) == (other > 0):
            continue
        after = [*rest[:j], other + first, *rest[j + 1 :]]
        best = min(best, 1 + _fewest(tuple(sorted(v for v in after if v))))
    return best


def _nets_of(data: dict[str, Any]) -> dict[str, int]:
    return {n["name"]: n["total"] for n in data["nets"]}


@pytest.mark.parametrize("players", range(2, 8))
def test_chips_and_costs_settle_in_the_fewest_transfers(players: int) -> None:
    rng = random.Random(players * 31)
    names = [f"p{i}" for i in range(players)]
    for _ in range(25):
        chips = [rng.randint(-40, 40) for _ in range(players - 1)]
        results = dict(zip(names, [*chips, -sum(chips)], strict=True))
        costs = dict.fromkeys(names, 0)
        for _pizza in range(rng.randint(1, 3)):
            payer = rng.choice(names)
            sharers = rng.sample(names, rng.randint(1, players))
            amount = rng.randint(1, 5000)
            costs[payer] += amount
            for name, part in expenses.split_equally(amount, sharers).items():
                costs[name] -= part
        chip_value = rng.choice([None, 5, 10, 25])
        data = settle_up_data(results, chip_value, costs=costs)
        assert data is not None
        nets = {n: results[n] * (chip_value or 0) + costs[n] for n in names}
        assert _nets_of(data) == nets
        left = dict(nets)
        for t in data["transfers"]:
            assert t["cents"] > 0
            left[t["payer"]] += t["cents"]
            left[t["payee"]] -= t["cents"]
        assert set(left.values()) <= {0}, (nets, data["transfers"])
        assert len(data["transfers"]) == _fewest(tuple(sorted(v for v in nets.values() if v)))


def test_one_settle_up_for_both_a_loser_who_paid_the_pizza_makes_one_transfer_not_two() -> None:
    """Anna lost 20 chips (2.00 to Ben) and paid a 3.00 pizza shared by the three: Ben
    and Carla owe her a third each, she owes Ben her chips. Apart that is three
    transfers; merged, Anna is square, and Carla pays Ben 1.00, nothing else."""
    results = {"Anna": -20, "Ben": 20, "Carla": 0}
    costs = {"Anna": 300 - 100, "Ben": -100, "Carla": -100}
    data = settle_up_data(results, 10, costs=costs)
    assert data is not None
    assert data["transfers"] == [{"payer": "Carla", "payee": "Ben", "cents": 100}]
    assert data["nets"] == [
        {"name": "Anna", "chips": -200, "costs": 200, "total": 0},
        {"name": "Ben", "chips": 200, "costs": -100, "total": 100},
        {"name": "Carla", "chips": 0, "costs": -100, "total": -100},
    ]


def test_without_a_chip_value_the_costs_alone_are_settled() -> None:
    data = settle_up_data({"Anna": -5, "Ben": 5}, None, costs={"Anna": 500, "Ben": -500})
    assert data is not None
    assert data["chip_value_cents"] is None
    assert data["transfers"] == [{"payer": "Ben", "payee": "Anna", "cents": 500}]
    assert settle_up_data({"Anna": -5, "Ben": 5}, None) is None


# ---------------------------------------------------------------------- the pages


@pytest.fixture
def people(db: None) -> People:
    people = make_people(players=4)
    money_group(people)
    return people


@pytest.fixture
def running(people: People) -> Night:
    return played_night(people, games=3, seed=5, end=False)


def _add(client: Any, night: Night, **changes: object) -> Any:
    data: dict[str, object] = {
        "key": "pizza-1",
        "what": "Pizza",
        "amount": "25.00",
        "paid_by": night.seats.order_by("position")[0].player_id,
        "shared_by": [s.player_id for s in night.seats.order_by("position")[:3]],
        **changes,
    }
    return client.post(reverse("night_cost_add", args=[night.pk]), data)


def test_the_host_adds_a_cost_once_however_often_it_is_tapped(
    people: People, running: Night
) -> None:
    host = client_for(people.owner)
    first = _add(host, running)
    assert first.status_code == 302
    again = _add(host, running)
    assert again.status_code == 302
    assert again["Location"] == first["Location"]
    expense = Expense.objects.get(night=running)
    seats = [s.player_id for s in running.seats.order_by("position")]
    shares = dict(ExpenseShare.objects.filter(expense=expense).values_list("player_id", "amount"))
    assert shares == {seats[0]: 834, seats[1]: 833, seats[2]: 833}
    page = host.get(reverse("night_costs", args=[running.pk])).content.decode()
    assert "Pizza: <strong>€25.00</strong>" in page
    assert "€8.34" in page
    german = client_for(people.owner, HTTP_ACCEPT_LANGUAGE="de")
    assert "25,00\u00a0€" in german.get(reverse("night_costs", args=[running.pk])).content.decode()


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"amount": "-3"}, "Enter a number."),
        ({"amount": "١٢"}, "Enter a number."),
        ({"amount": "2.505"}, "no more than 2 decimal places"),
        ({"amount": "0"}, "greater than or equal to 0.01"),
        ({"what": "   "}, "This field is required."),
        ({"shared_by": []}, "Tick who shares the cost."),
        ({"paid_by": "999999"}, "Select a valid choice."),
        ({"shared_by": ["999999"]}, "Select a valid choice."),
    ],
)
def test_bad_input_is_refused_with_a_message_and_writes_nothing(
    people: People, running: Night, changes: dict[str, object], message: str
) -> None:
    response = _add(client_for(people.owner), running, **changes)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Expense.objects.exists()


def test_another_groups_player_and_night_are_refused(people: People, running: Night) -> None:
    others = make_people(players=2, prefix="x")
    stranger = others.players[0].pk
    response = _add(client_for(people.owner), running, paid_by=stranger)
    assert response.status_code == 422
    other_night = played_night(others, games=1, seed=2, end=False)
    assert _add(client_for(people.owner), other_night).status_code == 404
    with pytest.raises(expenses.ExpenseRefusedError):
        expenses.add_expense(
            night_id=running.pk,
            by=people.owner,
            what="Room",
            amount=100,
            paid_by=running.seats.first().player_id,  # type: ignore[union-attr]
            shared_by=[stranger],
        )
    assert not Expense.objects.exists()


def test_who_may_add_a_cost(people: People, running: Night) -> None:
    assert _add(client_for(people.cohost), running).status_code == 302
    assert _add(client_for(people.viewer), running, key="v").status_code == 403
    assert _add(client_for(people.outsider), running, key="o").status_code == 404
    assert (
        client_for(people.viewer).get(reverse("night_costs", args=[running.pk])).status_code == 200
    )
    assert (
        client_for(people.outsider).get(reverse("night_costs", args=[running.pk])).status_code
        == 404
    )
    assert Expense.objects.count() == 1


def test_taking_back_is_a_new_row_and_twice_is_refused(people: People, running: Night) -> None:
    host = client_for(people.owner)
    _add(host, running)
    expense = Expense.objects.get(night=running)
    url = reverse("night_cost_take_back", args=[running.pk])
    assert host.post(url, {"key": "tb-1", "expense": expense.pk}).status_code == 302
    assert host.post(url, {"key": "tb-1", "expense": expense.pk}).status_code == 302  # a double tap
    refused = host.post(url, {"key": "tb-2", "expense": expense.pk})
    assert refused.status_code == 422
    assert "was already taken back" in refused.content.decode()
    german = client_for(people.owner, HTTP_ACCEPT_LANGUAGE="de")
    refused = german.post(url, {"key": "tb-4", "expense": expense.pk})
    assert refused.status_code == 422
    assert "„Pizza“ wurde schon zurückgenommen." in refused.content.decode()
    assert Expense.objects.filter(reverses=expense).count() == 1
    assert expenses.standing_expenses(running.pk) == []
    bad = host.post(url, {"key": "tb-3", "expense": "٣"})
    assert bad.status_code == 422


def test_the_rows_are_append_only_in_the_database_too(people: People, running: Night) -> None:
    _add(client_for(people.owner), running)
    expense = Expense.objects.get(night=running)
    with pytest.raises(AppendOnlyError):
        expense.save()
    with pytest.raises(AppendOnlyError):
        expense.delete()
    for sql in (
        "UPDATE gamenight_expense SET amount = 1",
        "DELETE FROM gamenight_expense",
        "UPDATE gamenight_expenseshare SET amount = 0",
        "DELETE FROM gamenight_expenseshare",
    ):
        with pytest.raises(IntegrityError), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql)
    assert Expense.objects.get(pk=expense.pk).amount == 2500


def test_a_cost_added_after_the_night_joins_its_report_apart_from_the_chips(
    people: People, running: Night, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=False):
        services.end_night(night_id=running.pk, by=people.owner)
    assert build.build_night(running.pk) == "built"
    before = transfers(running)
    report = NightReport.objects.get(night=running)
    generation = report.generation
    host = client_for(people.owner)
    _add(host, running)
    report.refresh_from_db()
    assert report.generation == generation + 1  # asked for again
    assert build.build_night(running.pk) == "built"
    data = NightReport.objects.get(night=running).data
    assert [e["what"] for e in data["expenses"]] == ["Pizza"]
    assert transfers(running) != before
    nets = {n["player_id"]: n for n in data["settle_up"]["nets"]}
    assert sum(n["costs"] for n in nets.values()) == 0
    assert sum(n["total"] for n in nets.values()) == 0
    page = client_for(people.viewer).get(reverse("night_report", args=[running.pk]))
    html = page.content.decode()
    assert 'id="costs"' in html
    assert 'id="money-nets"' in html
    assert "Pizza: <strong>€25.00</strong>" in html
    # The mail lists the cost apart from the chips, in the report's language.

    give_emails(people)
    report = NightReport.objects.get(night=running)
    report.language = "de"
    report.save(update_fields=["language"])
    mail.outbox.clear()
    assert send_report(report) == 2
    names = ", ".join(p.name for p in people.players[:3])
    paid_by = running.seats.order_by("position")[0].player.name
    assert f"  Pizza: 25,00\u00a0€, bezahlt von {paid_by} (geteilt unter " in mail.outbox[0].body
    assert all(n in mail.outbox[0].body for n in names.split(", "))


def test_costs_travel_with_the_group_file_and_payment_details_stay_behind(
    people: People, running: Night
) -> None:
    host = client_for(people.owner)
    _add(host, running)
    _add(host, running, key="room", what="Room", amount="9.99")
    room = Expense.objects.get(what="Room", reverses__isnull=True)
    url = reverse("night_cost_take_back", args=[running.pk])
    assert host.post(url, {"key": "tb", "expense": room.pk}).status_code == 302
    PaymentDetails.objects.create(player=people.players[0], iban="DE89370400440532013000")
    text = json.dumps(export_group(people.group))
    assert "DE89370400440532013000" not in text
    copy = import_group(parse(text.encode()), host=people.owner)
    night = Night.objects.get(group=copy)
    assert expenses.standing_expenses(night.pk)[0].what == "Pizza"
    assert len(expenses.standing_expenses(night.pk)) == 1  # the room stays taken back
    taken = Expense.objects.get(night=night, reverses__isnull=False)
    assert taken.reverses is not None
    assert taken.reverses.night_id == night.pk
    shares = ExpenseShare.objects.filter(expense__night=night)
    assert {s.player.group_id for s in shares} == {copy.pk}
    assert sum(s.amount for s in shares if s.expense.what == "Pizza") == 2500
    assert not PaymentDetails.objects.filter(player__group=copy).exists()


def test_a_planned_night_takes_no_cost_and_says_why(people: People) -> None:
    night = services.create_night(
        group_id=people.group.pk, by=people.owner, date=datetime.date(2026, 12, 24)
    )
    response = client_for(people.owner, HTTP_ACCEPT_LANGUAGE="de").post(
        reverse("night_cost_add", args=[night.pk]),
        {"key": "k", "what": "Pizza", "amount": "5", "paid_by": people.players[0].pk},
    )
    assert response.status_code == 422
    assert "Geteilte Kosten kommen dazu, sobald der Abend begonnen hat." in (
        response.content.decode()
    )
    assert not Expense.objects.exists()


def test_the_season_settle_up_takes_its_nights_costs_too(
    people: People, django_capture_on_commit_callbacks: Any
) -> None:
    season = services.create_season(
        group_id=people.group.pk,
        by=people.owner,
        name="Winter",
        starts_on=datetime.date(2026, 9, 1),
    )
    with django_capture_on_commit_callbacks(execute=False):
        night = played_night(people, games=3, seed=5, season=season)
        expenses.add_expense(
            night_id=night.pk,
            by=people.owner,
            what="Pizza",
            amount=1000,
            paid_by=people.players[0].pk,
            shared_by=[p.pk for p in people.players],
        )
    assert build.build_season(season.pk) == "built"
    data = SeasonReport.objects.get(season=season).data["settle_up"]
    costs = {n["name"]: n["costs"] for n in data["nets"]}
    assert costs == {"Anna": 750, "Ben": -250, "Carla": -250, "Dieter": -250}
    totals = {n["name"]: n["total"] for n in data["nets"]}
    left = dict(totals)
    for t in data["transfers"]:
        left[t["payer"]] += t["cents"]
        left[t["payee"]] -= t["cents"]
    assert set(left.values()) == {0}
    assert len(data["transfers"]) == _fewest(tuple(sorted(v for v in totals.values() if v)))
