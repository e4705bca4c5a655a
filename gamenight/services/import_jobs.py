"""A group file's import as a Celery task, followed by its uploader's page (issue 22).

The upload makes a :class:`~gamenight.models.GroupImport` row, then, once that is
committed, stores the file in pieces of a megabyte, each in a transaction of its
own (a 33 MB file in one row held SQLite's write lock for seconds), and sends the
task; the worker (:func:`run_import`) checks
the whole file, then writes it in short batches
(:mod:`gamenight.services.group_import`), updating the row's progress in each
batch's own transaction, so the upload page can show how far it got. Whatever the
end, the row says it (imported, with the new group; or refused, with the reason in
the uploader's language). The worker deletes the pieces as it takes the file.

The task is delivered again when its worker dies (``acks_late``): a delivery that
finds the import already under way marks it interrupted rather than writing the
group a second time; what the first delivery wrote stays in a group nobody can
open (no member), named on the row. An import whose task never reached the broker
is sent again by the worker's sweep (gamenight/tasks.py).
"""

from __future__ import annotations

import hashlib
import logging
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import F
from django.utils import timezone, translation
from django.utils.translation import get_language, gettext, gettext_lazy

from gamenight.models import Group, GroupImport, GroupImportChunk, ImportStatus
from gamenight.services.group_import import (
    GroupImportError,
    PartialImportError,
    import_group,
    parse,
)
from gamenight.services.group_import_write import BatchStats

log = logging.getLogger(__name__)


def digest(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


# The pieces an upload is stored in: each its own transaction of a few dozen ms.
CHUNK_BYTES = 1 << 20


def queue_import(*, user: User, raw: bytes) -> GroupImport:
    """Inside the upload's transaction: the row now; once it is committed, the file in
    pieces, then the task."""
    job = GroupImport.objects.create(user=user, size=len(raw), language=get_language() or "")
    transaction.on_commit(lambda: _store_and_send(job.pk, raw))
    return job


def _store_and_send(job_id: int, raw: bytes) -> None:
    # Piece by piece, each in a transaction of its own: the file in one row held
    # SQLite's write lock for seconds at 33 MB. An upload cut short is refused by the
    # worker (its pieces do not add up to its size), once the sweep sends it.
    waiting = GroupImport.objects.filter(pk=job_id, status=ImportStatus.QUEUED)
    for index, start in enumerate(range(0, len(raw), CHUNK_BYTES)):
        if not waiting.exists():
            return  # refused meanwhile (the sweep sent it and it was cut short): no more pieces
        with transaction.atomic():
            GroupImportChunk.objects.create(
                job_id=job_id, index=index, data=raw[start : start + CHUNK_BYTES]
            )
    send_import(job_id)


def send_import(job_id: int) -> bool:
    """Send the task; False when the broker cannot be reached (the sweep sends it later)."""
    from gamenight import tasks

    try:
        tasks.import_group_file.apply_async(
            args=[job_id], retry=True, retry_policy={"max_retries": 1}
        )
    except Exception:  # the broker is down or unreachable
        log.warning("could not queue the group import %s; the sweep will", job_id)
        return False
    return True


def requeue_stale_imports(*, queued_for: float) -> int:
    """Send again the task of every import still waiting after ``queued_for`` seconds."""
    stale = GroupImport.objects.filter(
        status=ImportStatus.QUEUED,
        created_at__lt=timezone.now() - timedelta(seconds=queued_for),
        started_at__isnull=True,
    )
    sent = 0
    for pk in stale.values_list("pk", flat=True):
        if send_import(pk):
            # Not again before another full wait.
            GroupImport.objects.filter(pk=pk).update(created_at=timezone.now())
            sent += 1
    return sent


def run_import(job_id: int) -> str:
    """The task: check and write the uploaded file; the row says how it ended."""
    with transaction.atomic():
        job = GroupImport.objects.select_for_update().filter(pk=job_id).first()
        if job is None:
            return "missing"
        if not job.in_progress:
            return "already done"  # a second delivery of a finished import
        if job.status != ImportStatus.QUEUED:
            with translation.override(_language(job)):
                _end(job, error=str(_INTERRUPTED))
            return "interrupted"
        job.status = ImportStatus.CHECKING
        job.started_at = timezone.now()
        job.save(update_fields=["status", "started_at"])
    raw = _take_file(job)
    stats = BatchStats()

    def checked(rows: int) -> None:
        GroupImport.objects.filter(pk=job_id).update(status=ImportStatus.WRITING, total=rows)

    def progress(rows: int) -> None:
        GroupImport.objects.filter(pk=job_id).update(
            written=rows, longest_batch_ms=round(stats.longest * 1000)
        )

    def finish(group: Group) -> None:
        _end(job, group=group, stats=stats)

    with translation.override(_language(job)):
        if len(raw) != job.size:
            _end(job, error=str(_CUT_SHORT))
            return "cut short"
        try:
            import_group(
                parse(raw),
                host=job.user,
                checked=checked,
                progress=progress,
                finish=finish,
                stats=stats,
            )
        except PartialImportError as error:
            _end(job, error=str(error), group_id=error.partial_group_id, stats=stats)
            return "refused after writing"
        except GroupImportError as error:
            _end(job, error=str(error), stats=stats)
            return "refused"
    log.info(
        "group import %s: %s bytes in %s batches, the longest %.0f ms",
        job_id,
        job.size,
        len(stats.held),
        stats.longest * 1000,
    )
    return "imported"


def _take_file(job: GroupImport) -> bytes:
    """The uploaded file, its pieces deleted one by one (short transactions again)."""
    pieces = GroupImportChunk.objects.filter(job=job).order_by("index")
    raw = b"".join(bytes(data) for data in pieces.values_list("data", flat=True))
    _drop_pieces(job)
    return raw


def _drop_pieces(job: GroupImport) -> None:
    for pk in GroupImportChunk.objects.filter(job=job).values_list("pk", flat=True):
        GroupImportChunk.objects.filter(pk=pk).delete()


# Said when the pieces of an upload do not add up to the file: the upload was cut short.
_CUT_SHORT = gettext_lazy("The upload did not arrive whole: upload the file again.")

# Said when a second delivery finds the import under way: its worker died.
_INTERRUPTED = gettext_lazy(
    "The import was interrupted (the worker stopped) and nothing of it can be seen: "
    "upload the file again."
)


def mark_failed(job_id: int, error: BaseException) -> None:
    """For the task's own failure: the import ended without a word from it."""
    job = GroupImport.objects.filter(pk=job_id).first()
    if job is not None and job.in_progress:
        with translation.override(_language(job)):
            reason = gettext("The import could not be finished (%(error)s); nothing was kept.")
            _end(job, error=reason % {"error": type(error).__name__})


def _language(job: GroupImport) -> str:
    return job.language or settings.LANGUAGE_CODE


def _end(
    job: GroupImport,
    *,
    group: Group | None = None,
    group_id: int | None = None,
    error: str = "",
    stats: BatchStats | None = None,
) -> None:
    _drop_pieces(job)
    fields: dict[str, Any] = {
        "status": ImportStatus.FAILED if error else ImportStatus.DONE,
        "error": error,
        "finished_at": timezone.now(),
        "group_id": group.pk if group is not None else group_id,
    }
    if stats is not None:
        fields["longest_batch_ms"] = round(stats.longest * 1000)
    if group is not None:
        fields["written"] = F("total")
    GroupImport.objects.filter(pk=job.pk).update(**fields)
