"""A group file's import as the worker's task (issue 22): the upload queues it, its page
follows it, the rows go in in batches, and a refusal leaves nothing anyone can see."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import IntegrityError
from django.test import Client, override_settings
from django.utils import timezone
from import_helpers import run_imports_at_once, upload, upload_and_run

from gamenight import tasks
from gamenight.demo import SeedOptions, seed_demo
from gamenight.models import Group, GroupImport, GroupImportChunk, ImportStatus, Membership
from gamenight.services import import_jobs
from gamenight.services.group_export import export_group
from gamenight.services.group_import import PartialImportError, import_group, parse
from gamenight.services.group_import_write import BatchStats, _Writer

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}


@pytest.fixture
def group_file(db: None) -> bytes:
    seeded = seed_demo(SeedOptions(seasons=1, nights=3, games=4, players=4, username="g-host"))
    return json.dumps(export_group(seeded.group)).encode()


def client_of(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_upload_queues_the_import_and_its_page_follows_it(
    group_file: bytes, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    sent: list[int] = []
    monkeypatch.setattr(import_jobs, "send_import", lambda job_id: sent.append(job_id) or True)
    monkeypatch.setattr(import_jobs, "CHUNK_BYTES", 4096)
    user = User.objects.create(username="uploader")
    client = client_of(user)
    with django_capture_on_commit_callbacks(execute=True):
        response = upload(client, group_file)
    job = GroupImport.objects.get(user=user)
    assert sent == [job.pk], "the task is sent once the upload is committed"
    assert response["Location"] == f"/groups/import/{job.pk}/"
    # The file in pieces of a megabyte, each written on its own.
    pieces = list(GroupImportChunk.objects.filter(job=job).values_list("data", flat=True))
    assert b"".join(bytes(p) for p in pieces) == group_file
    assert len(pieces) == -(-len(group_file) // 4096) > 1
    assert job.size == len(group_file)
    # Waiting: the page says so, asks again by itself (HTMX, or a refresh without it).
    page = client.get(response["Location"]).content.decode()
    assert "waiting for its turn" in page
    assert f'hx-get="/groups/import/{job.pk}/"' in page
    assert 'http-equiv="refresh"' in page
    assert "<progress" in page
    assert Membership.objects.filter(user=user).count() == 0
    # The worker runs it: imported, the file emptied, every row counted.
    assert tasks.import_group_file.apply(args=[job.pk]).get() == "imported"
    job.refresh_from_db()
    assert job.status == ImportStatus.DONE
    assert job.group is not None
    assert not GroupImportChunk.objects.exists()  # taken and deleted
    assert job.written == job.total > 0
    assert job.started_at is not None
    assert job.finished_at is not None
    assert Membership.objects.get(user=user).group == job.group
    page = client.get(response["Location"]).content.decode()
    assert f"Imported: {job.group.name}" in page
    assert f'href="/groups/{job.group.pk}/"' in page
    assert "hx-get" not in page
    assert 'http-equiv="refresh"' not in page
    # The import page lists it.
    listed = client.get("/groups/import/").content.decode()
    assert f"/groups/import/{job.pk}/" in listed
    # A second delivery of the same task changes nothing.
    assert tasks.import_group_file.apply(args=[job.pk]).get() == "already done"
    assert Membership.objects.filter(user=user).count() == 1


def test_the_page_shows_how_far_the_writing_has_got(db: None) -> None:
    user = User.objects.create(username="uploader")
    job = GroupImport.objects.create(
        user=user, status=ImportStatus.WRITING, size=2048, total=4000, written=1000
    )
    page = client_of(user).get(f"/groups/import/{job.pk}/").content.decode()
    assert "1000 of 4000 rows" in page
    assert 'value="25"' in page
    german = client_of(user).get(f"/groups/import/{job.pk}/", **GERMAN).content.decode()
    assert "1000 von 4000 Zeilen" in german
    assert "2,0\xa0KB" in german  # filesizeformat keeps number and unit together


def test_only_the_uploader_sees_the_imports_page(db: None) -> None:
    user = User.objects.create(username="uploader")
    job = GroupImport.objects.create(user=user, size=10)
    url = f"/groups/import/{job.pk}/"
    assert client_of(user).get(url).status_code == 200
    assert client_of(User.objects.create(username="other")).get(url).status_code == 404
    assert Client().get(url).status_code == 302  # to the login
    assert client_of(user).post(url).status_code == 405


def test_the_form_says_the_size_limit_and_refuses_a_bigger_file(db: None) -> None:
    user = User.objects.create(username="uploader")
    client = client_of(user)
    assert "At most 10.0\xa0MB." in client.get("/groups/import/").content.decode()
    assert "Höchstens 10,0\xa0MB." in client.get("/groups/import/", **GERMAN).content.decode()
    with override_settings(GROUP_IMPORT_MAX_BYTES=1000):
        assert "At most 1000" in client.get("/groups/import/").content.decode()
        response = upload(client, b"{" + b" " * 2000 + b"}", **GERMAN)
        assert response.status_code == 422
        assert "zu groß" in response.content.decode()
    assert not GroupImport.objects.exists()


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (b"[" * 200_000 + b"]" * 200_000, "nested far too deeply"),
        (b"\xff\xfe", "not valid JSON"),
        (b'{"format": "gamenight-group", "version": 1, "models": {}}', "version 1"),
    ],
)
def test_a_bad_file_is_refused_on_its_page_and_writes_nothing(
    db: None,
    content: bytes,
    said: str,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    run_imports_at_once(monkeypatch)
    user = User.objects.create(username="uploader")
    groups = Group.objects.count()
    page = upload_and_run(client_of(user), content, django_capture_on_commit_callbacks)
    assert page.status_code == 200
    assert said in page.content.decode()
    assert "The file was not imported." in page.content.decode()
    job = GroupImport.objects.get(user=user)
    assert job.status == ImportStatus.FAILED
    assert not GroupImportChunk.objects.exists()
    assert job.group is None
    assert Group.objects.count() == groups


@override_settings(GROUP_IMPORT_BATCH_MS=0, GROUP_IMPORT_PAUSE_MS=0)
def test_the_rows_go_in_batches_and_the_group_is_seen_only_at_the_end(group_file: bytes) -> None:
    host = User.objects.create(username="new-host")
    client = client_of(host)
    seen: list[tuple[int, int, int]] = []

    def progress(rows: int) -> None:
        # Half-written: the group exists, nobody is its member, its page is a 404.
        partial = Group.objects.order_by("-pk").first()
        assert partial is not None
        members = Membership.objects.filter(group=partial).count()
        status = client.get(f"/groups/{partial.pk}/").status_code
        seen.append((rows, members, status))

    stats = BatchStats()
    group = import_group(parse(group_file), host=host, progress=progress, stats=stats)
    assert len(stats.held) == len(seen) > 20  # a budget of 0 ms: one unit a batch
    assert [rows for rows, _, _ in seen] == sorted(rows for rows, _, _ in seen)
    assert {(members, status) for _, members, status in seen} == {(0, 404)}
    assert client.get(f"/groups/{group.pk}/").status_code == 200


@override_settings(GROUP_IMPORT_BATCH_MS=0, GROUP_IMPORT_PAUSE_MS=0)
def test_a_batch_that_fails_late_leaves_a_group_nobody_can_open(
    group_file: bytes,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    def refused(self: Any, rows: Any) -> int:
        raise IntegrityError("the database refused a row")

    monkeypatch.setattr(_Writer, "_close_nights", refused)
    run_imports_at_once(monkeypatch)
    user = User.objects.create(username="uploader")
    client = client_of(user)
    page = upload_and_run(client, group_file, django_capture_on_commit_callbacks)
    assert "the database refused a row" in page.content.decode()
    job = GroupImport.objects.get(user=user)
    assert job.status == ImportStatus.FAILED
    assert job.group is not None, "the half-written group is named on the import"
    assert not Membership.objects.filter(group=job.group).exists()
    assert client.get(f"/groups/{job.group.pk}/").status_code == 404
    assert job.group.name not in client.get("/").content.decode()
    with pytest.raises(PartialImportError) as error:
        import_group(parse(group_file), host=user)
    assert error.value.partial_group_id is not None


def test_a_task_delivered_again_mid_import_marks_it_interrupted(db: None) -> None:
    user = User.objects.create(username="uploader")
    job = GroupImport.objects.create(user=user, status=ImportStatus.WRITING, size=2, language="de")
    GroupImportChunk.objects.create(job=job, index=0, data=b"{}")
    assert tasks.import_group_file.apply(args=[job.pk]).get() == "interrupted"
    job.refresh_from_db()
    assert job.status == ImportStatus.FAILED
    assert "unterbrochen" in job.error
    assert not GroupImportChunk.objects.exists()
    assert tasks.import_group_file.apply(args=[999_999]).get() == "missing"


def test_a_task_that_fails_marks_its_import_refused(
    db: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(import_jobs, "import_group", broken)
    user = User.objects.create(username="uploader")
    job = GroupImport.objects.create(user=user, size=2)
    GroupImportChunk.objects.create(job=job, index=0, data=b"{}")
    monkeypatch.setattr(import_jobs, "parse", lambda raw: {})
    tasks.import_group_file.apply(args=[job.pk])
    job.refresh_from_db()
    assert job.status == ImportStatus.FAILED
    assert "RuntimeError" in job.error


def test_the_sweep_sends_an_import_whose_task_never_arrived(
    db: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent: list[int] = []
    monkeypatch.setattr(import_jobs, "send_import", lambda job_id: sent.append(job_id) or True)
    user = User.objects.create(username="uploader")
    fresh = GroupImport.objects.create(user=user)
    stale = GroupImport.objects.create(user=user)
    GroupImport.objects.filter(pk=stale.pk).update(created_at=timezone.now() - timedelta(minutes=5))
    assert import_jobs.requeue_stale_imports(queued_for=60) == 1
    assert sent == [stale.pk]
    assert fresh.pk not in sent
    # Not again at once.
    assert import_jobs.requeue_stale_imports(queued_for=60) == 0


def test_an_upload_cut_short_is_refused(db: None) -> None:
    user = User.objects.create(username="uploader")
    job = GroupImport.objects.create(user=user, size=10)
    GroupImportChunk.objects.create(job=job, index=0, data=b"{}")
    assert tasks.import_group_file.apply(args=[job.pk]).get() == "cut short"
    job.refresh_from_db()
    assert job.status == ImportStatus.FAILED
    assert "did not arrive whole" in job.error


def test_no_piece_is_stored_for_an_import_refused_meanwhile(
    db: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent: list[int] = []
    monkeypatch.setattr(import_jobs, "send_import", lambda job_id: sent.append(job_id) or True)
    user = User.objects.create(username="uploader")
    job = GroupImport.objects.create(user=user, size=3, status=ImportStatus.FAILED)
    import_jobs._store_and_send(job.pk, b"abc")
    assert not GroupImportChunk.objects.exists()
    assert sent == []
