"""scripts/bench_web.py runs end to end on tiny sizes and prints its figures (no timing checked)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_benchmark_serves_logs_in_records_and_prints_the_figures(tmp_path: Path) -> None:
    figures = tmp_path / "figures.json"
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "scripts" / "bench_web.py"),
            *("--seasons", "1", "--nights", "2", "--games", "3", "--players", "4"),
            *("--clients", "3", "--requests", "2", "--duration", "60"),
            *("--json", str(figures)),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    for endpoint in ("night page", "record POST", "standings"):
        assert endpoint in done.stdout
    assert "p95" in done.stdout
    assert "req/s" in done.stdout
    summary = json.loads(figures.read_text())
    for endpoint in summary["endpoints"].values():
        assert endpoint["requests"] == 6
        assert endpoint["errors"] == 0
        assert endpoint["p50_ms"] > 0
