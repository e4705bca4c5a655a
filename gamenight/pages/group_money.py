"""The group's money and calendar settings (issue 28): the currency, the chip value and
the time zone as the group page sums them up for everyone, and the host's page with
the forms that change them."""

from __future__ import annotations

from typing import Any

from babel.numbers import get_currency_name

from gamenight.forms.reports import MoneyAndTimeForm
from gamenight.models import Group, Membership
from gamenight.money import babel_locale, money
from gamenight.pages.report_context import chip_form


def money_summary(group: Group) -> dict[str, Any]:
    """What the group page says: the currency by name, the chip value, the time zone."""
    return {
        "currency_name": get_currency_name(group.currency, locale=babel_locale()),
        "chip_value_money": money(group.chip_value_cents, group.currency)
        if group.chip_value_cents
        else "",
    }


def money_context(
    group: Group,
    membership: Membership,
    *,
    money_form: MoneyAndTimeForm | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """The host's page: the currency and time zone form and the chip value's."""
    return {
        "group": group,
        "membership": membership,
        **money_summary(group),
        "money_form": money_form
        or MoneyAndTimeForm(initial={"currency": group.currency, "time_zone": group.time_zone}),
        "chip_form": chip_form(group, membership),
        **extra,
    }
