"""The group page's "Money and calendar" card (issue 28): the group's currency, chip
value and time zone for everyone; for the host, the forms that change them."""

from __future__ import annotations

from typing import Any

from babel.numbers import get_currency_name

from gamenight.forms.reports import MoneyAndTimeForm
from gamenight.models import Group, Membership, Role
from gamenight.money import babel_locale, money
from gamenight.pages.report_context import chip_form


def money_context(
    group: Group, membership: Membership, *, money_form: MoneyAndTimeForm | None = None
) -> dict[str, Any]:
    host = membership.role == Role.HOST
    return {
        "currency_name": get_currency_name(group.currency, locale=babel_locale()),
        "chip_value_money": money(group.chip_value_cents, group.currency)
        if group.chip_value_cents
        else "",
        "money_form": (
            money_form
            or MoneyAndTimeForm(initial={"currency": group.currency, "time_zone": group.time_zone})
        )
        if host
        else None,
        "chip_form": chip_form(group, membership),
    }
