"""Which season is under way, from the seasons' dates."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils import timezone

from gamenight.models import Season


def current_season(seasons: Sequence[Season]) -> Season | None:
    """The latest season that has started and not ended; else the latest one started;
    else the first to come. ``seasons`` newest first, as the model orders them."""
    today = timezone.localdate()
    started = [s for s in seasons if s.starts_on <= today]
    running = [s for s in started if s.ends_on is None or s.ends_on >= today]
    if running:
        return running[0]
    if started:
        return started[0]
    return seasons[-1] if seasons else None
