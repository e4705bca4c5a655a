"""``manage.py export_group <id> > group.json``: one group as a file ``import_group`` reads."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.core.serializers.json import DjangoJSONEncoder

from gamenight.models import Group
from gamenight.services.group_export import export_group


class Command(BaseCommand):
    help = "Write a group (players, seasons, nights, deals, hands, the ledger) as JSON."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("group_id", type=int)

    def handle(self, *args: Any, **opts: Any) -> None:
        group = Group.objects.filter(pk=opts["group_id"]).first()
        if group is None:
            raise CommandError(f"there is no group {opts['group_id']}")
        self.stdout.write(json.dumps(export_group(group), cls=DjangoJSONEncoder))
