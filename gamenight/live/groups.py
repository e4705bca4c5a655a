"""The Channels group a night's announcements go to (one name, used by both sides)."""

from __future__ import annotations

CHANGED = "night.changed"
"""The message type: the night changed; the page fetches what it may see."""


def night_group(night_id: int) -> str:
    return f"night-{night_id}"
