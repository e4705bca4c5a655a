"""The German catalogue holds exactly the messages the code uses.

``make messages`` keeps it so (makemessages, then compilemessages). This test
runs makemessages the same way on a copy of the sources into a temp folder and
compares the sets of msgids, so neither the order of the entries nor their
comments matter: a message the code uses and the catalogue lacks would show in
English on a German page; one the catalogue keeps and the code no longer uses
is dead weight a translator still reads.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from crawl_text import PO, po_entries
from django.conf import settings
from django.core.management import call_command
from django.test import override_settings
from helpers.ci import missing

ROOT = Path(settings.BASE_DIR)
Msgid = tuple[str, str]  # (msgctxt, msgid)


def _ignored() -> list[str]:
    """The folders `make messages` leaves out, as the Makefile names them."""
    found = re.search(r"^MESSAGES_IGNORE := (.+)$", (ROOT / "Makefile").read_text(), re.M)
    assert found, "the Makefile names the folders makemessages leaves out"
    return found.group(1).split()


def _msgids(po: Path) -> set[Msgid]:
    return {(e.get("msgctxt", ""), e["msgid"]) for e in po_entries(po)}


# A message only the copy has: the extraction is not blind to a new gettext call.
PROBE = ("", "A message the catalogue cannot have yet")


def _extracted(into: Path, monkeypatch: pytest.MonkeyPatch) -> set[Msgid]:
    """What makemessages extracts from a copy of the sources with :data:`PROBE`
    added (it writes a template's Python form beside the template: not in the
    worktree, then)."""
    ignored = {*_ignored(), "locale"}
    for entry in ROOT.iterdir():
        if entry.name.startswith(".") or entry.name in ignored:
            continue
        if entry.is_dir():
            shutil.copytree(entry, into / entry.name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(entry, into / entry.name)
    (into / "gamenight" / "zz_probe.py").write_text(
        f"from django.utils.translation import gettext\n\nPROBE = gettext({PROBE[1]!r})\n"
    )
    monkeypatch.chdir(into)
    with override_settings(LOCALE_PATHS=[into / "locale"]):
        call_command(
            "makemessages",
            locale=["de"],
            no_obsolete=True,
            add_location="file",
            ignore_patterns=sorted(ignored),
            verbosity=0,
        )
    return _msgids(into / "locale" / "de" / "LC_MESSAGES" / "django.po")


def test_the_catalogue_has_every_message_the_code_uses_and_no_other(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if shutil.which("xgettext") is None:
        missing(needed="xgettext is needed in CI (gettext)", skipped="xgettext not installed")
        return
    used = _extracted(tmp_path, monkeypatch)
    assert PROBE in used
    used.remove(PROBE)
    kept = _msgids(PO)
    assert sorted(used - kept) == [], "new messages: run `make messages` and translate them"
    assert sorted(kept - used) == [], "messages no longer used: run `make messages`"
