"""A night from plan to start: plan it, change its plan or house rules, cancel it,
delete it (issue 23).

There is one way to plan a night: :func:`plan_night`, with the day, start time,
place, a note and the house rules (the form starts from the last night's). A
group has at most one *open* night, planned and its day not passed: the next
night of the group page and the players' links, the one their answers go to. A
second one is refused with a message naming the first, so that two forms can no
longer make two nights that split the answers.

The plan changes while the night is planned; its house rules until it ends (a
change applies to the next game recorded or dealt: a digital hand in play keeps
the rules it was dealt with, and a recording form shown before the change is
refused by its table version, gamenight/services/table_version.py). Answers stay
with the night whatever is changed. Each change is logged in the night's
:class:`~gamenight.models.NightChange` (who, when, what), and a change made on a
form shown before someone else's is refused instead of undoing theirs.

A planned night can be cancelled (kept, so that whoever answered is told) or
deleted; nothing is booked on a night before it starts.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.http import Http404
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext

from gamenight.models import (
    Account,
    Group,
    Night,
    NightChange,
    NightStatus,
    Seat,
    Transaction,
)
from gamenight.services.access import User, group_for_recording, night_for_recording
from gamenight.services.errors import LedgerError
from gamenight.services.groups import checked_rules, create_night
from gamenight.services.next_night import is_open as is_open
from gamenight.services.next_night import next_of, upcoming

# What a planned night's form sets beside the house rules (Night's field names).
PLAN_FIELDS = ("date", "starts_at", "place", "note", "season_id", "carry_over")
# The house rules: changed until the night ends.
RULE_FIELDS = ("ante", "limit_structure", "allowed_games", "game_options", "starting_stack")


class NightPlanError(LedgerError):
    """The plan or the house rules cannot change this way (the message says why)."""


class AlreadyPlannedError(NightPlanError):
    """The group has an open night already: that one is changed, not a second made."""

    def __init__(self, message: str, night: Night) -> None:
        super().__init__(message)
        self.night = night


class NightChangedError(NightPlanError):
    """The form was shown before someone else changed the night (a stale tab)."""


def open_night(group_id: int, *, other_than: int | None = None) -> Night | None:
    """The group's open night (the next one, should older data hold two)."""
    return next_of(n for n in upcoming(group_id) if n.pk != other_than)


def last_change(night: Night) -> int:
    """The id of the night's latest logged change (0: none): what a form was shown on."""
    return (
        NightChange.objects.filter(night=night).order_by("-id").values_list("id", flat=True).first()
        or 0
    )


def plan_night(*, group_id: int, by: User, fields: Mapping[str, Any]) -> Night:
    """Plan a night: ``fields`` are :data:`PLAN_FIELDS` and :data:`RULE_FIELDS`.

    Refused while the group has an open night and this one would be open too: a
    night on a day that has passed is planned to be recorded afterwards and is
    nobody's "next night".
    """
    group = group_for_recording(by, group_id)
    with transaction.atomic():
        # The group's row serialises two hosts planning at the same moment.
        Group.objects.select_for_update().filter(pk=group.pk).first()
        _refuse_second_open(group.pk, fields["date"], other_than=None)
        return create_night(group_id=group.pk, by=by, **fields)


def plan_next(
    *,
    group_id: int,
    by: User,
    date: datetime.date,
    starts_at: datetime.time | None,
    place: str,
    note: str,
) -> Night:
    """Plan a night with the house rules of the group's last night (every game for a
    first night) in the season its day falls in: the form's defaults, for scripts."""
    group = group_for_recording(by, group_id)
    fields = {
        "date": date,
        "starts_at": starts_at,
        "place": place,
        "note": note,
        "season_id": _season_of(group, date),
        "carry_over": False,
        **last_rules(group),
    }
    return plan_night(group_id=group_id, by=by, fields=fields)


def last_rules(group: Group) -> dict[str, Any]:
    """The house rules of the group's last night (none: the model's defaults, with
    every game of the catalogue)."""
    last = group.nights.order_by("-date", "-pk").first()
    if last is None:
        return {}
    return {name: getattr(last, name) for name in RULE_FIELDS}


def _season_of(group: Group, day: datetime.date) -> int | None:
    season = (
        group.seasons.filter(starts_on__lte=day)
        .filter(Q(ends_on__isnull=True) | Q(ends_on__gte=day))
        .order_by("-starts_on", "-pk")
        .first()
    )
    return season.pk if season is not None else None


def change_night(
    *, night_id: int, by: User, fields: Mapping[str, Any], seen: int | None = None
) -> Night:
    """Change a night's plan (while planned) and house rules (until it ends), and log
    what changed. Nothing changed is no change: nothing is written or logged.

    ``seen`` is :func:`last_change` when the form was shown: a night changed since
    is refused (None: not checked).
    """
    night = night_for_recording(by, night_id)
    with transaction.atomic():
        Group.objects.select_for_update().filter(pk=night.group_id).first()
        night = Night.objects.select_for_update().get(pk=night.pk)
        allowed: tuple[str, ...] = PLAN_FIELDS + RULE_FIELDS
        if night.status == NightStatus.RUNNING:
            allowed = RULE_FIELDS
        elif night.status != NightStatus.PLANNED:
            raise NightPlanError(_over(night))
        unknown = set(fields) - set(allowed)
        if unknown:
            raise NightPlanError(
                gettext("The night has started: only its house rules can change now.")
            )
        if seen is not None and seen != last_change(night):
            raise NightChangedError(
                gettext(
                    "Someone changed this night since you opened the form: here it is as it "
                    "is now. Make your change again."
                )
            )
        wanted = {**{name: getattr(night, name) for name in allowed}, **fields}
        checked_rules(
            night.group,
            ante=wanted["ante"],
            starting_stack=wanted["starting_stack"],
            season_id=wanted.get("season_id"),
            carry_over=wanted.get("carry_over", False),
        )
        if "date" in fields and fields["date"] != night.date:
            _refuse_second_open(night.group_id, fields["date"], other_than=night.pk)
        changes = _changes(night, fields)
        if not changes:
            return night
        for name, value in fields.items():
            setattr(night, name, value)
        night.save(update_fields=list(fields))
        _log(night, by, changes)
        return night


def cancel_night(*, night_id: int, by: User) -> Night:
    """Call off a planned night: it stays, with its answers, marked cancelled. A
    cancelled night again is no change (a double tap)."""
    night = night_for_recording(by, night_id)
    with transaction.atomic():
        night = Night.objects.select_for_update().get(pk=night.pk)
        if night.status == NightStatus.CANCELLED:
            return night
        if night.status != NightStatus.PLANNED:
            raise NightPlanError(
                gettext("This night has started: it cannot be cancelled, only ended.")
            )
        night.status = NightStatus.CANCELLED
        night.save(update_fields=["status"])
        _log(night, by, [_change("status", NightStatus.PLANNED, NightStatus.CANCELLED)])
        return night


def delete_night(*, group_id: int, night_id: int, by: User) -> None:
    """Delete a planned or cancelled night with its answers and log; refused for a
    night that has started (its chips are the ledger's, which forgets nothing)."""
    group = group_for_recording(by, group_id)
    with transaction.atomic():
        night = Night.objects.select_for_update().filter(pk=night_id, group=group).first()
        if night is None:
            raise Http404("no such night")
        booked = (
            Seat.objects.filter(night=night).exists()
            or Account.objects.filter(night=night).exists()
            or Transaction.objects.filter(night=night).exists()
        )
        if night.status not in (NightStatus.PLANNED, NightStatus.CANCELLED) or booked:
            raise NightPlanError(
                gettext("This night has started: it cannot be deleted. Its games stay recorded.")
            )
        night.delete()


def _over(night: Night) -> str:
    if night.status == NightStatus.CANCELLED:
        return gettext("This night was cancelled: it can no longer change.")
    return gettext("This night is over: its house rules can no longer change.")


def _refuse_second_open(group_id: int, day: datetime.date, *, other_than: int | None) -> None:
    if day < timezone.localdate():
        return
    other = open_night(group_id, other_than=other_than)
    if other is not None:
        raise AlreadyPlannedError(
            gettext("A night is already planned for %(day)s: change that one, or cancel it first.")
            % {"day": date_format(other.date, "DATE_FORMAT")},
            other,
        )


def _value(value: object) -> object:
    """A field's value as the log keeps it (JSON)."""
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, datetime.time):
        return value.strftime("%H:%M")
    return value


def _change(what: str, before: object, after: object) -> dict[str, object]:
    return {"what": what, "before": _value(before), "after": _value(after)}


def _changes(night: Night, fields: Mapping[str, Any]) -> list[dict[str, object]]:
    """What ``fields`` change on the night, one entry a thing a person changed: the
    house options one by one (not the whole dictionary they are stored in)."""
    changes = []
    for name, value in fields.items():
        before = getattr(night, name)
        if name == "game_options":
            changes += _option_changes(before or {}, value or {})
        elif name == "allowed_games":
            if list(before or []) != list(value or []):
                changes.append(_change(name, list(before or []), list(value or [])))
        elif _value(before) != _value(value):
            changes.append(_change(name, before, value))
    return changes


def _flat(options: Mapping[str, Any]) -> dict[str, object]:
    """``{"betting": {"low": 1}, "guts": {"limit": 100}, "turn_timer": 60}`` as
    ``{"betting.low": 1, "guts.limit": 100, "turn_timer": 60}``."""
    flat: dict[str, object] = {}
    for key, value in options.items():
        if isinstance(value, dict):
            for name, inner in value.items():
                flat[f"{key}.{name}"] = inner
        else:
            flat[key] = value
    return flat


def _option_changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[dict[str, object]]:
    old, new = _flat(before), _flat(after)
    return [
        _change(f"game_options.{key}", old.get(key), new.get(key))
        for key in sorted(set(old) | set(new))
        if old.get(key) != new.get(key)
    ]


def _log(night: Night, by: User, changes: list[dict[str, object]]) -> None:
    NightChange.objects.create(
        night=night, made_at=timezone.now(), made_by=by.get_username(), changes=changes
    )
