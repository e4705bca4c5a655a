"""The night's shared-costs page (issue 28): its expenses with their shares in the
group's currency, the form to add one and the buttons to take one back (the host
and co-hosts, while the night is running or after it ended)."""

from __future__ import annotations

from typing import Any

from gamenight.forms.expenses import ExpenseForm, TakeBackForm
from gamenight.models import Membership, Night, Player, Seat
from gamenight.money import money
from gamenight.services.expenses import OPEN_FOR_COSTS, cost_nets, standing_expenses


def seated_players(night: Night) -> list[tuple[int, str]]:
    """Everyone who sat at the night, in seat order, by id and name."""
    return [
        (pk, name)
        for pk, name in Seat.objects.filter(night=night)
        .order_by("position")
        .values_list("player_id", "player__name")
    ]


def costs_context(
    night: Night, membership: Membership, *, form: ExpenseForm | None = None, **extra: Any
) -> dict[str, Any]:
    currency = night.group.currency
    players = seated_players(night)
    names = dict(Player.objects.filter(group_id=night.group_id).values_list("pk", "name"))
    expenses = standing_expenses(night.pk)
    may_add = membership.may_record and night.status in OPEN_FOR_COSTS and bool(players)
    nets = cost_nets(expenses)
    return {
        "night": night,
        "group": night.group,
        "membership": membership,
        "currency": currency,
        "expenses": [
            {
                "id": e.id,
                "what": e.what,
                "money": money(e.amount, currency),
                "paid_by": names.get(e.paid_by, "?"),
                "shares": [
                    {"name": names.get(p, "?"), "money": money(part, currency)}
                    for p, part in e.shares.items()
                ],
            }
            for e in expenses
        ],
        "balances": [
            # "owes 11.88", not "owes -11.88": the sentence says which way.
            {"name": name, "money": money(abs(nets[pk]), currency), "net": nets[pk]}
            for pk, name in players
            if nets.get(pk)
        ],
        "form": (form or ExpenseForm(players=players, currency=currency)) if may_add else None,
        "take_back_form": TakeBackForm() if may_add else None,
        **extra,
    }
