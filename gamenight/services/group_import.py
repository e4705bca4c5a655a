"""Import a group file (see :mod:`.group_export`) as a new group of this installation.

Everything is written in one database transaction: every row gets a new primary
key and every foreign key (and every id kept inside JSON) is mapped to it. The
importing user becomes the group's host. Refused, with nothing written: a file
that is not JSON or not a group file, another format version, rows that do not
fit the models, a ledger that does not balance in the file, and a group on
which ``check_ledger`` (:mod:`.ledger_check`) finds anything after the import.

Ledger rows are append-only and the database guards them (migrations 0002 and
0008), so the import writes them the one way the guards allow: each
transaction, then at once its entries, into a night that is still open; the
nights that were closed are closed, with their stored closing time, only once
all their rows are in. ``save_base(raw=True)`` (what ``loaddata`` uses) keeps
the stored times instead of "now", so the closing-time check holds as it did.

Importing the same file twice makes two groups: a backup may be restored next
to the group it came from. A double tap of the upload form makes one (the
form's request key, see views/transfer.py).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import DatabaseError, models, transaction
from django.utils.translation import gettext

from gamenight.models import Group, Membership, NightStatus, Role
from gamenight.services.errors import LedgerError
from gamenight.services.group_export import (
    DEFERRED_FKS,
    EXPORTED,
    FORMAT,
    JSON_IDS,
    SELF_FKS,
    VERSION,
    Exported,
    exported_fields,
)
from gamenight.services.ledger_check import find_violations

Row = dict[str, Any]


class GroupImportError(LedgerError):
    """The file was refused; nothing was written."""


def parse(raw: bytes | str) -> dict[str, Any]:
    """The file's JSON object, or a refusal a person understands."""
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise GroupImportError(
            gettext("This file is not a group export: it is not valid JSON.")
        ) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise GroupImportError(gettext("This file is not a group export of this app."))
    version = data.get("version")
    if version != VERSION or isinstance(version, bool):
        raise GroupImportError(
            gettext(
                "This group file has format version %(found)s; this installation reads "
                "version %(version)s."
            )
            % {"found": version, "version": VERSION}
        )
    if not isinstance(data.get("models"), dict):
        raise GroupImportError(gettext("The group file is damaged: it lists no rows."))
    return data


def import_group(data: Mapping[str, Any], *, host: User) -> Group:
    """Write the file's group anew, with ``host`` as its host; all or nothing."""
    tables = _tables(data)
    _check_file_ledger(tables)
    try:
        with transaction.atomic():
            group = _Writer(tables, host).write()
            problems = find_violations(group_id=group.pk)
            if problems:
                raise GroupImportError(
                    gettext("The imported ledger failed the check, nothing was kept: %(problem)s")
                    % {"problem": problems[0].describe()}
                )
    except (DatabaseError, ValidationError, ValueError, TypeError, KeyError) as error:
        if isinstance(error, GroupImportError):
            raise
        raise GroupImportError(
            gettext("The group file does not fit this installation, nothing was kept: %(error)s")
            % {"error": _short(error)}
        ) from None
    return group


def _waves(label: str, rows: list[Row]) -> list[list[Row]]:
    """The rows in the order they can go in: with a one-hop self reference
    (:data:`SELF_FKS`), those pointing nowhere first."""
    attname = SELF_FKS.get(label)
    if attname is None:
        return [rows]
    return [[r for r in rows if r.get(attname) is None], [r for r in rows if r.get(attname)]]


def _short(error: Exception) -> str:
    text = "; ".join(error.messages) if isinstance(error, ValidationError) else str(error)
    return text[:200]


def _damaged(label: str, what: str) -> GroupImportError:
    return GroupImportError(
        gettext("The group file is damaged (%(model)s: %(what)s); nothing was written.")
        % {"model": label, "what": what}
    )


def _tables(data: Mapping[str, Any]) -> dict[str, list[Row]]:
    """The rows by model label, sorted by their old ids; refused if they do not fit."""
    given = data["models"]
    known = {item.label for item in EXPORTED}
    unknown = sorted(set(given) - known)
    if unknown:
        raise _damaged(unknown[0], gettext("not a kind of row this installation knows"))
    tables: dict[str, list[Row]] = {}
    for item in EXPORTED:
        rows = given.get(item.label, [])
        names = {f.attname for f in exported_fields(item)}
        pk = item.model._meta.pk
        assert pk is not None
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            raise _damaged(item.label, gettext("not a list of rows"))
        for row in rows:
            extra = sorted(set(row) - names)
            if extra:
                raise _damaged(item.label, gettext("unknown field %(name)s") % {"name": extra[0]})
            if not isinstance(row.get(pk.attname), int) or isinstance(row.get(pk.attname), bool):
                raise _damaged(item.label, gettext("a row without its id"))
        ids = [r[pk.attname] for r in rows]
        if len(set(ids)) != len(ids):
            raise _damaged(item.label, gettext("two rows with the same id"))
        tables[item.label] = sorted(rows, key=lambda r: int(r[pk.attname]))
    if len(tables["gamenight.Group"]) != 1:
        raise _damaged("gamenight.Group", gettext("a file holds exactly one group"))
    return tables


def _check_file_ledger(tables: dict[str, list[Row]]) -> None:
    """The ledger as the file has it: every transaction balanced, every balance its entries."""
    sums: dict[int, int] = defaultdict(int)
    legs: dict[int, int] = defaultdict(int)
    by_account: dict[int, int] = defaultdict(int)
    for entry in tables["gamenight.Entry"]:
        amount = entry.get("amount")
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise _damaged("gamenight.Entry", gettext("an amount that is not a number of chips"))
        sums[entry.get("transaction_id", -1)] += amount
        legs[entry.get("transaction_id", -1)] += 1
        by_account[entry.get("account_id", -1)] += amount
    for tx, total in sorted(sums.items(), key=lambda kv: str(kv[0])):
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
        if stored != by_account.get(account["id"], 0):
            raise GroupImportError(
                gettext(
                    "The file's ledger does not balance: account #%(id)s holds %(balance)s "
                    "chips but its entries add up to %(entries)s. Nothing was written."
                )
                % {"id": account["id"], "balance": stored, "entries": by_account[account["id"]]}
            )


# Rows a batched INSERT writes at once (SQLite's limit of bound values is 32,766).
BATCH = 500


@dataclass
class _Built:
    obj: models.Model
    old_id: int
    later: list[tuple[str, str, int]]
    """Deferred foreign keys: (attname, target label, old id)."""
    ended_at: Any = None
    closed: bool = False


@dataclass
class _Writer:
    tables: dict[str, list[Row]]
    host: User
    ids: dict[str, dict[int, int]] = field(default_factory=lambda: defaultdict(dict))
    deferred: list[tuple[type[models.Model], int, str, str, int]] = field(default_factory=list)
    closing: list[tuple[int, Any]] = field(default_factory=list)
    fields: dict[str, list[models.Field[Any, Any]]] = field(default_factory=dict)

    def write(self) -> Group:
        for item in EXPORTED:
            self.fields[item.label] = exported_fields(item)
        for item in EXPORTED:
            if item.label == "gamenight.Transaction":
                self._write_ledger(item)
            elif item.label != "gamenight.Entry":  # written with their transaction
                for wave in _waves(item.label, self.tables[item.label]):
                    built = [self._build(item, row) for row in wave]
                    for start in range(0, len(built), BATCH):
                        self._insert(item, built[start : start + BATCH])
        for model, pk, attname, target, old in self.deferred:
            model._default_manager.filter(pk=pk).update(**{attname: self._map(target, old)})
        night_model = next(i.model for i in EXPORTED if i.label == "gamenight.Night")
        for pk, ended_at in self.closing:
            # Closed last, with its stored closing time: a closed night takes no rows.
            night_model._default_manager.filter(pk=pk).update(
                status=NightStatus.CLOSED, ended_at=ended_at
            )
        group = Group.objects.get(
            pk=self.ids["gamenight.Group"][self.tables["gamenight.Group"][0]["id"]]
        )
        Membership.objects.create(group=group, user=self.host, role=Role.HOST)
        return group

    def _write_ledger(self, item: Exported) -> None:
        """Each transaction, then at once its entries: the only order the guards allow
        (on SQLite an entry goes only into the newest transaction, just written)."""
        entry_item = next(i for i in EXPORTED if i.label == "gamenight.Entry")
        entries: dict[int, list[Row]] = defaultdict(list)
        for entry in self.tables[entry_item.label]:
            entries[entry["transaction_id"]].append(entry)
        for row in self.tables[item.label]:
            # One by one: a reversal points at the transaction it reverses, written before.
            self._insert(item, [self._build(item, row)])
            legs = [self._build(entry_item, e).obj for e in entries.pop(row["id"], [])]
            if legs:
                entry_item.model._default_manager.bulk_create(legs)  # one INSERT, as posting
        if entries:
            raise _damaged(entry_item.label, gettext("an entry of a transaction not in the file"))

    def _map(self, label: str, old: Any) -> int:
        new = self.ids[label].get(old) if isinstance(old, int) else None
        if new is None:
            raise _damaged(
                label, gettext("a reference to row %(id)s, which is not in the file") % {"id": old}
            )
        return new

    def _build(self, item: Exported, row: Row) -> _Built:
        """The row as a new, unsaved object: every reference mapped to the new ids."""
        obj = item.model()
        built = _Built(obj=obj, old_id=row["id"], later=[])
        for f in self.fields[item.label]:
            if f.primary_key or f.attname not in row:
                continue  # a new id; a field the file lacks keeps its default
            value = row[f.attname]
            if f.is_relation and f.related_model is not None:
                target = f.related_model._meta.label
                if value is not None and f.name in DEFERRED_FKS.get(item.label, frozenset()):
                    built.later.append((f.attname, target, value))
                    value = None
                elif value is not None:
                    value = self._map(target, value)
            elif not isinstance(f, models.JSONField):
                value = f.to_python(value)
            elif (item.label, f.name) in JSON_IDS:
                value = self._json_ids(JSON_IDS[(item.label, f.name)], value)
            setattr(obj, f.attname, value)
        self._fill_users(obj)
        if item.label == "gamenight.Account":
            obj.balance = 0  # type: ignore[attr-defined]  # the entry trigger adds them up
        if item.label == "gamenight.Night" and row.get("status") == NightStatus.CLOSED:
            # Open while its rows go in (a closed night takes none), closed at the end.
            built.closed, built.ended_at = True, getattr(obj, "ended_at", None)
            obj.status = NightStatus.RUNNING  # type: ignore[attr-defined]
            obj.ended_at = None  # type: ignore[attr-defined]
        return built

    def _insert(self, item: Exported, batch: list[_Built]) -> None:
        """One INSERT for the batch, the stored values as they are (``raw``: no
        ``auto_now_add`` "now"), as ``bulk_create`` and ``loaddata`` insert."""
        model = item.model
        pk = model._meta.pk
        assert pk is not None
        columns = [f for f in model._meta.local_concrete_fields if not f.primary_key]
        queryset = model._base_manager.all()
        returned = queryset._insert(  # type: ignore[attr-defined]  # bulk_create's own insert
            [b.obj for b in batch], fields=columns, returning_fields=[pk], raw=True
        )
        for built, (new_id, *_) in zip(batch, returned, strict=True):
            built.obj.pk = new_id
            built.obj._state.adding = False
            self.ids[item.label][built.old_id] = new_id
            if built.closed:
                self.closing.append((new_id, built.ended_at))
            self.deferred += [(model, new_id, a, t, v) for a, t, v in built.later]

    def _fill_users(self, obj: models.Model) -> None:
        """Users do not travel: a required one is the importing host, others stay empty."""
        for f in obj._meta.concrete_fields:
            if f.is_relation and f.related_model is User and getattr(obj, f.attname) is None:
                setattr(obj, f.attname, None if f.null else self.host.pk)

    def _json_ids(self, how: tuple[str, str], value: Any) -> Any:
        shape, target = how
        if shape == "list" and isinstance(value, list):
            return [self._map(target, int(v)) for v in value]
        if (
            shape == "shelbys"
            and isinstance(value, dict)
            and isinstance(value.get("shelbys"), dict)
        ):
            marks = {str(self._map(target, int(k))): n for k, n in value["shelbys"].items()}
            return {**value, "shelbys": marks}
        return value
