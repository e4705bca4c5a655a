"""The German catalogue, as GNU gettext reads it: no untranslated and no fuzzy entry (issue 15).

tests/web/test_i18n_german.py parses the .po itself; this asks ``msgfmt``, the
tool that compiles it, so an entry the parser reads differently still counts.
"""

from __future__ import annotations

import re
import shutil
import subprocess

from crawl_text import PO
from helpers.ci import missing


def test_msgfmt_counts_no_untranslated_or_fuzzy_german_entry() -> None:
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        missing(needed="msgfmt is needed in CI (gettext)", skipped="msgfmt not installed")
        return
    done = subprocess.run(
        [msgfmt, "--check", "--statistics", "-o", "/dev/null", str(PO)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    statistics = done.stderr.strip().splitlines()[-1]
    assert re.fullmatch(r"\d+ translated messages\.", statistics), statistics
