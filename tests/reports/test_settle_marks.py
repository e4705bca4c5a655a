"""Paid marks on a night's settle-up (issue 17): by the payer, the host or a co-host;
refused for anyone else; taken back by a new row; once per tap; and shown only while
the transfer still is what the night's results say."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse
from helpers.clients import client_for
from report_people import People, make_people
from settle_helpers import built_night, euros, link, mark, money_group, player_named, transfers

from gamenight.models import AppendOnlyError, Night, NightReport, TransferMark
from gamenight.reports import build


@pytest.fixture
def people(db: None) -> People:
    people = make_people(players=4)
    money_group(people)
    return people


@pytest.fixture
def night(people: People, django_capture_on_commit_callbacks: Any) -> Night:
    with django_capture_on_commit_callbacks(execute=False):
        return built_night(people, seed=3, day=0)


def _report(client: Any, night: Night) -> str:
    response = client.get(reverse("night_report", args=[night.pk]))
    assert response.status_code == 200
    return str(response.content.decode())


def _transfer_li(html: str, t: dict[str, Any]) -> str:
    """The report's list item of the transfer ``t``."""
    start = html.index(f'data-payer="{t["payer_id"]}" data-payee="{t["payee_id"]}"')
    return html[start : html.index("</li>", start)]


def test_the_report_names_players_of_each_transfer_by_id_and_writes_euros(
    people: People, night: Night
) -> None:
    t = transfers(night)[0]
    assert t["payer_id"] == player_named(people, t["payer"]).pk
    assert t["payee_id"] == player_named(people, t["payee"]).pk
    html = _report(client_for(people.viewer), night)
    assert euros(t["cents"]) in _transfer_li(html, t)
    assert "One chip is worth €0.10." in html


def test_the_payer_marks_their_transfer_paid_and_the_report_says_by_whom(
    people: People, night: Night
) -> None:
    t = transfers(night)[0]
    link(player_named(people, t["payer"]), people.viewer)
    client = client_for(people.viewer)
    before = _transfer_li(_report(client, night), t)
    assert ">Paid</button>" in before  # the payer's own button
    response = mark(client, night, t, key="m1")
    assert response.status_code == 302
    assert response["Location"].endswith(f"/nights/{night.pk}/report/#settle-up")
    row = TransferMark.objects.get()
    assert (row.payer_id, row.payee_id, row.cents, row.step, row.paid) == (
        t["payer_id"],
        t["payee_id"],
        t["cents"],
        1,
        True,
    )
    assert row.marked_by == people.viewer
    after = _transfer_li(_report(client_for(people.owner), night), t)
    assert "paid" in after
    assert f"marked by {t['payer']}" in after  # the payer's player name, not the login
    assert "Not paid yet" in after


@pytest.mark.parametrize("who", ["owner", "cohost"])
def test_the_host_and_a_cohost_mark_any_transfer(people: People, night: Night, who: str) -> None:
    client = client_for(getattr(people, who))
    for i, t in enumerate(transfers(night)):
        assert mark(client, night, t, key=f"{who}-{i}").status_code == 302
    assert TransferMark.objects.filter(paid=True).count() == len(transfers(night))
    assert "All paid." in _report(client, night)


def test_another_member_is_refused_with_a_403_in_their_language(
    people: People, night: Night
) -> None:
    t = transfers(night)[0]
    # The viewer's player is not this transfer's payer (the payee, say).
    link(player_named(people, t["payee"]), people.viewer)
    html = _report(client_for(people.viewer), night)
    assert ">Paid</button>" not in _transfer_li(html, t)  # no button to press
    german = client_for(people.viewer, HTTP_ACCEPT_LANGUAGE="de")
    refused = mark(german, night, t, key="v1")
    assert refused.status_code == 403
    assert "Nicht erlaubt" in refused.content.decode()
    outsider = mark(client_for(people.outsider), night, t, key="o1")
    assert outsider.status_code == 404  # another group's night: the id tells nothing
    assert not TransferMark.objects.exists()


def test_unmark_is_a_new_row_reversing_the_mark_and_marks_are_never_changed(
    people: People, night: Night
) -> None:
    t = transfers(night)[0]
    client = client_for(people.cohost)
    assert mark(client, night, t, key="a").status_code == 302
    assert mark(client, night, t, key="b", paid=False).status_code == 302
    first, second = TransferMark.objects.order_by("step")
    assert (first.paid, second.paid, second.reverses_id, second.step) == (
        True,
        False,
        first.pk,
        2,
    )
    li = _transfer_li(_report(client, night), t)
    assert ">Paid</button>" in li  # open again
    assert mark(client, night, t, key="c").status_code == 302  # marked again: a third row
    assert list(TransferMark.objects.order_by("step").values_list("paid", flat=True)) == [
        True,
        False,
        True,
    ]
    with pytest.raises(AppendOnlyError):
        first.delete()
    first.cents = 1
    with pytest.raises(AppendOnlyError):
        first.save()
    # Below the app too: the database refuses an UPDATE and a DELETE.
    for write in (
        lambda: TransferMark.objects.filter(pk=first.pk).update(cents=1),
        lambda: TransferMark.objects.filter(pk=first.pk).delete(),
    ):
        with pytest.raises(IntegrityError), transaction.atomic():
            write()
    assert TransferMark.objects.count() == 3


def test_a_double_post_writes_once(people: People, night: Night) -> None:
    t = transfers(night)[0]
    client = client_for(people.owner)
    first = mark(client, night, t, key="twice")
    again = mark(client, night, t, key="twice")
    assert first.status_code == again.status_code == 302
    assert first["Location"] == again["Location"]
    assert TransferMark.objects.count() == 1


def test_a_stale_tab_gets_a_clear_message_and_changes_nothing(people: People, night: Night) -> None:
    t = transfers(night)[0]
    owner, cohost = client_for(people.owner), client_for(people.cohost)
    assert mark(owner, night, t, key="tab-1").status_code == 302
    stale = mark(cohost, night, t, key="tab-2")  # the co-host's page still showed it open
    assert stale.status_code == 409
    assert "is already marked as paid" in stale.content.decode()
    assert mark(owner, night, t, key="tab-3", paid=False).status_code == 302
    german = client_for(people.cohost, HTTP_ACCEPT_LANGUAGE="de")
    again = mark(german, night, t, key="tab-4", paid=False)
    assert again.status_code == 409
    assert "ist nicht als bezahlt markiert" in again.content.decode()
    assert TransferMark.objects.count() == 2


@pytest.mark.parametrize(
    "change",
    [
        {"payer": "abc"},
        {"cents": "0"},
        {"cents": "-5"},
        {"paid": "maybe"},
        {"payer": "9" * 25},
        {"key": ""},
    ],
)
def test_bad_input_is_refused_with_a_message_never_a_500(
    people: People, night: Night, change: dict[str, str]
) -> None:
    t = transfers(night)[0]
    client = client_for(people.owner, raise_request_exception=False)
    data = {
        "key": "bad",
        "payer": t["payer_id"],
        "payee": t["payee_id"],
        "cents": t["cents"],
        "paid": "1",
        **change,
    }
    response = client.post(reverse("transfer_paid", args=[night.pk]), data)
    assert response.status_code == 422
    assert "out of date" in response.content.decode()
    assert not TransferMark.objects.exists()


def test_a_transfer_the_night_does_not_have_is_refused(people: People, night: Night) -> None:
    t = transfers(night)[0]
    client = client_for(people.owner)
    for wrong in (
        {**t, "cents": t["cents"] + 1},
        {**t, "payer_id": t["payee_id"], "payee_id": t["payer_id"]},
    ):
        response = mark(client, night, wrong, key=f"w{wrong['cents']}{wrong['payer_id']}")
        assert response.status_code == 409
        assert "no longer in the night" in response.content.decode()
    assert not TransferMark.objects.exists()


def test_a_mark_stops_counting_once_the_results_are_corrected(
    people: People, night: Night, django_capture_on_commit_callbacks: Any
) -> None:
    """The host corrects the chip's value and builds the report again: every transfer
    is another sum now, so the old marks no longer match and the page says so."""
    old = transfers(night)
    client = client_for(people.owner)
    for i, t in enumerate(old):
        assert mark(client, night, t, key=f"k{i}").status_code == 302
    assert "All paid." in _report(client, night)
    money_group(people, cents=20)
    with django_capture_on_commit_callbacks(execute=False):
        build.rebuild_night_report(night.pk)
    assert build.build_night(night.pk) == "built"
    new = transfers(night)
    assert [t["cents"] for t in new] == [2 * t["cents"] for t in old]
    html = _report(client, night)
    assert "All paid." not in html
    assert "The results were corrected after these transfers were marked as paid" in html
    for t in new:
        assert ">Paid</button>" in _transfer_li(html, t)
    # The old transfer, by its old sum, can no longer be marked or unmarked.
    refused = mark(client, night, old[0], key="late", paid=False)
    assert refused.status_code == 409
    owes = client.get(reverse("group_owes", args=[people.group.pk])).content.decode()
    assert euros(new[0]["cents"]) in owes
    assert "Some results were corrected" in owes


def test_a_report_built_before_ids_were_stored_is_marked_by_names(
    people: People, night: Night
) -> None:
    """Reports built before issue 17 name the players of a transfer only."""
    report = NightReport.objects.get(night=night)
    data = report.data
    old = [{k: t[k] for k in ("payer", "payee", "cents")} for t in data["settle_up"]["transfers"]]
    data["settle_up"]["transfers"] = old
    NightReport.objects.filter(pk=report.pk).update(data=data)
    t = {**old[0], "payer_id": player_named(people, old[0]["payer"]).pk}
    t["payee_id"] = player_named(people, old[0]["payee"]).pk
    client = client_for(people.owner)
    assert mark(client, night, t, key="legacy").status_code == 302
    assert "paid" in _transfer_li(_report(client, night), t)


def test_an_htmx_tap_gets_the_report_again_and_a_refusal_its_part_with_the_message(
    people: People, night: Night
) -> None:
    t = transfers(night)[0]
    client = client_for(people.owner)
    done = mark(client, night, t, key="hx-1", headers={"HX-Request": "true"})
    assert done.status_code == 302  # htmx follows it and swaps the page's content
    stale = mark(client_for(people.cohost), night, t, key="hx-2", headers={"HX-Request": "true"})
    assert stale.status_code == 409
    html = stale.content.decode()
    assert "<html" not in html
    assert 'id="content"' in html
    assert "is already marked as paid" in html
