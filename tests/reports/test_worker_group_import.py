"""A group file uploaded on the page is imported by a real Celery worker (issue 22).

The upload stores the file and queues the task after the commit; the worker
(started as docker-compose.yml starts it, on a real Redis) checks and writes the
group in batches; the upload's page then says it is imported and links the group,
which the uploader now hosts. A bad file ends on the page as a refusal.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from report_people import make_people, played_night
from report_services import RedisServer, Worker, wait_for

from gamenight.models import Group, GroupImport, GroupImportChunk, ImportStatus, Membership, Role
from gamenight.services.group_export import export_group


def _upload(client: Client, content: bytes, key: str) -> str:
    response = client.post(
        "/groups/import/",
        {"key": key, "file": SimpleUploadedFile("group.json", content, "application/json")},
    )
    assert response.status_code == 302
    return str(response["Location"])


def _over(user: User) -> GroupImport | None:
    return GroupImport.objects.filter(user=user, status__in=["done", "failed"]).first()


def test_the_worker_imports_an_uploaded_group_file(
    db_file: Path, broker: RedisServer, workers: Callable[..., Worker]
) -> None:
    worker = workers()
    people = make_people(players=4)
    night = played_night(people, games=6)
    content = json.dumps(export_group(night.group)).encode()
    uploader = User.objects.create(username="uploader")
    client = Client()
    client.force_login(uploader)
    url = _upload(client, content, "k1")
    try:
        job = wait_for(lambda: _over(uploader), timeout=90, what="the import")
    except AssertionError:
        raise AssertionError(worker.output()) from None
    assert job.status == ImportStatus.DONE, job.error
    assert job.group is not None
    assert job.written == job.total > 0
    assert not GroupImportChunk.objects.filter(job=job).exists()
    membership = Membership.objects.get(user=uploader)
    assert (membership.group, membership.role) == (job.group, Role.HOST)
    page = client.get(url).content.decode()
    assert f'href="/groups/{job.group.pk}/"' in page
    groups = Group.objects.count()
    # A damaged file: refused on its page, nothing written.
    data = json.loads(content)
    data["models"]["gamenight.Entry"][0]["amount"] += 1
    other = User.objects.create(username="second")
    client.force_login(other)
    url = _upload(client, json.dumps(data).encode(), "k2")
    job = wait_for(lambda: _over(other), timeout=90, what="the refusal")
    assert job.status == ImportStatus.FAILED
    assert "does not balance" in client.get(url).content.decode()
    assert Group.objects.count() == groups
