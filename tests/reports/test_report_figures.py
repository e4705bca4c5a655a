"""The report's figures agree with the ledger to the chip; the build is idempotent."""

from __future__ import annotations

import csv
import datetime
import io
from typing import Any

import pytest
from django.core import mail
from django.db import OperationalError
from django.db.models import Sum
from report_people import People, give_emails, make_people, played_night

from gamenight import services, tasks
from gamenight.models import (
    AccountKind,
    Deal,
    DealStatus,
    Entry,
    NightReport,
    ReportStatus,
    SeasonReport,
    TransactionKind,
)
from gamenight.reports import build
from gamenight.reports.night import GAME_KINDS


@pytest.fixture
def people(db: None) -> People:
    people = make_people(players=5)
    give_emails(people)
    return people


def _built_night(people: People, django_capture_on_commit_callbacks: Any, **kw: Any) -> Any:
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        night = played_night(people, **kw)
    assert callbacks, "ending the night queues the report after the commit"
    assert build.build_night(night.pk) == "built"
    return night, NightReport.objects.get(night=night)


def test_ending_a_night_creates_one_queued_report_and_sends_the_task_after_commit(
    people: People, django_capture_on_commit_callbacks: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent: list[tuple[str, int]] = []
    monkeypatch.setattr(build, "send_task", lambda scope, pk: sent.append((scope, pk)) or True)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        night = played_night(people, games=4)
        assert NightReport.objects.get(night=night).status == ReportStatus.QUEUED
        assert sent == []  # nothing is sent before the transaction commits
    for callback in callbacks:
        callback()
    assert sent == [("night", night.pk)]
    services.end_night(night_id=night.pk, by=people.owner)  # a double tap: still one report
    assert NightReport.objects.filter(night=night).count() == 1


def test_results_and_final_stacks_agree_with_the_ledger_to_the_chip(
    people: People, django_capture_on_commit_callbacks: Any
) -> None:
    night, report = _built_night(people, django_capture_on_commit_callbacks, games=16)
    assert report.status == ReportStatus.READY
    results = {row["name"]: row for row in report.data["results"]}
    stack_entries = Entry.objects.filter(
        transaction__night=night, account__kind=AccountKind.STACK, account__night=night
    )
    for player in people.players:
        mine = stack_entries.filter(account__player=player)
        game = mine.filter(transaction__kind__in=GAME_KINDS).aggregate(s=Sum("amount"))["s"] or 0
        undone = (
            mine.filter(
                transaction__kind=TransactionKind.REVERSAL,
                transaction__reverses__kind__in=GAME_KINDS,
            ).aggregate(s=Sum("amount"))["s"]
            or 0
        )
        cashed = -(
            mine.filter(transaction__kind=TransactionKind.CASH_OUT).aggregate(s=Sum("amount"))["s"]
            or 0
        )
        balance = mine.aggregate(s=Sum("amount"))["s"] or 0
        row = results[player.name]
        assert row["result"] == game + undone
        assert row["final_stack"] == balance + cashed
        assert row["final_stack"] == row["bought_in"] + row["rebuys"] + row["result"]
    assert sum(r["result"] for r in results.values()) == 0
    assert (
        report.data["totals"]["entries"] == Entry.objects.filter(transaction__night=night).count()
    )


def test_the_csv_lists_every_entry_of_the_night(
    people: People, django_capture_on_commit_callbacks: Any
) -> None:
    night, report = _built_night(people, django_capture_on_commit_callbacks, games=8)
    rows = list(csv.DictReader(io.StringIO(report.csv)))
    entries = Entry.objects.filter(transaction__night=night)
    assert [int(r["entry"]) for r in rows] == list(
        entries.order_by("id").values_list("pk", flat=True)
    )
    assert sum(int(r["amount"]) for r in rows) == 0  # double entry: every transaction sums to 0


def test_games_pots_dealers_and_guts_history_come_from_the_deals(
    people: People, django_capture_on_commit_callbacks: Any
) -> None:
    night, report = _built_night(people, django_capture_on_commit_callbacks, games=16)
    settled = Deal.objects.filter(night=night, status=DealStatus.SETTLED)
    assert report.data["games"] == settled.count()
    assert sum(m["count"] for m in report.data["game_mix"]) == settled.count()
    assert sum(d["total"] for d in report.data["dealers"]) == settled.count()
    pots = [p["pot"] for p in report.data["biggest_pots"]]
    assert pots == sorted(pots, reverse=True)
    assert len(pots) <= 5
    history = report.data["guts_history"]
    assert history, "the sample night plays Guts"
    assert history[-1]["pot"] == 0 == history[-1]["reserve"]  # split before the end
    assert report.png.startswith(b"\x89PNG")


def test_who_pays_whom_appears_when_the_group_sets_a_chip_value(
    people: People, django_capture_on_commit_callbacks: Any
) -> None:
    people.group.chip_value_cents = 25
    people.group.save()
    _night, report = _built_night(people, django_capture_on_commit_callbacks, games=10)
    settle = report.data["settle_up"]
    assert settle["chip_value_cents"] == 25
    owed = {r["name"]: r["result"] * 25 for r in report.data["results"]}
    for t in settle["transfers"]:
        owed[t["payer"]] += t["cents"]
        owed[t["payee"]] -= t["cents"]
    assert set(owed.values()) == {0}
    assert len(settle["transfers"]) <= len([r for r in report.data["results"] if r["result"]]) - 1


def test_without_a_chip_value_there_is_no_settle_up(
    people: People, django_capture_on_commit_callbacks: Any
) -> None:
    _night, report = _built_night(people, django_capture_on_commit_callbacks, games=4)
    assert report.data["settle_up"] is None


def test_players_with_an_email_get_the_report_with_the_png_attached(
    people: People, django_capture_on_commit_callbacks: Any
) -> None:
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        night = played_night(people, games=4)
    # The task is the worker's: build it here, with its own on-commit mail.
    with django_capture_on_commit_callbacks(execute=True):
        build.build_night(night.pk)
    assert sorted(m.to[0] for m in mail.outbox) == ["anna@example.org", "ben@example.org"]
    names = [a[0] for a in mail.outbox[0].attachments]
    assert any(n.endswith(".png") for n in names)
    assert mail.outbox[0].attachments[0][2] == "image/png"
    with django_capture_on_commit_callbacks(execute=True):
        assert build.build_night(night.pk) == "already built"
    assert len(mail.outbox) == 2  # mailed once


def test_running_the_task_twice_yields_one_report(
    people: People, django_capture_on_commit_callbacks: Any
) -> None:
    night, _report = _built_night(people, django_capture_on_commit_callbacks, games=4)
    assert tasks.build_night_report.apply(args=[night.pk]).get() == "already built"
    assert NightReport.objects.filter(night=night).count() == 1
    assert NightReport.objects.get(night=night).attempts == 1


def test_building_again_replaces_the_report_with_a_new_generation(
    people: People, django_capture_on_commit_callbacks: Any
) -> None:
    night, report = _built_night(people, django_capture_on_commit_callbacks, games=4)
    old_data = report.data
    with django_capture_on_commit_callbacks(execute=False):
        rebuilt = build.rebuild_night_report(night.pk)
    assert (rebuilt.status, rebuilt.generation, rebuilt.built_generation) == ("queued", 2, 1)
    assert rebuilt.data == old_data  # the old report stays until the new one is built
    assert build.build_night(night.pk) == "built"
    rebuilt.refresh_from_db()
    # attempts count the builds of the generation on the page ("attempt 2 of 6")
    assert (rebuilt.status, rebuilt.built_generation, rebuilt.attempts) == ("ready", 2, 1)


def test_a_build_finishing_after_a_newer_request_is_thrown_away(
    people: People, django_capture_on_commit_callbacks: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    night, _report = _built_night(people, django_capture_on_commit_callbacks, games=4)
    with django_capture_on_commit_callbacks(execute=False):
        build.rebuild_night_report(night.pk)
    real = build._night_contents

    def contents_then_rebuild(night_id: int) -> build.Built:
        built = real(night_id)
        with django_capture_on_commit_callbacks(execute=False):
            build.rebuild_night_report(night_id)  # the host taps "build again" meanwhile
        return built

    monkeypatch.setattr(build, "_night_contents", contents_then_rebuild)
    assert build.build_night(night.pk) == "superseded"
    report = NightReport.objects.get(night=night)
    assert (report.generation, report.built_generation, report.status) == (3, 1, "queued")


def test_bad_data_fails_for_good_with_the_reason_for_the_page(
    people: People, django_capture_on_commit_callbacks: Any
) -> None:
    night = played_night(people, games=2, end=False)
    NightReport.objects.create(night=night)
    assert build.build_night(night.pk) == "failed"
    report = NightReport.objects.get(night=night)
    assert report.status == ReportStatus.FAILED
    assert "not over" in report.error
    assert build.build_night(night.pk) == "already built"  # no endless retries


def test_transient_errors_are_retried_with_backoff() -> None:
    task = tasks.build_night_report
    assert OperationalError in task.autoretry_for
    assert ConnectionError in task.autoretry_for
    assert task.retry_backoff is True
    assert task.acks_late is True
    assert task.reject_on_worker_lost is True


def test_a_transient_error_that_outlasts_the_retries_marks_the_report_failed(
    people: People, django_capture_on_commit_callbacks: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    with django_capture_on_commit_callbacks(execute=False):
        night = played_night(people, games=2)

    def broken(night_id: int) -> build.Built:
        raise OperationalError("database is locked")

    monkeypatch.setattr(build, "_night_contents", broken)
    monkeypatch.setattr(tasks.build_night_report, "max_retries", 0)
    result = tasks.build_night_report.apply(args=[night.pk])
    assert result.failed()
    report = NightReport.objects.get(night=night)
    assert report.status == ReportStatus.FAILED
    assert "database" in report.error


def test_the_season_report_has_the_standings_of_its_nights(
    people: People, django_capture_on_commit_callbacks: Any
) -> None:
    season = services.create_season(
        group_id=people.group.pk,
        by=people.owner,
        name="Autumn",
        starts_on=datetime.date(2026, 9, 1),
    )
    with django_capture_on_commit_callbacks(execute=False):
        nights = [played_night(people, games=4, seed=s, day=s, season=season) for s in range(3)]
    assert SeasonReport.objects.filter(season=season).count() == 1
    assert build.build_season(season.pk) == "built"
    report = SeasonReport.objects.get(season=season)
    nets = {r["name"]: r["net"] for r in report.data["standings"]}
    assert sum(nets.values()) == 0
    night_results: dict[str, int] = {}
    for night in nights:
        assert build.build_night(night.pk) == "built"
        for row in NightReport.objects.get(night=night).data["results"]:
            night_results[row["name"]] = night_results.get(row["name"], 0) + row["result"]
    assert nets == night_results
    assert len(report.data["nights"]) == 3
    assert report.png.startswith(b"\x89PNG")
    assert report.csv.count("\n") == 1 + Entry.objects.filter(transaction__night__in=nights).count()


def test_a_report_whose_builds_never_finish_fails_for_good(
    people: People, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=False):
        night = played_night(people, games=2)
    # Every earlier delivery died with its worker (attempts counted, nothing stored).
    NightReport.objects.filter(night=night).update(
        status=ReportStatus.RUNNING, attempts=build.MAX_ATTEMPTS
    )
    assert build.build_night(night.pk) == "failed"
    report = NightReport.objects.get(night=night)
    assert report.status == ReportStatus.FAILED
    assert str(build.MAX_ATTEMPTS) in report.error
    assert build.build_night(night.pk) == "already built"
