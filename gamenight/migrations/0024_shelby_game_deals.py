"""Shelby deals that go on with a game already under way say so (``state_after["continues"]``).

The recording and the digital booking mark such a deal from now on (models/deals.py:
the night's Shelby pot was not empty when it began); this marks the deals stored
before, from the ledger: walking a night's transactions in order, the Shelby pot's
balance before each Shelby round. A reversal moves the pot back as it happened, so a
round recorded again after an undo is read against the pot it met. The rule is
copied here (not imported) so that the migration keeps meaning what it meant.
"""

from __future__ import annotations

from collections import defaultdict

from django.apps.registry import Apps
from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor

SHELBY_GAMES = ("shelby", "psycho-shelby")
SHELBY_POT = "shelby_pot"
SHELBY_ROUND = "shelby_round"


def forwards(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Deal = apps.get_model("gamenight", "Deal")
    Entry = apps.get_model("gamenight", "Entry")
    Transaction = apps.get_model("gamenight", "Transaction")
    nights = Deal.objects.filter(game__in=SHELBY_GAMES).values_list("night_id", flat=True)
    for night_id in sorted(set(nights)):
        moved: dict[int, int] = defaultdict(int)
        for transaction_id, amount in Entry.objects.filter(
            account__night_id=night_id, account__kind=SHELBY_POT
        ).values_list("transaction_id", "amount"):
            moved[transaction_id] += amount
        rounds = dict(
            Transaction.objects.filter(
                night_id=night_id, kind=SHELBY_ROUND, deal__isnull=False
            ).values_list("id", "deal_id")
        )
        continuing: list[int] = []
        pot = 0
        for transaction_id in sorted(set(moved) | set(rounds)):
            if transaction_id in rounds and pot > 0:
                continuing.append(rounds[transaction_id])
            pot += moved.get(transaction_id, 0)
        for deal in Deal.objects.filter(pk__in=continuing):
            state = deal.state_after if isinstance(deal.state_after, dict) else {}
            deal.state_after = {**state, "continues": True}
            deal.save(update_fields=["state_after"])


class Migration(migrations.Migration):
    dependencies = [("gamenight", "0023_night_life_cycle")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
