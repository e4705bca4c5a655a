"""Static files compressed with Brotli (issue 28): collectstatic, as scripts/run.sh and
the Docker image run it, writes a .br beside each text file (whitenoise does when the
``brotli`` package is installed), and whitenoise sends it to a browser that takes br."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import brotli
from whitenoise import WhiteNoise

ROOT = Path(__file__).resolve().parents[2]


def _collect(tmp_path: Path) -> Path:
    root = tmp_path / "static"
    env = {
        "PATH": os.environ["PATH"],
        "PYTHONPATH": str(ROOT),
        "VAR_DIR": str(tmp_path / "var"),
        "STATIC_MANIFEST": "1",
        "STATIC_ROOT": str(root),
    }
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"],
        env=env,
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    return root


def test_collectstatic_writes_a_brotli_file_beside_each_stylesheet_and_script(
    tmp_path: Path,
) -> None:
    root = _collect(tmp_path)
    css = root / "css" / "app.css"
    for original in (css, root / "js" / "live.js"):
        packed = original.with_name(original.name + ".br")
        assert packed.exists(), f"no {packed.name}"
        assert brotli.decompress(packed.read_bytes()) == original.read_bytes()
        assert packed.stat().st_size < original.stat().st_size

    served: dict[str, Any] = {}

    def start_response(status: str, headers: list[tuple[str, str]]) -> None:
        served["status"] = status
        served["headers"] = dict(headers)

    app = WhiteNoise(lambda environ, start: [], root=str(root), prefix="static/")
    environ = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": "/static/css/app.css",
        "HTTP_ACCEPT_ENCODING": "gzip, deflate, br",
        "wsgi.url_scheme": "http",
        "SERVER_NAME": "localhost",
        "SERVER_PORT": "80",
    }
    body = b"".join(app(environ, start_response))
    assert served["status"].startswith("200")
    assert served["headers"]["Content-Encoding"] == "br"
    assert brotli.decompress(body) == css.read_bytes()
