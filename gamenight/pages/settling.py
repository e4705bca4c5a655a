"""What the settle-up parts of the pages show: each transfer with its money in the
reader's way and the group's currency, whether it is paid (by whom, when), the
"paid" button for those who may press it, and while it is open the payee's ways
to be paid (gamenight/pages/pay.py); the owes page's people with their totals."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User
from django.utils.translation import gettext

from gamenight.forms.groups import new_key
from gamenight.models import Membership, PaymentDetails, TransferMark
from gamenight.money import money
from gamenight.pages.pay import pay_ways
from gamenight.services import settling
from gamenight.services.payment import details_of
from gamenight.services.settling import NightSettlement, People, TransferState


def marked_by(mark: TransferMark, people: People) -> str:
    """Who marked: their player's name in the group, else their login."""
    for player_id, user_id in people.users.items():
        if user_id == mark.marked_by_id:
            return people.name(player_id)
    return mark.marked_by.get_username()


def transfer_row(
    t: TransferState,
    people: People,
    membership: Membership | None,
    user: User | None,
    key: str,
    *,
    currency: str,
    payment: dict[int, PaymentDetails],
) -> dict[str, Any]:
    """One transfer as the pages show it; ``membership`` and ``user`` None for a
    personal link, which sees it and may mark nothing."""
    mark = t.mark
    return {
        "night_id": t.key.night_id,
        "day": t.day,
        "payer": t.payer,
        "payee": t.payee,
        "payer_id": t.key.payer_id,
        "payee_id": t.key.payee_id,
        "cents": t.key.cents,
        "money": money(t.key.cents, currency),
        "paid": t.paid,
        "marked_by": marked_by(mark, people) if mark else "",
        "marked_at": mark.marked_at if mark else None,
        "may_mark": membership is not None
        and user is not None
        and settling.may_mark(membership, user, t.key.payer_id, people),
        # One key per button and state: a double tap of it writes once; the next
        # state's button (after a reload) is a new request.
        "form_key": f"{key}-{t.key.payer_id}-{t.key.payee_id}-{t.key.cents}-{int(t.paid)}",
        "mine": user is not None and people.login(t.key.payer_id) == user.pk,
        "to_me": user is not None and people.login(t.key.payee_id) == user.pk,
        # The payee's ways to be paid, while the transfer is open (a merged player's
        # are the kept person's).
        "pay": None
        if t.paid
        else pay_ways(
            payment.get(people.person(t.key.payee_id)),
            cents=t.key.cents,
            currency=currency,
            day=t.day,
            payer=t.payer,
            payee=t.payee,
        ),
    }


def stale_row(mark: TransferMark, people: People, currency: str) -> dict[str, Any]:
    return {
        "payer": people.name(mark.payer_id),
        "payee": people.name(mark.payee_id),
        "money": money(mark.cents, currency),
        "marked_by": marked_by(mark, people),
        "marked_at": mark.marked_at,
    }


def night_rows(
    settlement: NightSettlement,
    people: People,
    membership: Membership | None,
    user: User | None,
    *,
    currency: str,
    group_id: int,
) -> dict[str, Any]:
    """The report page's settle-up: its transfers with their marks and stale marks."""
    key = new_key()
    payment = details_of(group_id)
    rows = [
        transfer_row(t, people, membership, user, key, currency=currency, payment=payment)
        for t in settlement.transfers
    ]
    return {
        "settle_rows": rows,
        "settle_stale": [stale_row(m, people, currency) for m in settlement.stale],
        "settle_open": sum(1 for r in rows if not r["paid"]),
    }


@dataclass
class PersonOwes:
    player_id: int
    name: str
    me: bool
    owes: list[dict[str, Any]] = field(default_factory=list)
    gets: list[dict[str, Any]] = field(default_factory=list)
    currency: str = "EUR"
    owes_cents: int = 0
    gets_cents: int = 0

    @property
    def owes_money(self) -> str:
        return money(self.owes_cents, self.currency)

    @property
    def gets_money(self) -> str:
        return money(self.gets_cents, self.currency)


def owes_context(user: User, membership: Membership, **extra: Any) -> dict[str, Any]:
    """Every open transfer of the group's closed nights, by person (payer and payee
    each see it), with totals; the settled ones as one list, newest first."""
    settlements, people = settling.group_settlements(membership.group_id)
    currency = membership.group.currency
    payment = details_of(membership.group_id)
    key = new_key()
    persons: dict[int, PersonOwes] = {}
    settled: list[dict[str, Any]] = []
    stale: list[dict[str, Any]] = []

    def person(player_id: int) -> PersonOwes:
        """The person's part of the page: a merged player's transfers go to the kept one."""
        pk = people.person(player_id)
        if pk not in persons:
            persons[pk] = PersonOwes(
                player_id=pk,
                name=people.name(pk),
                me=people.login(pk) == user.pk,
                currency=currency,
            )
        return persons[pk]

    for s in settlements:
        for t in s.transfers:
            row = transfer_row(t, people, membership, user, key, currency=currency, payment=payment)
            if t.paid:
                settled.append(row)
                continue
            payer, payee = person(t.key.payer_id), person(t.key.payee_id)
            payer.owes.append(row)
            payer.owes_cents += t.key.cents
            payee.gets.append(row)
            payee.gets_cents += t.key.cents
        stale += [{**stale_row(m, people, currency), "day": s.day} for m in s.stale]
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
        "chip_value": money(membership.group.chip_value_cents, currency)
        if membership.group.chip_value_cents
        else "",
        "no_money": gettext("No chip value is set: the reports settle the shared costs only.")
        if not membership.group.chip_value_cents
        else "",
        **extra,
    }
