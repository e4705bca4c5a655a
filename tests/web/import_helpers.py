"""Uploading a group file in a test: the upload page queues the import for the worker;
here the task runs at once, in this process, when the upload's transaction commits
(as the report tests run their mail task, tests/reports/conftest.py)."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from gamenight import tasks
from gamenight.services import import_jobs


def run_imports_at_once(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every import sent to the worker runs here instead; the list of the ids it ran."""
    ran: list[int] = []

    def send(job_id: int) -> bool:
        ran.append(job_id)
        tasks.import_group_file.apply(args=[job_id])
        return True

    monkeypatch.setattr(import_jobs, "send_import", send)
    return ran


def upload(client: Client, content: bytes, key: str = "k1", **extra: Any) -> Any:
    return client.post(
        "/groups/import/",
        {"key": key, "file": SimpleUploadedFile("group.json", content, "application/json")},
        **extra,
    )


def upload_and_run(client: Client, content: bytes, capture: Any, **extra: Any) -> Any:
    """Upload, let the task run as the upload commits, and follow to the import's page."""
    with capture(execute=True):
        response = upload(client, content, **extra)
    assert response.status_code == 302, response.content.decode()[:500]
    return client.get(response["Location"], **extra)
