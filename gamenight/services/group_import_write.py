"""Writing a checked group file (:mod:`gamenight.services.group_import_check`) in short batches.

Every row gets a new primary key and every foreign key (and every id kept inside
JSON) is mapped to it. SQLite has one write lock for the whole database, and a
write waits for it at most ``SQLITE_TIMEOUT`` seconds: an import written in one
transaction (124 s for a 33 MB file) made every other write of the site fail
meanwhile. So the rows go in as a series of units (a few hundred rows of a model,
or one ledger transaction with its entries), and the units as batches: one
database transaction each, closed once it has run ``GROUP_IMPORT_BATCH_MS``;
between two batches the writer pauses ``GROUP_IMPORT_PAUSE_MS`` on SQLite,
longer than a waiting writer sleeps between its tries for the lock (SQLite's
busy handler: at most 100 ms), so a hand recorded meanwhile waits for one batch
at most, never for the import. :class:`BatchStats` keeps how long each batch
held the lock.

Ledger rows are append-only and the database guards them (migrations 0002 and
0008), so the import writes them the one way the guards allow: each
transaction, then at once its entries, into a night that is still open; the
nights that were closed are closed, with their stored closing time, only once
all their rows are in. The raw insert (what ``loaddata`` uses) keeps the stored
times instead of "now", so the closing-time check holds as it did.

The new group has no member while its rows go in: nobody can open it, no list
shows it. Only the caller's last step, once ``check_ledger`` passed, makes the
importing user its host (:func:`gamenight.services.group_import.import_group`).
A batch that fails after others went in (the check before writing makes that
the database's own refusal, a unique row for instance) cannot be taken back (the
ledger deletes nothing): the rows stay in a group nobody can open, named by the
error's ``partial_group_id`` (and by the upload's GroupImport row).
"""

from __future__ import annotations

import gc
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import DatabaseError, connection, models, transaction

from gamenight.models import Group, NightStatus
from gamenight.services.errors import REFUSALS
from gamenight.services.group_export import (
    DEFERRED_FKS,
    EXPORTED,
    JSON_IDS,
    SELF_FKS,
    Exported,
    exported_fields,
)
from gamenight.services.group_import_check import CheckedFile, GroupImportError, Row, damaged

# Rows a batched INSERT writes at once, and rows updated one by one (a night's dealer,
# its closing): a unit of work, well inside one batch (at 33 MB: 5-30 ms).
UNIT_ROWS = 200
UNIT_UPDATES = 50

# One unit of work: writes some rows, says how many.
Unit = Callable[[], int]


@dataclass
class BatchStats:
    """How long each batch held the database's write lock (seconds)."""

    held: list[float] = field(default_factory=list)

    @property
    def longest(self) -> float:
        return max(self.held, default=0.0)


class PartialImportError(GroupImportError):
    """A batch failed after others were written: ``partial_group_id`` holds them."""

    def __init__(self, message: str, *, partial_group_id: int | None) -> None:
        super().__init__(message)
        self.partial_group_id = partial_group_id


def write_group(
    checked: CheckedFile,
    *,
    host: User,
    progress: Callable[[int], None] | None = None,
    stats: BatchStats | None = None,
) -> Group:
    """The file's group, written batch by batch; ``progress(rows written so far)`` is
    called at the end of each batch, inside its transaction."""
    writer = _Writer(checked.tables, host)
    units = writer.units()
    budget = settings.GROUP_IMPORT_BATCH_MS / 1000
    pause = settings.GROUP_IMPORT_PAUSE_MS / 1000 if connection.vendor == "sqlite" else 0.0
    written, done = 0, False
    # The parsed file is millions of objects: a full garbage collection walks them all,
    # 0.75 s at 33 MB, and one falls inside a batch now and then, holding the lock.
    # Frozen, the collector leaves them alone (they hold no cycles to collect).
    gc.freeze()
    try:
        while not done:
            with transaction.atomic():
                began = time.monotonic()  # BEGIN IMMEDIATE has the lock by now
                done = True
                for unit in units:
                    written += unit()
                    if time.monotonic() - began >= budget:
                        done = False
                        break
                if progress is not None:
                    progress(written)
            if stats is not None:
                stats.held.append(time.monotonic() - began)
            if not done and pause:
                time.sleep(pause)
    except (DatabaseError, ValidationError, ValueError, TypeError, KeyError) as error:
        if isinstance(error, GroupImportError):
            raise PartialImportError(str(error), partial_group_id=writer.group_id()) from None
        raise PartialImportError(
            REFUSALS["file_misfit"] % {"error": _short(error)},
            partial_group_id=writer.group_id(),
        ) from None
    finally:
        gc.unfreeze()
    group_id = writer.group_id()
    assert group_id is not None
    return Group.objects.get(pk=group_id)


def _short(error: Exception) -> str:
    text = "; ".join(error.messages) if isinstance(error, ValidationError) else str(error)
    return text[:200]


def _waves(label: str, rows: list[Row]) -> list[list[Row]]:
    """The rows in the order they can go in: with a one-hop self reference
    (:data:`SELF_FKS`), those pointing nowhere first."""
    attname = SELF_FKS.get(label)
    if attname is None:
        return [rows]
    return [[r for r in rows if r.get(attname) is None], [r for r in rows if r.get(attname)]]


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

    def group_id(self) -> int | None:
        return self.ids["gamenight.Group"].get(self.tables["gamenight.Group"][0]["id"])

    def units(self) -> Iterator[Unit]:
        """The work in order, lazily: a unit is made once those before it have run."""
        for item in EXPORTED:
            self.fields[item.label] = exported_fields(item)
        for item in EXPORTED:
            if item.label == "gamenight.Transaction":
                yield from self._ledger_units(item)
            elif item.label != "gamenight.Entry":  # written with their transaction
                for wave in _waves(item.label, self.tables[item.label]):
                    for start in range(0, len(wave), UNIT_ROWS):
                        yield partial(self._insert_rows, item, wave[start : start + UNIT_ROWS])
        for start in range(0, len(self.deferred), UNIT_UPDATES):
            yield partial(self._set_deferred, self.deferred[start : start + UNIT_UPDATES])
        for start in range(0, len(self.closing), UNIT_UPDATES):
            yield partial(self._close_nights, self.closing[start : start + UNIT_UPDATES])

    def _insert_rows(self, item: Exported, rows: list[Row]) -> int:
        self._insert(item, [self._build(item, row) for row in rows])
        return len(rows)

    def _ledger_units(self, item: Exported) -> Iterator[Unit]:
        """Each transaction, then at once its entries: the only order the guards allow
        (on SQLite an entry goes only into the newest transaction, just written)."""
        entry_item = next(i for i in EXPORTED if i.label == "gamenight.Entry")
        entries: dict[int, list[Row]] = defaultdict(list)
        for entry in self.tables[entry_item.label]:
            entries[entry["transaction_id"]].append(entry)
        for row in self.tables[item.label]:
            legs = entries.pop(row["id"], [])
            yield partial(self._write_transaction, item, entry_item, row, legs)

    def _write_transaction(
        self, item: Exported, entry_item: Exported, row: Row, entries: list[Row]
    ) -> int:
        # One by one: a reversal points at the transaction it reverses, written before.
        self._insert(item, [self._build(item, row)])
        legs = [self._build(entry_item, e).obj for e in entries]
        if legs:
            entry_item.model._default_manager.bulk_create(legs)  # one INSERT, as posting
        return 1 + len(legs)

    def _set_deferred(self, rows: list[tuple[type[models.Model], int, str, str, int]]) -> int:
        for model, pk, attname, target, old in rows:
            model._default_manager.filter(pk=pk).update(**{attname: self._map(target, old)})
        return 0

    def _close_nights(self, rows: list[tuple[int, Any]]) -> int:
        night_model = next(i.model for i in EXPORTED if i.label == "gamenight.Night")
        for pk, ended_at in rows:
            # Closed last, with its stored closing time: a closed night takes no rows.
            night_model._default_manager.filter(pk=pk).update(
                status=NightStatus.CLOSED, ended_at=ended_at
            )
        return 0

    def _map(self, label: str, old: Any) -> int:
        new = self.ids[label].get(old) if isinstance(old, int) else None
        if new is None:
            raise damaged(label, REFUSALS["file_missing_row"] % {"id": old})
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
