"""scripts/bench_move_cpu.py runs end to end on a few moves and prints its figures (no timing)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_move_cpu_benchmark_prints_the_post_the_fetches_and_the_pushes() -> None:
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "scripts" / "bench_move_cpu.py"),
            "--moves",
            "4",
            "--players",
            "3",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("3 phones and a TV, 4 moves"), done.stdout
    last = done.stdout.strip().splitlines()[-1]
    found = re.fullmatch(r"post_ms=([\d.]+) fetch_ms=([\d.]+) push_ms=([\d.]+)", last)
    assert found is not None, last
    # Each way measured something (a missing pusher prints -1).
    assert all(float(value) > 0 for value in found.groups()), last
