"""A whole group as one JSON file (issue 17): to move it to another installation or keep a backup.

The file holds every row of the group's models exactly as stored, field by
field from each model's ``_meta``: no model is serialised by hand, so a field
added to an exported model travels without a change here. Which models travel
is decided once, below: :data:`EXPORTED` (in the order an import writes them)
and :data:`EXCLUDED` (deliberately left out). tests/web/test_group_export.py
fails when a model of the app is in neither, so a new model forces a decision.

A field added later travels by itself: an older file lacks it and the import
gives it its default; a file with a field this installation does not know is
refused (it was written by a newer one). Bump :data:`VERSION` when a field
changes its meaning or a model its name, so that an old importer refuses the
file instead of misreading it.

Left out on purpose: people's logins and roles (users, memberships, invites),
secrets (invite tokens, seat and table links), how players like to be paid
(their IBANs and payment links), what is built from the ledger
(reports) and bookkeeping of requests (request keys, throttles).

No card that was face down and never shown travels (version 2): a digital hand's
stored state (every card of it, the deck included) and a draw's discards stay
behind; a finished hand carries its public record instead, what its replay
shows (:mod:`gamenight.services.public_hand`), and a hand still running, or
stopped, carries none ("running, not included": the import keeps it as stopped,
no chips moved, which is what the ledger says of it).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.apps import apps
from django.conf import settings
from django.db import models
from django.utils import timezone

from gamenight.models import DigitalHand, Group
from gamenight.services.replay import public_record

FORMAT = "gamenight-group"
# 2: digital hands carry their public record, never their cards (issue 22).
VERSION = 2


@dataclass(frozen=True)
class Exported:
    """One exported model: its label and the lookup from its rows to their group's id."""

    label: str
    group_path: str

    @property
    def model(self) -> type[models.Model]:
        return apps.get_model(self.label)


# In the order an import writes them: every foreign key points at a model earlier
# in the list, except those in DEFERRED_FKS (set once their target exists).
EXPORTED: tuple[Exported, ...] = (
    Exported("gamenight.Group", "pk"),
    Exported("gamenight.Player", "group_id"),
    Exported("gamenight.Season", "group_id"),
    Exported("gamenight.Night", "group_id"),
    Exported("gamenight.Seat", "night__group_id"),
    Exported("gamenight.Deal", "night__group_id"),
    Exported("gamenight.Account", "group_id"),
    Exported("gamenight.Transaction", "group_id"),
    Exported("gamenight.Entry", "transaction__group_id"),
    Exported("gamenight.DigitalHand", "night__group_id"),
    Exported("gamenight.HandAction", "hand__night__group_id"),
    # Issue 17's people and settling: who comes to a planned night, who merged whom,
    # and which transfers were marked paid.
    Exported("gamenight.Rsvp", "night__group_id"),
    Exported("gamenight.PlayerMerge", "group_id"),
    Exported("gamenight.TransferMark", "night__group_id"),
    # Issue 23: each night's log of changes to its plan and house rules.
    Exported("gamenight.NightChange", "night__group_id"),
    # Issue 28: the nights' shared costs and their shares (append-only, like the ledger).
    Exported("gamenight.Expense", "night__group_id"),
    Exported("gamenight.ExpenseShare", "expense__night__group_id"),
    # Issue 27: a tournament night's setup and clock, its entrants and knockouts.
    Exported("gamenight.Tournament", "night__group_id"),
    Exported("gamenight.Entrant", "tournament__night__group_id"),
    Exported("gamenight.Knockout", "tournament__night__group_id"),
)

EXCLUDED: frozenset[str] = frozenset(
    {
        "gamenight.Membership",  # who may log in where: the importing user becomes the host
        "gamenight.Invite",  # one-time join links (secrets)
        "gamenight.SeatLink",  # a player's seat link (a secret)
        "gamenight.TableLink",  # the TV's link (a secret)
        "gamenight.SeatMove",  # a phone asking for a seat (its secret's hash), with the links
        "gamenight.NightReport",  # built from the ledger: "build again" after an import
        "gamenight.WorkerHeartbeat",  # when the report worker was last seen: this server's own
        "gamenight.SeasonReport",
        "gamenight.RequestKey",  # one user's form keys
        "gamenight.RateEvent",  # throttling counts
        "gamenight.PlayerLink",  # a player's personal link (a secret)
        "gamenight.GroupImport",  # an upload's bookkeeping
        "gamenight.GroupImportChunk",  # the uploaded file itself, until the worker takes it
        "gamenight.PaymentDetails",  # how a player likes to be paid (personal: IBAN & co.)
    }
)

# Fields not carried: secrets, and what the importing site gives anew.
SECRET_FIELDS: dict[str, frozenset[str]] = {
    "gamenight.Group": frozenset({"invite_token", "invite_expires_at"}),
    # Every card of the hand, the deck and the cards nobody showed included (and the
    # seed that shuffled it): the row's public_record travels instead (COMPUTED).
    "gamenight.DigitalHand": frozenset({"state", "initial_state"}),
    # A draw's discards: face down, never shown.
    "gamenight.HandAction": frozenset({"cards"}),
}


def _hand_fields(hand: models.Model) -> dict[str, Any]:
    assert isinstance(hand, DigitalHand)
    return {"public_record": public_record(hand)}


# Fields whose value in the file is made from the row, not read from its column.
COMPUTED: dict[str, Callable[[models.Model], dict[str, Any]]] = {
    "gamenight.DigitalHand": _hand_fields,
}

# Foreign keys to a model written later (or to a row of the same model written
# later): inserted empty, set once every row exists.
DEFERRED_FKS: dict[str, frozenset[str]] = {
    "gamenight.Night": frozenset({"dealer"}),
}

# Foreign keys to a row of the same model that has none itself (one hop): the rows
# without go in first, then the rows with, mapped at once. Not deferred, because an
# empty value would break a constraint on the way (a merged player, who bears the
# kept one's name, counts as a second player of that name until it points at them).
SELF_FKS: dict[str, str] = {
    "gamenight.Player": "merged_into_id",  # a merged player points at the kept one
    "gamenight.TransferMark": "reverses_id",  # a mark taken back points at the mark
    "gamenight.Expense": "reverses_id",  # a cost taken back points at the cost
}

# Ids kept inside JSON fields (not foreign keys, so Django cannot see them): the
# import maps them to the new ids. (model, field) -> how, see group_import.
JSON_IDS: dict[tuple[str, str], tuple[str, str]] = {
    # A digital hand's engine seats, as the night's Seat ids.
    ("gamenight.DigitalHand", "seat_ids"): ("list", "gamenight.Seat"),
    # The Shelby marks after a deal, by Player id.
    ("gamenight.Deal", "state_after"): ("shelbys", "gamenight.Player"),
}


def user_model_label() -> str:
    return str(apps.get_model(settings.AUTH_USER_MODEL)._meta.label)


def exported_fields(item: Exported) -> list[models.Field[Any, Any]]:
    """The concrete fields of the model that travel, the primary key first."""
    secret = SECRET_FIELDS.get(item.label, frozenset())
    fields: list[models.Field[Any, Any]] = []
    for field in item.model._meta.concrete_fields:
        if field.name in secret:
            continue
        if field.is_relation and field.related_model is not None:
            target = field.related_model._meta.label
            if target == user_model_label() or target in EXCLUDED:
                continue  # users and links do not travel (the import fills them in)
        fields.append(field)
    return fields


def _plain(value: Any, field: models.Field[Any, Any]) -> Any:
    """A stored value as JSON: JSON fields as they are, dates as ISO text."""
    if isinstance(field, models.JSONField) or value is None:
        return value
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, bytes | memoryview):
        return bytes(value).hex()
    return value


def rows_of(item: Exported, group_id: int) -> Iterable[dict[str, Any]]:
    fields = exported_fields(item)
    queryset = item.model._default_manager.filter(**{item.group_path: group_id}).order_by("pk")
    computed = COMPUTED.get(item.label)
    for obj in queryset.iterator(chunk_size=2000):
        row = {f.attname: _plain(f.value_from_object(obj), f) for f in fields}
        if computed is not None:
            row.update(computed(obj))
        yield row


def export_group(group: Group) -> dict[str, Any]:
    """The group as the file's JSON object (``json.dumps`` it)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "group_name": group.name,
        "models": {item.label: list(rows_of(item, group.pk)) for item in EXPORTED},
    }


def export_filename(group: Group) -> str:
    """A file name without characters a download header or a file system would trip on."""
    safe = "".join(c if c.isalnum() else "-" for c in group.name).strip("-").lower()
    return f"{safe or 'group'}-{timezone.localdate().isoformat()}.json"
