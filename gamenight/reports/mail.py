"""Mail a built report to the group's players who gave an email address.

One message per player (nobody sees the others' addresses), the chart as a
PNG attachment and the entries as CSV. The backend is Django's EMAIL_BACKEND
(the console by default, see settings).
"""

from __future__ import annotations

from datetime import date
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.template.loader import render_to_string
from django.utils import translation

from gamenight.models import NightReport, Player, SeasonReport
from gamenight.money import money
from gamenight.reports.build import built_in
from gamenight.reports.costs import cost_rows
from gamenight.services.settling import open_debts_before


def _context(report: NightReport | SeasonReport) -> dict[str, Any]:
    """The report's data with its dates as dates for the template to write in the
    language's own way, and its money already written so (called in that language)."""
    data = report.data
    group = report.night.group if isinstance(report, NightReport) else report.season.group
    currency = group.currency
    transfers = [
        {**t, "money": money(t["cents"], currency)}
        for t in (data.get("settle_up") or {}).get("transfers", [])
    ]
    night = data.get("night") or {}
    still_open = []
    if isinstance(report, NightReport):
        # What earlier nights left open, as a reminder (issue 17), one line a pair of
        # people (merged players as the kept one); nothing once all is paid.
        still_open = [
            {"payer": d.payer, "payee": d.payee, "money": money(d.cents, currency), "day": d.since}
            for d in open_debts_before(report.night)
        ]
    return {
        "data": data,
        "report": report,
        # The shared costs, apart from the chips; how each payee likes to be paid is
        # not mailed (personal: on the report page, for the group's members only).
        **cost_rows(data, currency),
        "night_date": _day(night.get("date")),
        "transfers": transfers,
        "still_open": still_open,
    }


def _day(iso: object) -> date | None:
    try:
        return date.fromisoformat(str(iso))
    except ValueError:
        return None


def recipients(group_id: int) -> list[str]:
    emails = (
        Player.objects.filter(group_id=group_id).exclude(email="").values_list("email", flat=True)
    )
    return sorted(set(emails))


def send_report(report: NightReport | SeasonReport) -> int:
    """Send the report; returns how many messages went out."""
    if isinstance(report, NightReport):
        group_id = report.night.group_id
        template, stem = "reports/mail_night.txt", f"night-{report.night.date.isoformat()}"
    else:
        group_id = report.season.group_id
        template, stem = "reports/mail_season.txt", f"season-{report.season.pk}"
    to = recipients(group_id)
    if not to:
        return 0
    # The worker speaks the site's default language: the mail is written in the
    # report's (the language of the host who ended the night).
    with translation.override(built_in(report)):
        text = render_to_string(template, _context(report))
    subject, _, body = text.strip().partition("\n")
    messages = []
    for address in to:
        message = EmailMessage(
            subject=subject.strip(),
            body=body.strip() + "\n",
            from_email=settings.DEFAULT_FROM_EMAIL,
            to=[address],
        )
        if report.png:
            message.attach(f"{stem}.png", bytes(report.png), "image/png")
        if report.csv:
            message.attach(f"{stem}-entries.csv", report.csv, "text/csv")
        messages.append(message)
    with get_connection() as connection:
        return int(connection.send_messages(messages) or 0)
