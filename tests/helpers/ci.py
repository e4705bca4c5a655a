"""Whether the tests run in CI, where a missing service fails instead of skipping; the
test files only `make ci` runs; the files started first."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def missing(*, needed: str, skipped: str) -> None:
    """A service the test needs is not installed: a failure in CI, a skip elsewhere."""
    if in_ci():
        pytest.fail(needed)
    pytest.skip(skipped)


TESTS = Path(__file__).resolve().parents[1]
# The files `make test` leaves out (marked `ci`; `make ci` runs them): each holds
# a minute or more of CPU, measured with --durations (docs/development.md).
CI_ONLY: dict[str, str] = {
    "web/test_language_crawl.py": "every page crawled in German",
    "web/test_language_crawl_english.py": "every page crawled in English",
    "web/test_fuzz_post_endpoints.py": "every POST endpoint fuzzed",
    "web/test_fuzz_nul_on_postgres.py": "a NUL byte in every POST field, on PostgreSQL",
    "web/test_fuzz_seat_actions.py": "every seat action of every game fuzzed",
    "web/test_ledger_stress.py": "500 recordings by 20 phones, SQLite and PostgreSQL",
    "web/test_bench_web_smoke.py": "the web benchmark's script under gunicorn",
    "web/test_bench_digital_smoke.py": "the digital-hands benchmark's script",
    "reports/test_worker_loss.py": "Celery workers killed mid-build and restarted",
    "browser/test_browser_digital.py": "three phones and a TV through digital hands",
    "browser/test_browser_journey.py": "a whole night on a phone",
    "browser/test_browser_tv.py": "a hand on three phones and a TV",
    "browser/test_browser_live.py": "make run's server for moves on every screen",
    "browser/test_browser_league.py": "the league pages in two languages",
    # Measured 2026-12-02 (make test --durations): each starts make run's servers, a
    # worker or Chromium for a long walk, and held a process for 20 s or more.
    "web/test_make_run_password_reset.py": "make run's server with and without a mail server",
    "web/test_make_run_server.py": "make run's server started and probed",
    "reports/test_worker_restarted.py": "make run's worker killed and started again",
    "web/test_live_events.py": "the event streams under the ASGI server",
    "web/test_live_redis.py": "two web processes over Redis",
    "browser/test_browser_first_night.py": "a new host's first evening in German",
    "browser/test_browser_axe.py": "axe-core on the main pages, two languages, two schemes",
    "browser/test_browser_reconnect.py": "a phone's stream cut and restored through a proxy",
    "browser/test_browser_tournament.py": "a 7-player tournament on phones and a TV",
    "web/test_sqlite_concurrency.py": "co-hosts writing at once under gunicorn on SQLite",
    "browser/test_browser_seat_move.py": "a seat moved to a new phone, two languages",
    "browser/test_browser_tournament_hand.py": "a digital hand on a tournament night, two phones",
}


def ci_only_files() -> set[Path]:
    return {TESTS / name for name in CI_ONLY}


# The longest files, longest first (measured with `make ci --durations`, 2026-12-02):
# started before every other file, so that with `--dist loadfile` (a file whole on one
# process) no long file is left for the end while the other process idles. Without
# this, xdist's default order (most tests first) started the fuzz, the crawl and the
# stress runs, three tests each or fewer, last. The Makefile passes
# `--no-loadscope-reorder` so this order holds.
LONGEST_FIRST: tuple[str, ...] = (
    "web/test_language_crawl_english.py",
    "web/test_language_crawl.py",
    "web/test_fuzz_post_endpoints.py",
    "web/test_fuzz_nul_on_postgres.py",
    "web/test_ledger_stress.py",
    "web/test_bench_digital_smoke.py",
    "reports/test_worker_loss.py",
    "web/test_make_run_password_reset.py",
    "browser/test_browser_digital.py",
    "engine/test_pots_vs_pokerkit.py",
    "browser/test_browser_first_night.py",
    "browser/test_browser_axe.py",
    "web/test_bench_web_smoke.py",
    "web/test_fuzz_seat_actions.py",
    "engine/test_hi_lo_split.py",
    "engine/test_blinds_vs_pokerkit.py",
    "engine/test_omaha_hands.py",
    "browser/test_browser_tv.py",
    "reports/test_worker_restarted.py",
    "browser/test_browser_journey.py",
    "web/test_digital_seat_binding.py",
    "web/test_digital_pages.py",
    "browser/test_browser_tournament.py",
    "browser/test_browser_live.py",
    "browser/test_browser_reconnect.py",
    "web/test_live_events.py",
    "web/test_make_run_server.py",
    "web/test_live_redis.py",
    "web/test_sqlite_concurrency.py",
    "engine/games/test_game_random_hands.py",
)


def longest_first(path: Path) -> int:
    """The rank of a file in the run: the longest first, every other file after them in
    the order pytest collected it."""
    try:
        return LONGEST_FIRST.index(path.relative_to(TESTS).as_posix())
    except ValueError:
        return len(LONGEST_FIRST)
