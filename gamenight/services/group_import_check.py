"""Everything a group file must be before the import writes its first row (issue 22).

The import writes in short batches (:mod:`gamenight.services.group_import_write`),
so "all or nothing" rests on this check: the whole file, first, with nothing
written. It refuses a file whose rows do not fit the models (an unknown field, a
missing required one, a value that is no value of its field, a reference to a row
not in the file, a text with a NUL byte, a JSON value nested too deeply), a hand
whose public record is not exactly what an export writes
(:mod:`gamenight.services.public_hand_check`: no hidden card, nothing a replay
page could fail on), and a ledger that is not possible: a transaction that does
not balance or has one leg, a balance that is not its entries, a stack below
zero, a closed night without its closing time or with a transaction recorded
after it. These are the invariants ``check_ledger`` holds the database to
(:mod:`gamenight.services.ledger_check`), which runs again after the import.

A hand still running in the file (exported in the middle of a hand, without its
cards) is taken as stopped, its deal undone: what abandoning it would have done,
and what the ledger already says, since a hand books nothing until it ends.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext

from gamenight.models import AccountKind, DealStatus, HandStatus, NightStatus
from gamenight.services.errors import REFUSALS, LedgerError
from gamenight.services.group_export import EXPORTED, JSON_IDS, exported_fields
from gamenight.services.public_hand_check import DamagedRecord, check_record

Row = dict[str, Any]

# How deep a JSON value of a row may nest: the deepest an export writes (a hand's
# record) is 9 levels; far deeper is no export, and could overflow a reader's stack.
MAX_DEPTH: Final = 32
_SCALARS: Final = (str, int, float, bool, type(None))


class GroupImportError(LedgerError):
    """The file was refused; nothing was written."""


@dataclass(frozen=True)
class CheckedFile:
    """The file's rows by model label, sorted by their old ids, every one checked."""

    tables: dict[str, list[Row]]

    @property
    def rows(self) -> int:
        return sum(len(rows) for rows in self.tables.values())


def damaged(label: str, what: str) -> GroupImportError:
    return GroupImportError(
        gettext("The group file is damaged (%(model)s: %(what)s); nothing was written.")
        % {"model": label, "what": what}
    )


def check_file(data: Mapping[str, Any]) -> CheckedFile:
    """The file's rows, or :class:`GroupImportError` saying what is wrong with them."""
    tables = _tables(data)
    _check_rows(tables)
    _check_hands(tables)
    _check_ledger(tables)
    return CheckedFile(tables)


def _tables(data: Mapping[str, Any]) -> dict[str, list[Row]]:
    """The rows by model label, sorted by their old ids; refused if they do not fit."""
    given = data["models"]
    known = {item.label for item in EXPORTED}
    unknown = sorted(set(given) - known)
    if unknown:
        raise damaged(unknown[0], gettext("not a kind of row this installation knows"))
    tables: dict[str, list[Row]] = {}
    for item in EXPORTED:
        rows = given.get(item.label, [])
        names = {f.attname for f in exported_fields(item)}
        pk = item.model._meta.pk
        assert pk is not None
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            raise damaged(item.label, gettext("not a list of rows"))
        for row in rows:
            extra = sorted(set(row) - names)
            if extra:
                raise damaged(item.label, gettext("unknown field %(name)s") % {"name": extra[0]})
            if not _is_int(row.get(pk.attname)):
                raise damaged(item.label, gettext("a row without its id"))
        ids = [r[pk.attname] for r in rows]
        if len(set(ids)) != len(ids):
            raise damaged(item.label, gettext("two rows with the same id"))
        tables[item.label] = sorted(rows, key=lambda r: int(r[pk.attname]))
    if len(tables["gamenight.Group"]) != 1:
        raise damaged("gamenight.Group", gettext("a file holds exactly one group"))
    return tables


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _required(f: models.Field[Any, Any]) -> bool:
    """A field the row must give: no default, no NULL, no empty text to fall back on."""
    return not (f.null or f.has_default() or f.empty_strings_allowed)


def _check_rows(tables: dict[str, list[Row]]) -> None:
    ids = {label: {row["id"] for row in rows} for label, rows in tables.items()}
    for item in EXPORTED:
        for f in exported_fields(item):
            if f.primary_key:
                continue
            for row in tables[item.label]:
                if f.attname not in row:
                    if _required(f):
                        raise damaged(
                            item.label, gettext("a row without its %(name)s") % {"name": f.name}
                        )
                    continue
                row[f.attname] = _checked_value(item.label, f, row[f.attname], ids)


def _checked_value(
    label: str, f: models.Field[Any, Any], value: Any, ids: Mapping[str, set[int]]
) -> Any:
    """The value as the field takes it (text as a date, and so on)."""
    if f.is_relation and f.related_model is not None:
        target = f.related_model._meta.label
        if value is None and f.null:
            return None
        if not _is_int(value) or value not in ids[target]:
            raise damaged(
                target,
                REFUSALS["file_missing_row"] % {"id": value},
            )
        return value
    if isinstance(f, models.JSONField):
        _check_json(label, value)
        how = JSON_IDS.get((label, f.name))
        if how is not None:
            _check_json_ids(label, how, value, ids)
        return value
    if not isinstance(value, _SCALARS) or (isinstance(value, str) and "\x00" in value):
        raise damaged(label, gettext("%(name)s is not a plain value") % {"name": f.name})
    try:
        python = f.to_python(value)
        if python is None and not f.null:
            raise ValidationError(gettext("%(name)s is missing") % {"name": f.name})
        if f.choices and python not in {choice for choice, _label in f.flatchoices}:
            raise ValidationError(gettext("%(name)s is not one of its choices") % {"name": f.name})
        f.run_validators(python)
    except ValidationError as error:
        raise GroupImportError(
            REFUSALS["file_misfit"] % {"error": "; ".join(error.messages)[:200]}
        ) from None
    return value


def _check_json(label: str, value: Any) -> None:
    """No NUL byte (PostgreSQL refuses it) and no deeper than :data:`MAX_DEPTH`."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise damaged(label, gettext("a value nested too deeply"))
        if isinstance(item, dict):
            stack += [(key, depth + 1) for key in item]
            stack += [(child, depth + 1) for child in item.values()]
        elif isinstance(item, list):
            stack += [(child, depth + 1) for child in item]
        elif isinstance(item, str) and "\x00" in item:
            raise damaged(label, gettext("a text with a NUL byte"))


def _check_json_ids(
    label: str, how: tuple[str, str], value: Any, ids: Mapping[str, set[int]]
) -> None:
    """Ids kept inside JSON (see group_export.JSON_IDS) name rows of the file."""
    shape, target = how
    if shape == "list":
        found = value if isinstance(value, list) else [None]
    elif isinstance(value, dict) and isinstance(value.get("shelbys"), dict):
        found = [_int_key(key) for key in value["shelbys"]]
        if not all(_is_int(n) for n in value["shelbys"].values()):
            raise damaged(label, gettext("a Shelby count that is not a number"))
    else:
        return
    for old in found:
        if not _is_int(old) or old not in ids[target]:
            raise damaged(target, REFUSALS["file_missing_row"] % {"id": old})


def _int_key(key: str) -> int | None:
    return int(key) if key.isascii() and key.isdigit() else None


def _check_hands(tables: dict[str, list[Row]]) -> None:
    """Each hand's public record as an export writes it; a running hand taken as stopped."""
    label = "gamenight.DigitalHand"
    deals = {row["id"]: row for row in tables["gamenight.Deal"]}
    for row in tables[label]:
        seats = len(row.get("seat_ids") or [])
        stacks = row.get("start_stacks")
        if not isinstance(stacks, list) or len(stacks) != seats or not all(map(_is_int, stacks)):
            raise damaged(label, gettext("hand #%(id)s: its stacks are not its seats'") % row)
        record = row.get("public_record")
        status = row.get("status", HandStatus.RUNNING)
        if record is not None and status != HandStatus.FINISHED:
            raise damaged(label, gettext("hand #%(id)s: a record of a hand not over") % row)
        if status == HandStatus.RUNNING:
            row["status"] = HandStatus.ABANDONED
            deals[row["deal_id"]]["status"] = DealStatus.UNDONE
        if record is None:
            continue
        try:
            check_record(record, seats=seats)
        except DamagedRecord as error:
            if error.hidden:
                raise damaged(
                    label,
                    gettext(
                        "hand #%(id)s names a card that was face down and never shown; a group "
                        "file carries only what the table saw"
                    )
                    % row,
                ) from None
            raise damaged(
                label,
                gettext("hand #%(id)s: its record is damaged at %(where)s")
                % {"id": row["id"], "where": error.path},
            ) from None


def _check_ledger(tables: dict[str, list[Row]]) -> None:
    """The ledger as the file has it holds every invariant check_ledger looks for."""
    sums: dict[int, int] = defaultdict(int)
    legs: dict[int, int] = defaultdict(int)
    by_account: dict[int, int] = defaultdict(int)
    for entry in tables["gamenight.Entry"]:
        amount = entry.get("amount")
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise damaged("gamenight.Entry", gettext("an amount that is not a number of chips"))
        sums[entry["transaction_id"]] += amount
        legs[entry["transaction_id"]] += 1
        by_account[entry["account_id"]] += amount
    for tx, total in sorted(sums.items()):
        if total != 0 or legs[tx] == 1:
            raise GroupImportError(
                gettext(
                    "The file's ledger does not balance: transaction #%(id)s sums to %(total)s "
                    "chips. Nothing was written."
                )
                % {"id": tx, "total": total}
            )
    for account in tables["gamenight.Account"]:
        stored = account.get("balance", 0)
        entries = by_account.get(account["id"], 0)
        if stored != entries:
            raise GroupImportError(
                gettext(
                    "The file's ledger does not balance: account #%(id)s holds %(balance)s "
                    "chips but its entries add up to %(entries)s. Nothing was written."
                )
                % {"id": account["id"], "balance": stored, "entries": entries}
            )
        if entries < 0 and account.get("kind") != AccountKind.BANK:
            raise GroupImportError(
                gettext(
                    "The file's ledger is not possible: account #%(id)s ends below zero "
                    "(%(balance)s chips). Nothing was written."
                )
                % {"id": account["id"], "balance": entries}
            )
    _check_closing_times(tables)


def _check_closing_times(tables: dict[str, list[Row]]) -> None:
    closed: dict[int, datetime.datetime] = {}
    for night in tables["gamenight.Night"]:
        if night.get("status") != NightStatus.CLOSED:
            continue
        ended = _when(night.get("ended_at"))
        if ended is None:
            raise GroupImportError(
                gettext(
                    "The file's ledger is not possible: night #%(id)s is closed without its "
                    "closing time. Nothing was written."
                )
                % {"id": night["id"]}
            )
        closed[night["id"]] = ended
    for tx in tables["gamenight.Transaction"]:
        ended = closed.get(tx.get("night_id", -1))
        created = _when(tx.get("created_at"))
        if ended is not None and created is not None and created > ended:
            raise GroupImportError(
                gettext(
                    "The file's ledger is not possible: transaction #%(id)s was recorded after "
                    "its night closed. Nothing was written."
                )
                % {"id": tx["id"]}
            )


def _when(value: Any) -> datetime.datetime | None:
    """A stored time as the database will take it (a time without its zone in the
    site's zone, as Django saves it)."""
    when = models.DateTimeField().to_python(value) if value is not None else None
    if when is not None and timezone.is_naive(when):
        when = timezone.make_aware(when)
    return when
