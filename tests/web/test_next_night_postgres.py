"""Two taps at the same moment on a real PostgreSQL: one answer, one player link.

Each tap is its own client on its own thread and connection (as in
test_request_keys_postgres.py); both get the same answer, none a server error.
"""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from double_taps import client_of
from ledger_helpers import make_table, run_together

from gamenight.models import Answer, PlayerLink, Rsvp
from gamenight.services import night_plan, player_links

pytestmark = pytest.mark.postgres

ROUNDS = 3


def test_two_answers_at_once_record_one_and_both_are_answered(on_postgres: None) -> None:
    table = make_table()
    night = night_plan.plan_next(
        group_id=table.group.pk,
        by=table.owner,
        date=timezone.localdate() + datetime.timedelta(days=1),
        starts_at=None,
        place="",
        note="",
    )
    for n, player in enumerate(table.players[:ROUNDS]):
        link = player_links.make_link(group_id=table.group.pk, by=table.owner, player_id=player.pk)
        url = reverse("player_link_answer", args=[link.token, night.pk])
        answer = "coming" if n % 2 else "not_coming"
        clients = [Client(), Client()]
        data = {"answer": answer}
        results = run_together([lambda c=c, u=url, d=data: c.post(u, d) for c in clients])  # type: ignore[misc]
        assert [getattr(r, "status_code", r) for r in results] == [302, 302], results
        assert Rsvp.objects.filter(night=night, player=player).count() == 1
        assert Rsvp.objects.get(night=night, player=player).answer == Answer(answer)


def test_two_taps_at_once_make_one_player_link(on_postgres: None) -> None:
    table = make_table()
    for player in table.players:
        url = reverse("player_link_make", args=[table.group.pk, player.pk])
        clients = [client_of(table.owner), client_of(table.owner)]
        results = run_together([lambda c=c, u=url: c.post(u) for c in clients])  # type: ignore[misc]
        assert [getattr(r, "status_code", r) for r in results] == [302, 302], results
        assert PlayerLink.objects.filter(player=player).count() == 1
