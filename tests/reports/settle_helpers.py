"""Built night reports with money for the settle-up tests (issue 17): a group whose
chip is worth 10 cents, nights played through the services, and the transfers of
each built report as the page shows them."""

from __future__ import annotations

from typing import Any

from django.test import Client
from django.urls import reverse
from report_people import People, played_night

from gamenight.models import Night, NightReport, Player
from gamenight.reports import build

CHIP_CENTS = 10


def money_group(people: People, cents: int = CHIP_CENTS) -> None:
    people.group.chip_value_cents = cents
    people.group.save(update_fields=["chip_value_cents"])


def built_night(people: People, *, seed: int, day: int, games: int = 4) -> Night:
    """A night played, ended and its report built (tasks are not sent: conftest.py)."""
    night = played_night(people, games=games, seed=seed, day=day)
    assert build.build_night(night.pk) == "built"
    assert transfers(night), "the seed gave a night nobody owes anything for"
    return night


def transfers(night: Night) -> list[dict[str, Any]]:
    data = NightReport.objects.get(night=night).data
    return list((data.get("settle_up") or {}).get("transfers", []))


def link(player: Player, user: Any) -> None:
    """The player's login is ``user`` (the payer of a transfer, say)."""
    player.user = user
    player.save(update_fields=["user"])


def player_named(people: People, name: str) -> Player:
    return next(p for p in people.players if p.name == name)


def mark(
    client: Client,
    night: Night,
    t: dict[str, Any],
    *,
    key: str,
    paid: bool = True,
    back: str = "report",
    headers: dict[str, str] | None = None,
) -> Any:
    return client.post(
        reverse("transfer_paid", args=[night.pk]),
        {
            "key": key,
            "payer": t["payer_id"],
            "payee": t["payee_id"],
            "cents": t["cents"],
            "paid": "1" if paid else "0",
            "back": back,
        },
        headers=headers,
    )


def euros(cents: int) -> str:
    """The English way the pages write money ("€1.20")."""
    return f"€{cents // 100}.{cents % 100:02d}"


def euros_de(cents: int) -> str:
    """The German way ("1,20 €", a no-break space before the sign, as CLDR has it)."""
    return f"{cents // 100},{cents % 100:02d}\u00a0€"
