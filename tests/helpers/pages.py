"""Reading the app's pages: URLs of the recording pages, the messages shown."""

from __future__ import annotations

import re

from gamenight.models import Night, Transaction


def record_url(night: Night, game: str = "seven-card-stud") -> str:
    return f"/nights/{night.pk}/record/{game}/"


def undo_url(night: Night, record: Transaction) -> str:
    return f"/nights/{night.pk}/deals/{record.pk}/undo/"


def alerts(html: str) -> list[str]:
    """The text of every message shown with role="alert", tags and runs of space folded."""
    return [
        re.sub(r"<[^>]+>|\s+", " ", text).strip()
        for text in re.findall(r'role="alert">(.*?)</(?:p|div)>', html, re.S)
    ]
