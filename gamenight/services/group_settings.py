"""A group's currency and time zone (issue 28), set by its host.

The currency is chosen once, in the sense that every amount of the group is in
it: amounts are stored in its smallest unit, so a change is refused while any
amount is recorded (a chip value or a shared cost) if the new currency has
another number of decimals (EUR to JPY would read 10.50 as 1050). Between
currencies of the same decimals (EUR, CHF, USD) the numbers keep their meaning
and the change is allowed: a group that started before it could choose keeps
its figures. The time zone is where the group meets: a planned start time is a
time there, and the calendar files say so (gamenight/ics.py).
"""

from __future__ import annotations

import zoneinfo

from django.db import transaction
from django.utils.translation import gettext

from gamenight.models import Expense, Group
from gamenight.money import currency_codes, digits
from gamenight.services.access import User, membership_for
from gamenight.services.errors import LedgerError


class GroupSettingsError(LedgerError):
    """The currency or time zone was refused; nothing changed."""


def time_zones() -> list[str]:
    """Every IANA time zone this installation knows, sorted ("Europe/Berlin", ...)."""
    return sorted(zoneinfo.available_timezones())


def set_money_and_time(*, group_id: int, by: User, currency: str, time_zone: str) -> Group:
    """The host sets the group's currency and time zone."""
    membership = membership_for(by, group_id)
    if membership.role != "host":
        raise GroupSettingsError(gettext("Only the host sets the currency and the time zone."))
    if currency not in currency_codes():
        raise GroupSettingsError(gettext("Choose a currency from the list."))
    if time_zone not in zoneinfo.available_timezones():
        raise GroupSettingsError(gettext("Choose a time zone from the list."))
    with transaction.atomic():
        group = Group.objects.select_for_update().get(pk=group_id)
        if digits(currency) != digits(group.currency) and _has_amounts(group):
            raise GroupSettingsError(
                gettext(
                    "Amounts are already recorded in %(old)s, which has %(old_digits)s "
                    "decimals; %(new)s has %(new_digits)s, so they would change. Choose a "
                    "currency with %(old_digits)s decimals."
                )
                % {
                    "old": group.currency,
                    "new": currency,
                    "old_digits": digits(group.currency),
                    "new_digits": digits(currency),
                }
            )
        group.currency = currency
        group.time_zone = time_zone
        group.save(update_fields=["currency", "time_zone"])
    return group


def _has_amounts(group: Group) -> bool:
    return bool(group.chip_value_cents) or Expense.objects.filter(night__group=group).exists()
