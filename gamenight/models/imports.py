"""A group file uploaded for import, and how far the worker has got with it (issue 22).

The upload only stores the file and queues the import (a Celery task,
gamenight/services/import_jobs.py); the uploader's page follows this row while
the worker checks the file and writes it in batches. The file itself is kept in
pieces of its own (:class:`GroupImportChunk`), each written in a short
transaction of its own: on SQLite a write holds the one lock of the whole
database, and 33 MB in one row held it for seconds. The worker deletes the pieces
as it takes the file.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from gamenight.models.groups import Group


class ImportStatus(models.TextChoices):
    QUEUED = "queued", _("waiting for its turn")
    CHECKING = "checking", _("checking the file")
    WRITING = "writing", _("writing")
    DONE = "done", _("imported")
    FAILED = "failed", _("refused")


class GroupImport(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    status = models.CharField(
        max_length=10, choices=ImportStatus.choices, default=ImportStatus.QUEUED
    )
    # The file's size: its pieces must add up to it.
    size = models.PositiveIntegerField(default=0)
    # The language of the upload: the worker words its refusal in it.
    language = models.CharField(max_length=10, blank=True)
    # Rows to write, once the file passed its check, and rows written so far.
    total = models.PositiveIntegerField(default=0)
    written = models.PositiveIntegerField(default=0)
    # The new group; for a refusal after the first batch, the group nobody can open
    # that holds what was written (the ledger deletes nothing).
    group = models.ForeignKey(
        Group, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    error = models.TextField(blank=True)
    # The longest a batch of this import held the database's write lock.
    longest_batch_ms = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]

    def __str__(self) -> str:
        return f"group import {self.pk} ({self.status})"

    @property
    def in_progress(self) -> bool:
        return self.status not in (ImportStatus.DONE, ImportStatus.FAILED)

    @property
    def percent(self) -> int:
        """How much of the file is written, 0 to 100 (100 only once it is imported)."""
        if self.status == ImportStatus.DONE:
            return 100
        if not self.total:
            return 0
        return min(99, self.written * 100 // self.total)


class GroupImportChunk(models.Model):
    """One piece of an uploaded group file, in the order ``index`` gives."""

    job = models.ForeignKey(GroupImport, on_delete=models.CASCADE, related_name="chunks")
    index = models.PositiveIntegerField()
    data = models.BinaryField()

    class Meta:
        ordering = ["job", "index"]
        constraints = [
            models.UniqueConstraint(fields=["job", "index"], name="group_import_chunk_once")
        ]

    def __str__(self) -> str:
        return f"piece {self.index} of group import {self.job_id}"
