"""What the settle-up parts of the pages show: each transfer with its money in the
reader's way, whether it is paid (by whom, when), and the "paid" button for those
who may press it; the owes page's people with their totals."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User
from django.utils.translation import gettext

from gamenight.forms.groups import new_key
from gamenight.models import Membership, TransferMark
from gamenight.money import money
from gamenight.services import settling
from gamenight.services.settling import NightSettlement, People, TransferState


def marked_by(mark: TransferMark, people: People) -> str:
    """Who marked: their player's name in the group, else their login."""
    for player_id, user_id in people.users.items():
        if user_id == mark.marked_by_id:
            return people.name(player_id)
    return mark.marked_by.get_username()


def transfer_row(
    t: TransferState, people: People, membership: Membership, user: User, key: str
) -> dict[str, Any]:
    mark = t.mark
    return {
        "night_id": t.key.night_id,
        "day": t.day,
        "payer": t.payer,
        "payee": t.payee,
        "payer_id": t.key.payer_id,
        "payee_id": t.key.payee_id,
        "cents": t.key.cents,
        "money": money(t.key.cents),
        "paid": t.paid,
        "marked_by": marked_by(mark, people) if mark else "",
        "marked_at": mark.marked_at if mark else None,
        "may_mark": settling.may_mark(membership, user, t.key.payer_id, people),
        # One key per button and state: a double tap of it writes once; the next
        # state's button (after a reload) is a new request.
        "form_key": f"{key}-{t.key.payer_id}-{t.key.payee_id}-{t.key.cents}-{int(t.paid)}",
        "mine": people.login(t.key.payer_id) == user.pk,
        "to_me": people.login(t.key.payee_id) == user.pk,
    }


def stale_row(mark: TransferMark, people: People) -> dict[str, Any]:
    return {
        "payer": people.name(mark.payer_id),
        "payee": people.name(mark.payee_id),
        "money": money(mark.cents),
        "marked_by": marked_by(mark, people),
        "marked_at": mark.marked_at,
    }


def night_rows(
    settlement: NightSettlement, people: People, membership: Membership, user: User
) -> dict[str, Any]:
    """The report page's settle-up: its transfers with their marks and stale marks."""
    key = new_key()
    rows = [transfer_row(t, people, membership, user, key) for t in settlement.transfers]
    return {
        "settle_rows": rows,
        "settle_stale": [stale_row(m, people) for m in settlement.stale],
        "settle_open": sum(1 for r in rows if not r["paid"]),
    }


@dataclass
class PersonOwes:
    player_id: int
    name: str
    me: bool
    owes: list[dict[str, Any]] = field(default_factory=list)
    gets: list[dict[str, Any]] = field(default_factory=list)
    owes_cents: int = 0
    gets_cents: int = 0

    @property
    def owes_money(self) -> str:
        return money(self.owes_cents)

    @property
    def gets_money(self) -> str:
        return money(self.gets_cents)


def owes_context(user: User, membership: Membership, **extra: Any) -> dict[str, Any]:
    """Every open transfer of the group's closed nights, by person (payer and payee
    each see it), with totals; the settled ones as one list, newest first."""
    settlements, people = settling.group_settlements(membership.group_id)
    key = new_key()
    persons: dict[int, PersonOwes] = {}
    settled: list[dict[str, Any]] = []
    stale: list[dict[str, Any]] = []

    def person(player_id: int) -> PersonOwes:
        """The person's part of the page: a merged player's transfers go to the kept one."""
        pk = people.person(player_id)
        if pk not in persons:
            persons[pk] = PersonOwes(
                player_id=pk, name=people.name(pk), me=people.login(pk) == user.pk
            )
        return persons[pk]

    for s in settlements:
        for t in s.transfers:
            row = transfer_row(t, people, membership, user, key)
            if t.paid:
                settled.append(row)
                continue
            payer, payee = person(t.key.payer_id), person(t.key.payee_id)
            payer.owes.append(row)
            payer.owes_cents += t.key.cents
            payee.gets.append(row)
            payee.gets_cents += t.key.cents
        stale += [{**stale_row(m, people), "day": s.day} for m in s.stale]
    ordered = sorted(persons.values(), key=lambda p: (not p.me, p.name.casefold()))
    settled.sort(key=lambda r: r["marked_at"], reverse=True)
    return {
        "group": membership.group,
        "membership": membership,
        "persons": ordered,
        "settled": settled,
        "stale": stale,
        "open_count": sum(len(p.owes) for p in ordered),
        "nights_count": len(settlements),
        "chip_value": money(membership.group.chip_value_cents)
        if membership.group.chip_value_cents
        else "",
        "no_money": gettext("No chip value is set, so the reports say nothing about money.")
        if not membership.group.chip_value_cents
        else "",
        **extra,
    }
