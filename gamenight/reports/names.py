"""A stored report read with the players' names as they are now.

A report is built once and stored (gamenight/reports/build.py), with the names
of that moment. A player renamed since, or merged into another, should read
as they are called now, old reports included, without building (and mailing)
every old report again. The stored rows carry each player's id; names were
unique in the group when the report was built, so a stored name stands for
one player of the report, and every place the report shows a name (results,
standings, pots, dealers, winners, transfers) is read through that map.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from gamenight.models import Player


def stored_players(data: Mapping[str, Any]) -> dict[int, str]:
    """Player id → the name the report stored, from its results or standings rows."""
    rows = list(data.get("results") or []) + list(data.get("standings") or [])
    return {
        int(row["player_id"]): str(row.get("name", ""))
        for row in rows
        if isinstance(row, dict) and isinstance(row.get("player_id"), int)
    }


def renames(data: Mapping[str, Any]) -> dict[str, tuple[str, int]]:
    """Stored name → (name now, id of the person now), for the names that changed.

    One query.
    """
    stored = stored_players(data)
    if not stored:
        return {}
    now = {
        pk: (name, merged_into or pk)
        for pk, name, merged_into in Player.objects.filter(pk__in=stored).values_list(
            "pk", "name", "merged_into_id"
        )
    }
    return {
        old: now[pk]
        for pk, old in stored.items()
        if pk in now and (now[pk][0] != old or now[pk][1] != pk)
    }


def current_names(data: Mapping[str, Any]) -> dict[str, Any]:
    """The report's data with every name (and player link) as the players are now."""
    changed = renames(data)
    if not changed:
        return dict(data)

    def name(value: object) -> object:
        return changed[value][0] if isinstance(value, str) and value in changed else value

    def names(values: Iterable[object]) -> list[object]:
        return [name(v) for v in values]

    def row(r: Any) -> Any:
        if not isinstance(r, dict):
            return r
        new = {**r, "name": name(r.get("name"))}
        if r.get("name") in changed:
            new["player_id"] = changed[r["name"]][1]
        return new

    out = dict(data)
    for key in ("results", "standings", "dealers"):
        if isinstance(data.get(key), list):
            out[key] = [row(r) for r in data[key]]
    for key in ("biggest_pots", "nights"):
        if isinstance(data.get(key), list):
            out[key] = [
                {**p, "winners": names(p.get("winners") or [])} if isinstance(p, dict) else p
                for p in data[key]
            ]
    settle = data.get("settle_up")
    if isinstance(settle, dict) and isinstance(settle.get("transfers"), list):
        out["settle_up"] = {
            **settle,
            "transfers": [
                {**t, "payer": name(t.get("payer")), "payee": name(t.get("payee"))}
                if isinstance(t, dict)
                else t
                for t in settle["transfers"]
            ],
        }
        if isinstance(settle.get("nets"), list):
            out["settle_up"]["nets"] = [row(r) for r in settle["nets"]]
    if isinstance(data.get("expenses"), list):
        out["expenses"] = [
            {
                **e,
                "paid_by": name(e.get("paid_by")),
                "shares": [row(r) for r in e.get("shares") or []],
            }
            if isinstance(e, dict)
            else e
            for e in data["expenses"]
        ]
    return out
