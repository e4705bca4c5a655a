"""``manage.py check_ledger``: verify every ledger invariant; non-zero exit on the first violation.

manage.py check_ledger              # "the ledger is sound", or the first violation and exit 1
manage.py check_ledger --group 3    # one group's data (the database guards are always checked)
manage.py check_ledger --json       # {"violations": [{"code", "params", "message"}, ...]}
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import translation

from gamenight.services.ledger_check import find_violations


class Command(BaseCommand):
    help = "Check the chip ledger: balanced transactions, balances, closed nights, guards."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--group", type=int, default=None, help="check one group's data")
        parser.add_argument("--json", action="store_true", help="print every violation as JSON")

    def handle(self, *args: Any, **opts: Any) -> None:
        # The command line speaks English, whatever the settings' language.
        with translation.override("en"):
            violations = find_violations(group_id=opts["group"])
            if opts["json"]:
                listing = [{**v.as_dict(), "message": v.describe()} for v in violations]
                self.stdout.write(json.dumps({"violations": listing}, default=str))
            if violations:
                first = violations[0].describe()
                more = f" (and {len(violations) - 1} more)" if len(violations) > 1 else ""
                raise CommandError(f"ledger check failed: {first}{more}", returncode=1)
        if not opts["json"]:
            self.stdout.write(self.style.SUCCESS("the ledger is sound: every check passed"))
