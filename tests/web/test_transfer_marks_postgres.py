"""Paid marks (issue 17) on a real PostgreSQL: ten taps from ten tabs at the same
moment write one mark, and the database itself refuses to change or delete one."""

from __future__ import annotations

import datetime
import random

import pytest
from django.db import IntegrityError, transaction
from helpers.people import make_members
from ledger_helpers import run_together

from gamenight import services
from gamenight.models import Membership, Night, NightReport, TransferMark
from gamenight.reports import build
from gamenight.reports.night import night_figures
from gamenight.reports.sample import play_night
from gamenight.services import settling

pytestmark = pytest.mark.postgres


def _night_with_transfers(monkeypatch: pytest.MonkeyPatch) -> tuple[Night, Membership]:
    monkeypatch.setattr(build, "send_task", lambda scope, object_id: True)  # no broker here
    members = make_members()
    group = members.group
    group.chip_value_cents = 10
    group.save(update_fields=["chip_value_cents"])
    players = [
        services.add_player(group_id=group.pk, by=members.owner, name=n).pk
        for n in ("Anna", "Ben", "Carla", "Dieter")
    ]
    night = play_night(
        group_id=group.pk,
        by=members.owner,
        players=players,
        games=4,
        rng=random.Random(3),
        date=datetime.date(2026, 10, 2),
    )
    night = Night.objects.select_related("group", "season").get(pk=night.pk)
    # What the worker's build stores (its task is not run here).
    figures = night_figures(night, chip_value_cents=group.chip_value_cents)
    NightReport.objects.filter(night=night).update(data=figures.data, built_generation=1)
    return night, Membership.objects.get(group=group, user=members.owner)


def test_ten_tabs_marking_one_transfer_at_once_write_one_mark(
    on_postgres: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    night, host = _night_with_transfers(monkeypatch)
    t = NightReport.objects.get(night=night).data["settle_up"]["transfers"][0]
    key = settling.TransferKey(night.pk, t["payer_id"], t["payee_id"], t["cents"])

    def tap() -> TransferMark:
        return settling.set_paid(night=night, membership=host, by=host.user, key=key, paid=True)

    results = run_together([tap] * 10)
    marks = [r for r in results if isinstance(r, TransferMark)]
    refused = [r for r in results if isinstance(r, settling.MarkRefusedError)]
    assert (len(marks), len(refused)) == (1, 9), results
    assert TransferMark.objects.count() == 1


def test_the_database_refuses_to_change_or_delete_a_mark(
    on_postgres: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    night, host = _night_with_transfers(monkeypatch)
    t = NightReport.objects.get(night=night).data["settle_up"]["transfers"][0]
    key = settling.TransferKey(night.pk, t["payer_id"], t["payee_id"], t["cents"])
    mark = settling.set_paid(night=night, membership=host, by=host.user, key=key, paid=True)
    for write in (
        lambda: TransferMark.objects.filter(pk=mark.pk).update(paid=False),
        lambda: TransferMark.objects.filter(pk=mark.pk).delete(),
    ):
        with pytest.raises(IntegrityError), transaction.atomic():
            write()
    assert TransferMark.objects.get().paid
