"""What the report pages show of a built report (the night's and the season's), in
the reader's language; the night's with its settle-up marks (issue 17).

Here, not in views/reports.py, because two views build the night's page: the
report itself and a refused "paid" tap (views/settling.py), and views do not
import each other (tests/web/test_web_layout.py).
"""

from __future__ import annotations

from datetime import date
from typing import Any

from django.contrib.auth.models import User
from django.urls import reverse
from django.utils.translation import ngettext

from gamenight import tasks
from gamenight.forms.reports import ChipValueForm, MailAgainForm, RebuildForm
from gamenight.games import game_title
from gamenight.models import (
    DigitalHand,
    Group,
    HandStatus,
    Membership,
    Night,
    NightReport,
    NightStatus,
    Role,
    SeasonReport,
)
from gamenight.money import as_decimal, money
from gamenight.pages.settling import night_rows
from gamenight.reports import build, worker_seen
from gamenight.reports.costs import cost_rows
from gamenight.reports.labels import guts_label
from gamenight.reports.names import current_names
from gamenight.services import settling
from gamenight.services.ledger_check import describe

POLL_SECONDS = 2


def report_context(report: NightReport | SeasonReport | None, currency: str) -> dict[str, Any]:
    """A built report's figures for the page; money in ``currency``, the group's."""
    # Names as the players are called now (a rename or a merge since the build).
    data = current_names(report.data) if report is not None and report.built_generation else {}
    settle = data.get("settle_up") if data else None
    transfers = [
        {**t, "money": money(t["cents"], currency)} for t in (settle or {}).get("transfers", [])
    ]
    return {
        "report": report,
        "build_attempts_max": build.MAX_ATTEMPTS,
        "mail_attempts_max": tasks.MAIL_MAX_RETRIES + 1,
        "mail_form": MailAgainForm(),
        "data": data,
        "transfers": transfers,
        "chip_value": money(settle["chip_value_cents"], currency)
        if settle and settle.get("chip_value_cents")
        else "",
        # Shared costs, apart from the chips (gamenight/services/expenses.py).
        **cost_rows(data, currency),
        "poll_seconds": POLL_SECONDS,
        # Only while the page waits: a report that is built needs no worker.
        "worker_silent": report is not None and report.in_progress and worker_seen.silent(),
        **_ledger_problem(report),
        "game_label": game_title,
        "game_mix": [{**m, "label": game_title(m["game"])} for m in (data.get("game_mix") or [])],
        "dealers": [
            {**d, "games": [{**g, "label": game_title(g["game"])} for g in d.get("games") or []]}
            for d in (data.get("dealers") or [])
        ],
        "guts_history": [{**g, "label": guts_label(g)} for g in (data.get("guts_history") or [])],
        "season_nights": [{**n, "day": _date(n.get("date"))} for n in (data.get("nights") or [])],
        "biggest_pots": [
            {**p, "label": game_title(p["game"]) if p["game"] else ""}
            for p in (data.get("biggest_pots") or [])
        ],
    }


def _date(iso: object) -> object:
    """A date stored as ISO text, as a date (the template formats it in the reader's way)."""
    try:
        return date.fromisoformat(str(iso))
    except ValueError:
        return iso


def chip_form(group: Group, membership: Membership) -> ChipValueForm | None:
    if membership.role != Role.HOST:
        return None
    cents = group.chip_value_cents
    return ChipValueForm(
        initial={"chip_value": as_decimal(cents, group.currency) if cents else None},
        currency=group.currency,
    )


def _ledger_problem(report: NightReport | SeasonReport | None) -> dict[str, Any]:
    """The worker's ledger check (night reports only), in the reader's language."""
    problem = getattr(report, "ledger_problem", None)
    if not problem:
        return {}
    if not isinstance(problem, dict):
        problem = {"code": str(problem)[:100]}
    count = problem.get("count")
    more = count - 1 if isinstance(count, int) else 0
    return {
        "ledger_problem": describe(problem.get("code", ""), problem.get("params") or {}),
        "ledger_more": ngettext(
            "The check found %(n)s more problem.", "The check found %(n)s more problems.", more
        )
        % {"n": more}
        if more > 0
        else "",
    }


def night_context(night: Night, membership: Membership, user: User, **extra: Any) -> dict[str, Any]:
    report = NightReport.objects.filter(night=night).first()
    built = report_context(report, night.group.currency)
    if built["data"].get("settle_up"):
        # The transfers with their paid marks and the buttons (gamenight/pages/settling.py).
        settlement, people = settling.night_settlement(night, built["data"]["settle_up"])
        built |= night_rows(
            settlement,
            people,
            membership,
            user,
            currency=night.group.currency,
            group_id=night.group_id,
        )
    return {
        "night": night,
        "group": night.group,
        "membership": membership,
        "may_rebuild": membership.may_record and night.status == NightStatus.CLOSED,
        "rebuild_form": RebuildForm(),
        "chip_form": chip_form(night.group, membership),
        "refresh_url": reverse("night_report", args=[night.pk]),
        # Shared costs are added and taken back on their own page (host and co-hosts).
        "costs_url": reverse("night_costs", args=[night.pk])
        if membership.may_record and night.status == NightStatus.CLOSED
        else "",
        # The night's finished digital hands, each with its replay (one query).
        "replays": [
            {"hand": hand_id, "number": number, "game": game_title(game)}
            for hand_id, number, game in DigitalHand.objects.filter(
                night=night, status=HandStatus.FINISHED
            )
            .order_by("id")
            .values_list("id", "deal__number", "deal__game")
        ],
        **built,
        **extra,
    }
