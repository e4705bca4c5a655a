"""Who still owes what across a group's nights (issue 17): every open transfer by
person with totals, settled ones collapsed, reached from the group page and the
season standings, in a bounded number of queries however many nights there are."""

from __future__ import annotations

import datetime
import re
from collections import defaultdict
from typing import Any

import pytest
from django.urls import reverse
from helpers.clients import client_for
from report_people import People, make_people
from settle_helpers import (
    built_night,
    euros,
    euros_de,
    link,
    mark,
    money_group,
    player_named,
    transfers,
)

from gamenight import services
from gamenight.models import Night


@pytest.fixture
def people(db: None) -> People:
    people = make_people(players=4)
    money_group(people)
    return people


@pytest.fixture
def nights(people: People, django_capture_on_commit_callbacks: Any) -> list[Night]:
    with django_capture_on_commit_callbacks(execute=False):
        return [built_night(people, seed=3, day=0), built_night(people, seed=5, day=1)]


def _owes(client: Any, people: People) -> str:
    response = client.get(reverse("group_owes", args=[people.group.pk]))
    assert response.status_code == 200
    return str(response.content.decode())


def _section(html: str, player_id: int) -> str:
    start = html.index(f'id="person-{player_id}"')
    return html[start : html.index("</section>", start)]


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html))


def test_it_lists_every_open_transfer_by_person_with_totals(
    people: People, nights: list[Night]
) -> None:
    owes: dict[int, int] = defaultdict(int)
    gets: dict[int, int] = defaultdict(int)
    for night in nights:
        for t in transfers(night):
            owes[t["payer_id"]] += t["cents"]
            gets[t["payee_id"]] += t["cents"]
    html = _owes(client_for(people.viewer), people)
    for player in people.players:
        if player.pk not in owes and player.pk not in gets:
            assert f'id="person-{player.pk}"' not in html
            continue
        text = _text(_section(html, player.pk))
        if player.pk in owes:
            assert f"{player.name} owes {euros(owes[player.pk])} in total." in text
        if player.pk in gets:
            assert f"{player.name} gets {euros(gets[player.pk])} in total." in text
    t = transfers(nights[0])[0]
    line = f"{t['payer']} owes {t['payee']} {euros(t['cents'])} (night of Oct. 2)"
    assert line in _text(_section(html, t["payer_id"]))


def test_you_read_your_own_debts_first_in_german(people: People, nights: list[Night]) -> None:
    t = transfers(nights[1])[0]
    link(player_named(people, t["payer"]), people.viewer)
    html = _owes(client_for(people.viewer, HTTP_ACCEPT_LANGUAGE="de"), people)
    first = html.index('class="card person"')
    assert html.index(f'id="person-{t["payer_id"]}"') == html.index("id=", first)
    text = _text(_section(html, t["payer_id"]))
    assert f"Du ({t['payer']})" in text
    # _text reads every space as one, the no-break space before the sign too.
    owed = euros_de(t["cents"]).replace("\u00a0", " ")
    assert f"du schuldest {t['payee']} {owed} (Abend vom 9. Okt.)".lower() in (text.lower())
    assert "Bezahlt" in _section(html, t["payer_id"])  # the payer's own button


def test_settled_transfers_are_collapsed_and_totals_leave_them_out(
    people: People, nights: list[Night]
) -> None:
    client = client_for(people.owner)
    paid = transfers(nights[0])[0]
    response = mark(client, nights[0], paid, key="p1", back="owes")
    assert response.status_code == 302
    assert response["Location"].endswith(f"/groups/{people.group.pk}/owes/#settle-up")
    html = _owes(client, people)
    settled = html[html.index('<details class="settled">') :]
    assert "1 transfer paid" in settled
    assert f"{paid['payer']} paid {paid['payee']} {euros(paid['cents'])}" in _text(settled)
    still = sum(
        t["cents"]
        for night in nights
        for t in transfers(night)
        if t["payer_id"] == paid["payer_id"] and t is not paid and t != paid
    )
    text = _text(_section(html, paid["payer_id"])) if still else ""
    if still:
        assert f"owes {euros(still)} in total." in text
    else:
        assert f'id="person-{paid["payer_id"]}"' not in html


def test_when_everything_is_paid_it_says_so(people: People, nights: list[Night]) -> None:
    client = client_for(people.cohost)
    for night in nights:
        for i, t in enumerate(transfers(night)):
            assert mark(client, night, t, key=f"{night.pk}-{i}", back="owes").status_code == 302
    html = _owes(client, people)
    assert "Nobody owes anything: every transfer is marked as paid." in html
    assert 'class="card person"' not in html


def test_a_stale_tab_on_the_owes_page_answers_there(people: People, nights: list[Night]) -> None:
    t = transfers(nights[0])[0]
    assert mark(client_for(people.owner), nights[0], t, key="x1", back="owes").status_code == 302
    stale = mark(client_for(people.cohost), nights[0], t, key="x2", back="owes")
    assert stale.status_code == 409
    assert "Who still owes what" in stale.content.decode()
    assert "is already marked as paid" in stale.content.decode()


def test_it_is_linked_from_the_group_page_and_the_standings(people: People) -> None:
    season = services.create_season(
        group_id=people.group.pk,
        by=people.owner,
        name="Herbst",
        starts_on=datetime.date(2026, 9, 1),
    )
    url = reverse("group_owes", args=[people.group.pk])
    client = client_for(people.viewer)
    assert url in client.get(reverse("group_detail", args=[people.group.pk])).content.decode()
    standings = reverse("season_standings", args=[people.group.pk, season.pk])
    assert url in client.get(standings).content.decode()


def test_an_outsider_cannot_tell_the_group_exists(people: People) -> None:
    response = client_for(people.outsider).get(reverse("group_owes", args=[people.group.pk]))
    assert response.status_code == 404


def test_the_queries_do_not_grow_with_the_nights(
    people: People, django_capture_on_commit_callbacks: Any, django_assert_max_num_queries: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=False):
        made = [built_night(people, seed=3 + i, day=i, games=2) for i in range(12)]
    client = client_for(people.owner)
    mark(client, made[0], transfers(made[0])[0], key="q")
    with django_assert_max_num_queries(8):  # 6 today: session, user, membership, 3 reads
        html = _owes(client, people)
    assert html.count(">night of ") >= 12
