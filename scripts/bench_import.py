#!/usr/bin/env python3
"""A large group file's import beside a table that goes on recording hands (issue 22).

    .venv/bin/python scripts/bench_import.py          # a ~33 MB file (seed_demo, 5 x 43 x 30)
    .venv/bin/python scripts/bench_import.py --nights 4 --games 10  # a quick one
    .venv/bin/python scripts/bench_import.py --file group.json      # a file of yours
    .venv/bin/python scripts/bench_import.py --one-batch    # as before: one transaction

Everything stays in a temp dir: a SQLite database with the app's own settings
(WAL, writes that take the lock at BEGIN and wait for it up to SQLITE_TIMEOUT),
the demo group seeded into it by seed_demo and exported to a file, and a second
group with a night under way. Then two processes share the database: this one
uploads the file through the import page (GROUP_IMPORT_MAX_BYTES raised to take
it) and runs the import as the worker's task does (import_jobs.run_import), in
batches of GROUP_IMPORT_BATCH_MS with GROUP_IMPORT_PAUSE_MS between them; the
other records a hand through the service layer (services.record_table_hand, one
ledger transaction, as the recording form's Confirm) every ``--every`` seconds,
timing each, from a few seconds before the upload until the import is over.

Printed: the file's size; the upload's and the import's times, the batches and
the longest a batch held the database's write lock (measured from BEGIN IMMEDIATE
to COMMIT); p50, p95 and max of the recordings before and during the import, and
how many failed. ``--one-batch`` writes the whole file in one batch, as the
import did before: recordings then wait for it, and fail after SQLITE_TIMEOUT.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = 6


def setup(database: Path, **env: str) -> None:
    os.environ.update(
        DJANGO_SETTINGS_MODULE="gamenight.settings",
        DATABASE_URL=f"sqlite:///{database}",
        ALLOWED_HOSTS="testserver",
        LOG_LEVEL="WARNING",
        AXES_ENABLED="0",
        **env,
    )
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def prepare(args: argparse.Namespace, workdir: Path) -> tuple[Path, int, int]:
    """The group file, and the night and user the recorder records with."""
    from django.core.management import call_command

    from gamenight.demo import SeedOptions, seed_demo
    from gamenight.services.group_export import export_group

    call_command("migrate", verbosity=0, interactive=False)
    if args.file:
        path = Path(args.file)
    else:
        began = time.monotonic()
        options = SeedOptions(
            seasons=args.seasons, nights=args.nights, games=args.games, players=args.players
        )
        seeded = seed_demo(options)
        print(f"seeded {options} in {time.monotonic() - began:.0f} s", flush=True)
        path = workdir / "group.json"
        began = time.monotonic()
        path.write_text(json.dumps(export_group(seeded.group)))
        print(f"exported in {time.monotonic() - began:.1f} s", flush=True)
    night, user = seat_table(PLAYERS)
    return path, night, user


def seat_table(players: int) -> tuple[int, int]:
    """Another group's night under way, where the recorder records: its night and host."""
    import datetime

    from django.contrib.auth.models import User

    from gamenight import services

    host = User.objects.create(username="bench-table-host")
    group = services.create_group(name="The table", host=host)
    ids = [
        services.add_player(group_id=group.pk, by=host, name=f"Player {n}").pk
        for n in range(players)
    ]
    night = services.create_night(
        group_id=group.pk, by=host, date=datetime.date(2026, 12, 4), starting_stack=100_000
    )
    services.start_night(night_id=night.pk, by=host, key="start", players=ids)
    return night.pk, host.pk


def record(
    database: Path, night_id: int, user_id: int, every: float, stop: Path, out: Path
) -> None:
    """The recorder process: a hand every ``every`` s until ``stop`` exists."""
    setup(database)
    from django.contrib.auth.models import User
    from django.db import OperationalError

    from engine.hands.showdown import HostRanking
    from gamenight import services
    from gamenight.models import Seat
    from gamenight.services import TableHandInput

    user = User.objects.get(pk=user_id)
    players = list(
        Seat.objects.filter(night_id=night_id, seated=True)
        .order_by("position")
        .values_list("player_id", flat=True)
    )
    rows: list[dict[str, Any]] = []
    ready = stop.with_name("ready")
    n = 0
    while not stop.exists():
        winner, loser = (players[0], players[1]) if n % 2 else (players[1], players[0])
        hand = TableHandInput(
            game="seven-card-stud",
            put_in={p: (3 if p in (winner, loser) else 1) for p in players},
            folded=frozenset(p for p in players if p not in (winner, loser)),
            showdown=HostRanking(groups=((winner,), (loser,))),
        )
        began, at = time.monotonic(), time.time()
        error = ""
        try:
            services.record_table_hand(night_id=night_id, by=user, key=f"bench-{n}", hand=hand)
        except OperationalError as failed:
            error = str(failed)
        rows.append({"at": at, "seconds": time.monotonic() - began, "error": error})
        n += 1
        ready.touch()
        time.sleep(every)
    out.write_text(json.dumps(rows))


def run_import(path: Path) -> dict[str, Any]:
    """Upload the file on the import page, then run the worker's task here."""
    from django.contrib.auth.models import User
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.test import Client

    from gamenight.models import GroupImport
    from gamenight.services import group_import_write, import_jobs

    kept: list[Any] = []

    class Kept(group_import_write.BatchStats):
        def __init__(self) -> None:
            super().__init__()
            kept.append(self)

    import_jobs.BatchStats = Kept  # type: ignore[attr-defined]  # the task's stats, kept
    import_jobs.send_import = lambda job_id: True  # the task runs below, not on a worker
    uploader = User.objects.create(username="bench-importer")
    client = Client()
    client.force_login(uploader)
    content = path.read_bytes()
    times: dict[str, Any] = {"upload_start": time.time()}
    began = time.monotonic()
    response = client.post(
        "/groups/import/",
        {"key": "bench", "file": SimpleUploadedFile("group.json", content, "application/json")},
    )
    assert response.status_code == 302, response.content.decode()[:300]
    times["upload_seconds"] = time.monotonic() - began
    job = GroupImport.objects.get(user=uploader)
    times["import_start"] = time.time()
    began = time.monotonic()
    said = import_jobs.run_import(job.pk)
    times["import_seconds"] = time.monotonic() - began
    times["import_end"] = time.time()
    job.refresh_from_db()
    assert said == "imported", job.error
    stats = kept[0]
    times.update(
        rows=job.total,
        batches=len(stats.held),
        longest_ms=stats.longest * 1000,
        held_seconds=sum(stats.held),
    )
    return times


def figures(rows: list[dict[str, Any]]) -> str:
    if not rows:
        return "none"
    ms = sorted(r["seconds"] * 1000 for r in rows)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    failed = sum(1 for r in rows if r["error"])
    return (
        f"{len(ms)} recordings: p50 {statistics.median(ms):.0f} ms, p95 {p95:.0f} ms, "
        f"max {ms[-1]:.0f} ms, {failed} failed"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--file", help="a group file to import instead of seeding one")
    parser.add_argument("--seasons", type=int, default=5)
    parser.add_argument("--nights", type=int, default=43, help="nights a season")
    parser.add_argument("--games", type=int, default=30, help="games a night")
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--every", type=float, default=0.25, help="seconds between recordings")
    parser.add_argument("--one-batch", action="store_true", help="the whole file in one batch")
    parser.add_argument("--record", nargs=5, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.record:
        database, night, user, stop, out = args.record
        record(Path(database), int(night), int(user), args.every, Path(stop), Path(out))
        return
    workdir = Path(tempfile.mkdtemp(prefix="bench-import-"))
    database = workdir / "db.sqlite3"
    env = {"GROUP_IMPORT_MAX_BYTES": str(1 << 30)}
    if args.one_batch:
        env["GROUP_IMPORT_BATCH_MS"] = str(10**9)
    setup(database, **env)
    path, night, user = prepare(args, workdir)
    size = path.stat().st_size
    print(f"group file: {size / 1e6:.1f} MB ({path})", flush=True)
    stop, out = workdir / "stop", workdir / "recordings.json"
    recorder = subprocess.Popen(
        [
            sys.executable,
            __file__,
            "--every",
            str(args.every),
            "--record",
            str(database),
            str(night),
            str(user),
            str(stop),
            str(out),
        ],
        cwd=ROOT,
    )
    while not (workdir / "ready").exists():  # the recorder's first hand is in
        time.sleep(0.2)
    time.sleep(5)  # recordings on an idle database first
    try:
        times = run_import(path)
    finally:
        stop.touch()
        recorder.wait(timeout=120)
    rows = json.loads(out.read_text())
    before = [r for r in rows if r["at"] < times["upload_start"]]
    during = [r for r in rows if times["upload_start"] <= r["at"] <= times["import_end"]]
    from django.conf import settings

    print(
        f"upload (the file stored for the worker): {times['upload_seconds']:.1f} s; "
        f"import: {times['import_seconds']:.1f} s for {times['rows']} rows in "
        f"{times['batches']} batches (GROUP_IMPORT_BATCH_MS {settings.GROUP_IMPORT_BATCH_MS}, "
        f"PAUSE_MS {settings.GROUP_IMPORT_PAUSE_MS})"
    )
    print(
        f"write lock held by the import: longest batch {times['longest_ms']:.0f} ms, "
        f"{times['held_seconds']:.1f} s in all"
    )
    print(f"recording a hand before the import: {figures(before)}")
    print(f"recording a hand during the upload and the import: {figures(during)}")


if __name__ == "__main__":
    main()
