"""The Channels group a night's announcements go to (one name, used by both sides)."""

from __future__ import annotations

from typing import Any

CHANGED = "night.changed"
"""The message type: the night changed; each open page gets what it may see of it."""


def night_group(night_id: int) -> str:
    return f"night-{night_id}"


def changed(night_id: int) -> dict[str, Any]:
    """The announcement that ``night_id`` changed (the night's id in it: a web process
    listening to many nights on one channel knows which one to bring up to date)."""
    return {"type": CHANGED, "night": night_id}
