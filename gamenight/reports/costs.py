"""A night's shared costs and the settle-up's two parts, in money, as the pages and
the mail show them (the report stores smallest units, gamenight/reports/night.py)."""

from __future__ import annotations

from typing import Any

from gamenight.money import money


def cost_rows(data: dict[str, Any], currency: str) -> dict[str, Any]:
    """The report's shared costs and each player's chips and costs in money."""
    expenses = [
        {
            **e,
            "money": money(e["amount"], currency),
            "shares": [{**s, "money": money(s["amount"], currency)} for s in e["shares"]],
        }
        for e in data.get("expenses") or []
    ]
    nets = [
        {
            **n,
            "chips_money": money(n["chips"], currency),
            "costs_money": money(n["costs"], currency),
            "total_money": money(n["total"], currency),
        }
        for n in (data.get("settle_up") or {}).get("nets") or []
    ]
    return {"expenses": expenses, "money_nets": nets}
