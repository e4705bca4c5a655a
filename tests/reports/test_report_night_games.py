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
