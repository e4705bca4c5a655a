"""Every page runs a fixed number of queries: the same on a small group as on a bigger one.

Two demo groups are seeded once for the module (rolled back at the end): a small
one and one with more players, seasons, nights and games. Each page is requested
in both; the count must stay under the page's pinned maximum and must not grow
with the data.
"""

from __future__ import annotations

import functools
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext

from gamenight import services
from gamenight.demo import SeedOptions, seed_demo
from gamenight.demo.seed import DemoResult
from gamenight.models import Deal, Night, NightStatus, Player, Seat

SMALL = SeedOptions(
    seasons=1, nights=2, games=4, players=4, group_name="Small", username="small-host"
)
LARGE = SeedOptions(
    seasons=2, nights=5, games=10, players=9, group_name="Large", username="large-host"
)


@dataclass(frozen=True)
class Seeded:
    result: DemoResult
    closed_night: Night
    running_night: Night
    player: Player

    @property
    def group_id(self) -> int:
        return self.result.group.pk

    @property
    def season_id(self) -> int:
        return self.result.seasons[0].pk


def _seeded(options: SeedOptions) -> Seeded:
    result = seed_demo(SeedOptions(**{**options.__dict__, "running_night": True}))
    assert result.running_night is not None
    busiest = (
        Deal.objects.filter(night__group=result.group, night__status=NightStatus.CLOSED)
        .values_list("night_id", flat=True)
        .order_by("-night__date")
        .first()
    )
    return Seeded(
        result=result,
        closed_night=Night.objects.get(pk=busiest),
        running_night=result.running_night,
        player=Player.objects.filter(group=result.group).order_by("pk").first(),  # type: ignore[arg-type]
    )


@pytest.fixture(scope="module")
def groups(django_db_setup: None, django_db_blocker: Any) -> Iterator[dict[str, Seeded]]:
    with django_db_blocker.unblock(), transaction.atomic():
        small, large = _seeded(SMALL), _seeded(LARGE)
        for n in range(3):  # the larger group's host is in other groups too (the home page)
            services.create_group(name=f"Other group {n}", host=large.result.host)
        yield {"small": small, "large": large}
        transaction.set_rollback(True)


@functools.cache
def _seated(night_id: int) -> tuple[int, ...]:
    """The seated players by seat, read once (at the warm-up: the test's own query
    is not the page's)."""
    seats = Seat.objects.filter(night_id=night_id, seated=True).order_by("position")
    return tuple(seats.values_list("player_id", flat=True))


def _form_data(seeded: Seeded, *, confirm: bool) -> dict[str, str]:
    """A seven-card stud hand: everyone antes 1, places by seat order."""
    data = {"key": uuid.uuid4().hex, "confirm" if confirm else "preview": "1"}
    for place, player_id in enumerate(_seated(seeded.running_night.pk), start=1):
        data[f"chips_{player_id}"] = "1"
        data[f"place_{player_id}"] = str(place)
    return data


Request = Callable[[Client, Seeded], Any]

PAGES: dict[str, tuple[int, Request]] = {
    "home": (5, lambda c, s: c.get("/")),
    "group page": (8, lambda c, s: c.get(f"/groups/{s.group_id}/")),
    "night page (closed)": (12, lambda c, s: c.get(f"/nights/{s.closed_night.pk}/")),
    # The running night also shows the digital-hands panel (its hand and seat links)
    # and the TV's table link (one query once it exists).
    "night page (running)": (14, lambda c, s: c.get(f"/nights/{s.running_night.pk}/")),
    # The record form's page also counts the group's games for its picker (most played first).
    "recording form GET": (
        7,
        lambda c, s: c.get(f"/nights/{s.running_night.pk}/record/seven-card-stud/"),
    ),
    "recording POST preview": (
        14,
        lambda c, s: c.post(
            f"/nights/{s.running_night.pk}/record/seven-card-stud/",
            _form_data(s, confirm=False),
        ),
    ),
    # A recorded hand: the page's session, user, night with its latest transaction
    # (the table's version) and access (4), the table it was read on (2), the
    # write's night (locked), access and key (3), the table locked (2), the deal's
    # number, the deal and its pot (3), the next dealer (1), the transaction and its
    # entries (2), the write's transaction (2). 30 before the write read its night
    # once and reused the seats and balances it had locked; a form that sends its
    # table version adds 1. And 1 for the table's version after the write, which
    # the answer carries for a phone's outbox (issue 26: Gamenight-Table,
    # static/js/outbox.js). 21 before the version was read with the night.
    "recording POST confirm": (
        20,
        lambda c, s: c.post(
            f"/nights/{s.running_night.pk}/record/seven-card-stud/",
            _form_data(s, confirm=True),
        ),
    ),
    "deal list": (7, lambda c, s: c.get(f"/nights/{s.closed_night.pk}/deals/")),
    "standings": (
        9,
        lambda c, s: c.get(f"/groups/{s.group_id}/seasons/{s.season_id}/standings/"),
    ),
    "standings with points": (
        9,
        lambda c, s: c.get(f"/groups/{s.group_id}/seasons/{s.season_id}/standings/?points=on"),
    ),
    # Two more than the nights and nets: everyone's nets at those nights (for the
    # nights won) and the player's net per deal (results per game); for the host, one
    # more: the members the player's login may be tied to (services/player_logins.py).
    "player history": (
        10,
        lambda c, s: c.get(f"/groups/{s.group_id}/players/{s.player.pk}/history/"),
    ),
    "rules card": (3, lambda c, s: c.get(f"/rules/baseball/?night={s.running_night.pk}")),
}


def _count(
    seeded: Seeded,
    request: Request,
    *,
    htmx: bool = False,
    capture: Callable[[], Any] = lambda: CaptureQueriesContext(connection),
) -> int:
    client = Client(headers={"HX-Request": "true"} if htmx else {})
    client.force_login(seeded.result.host)
    request(client, seeded)  # warm up: session, caches, the first stack accounts
    with capture() as queries:
        response = request(client, seeded)
    assert response.status_code in (200, 302), response.content.decode()[:2000]
    return len(queries)


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
@pytest.mark.parametrize("page", list(PAGES))
def test_the_page_runs_the_same_few_queries_on_small_and_larger_data(
    groups: dict[str, Seeded],
    db: None,
    django_assert_max_num_queries: Any,
    page: str,
    htmx: bool,
) -> None:
    most, request = PAGES[page]
    small = _count(groups["small"], request, htmx=htmx)
    large = _count(
        groups["large"], request, htmx=htmx, capture=lambda: django_assert_max_num_queries(most)
    )
    assert large == small, f"{page}: {small} queries on the small group, {large} on the larger"


def test_the_larger_group_is_larger(groups: dict[str, Seeded], db: None) -> None:
    small, large = groups["small"].result, groups["large"].result
    assert large.games > 5 * small.games
    assert (
        Player.objects.filter(group=large.group).count()
        > 2 * Player.objects.filter(group=small.group).count()
    )
