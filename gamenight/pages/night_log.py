"""The night's log (nights/_night_log.html): who changed its plan or house rules,
when, and what, in the reader's language.

The rows are :class:`~gamenight.models.NightChange` as
gamenight/services/night_plan.py writes them; a thing is named by the night
form's own label, so the log says what the form says.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.utils.dateparse import parse_date
from django.utils.formats import date_format
from django.utils.translation import gettext

from gamenight.forms.nights import BLIND_LIMIT_CHOICES, TURN_TIMER_CHOICES, NightForm
from gamenight.games import choice_label, game_title, option_label
from gamenight.models import LimitStructure, Night, NightChange, NightStatus, Season

# The night's fields as the form names them (a field of the log -> the form's field).
_FORM_FIELD = {
    "season_id": "season",
    "allowed_games": "allowed_games",
    "game_options.betting.low": "bet_low",
    "game_options.betting.high": "bet_high",
    "game_options.betting.raise_cap": "raise_cap",
    "game_options.turn_timer": "turn_timer",
    "game_options.blinds.small": "blind_small",
    "game_options.blinds.big": "blind_big",
    "game_options.blinds.limit": "blind_limit",
}


# What the log shows for a value not set (the engine's default, no start time ...).
EMPTY = "\N{EN DASH}"


@dataclass(frozen=True)
class LogEntry:
    made_at: datetime.datetime
    made_by: str
    lines: list[str]


def night_log(night: Night) -> list[LogEntry]:
    """The night's changes, oldest first. One query (two when a season changed)."""
    rows = list(NightChange.objects.filter(night=night).order_by("id"))
    seasons: dict[int, str] = {}
    if any(c.get("what") == "season_id" for row in rows for c in _items(row)):
        seasons = dict(Season.objects.filter(group_id=night.group_id).values_list("pk", "name"))
    return [
        LogEntry(
            made_at=row.made_at,
            made_by=row.made_by,
            lines=[line for change in _items(row) for line in _lines(change, seasons)],
        )
        for row in rows
    ]


def _items(row: NightChange) -> list[dict[str, object]]:
    return [c for c in row.changes if isinstance(c, dict)] if isinstance(row.changes, list) else []


def _lines(change: dict[str, object], seasons: dict[int, str]) -> list[str]:
    what, before, after = str(change.get("what", "")), change.get("before"), change.get("after")
    if what == "status" and after == NightStatus.CANCELLED:
        return [gettext("The night was cancelled.")]
    if what == "allowed_games":
        return _games_lines(before, after)
    label = _label(what)

    def shown(value: object) -> str:
        return _shown(what, value, seasons)

    return [
        gettext("%(what)s: %(before)s → %(after)s")
        % {"what": label, "before": shown(before), "after": shown(after)}
    ]


def _games_lines(before: object, after: object) -> list[str]:
    old = [str(g) for g in before] if isinstance(before, list) else []
    new = [str(g) for g in after] if isinstance(after, list) else []
    added = [game_title(g) for g in new if g not in old]
    dropped = [game_title(g) for g in old if g not in new]
    lines = []
    if added:
        lines.append(gettext("Games added: %(games)s") % {"games": ", ".join(added)})
    if dropped:
        lines.append(gettext("Games dropped: %(games)s") % {"games": ", ".join(dropped)})
    return lines


def _label(what: str) -> str:
    field = _FORM_FIELD.get(what, what)
    if field in NightForm.base_fields:
        return str(NightForm.base_fields[field].label)
    game, _dot, option = what.removeprefix("game_options.").partition(".")
    if option:
        return f"{game_title(game)}: {option_label(game, option)}"
    return what


def _shown(what: str, value: object, seasons: dict[int, str]) -> str:
    if value is None or value == "":
        return EMPTY
    if isinstance(value, bool):
        return gettext("on") if value else gettext("off")
    if what == "date":
        day = parse_date(str(value))
        return date_format(day, "DATE_FORMAT") if day is not None else str(value)
    if what == "limit_structure" and value in LimitStructure.values:
        return str(LimitStructure(value).label)
    if what == "season_id" and isinstance(value, int):
        return seasons.get(value, EMPTY)
    if what == "game_options.turn_timer":
        return str(dict(TURN_TIMER_CHOICES).get(value, value))  # type: ignore[call-overload]
    if what == "game_options.blinds.limit":
        return str(dict(BLIND_LIMIT_CHOICES).get(str(value), value))
    if isinstance(value, str) and what.startswith("game_options."):
        return choice_label(value)
    return str(value)
