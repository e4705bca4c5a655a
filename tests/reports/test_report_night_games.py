"""A night's report as the table lived it (issue 23): a player who left is drawn at
what they took home, and a Shelby game of several rounds counts as one game."""

from __future__ import annotations

import datetime

import pytest
from report_people import People, make_people

from engine.hands.showdown import HostRanking
from gamenight import services
from gamenight.models import Night
from gamenight.reports.night import night_figures
from gamenight.services import TableHandInput


@pytest.fixture
def people(db: None) -> People:
    return make_people(players=3)


def _night(people: People) -> Night:
    night = services.create_night(
        group_id=people.group.pk,
        by=people.owner,
        date=datetime.date(2026, 11, 27),
        starting_stack=50,
        allowed_games=["seven-card-stud", "shelby"],
    )
    services.start_night(night_id=night.pk, by=people.owner, key="start", players=people.ids)
    return night


def _hand(people: People, night: Night, key: str, put_in: dict[int, int], winner: int) -> None:
    others = tuple(p for p in put_in if p != winner)
    services.record_table_hand(
        night_id=night.pk,
        by=people.owner,
        key=key,
        hand=TableHandInput(
            game="seven-card-stud",
            put_in=put_in,
            showdown=HostRanking(groups=((winner,), others)),
        ),
    )


def test_a_player_who_left_is_drawn_at_what_they_took_home(people: People) -> None:
    """Carla wins 4 and leaves with 54; the chart drew her at 0 ("Carla (0)")."""
    anna, ben, carla = people.ids
    night = _night(people)
    _hand(people, night, "h1", {anna: 2, ben: 2, carla: 2}, winner=carla)
    services.leave(night_id=night.pk, by=people.owner, key="carla-goes", player_id=carla)
    _hand(people, night, "h2", {anna: 3, ben: 3}, winner=anna)
    services.end_night(night_id=night.pk, by=people.owner)
    night.refresh_from_db()
    figures = night_figures(night, chip_value_cents=None)
    assert figures.timeline_labels == ["start", "#1", "#2"]
    assert figures.timeline == {"Anna": [50, 48, 51], "Ben": [50, 48, 45], "Carla": [50, 54, 54]}
    finals = {r["name"]: r["final_stack"] for r in figures.data["results"]}
    assert finals == {name: points[-1] for name, points in figures.timeline.items()}


def _shelby_rounds(people: People, night: Night) -> None:
    """Anna holds alone three rounds running: three Shelbys take the pot, the game is
    over and the deal passes to Ben, whose game has one round before the night ends."""
    anna, ben, _carla = people.ids
    for n, holder in enumerate((anna, anna, anna, ben)):
        services.record_shelby_round(
            night_id=night.pk, by=people.owner, key=f"s{n}", holders=[holder]
        )


def test_a_shelby_game_of_several_rounds_is_one_game(people: People) -> None:
    """Issue 23: each round counted as a game, in the count and the dealers' figures."""
    from gamenight.models import Deal
    from gamenight.services.standings import player_history

    night = _night(people)
    _shelby_rounds(people, night)
    _hand(people, night, "h1", dict.fromkeys(people.ids, 2), winner=people.ids[2])
    # Ben's game is left unfinished: its pot is split when the night ends.
    services.split_night_pots(night_id=night.pk, by=people.owner, key="split", players=people.ids)
    deals = Deal.objects.filter(night=night).order_by("number")
    assert [d.state_after.get("continues", False) for d in deals] == [
        False, True, True, False, False,
    ]  # fmt: skip
    services.end_night(night_id=night.pk, by=people.owner)
    night.refresh_from_db()
    data = night_figures(night, chip_value_cents=None).data
    # Anna's Shelby game (three rounds), Ben's (one round), and the hand Ben dealt.
    assert data["games"] == 3
    assert {m["game"]: m["count"] for m in data["game_mix"]} == {
        "shelby": 2,
        "seven-card-stud": 1,
    }
    assert {d["name"]: d["total"] for d in data["dealers"]} == {"Anna": 1, "Ben": 2}
    assert {r["name"]: r["dealt"] for r in data["results"]} == {"Anna": 1, "Ben": 2, "Carla": 0}
    anna = people.players[0]
    assert [n.games_dealt for n in player_history(anna)] == [1]


def test_the_migration_marks_the_shelby_deals_stored_before(people: People) -> None:
    """Deals recorded before the mark was kept get it from the ledger, undo included."""
    import importlib

    from django.apps import apps

    from gamenight.models import Deal, Transaction

    night = _night(people)
    _shelby_rounds(people, night)
    last = Transaction.objects.filter(night=night).order_by("-pk").first()
    assert last is not None
    services.undo(night_id=night.pk, by=people.owner, key="undo", transaction_id=last.pk)
    services.record_shelby_round(
        night_id=night.pk, by=people.owner, key="again", holders=[people.ids[2]]
    )
    marked = {d.pk: d.state_after for d in Deal.objects.filter(night=night)}
    for deal in Deal.objects.filter(night=night):
        deal.state_after = {k: v for k, v in deal.state_after.items() if k != "continues"}
        deal.save(update_fields=["state_after"])
    migration = importlib.import_module("gamenight.migrations.0024_shelby_game_deals")
    migration.forwards(apps, None)
    assert {d.pk: d.state_after for d in Deal.objects.filter(night=night)} == marked
    assert sum(1 for state in marked.values() if state.get("continues")) == 2


def test_a_digital_shelby_deal_that_goes_on_with_a_game_is_marked(people: People) -> None:
    """The app deals up to four rounds at a time; a game not over goes on in the next deal."""
    import random

    from engine.games import ActionName
    from gamenight.models import Account, AccountKind, Deal, HandStatus
    from gamenight.services import digital
    from gamenight.services.digital import Move

    night = _night(people)
    marks: list[tuple[int, bool]] = []
    for n in range(8):
        pot = Account.objects.filter(night=night, kind=AccountKind.SHELBY_POT).first()
        before = pot.balance if pot else 0
        hand = digital.start_hand(night_id=night.pk, by=people.owner, key=f"d{n}", game="shelby")
        rng = random.Random(n)
        for step in range(200):
            hand.refresh_from_db()
            if hand.status != HandStatus.RUNNING:
                break
            state = digital.hand_state(hand)
            legal = [a for a in state.legal_actions() if a.kind is not ActionName.FOLD]
            choice = rng.choice(legal)
            digital.act(
                hand_id=hand.pk,
                seat=state.actor,
                move=Move(action=choice.kind, amount=choice.min_amount, game=choice.game),
                version=hand.version,
                key=f"d{n}-{step}",
            )
        deal = Deal.objects.get(pk=hand.deal_id)
        marks.append((before, bool(deal.state_after.get("continues"))))
    assert marks == [(before, before > 0) for before, _ in marks]
    assert any(continues for _, continues in marks), "no deal went on with a game"


def test_a_night_without_a_game_draws_no_chart(people: People) -> None:
    """Its chart was every player's line at "(0)" beside final stacks of 50."""
    from django.urls import reverse
    from helpers.clients import client_for

    from gamenight.reports import build

    night = _night(people)
    services.end_night(night_id=night.pk, by=people.owner)
    assert build.build_night(night.pk) == "built"
    html = client_for(people.owner).get(reverse("night_report", args=[night.pk])).content.decode()
    assert "0 games" in html
    assert reverse("night_report_png", args=[night.pk]) not in html
