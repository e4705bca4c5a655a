"""Benchmark of the reports: a night of 40 games and 10 players (under 2 s of
worker time) and a season of 50 such nights (under 10 s).

Runs on a fresh SQLite file in a temp dir (or on DATABASE_URL when given):
plays the nights through the services, then times the builds as the worker
runs them (figures, PNG chart, CSV, stored row). Prints the figures; exits
non-zero when a budget is exceeded.

    .venv/bin/python scripts/bench_reports.py [--nights 50] [--games 40] [--players 10]
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

NIGHT_BUDGET = 2.0
SEASON_BUDGET = 10.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nights", type=int, default=50)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=10)
    args = parser.parse_args()

    workdir = tempfile.mkdtemp(prefix="gamenight-bench-")
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{workdir}/bench.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gamenight.settings")
    os.environ["EMAIL_BACKEND"] = "django.core.mail.backends.locmem.EmailBackend"
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.db import transaction

    from gamenight import services
    from gamenight.models import NightReport, SeasonReport
    from gamenight.reports import build
    from gamenight.reports.sample import play_night

    call_command("migrate", verbosity=0)
    # Play the nights without queueing their tasks: this process builds them itself.
    build.send_task = lambda scope, object_id: True  # type: ignore[assignment]
    host = User.objects.create(username="bench-host")
    group = services.create_group(name="Bench", host=host)
    group.chip_value_cents = 10
    group.save(update_fields=["chip_value_cents"])
    season = services.create_season(
        group_id=group.pk, by=host, name="Bench season", starts_on=datetime.date(2026, 1, 1)
    )
    players = [
        services.add_player(group_id=group.pk, by=host, name=f"Player {i + 1}").pk
        for i in range(args.players)
    ]
    rng = random.Random(2026)
    started = time.perf_counter()
    nights = []
    for n in range(args.nights):
        with transaction.atomic():
            nights.append(
                play_night(
                    group_id=group.pk,
                    by=host,
                    players=players,
                    games=args.games,
                    rng=rng,
                    date=datetime.date(2026, 1, 1) + datetime.timedelta(days=7 * n),
                    season=season,
                )
            )
    print(
        f"set-up: {args.nights} nights x {args.games} games x {args.players} players "
        f"played through the services in {time.perf_counter() - started:.1f} s"
    )

    import gamenight.reports.charts_png  # noqa: F401  (the worker imports it once at start)

    night = nights[-1]
    started = time.perf_counter()
    outcome = build.build_night(night.pk)
    night_seconds = time.perf_counter() - started
    report = NightReport.objects.get(night=night)
    print(
        f"night report: {night_seconds:.2f} s ({outcome}; {report.data['games']} games, "
        f"{report.data['totals']['entries']} entries, PNG {len(report.png) // 1024} KiB, "
        f"CSV {len(report.csv) // 1024} KiB, "
        f"{len(report.data['settle_up']['transfers'])} transfers to settle up)"
    )
    started = time.perf_counter()
    outcome = build.build_season(season.pk)
    season_seconds = time.perf_counter() - started
    season_report = SeasonReport.objects.get(season=season)
    print(
        f"season report: {season_seconds:.2f} s ({outcome}; {len(season_report.data['nights'])} "
        f"nights, {season_report.data['games']} games, {season_report.data['entries']} entries, "
        f"CSV {len(season_report.csv) // 1024} KiB)"
    )
    ok = night_seconds < NIGHT_BUDGET and season_seconds < SEASON_BUDGET
    print(
        f"budgets: night < {NIGHT_BUDGET} s, season < {SEASON_BUDGET} s: "
        + ("met" if ok else "EXCEEDED")
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
