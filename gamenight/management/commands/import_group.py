"""``manage.py import_group group.json --host NAME``: the file's group, anew, hosted by NAME.

All or nothing: a file that is malformed, of another format version, or whose
ledger does not balance (in the file, or by ``check_ledger`` after the import)
is refused with nothing anyone can see, and the command exits non-zero. The host
is required: a group nobody hosts cannot be opened by anyone. The rows go in in
the same short batches as the upload page's import, so the table can go on
recording while it runs; the command says how long the longest batch held the
database's write lock.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import translation

from gamenight.services.group_import import (
    GroupImportError,
    PartialImportError,
    import_group,
    parse,
)
from gamenight.services.group_import_write import BatchStats


class Command(BaseCommand):
    help = "Import a group file written by export_group as a new group."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", help="the file export_group wrote")
        parser.add_argument("--host", required=True, help="user name of the new group's host")

    def handle(self, *args: Any, **opts: Any) -> None:
        with translation.override("en"):
            host = User.objects.filter(username=opts["host"]).first()
            if host is None:
                raise CommandError(f"there is no user {opts['host']!r}")
            try:
                raw = Path(opts["path"]).read_bytes()
            except OSError as error:
                raise CommandError(f"cannot read {opts['path']}: {error.strerror}") from None
            stats = BatchStats()
            try:
                group = import_group(parse(raw), host=host, stats=stats)
            except PartialImportError as error:
                raise CommandError(
                    f"{error} (what was written is in group {error.partial_group_id}, "
                    "which has no member: nobody can open it)"
                ) from None
            except GroupImportError as error:
                raise CommandError(str(error)) from None
        self.stdout.write(
            self.style.SUCCESS(f"imported {group.name} as group {group.pk}, hosted by {host}")
        )
        self.stdout.write(
            f"{len(stats.held)} batches; the longest held the write lock "
            f"{stats.longest * 1000:.0f} ms"
        )
