"""Import a group file (see :mod:`.group_export`) as a new group of this installation.

All or nothing, in three steps: the whole file is checked before anything is
written (:mod:`.group_import_check`: rows that fit the models, hands' public
records, a ledger that holds every invariant), then written in short batches
that leave the database to the tables between them (:mod:`.group_import_write`),
then ``check_ledger`` (:mod:`.ledger_check`) looks at the new group once more;
only then is the importing user made its host, so until that last step nobody
can open the group, and a refusal leaves nothing anyone can see.

Refused, with a message a person understands: a file that is not JSON (or is
nested deeper than any JSON reader should follow), not a group file, of another
format version, or anything :func:`.group_import_check.check_file` refuses.

Importing the same file twice makes two groups: a backup may be restored next
to the group it came from. A double tap of the upload form makes one (the
form's request key, see views/transfer.py). The upload page runs the import as
a Celery task (:mod:`gamenight.services.import_jobs`); ``manage.py import_group``
runs it at once, in the same batches.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext

from gamenight.models import Group, Membership, Role
from gamenight.services.group_export import FORMAT, VERSION
from gamenight.services.group_import_check import GroupImportError, check_file
from gamenight.services.group_import_write import BatchStats, PartialImportError, write_group
from gamenight.services.ledger_check import find_violations

__all__ = ["GroupImportError", "PartialImportError", "import_group", "parse"]


def parse(raw: bytes | str) -> dict[str, Any]:
    """The file's JSON object, or a refusal a person understands."""
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise GroupImportError(
            gettext("This file is not a group export: it is not valid JSON.")
        ) from None
    except RecursionError:
        raise GroupImportError(
            gettext("This file is not a group export: it is nested far too deeply.")
        ) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise GroupImportError(gettext("This file is not a group export of this app."))
    version = data.get("version")
    if version != VERSION or isinstance(version, bool):
        raise GroupImportError(
            gettext(
                "This group file has format version %(found)s; this installation reads "
                "version %(version)s."
            )
            % {"found": version, "version": VERSION}
        )
    if not isinstance(data.get("models"), dict):
        raise GroupImportError(gettext("The group file is damaged: it lists no rows."))
    return data


def import_group(
    data: Mapping[str, Any],
    *,
    host: User,
    checked: Callable[[int], None] | None = None,
    progress: Callable[[int], None] | None = None,
    finish: Callable[[Group], None] | None = None,
    stats: BatchStats | None = None,
) -> Group:
    """Write the file's group anew, with ``host`` as its host; all or nothing.

    ``checked(rows)`` is called once the file passed its check, with the number of
    rows to write; ``progress(rows)`` after each batch, inside its transaction;
    ``finish(group)`` in the transaction that makes ``host`` its host.
    """
    file = check_file(data)
    if checked is not None:
        checked(file.rows)
    group = write_group(file, host=host, progress=progress, stats=stats)
    # Outside a transaction: reading the new group holds no write lock.
    problems = find_violations(group_id=group.pk)
    if problems:
        raise PartialImportError(
            gettext("The imported ledger failed the check, nothing was kept: %(problem)s")
            % {"problem": problems[0].describe()},
            partial_group_id=group.pk,
        )
    with transaction.atomic():
        Membership.objects.create(group=group, user=host, role=Role.HOST)
        if finish is not None:
            finish(group)
    return group
