"""Who has paid whom: the settle-up transfers of closed nights and their paid marks.

A night's transfers are the ones its built report computed from its results
(gamenight/reports/night.py ``settle_up_data``), in the money of the chip value
it was built with. A :class:`~gamenight.models.TransferMark` counts only while
the report still has the transfer it names (night, payer, payee, cents): when
the report is built again from corrected results or another chip value, an old
mark no longer matches, its transfer shows as open again, and the mark is
listed as *stale* so the page can say why.

Everything here reads a whole group in three queries (reports, players, marks),
however many nights it has.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from gamenight.models import (
    Membership,
    Night,
    NightReport,
    NightStatus,
    Player,
    TransferMark,
)
from gamenight.services.errors import REFUSALS, LedgerError


class MarkRefusedError(LedgerError):
    """A paid mark (or its taking back) was refused; nothing was written."""


@dataclass(frozen=True)
class TransferKey:
    night_id: int
    payer_id: int
    payee_id: int
    cents: int


@dataclass
class TransferState:
    """One transfer of a night's current settle-up and its standing mark (None: open)."""

    key: TransferKey
    day: datetime.date
    payer: str
    payee: str
    mark: TransferMark | None = None

    @property
    def paid(self) -> bool:
        return self.mark is not None


@dataclass
class NightSettlement:
    night_id: int
    day: datetime.date
    transfers: list[TransferState] = field(default_factory=list)
    # Standing marks that name a transfer the night no longer has (results corrected).
    stale: list[TransferMark] = field(default_factory=list)


@dataclass(frozen=True)
class People:
    """The group's players as marks need them: names by id, ids by name, logins by id,
    and the person each player reads as (the kept player of a merge, else itself).

    Marks stay keyed by the player ids the reports were built with (a merged
    player's old transfers name the merged row); who owes what and who may mark
    is read through :meth:`person` and :meth:`login`.
    """

    names: dict[int, str]
    ids: dict[str, int]
    users: dict[int, int | None]
    persons: dict[int, int] = field(default_factory=dict)

    @classmethod
    def of_group(cls, group_id: int) -> People:
        rows = list(
            Player.objects.filter(group_id=group_id).values_list(
                "pk", "name", "user_id", "merged_into_id"
            )
        )
        # A merged row has the kept player's name: the kept one's id answers a name.
        by_name = sorted(rows, key=lambda r: r[3] is None)
        return cls(
            names={pk: name for pk, name, _user, _into in rows},
            ids={name: pk for pk, name, _user, _into in by_name},
            users={pk: user for pk, _name, user, _into in rows},
            persons={pk: into or pk for pk, _name, _user, into in rows},
        )

    def name(self, player_id: int) -> str:
        return self.names.get(player_id, "?")

    def person(self, player_id: int) -> int:
        """The id the player reads as: the kept player of a merge, else its own."""
        return self.persons.get(player_id, player_id)

    def login(self, player_id: int) -> int | None:
        """The login of the person the player is (a merge leaves it on the kept row)."""
        return self.users.get(self.person(player_id)) or self.users.get(player_id)


def may_mark(membership: Membership, user: User, payer_id: int, people: People) -> bool:
    """The payer (their person's login) or the host and co-hosts may mark and unmark."""
    login = people.login(payer_id)
    return membership.may_record or (login is not None and login == user.pk)


def transfer_keys(night_id: int, settle: Any, people: People) -> list[TransferKey]:
    """The transfers of a report's ``settle_up`` data, by player id.

    Reports built before the ids were stored name players only: those are found by
    name. Anything that does not read as a transfer is left out, never raised on.
    """
    if not isinstance(settle, dict) or not isinstance(settle.get("transfers"), list):
        return []
    keys = []
    for t in settle["transfers"]:
        if not isinstance(t, dict):
            continue
        payer = _whole(t.get("payer_id", people.ids.get(str(t.get("payer")))))
        payee = _whole(t.get("payee_id", people.ids.get(str(t.get("payee")))))
        cents = _whole(t.get("cents"))
        if payer is None or payee is None or cents is None or payer == payee or cents <= 0:
            continue
        if payer in people.names and payee in people.names:
            keys.append(TransferKey(night_id, payer, payee, cents))
    return keys


def _whole(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def settle(
    nights: Iterable[tuple[int, datetime.date, Any]],
    people: People,
    marks: Iterable[TransferMark],
) -> list[NightSettlement]:
    """The nights' transfers with their standing marks; ``nights`` as (id, day, settle_up)."""
    latest: dict[TransferKey, TransferMark] = {}
    for mark in sorted(marks, key=lambda m: m.step):
        latest[TransferKey(mark.night_id, mark.payer_id, mark.payee_id, mark.cents)] = mark
    standing = {key: mark for key, mark in latest.items() if mark.paid}
    settlements = []
    for night_id, day, data in nights:
        night = NightSettlement(night_id=night_id, day=day)
        keys = transfer_keys(night_id, data, people)
        for key in keys:
            night.transfers.append(
                TransferState(
                    key=key,
                    day=day,
                    payer=people.name(key.payer_id),
                    payee=people.name(key.payee_id),
                    mark=standing.get(key),
                )
            )
        current = set(keys)
        night.stale = [
            mark
            for key, mark in standing.items()
            if key.night_id == night_id and key not in current
        ]
        settlements.append(night)
    return settlements


def group_settlements(group_id: int) -> tuple[list[NightSettlement], People]:
    """Every closed night of the group with a built report, oldest first (3 queries)."""
    nights = (
        NightReport.objects.filter(
            night__group_id=group_id, night__status=NightStatus.CLOSED, built_generation__gt=0
        )
        .order_by("night__date", "night_id")
        .values_list("night_id", "night__date", "data__settle_up")
    )
    people = People.of_group(group_id)
    marks = TransferMark.objects.filter(night__group_id=group_id).select_related("marked_by")
    return settle(list(nights), people, list(marks)), people


def night_settlement(night: Night, settle_up: Any) -> tuple[NightSettlement, People]:
    """One night's transfers (from its report's ``settle_up``) with their marks (2 queries)."""
    people = People.of_group(night.group_id)
    marks = TransferMark.objects.filter(night=night).select_related("marked_by")
    return settle([(night.pk, night.date, settle_up)], people, list(marks))[0], people


def _open_before(settlements: list[NightSettlement], night: Night) -> list[TransferState]:
    """What is still open from the nights before ``night``, oldest first."""
    return [
        t
        for s in settlements
        if (s.day, s.night_id) < (night.date, night.pk)
        for t in s.transfers
        if not t.paid
    ]


@dataclass(frozen=True)
class OpenDebt:
    """What one person still owes another over the earlier nights, since the oldest."""

    payer: str
    payee: str
    cents: int
    since: datetime.date


def open_debts_before(night: Night) -> list[OpenDebt]:
    """What the group's nights before ``night`` left open, by person pair: a merged
    player's transfers count as the kept person's, so the reminder has one line and
    one total for them."""
    settlements, people = group_settlements(night.group_id)
    debts: dict[tuple[int, int], OpenDebt] = {}
    for t in _open_before(settlements, night):
        pair = (people.person(t.key.payer_id), people.person(t.key.payee_id))
        known = debts.get(pair)
        debts[pair] = OpenDebt(
            payer=people.name(pair[0]),
            payee=people.name(pair[1]),
            cents=t.key.cents + (known.cents if known else 0),
            since=known.since if known else t.day,  # oldest first: the first one's day
        )
    return sorted(debts.values(), key=lambda d: (d.since, d.payer.casefold(), d.payee.casefold()))


def set_paid(
    *,
    night: Night,
    membership: Membership,
    by: User,
    key: TransferKey,
    paid: bool,
) -> TransferMark:
    """Mark the night's transfer as paid (``paid``) or take the mark back.

    Refused with :class:`MarkRefusedError` when the transfer is not in the night's
    current settle-up, or is already in the state asked for (a stale tab); with
    PermissionDenied for anyone but the payer, the host and the co-hosts.
    """
    people = People.of_group(night.group_id)
    if not may_mark(membership, by, key.payer_id, people):
        raise PermissionDenied("only the payer, the host and co-hosts mark a transfer paid")
    with transaction.atomic():
        # One mark at a time per night: the second of two taps sees the first's row.
        locked = Night.objects.select_for_update().get(pk=night.pk)
        if locked.status != NightStatus.CLOSED:
            raise MarkRefusedError(str(REFUSALS["night_not_over"]))
        report = NightReport.objects.filter(night=locked, built_generation__gt=0).first()
        current = transfer_keys(locked.pk, report.data.get("settle_up") if report else None, people)
        if key not in current:
            raise MarkRefusedError(
                gettext(
                    "This transfer is no longer in the night's settle-up: the results were "
                    "corrected. Look at the transfers below again."
                )
            )
        latest = (
            TransferMark.objects.filter(
                night=locked, payer_id=key.payer_id, payee_id=key.payee_id, cents=key.cents
            )
            .select_related("marked_by")
            .order_by("-step")
            .first()
        )
        words = {"payer": people.name(key.payer_id), "payee": people.name(key.payee_id)}
        if paid and latest is not None and latest.paid:
            raise MarkRefusedError(
                gettext("The transfer from %(payer)s to %(payee)s is already marked as paid.")
                % words
            )
        if not paid and (latest is None or not latest.paid):
            raise MarkRefusedError(
                gettext("The transfer from %(payer)s to %(payee)s is not marked as paid.") % words
            )
        try:
            with transaction.atomic():
                return TransferMark.objects.create(
                    night=locked,
                    payer_id=key.payer_id,
                    payee_id=key.payee_id,
                    cents=key.cents,
                    step=latest.step + 1 if latest is not None else 1,
                    paid=paid,
                    reverses=None if paid else latest,
                    marked_by=by,
                )
        except IntegrityError:
            # A twin tap wrote this step first (a database without row locks).
            raise MarkRefusedError(
                gettext("Someone marked this transfer at the same moment: reload the page.")
            ) from None
