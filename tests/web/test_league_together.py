"""Issue 17's pieces together: a group with a merge, a hidden player, answers to the
next night and a paid mark travels whole through export and import, and the next
night's answers read merged players as their kept person."""

from __future__ import annotations

import datetime
import json

import pytest
from django.utils import timezone
from test_people import League, _rows, make_league

from gamenight.models import Answer, Player, PlayerMerge, Rsvp, TransferMark
from gamenight.services import next_night, night_plan, people
from gamenight.services.group_export import export_group
from gamenight.services.group_import import import_group, parse
from gamenight.services.ledger_check import find_violations
from tests.helpers.people import make_user


@pytest.fixture
def league(db: None) -> League:
    return make_league()


def _merged_hidden_and_answered(league: League) -> None:
    people.merge_players(
        group_id=league.group.pk,
        kept_id=league.pid("Anna"),
        merged_id=league.pid("Anna B"),
        by=league.owner,
    )
    people.set_hidden(
        group_id=league.group.pk, player_id=league.pid("Carla"), by=league.owner, hidden=True
    )
    planned = night_plan.plan_next(
        group_id=league.group.pk,
        by=league.owner,
        date=timezone.localdate() + datetime.timedelta(days=3),
        starts_at=datetime.time(19, 30),
        place="Anna's",
        note="",
    )
    next_night.answer(night_id=planned.pk, player=league.players["Ben"], answer=Answer.COMING)


def test_the_next_nights_answers_list_each_person_once_and_no_hidden_player(
    league: League,
) -> None:
    _merged_hidden_and_answered(league)
    planned = next_night.next_night(league.group.pk)
    assert planned is not None
    answers = next_night.answers(planned)
    assert [p.name for p in answers.coming] == ["Ben"]
    # Anna B is Anna now (one person, one line); Carla is hidden and did not answer.
    assert [p.name for p in answers.unanswered] == ["Anna"]


def test_merges_hidden_players_answers_and_marks_travel_through_export_and_import(
    league: League,
) -> None:
    _merged_hidden_and_answered(league)
    night = league.nights[0]
    ben, anna = league.players["Ben"], league.players["Anna"]
    mark = TransferMark.objects.create(
        night=night, payer=anna, payee=ben, cents=500, step=1, paid=True, marked_by=league.owner
    )
    TransferMark.objects.create(
        night=night,
        payer=anna,
        payee=ben,
        cents=500,
        step=2,
        paid=False,
        reverses=mark,
        marked_by=league.owner,
    )
    before = {name: (r.net, r.nights_played, r.points) for name, r in _rows(league.season).items()}

    other = make_user("importer")
    copied = import_group(parse(json.dumps(export_group(league.group))), host=other)

    assert copied.pk != league.group.pk
    assert find_violations(group_id=copied.pk) == []
    season = copied.seasons.get()
    after = {name: (r.net, r.nights_played, r.points) for name, r in _rows(season).items()}
    assert after == before
    new = {p.name + ("*" if p.merged_into_id else ""): p for p in copied.players.all()}
    assert new["Anna*"].merged_into_id == new["Anna"].pk  # the alias points at the copy
    assert new["Carla"].hidden
    assert not new["Ben"].hidden
    merge = PlayerMerge.objects.get(group=copied)
    assert (merge.kept_id, merge.merged_id) == (new["Anna"].pk, new["Anna*"].pk)
    rsvp = Rsvp.objects.get(night__group=copied)
    assert (rsvp.player_id, rsvp.answer) == (new["Ben"].pk, Answer.COMING)
    marks = list(TransferMark.objects.filter(night__group=copied).order_by("step"))
    assert [(m.payer_id, m.payee_id, m.paid) for m in marks] == [
        (new["Anna"].pk, new["Ben"].pk, True),
        (new["Anna"].pk, new["Ben"].pk, False),
    ]
    assert marks[1].reverses_id == marks[0].pk
    assert Player.objects.filter(group=copied).count() == 4
