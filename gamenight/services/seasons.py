"""Which season is under way, and which one a night's date falls in, from the seasons' dates."""

from __future__ import annotations

import datetime
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


def covering(seasons: Sequence[Season], day: datetime.date) -> Season | None:
    """The season ``day`` falls in: started by then and not ended before it (the latest
    to start, should two overlap). Never one that starts after ``day``."""
    found = [s for s in seasons if s.starts_on <= day and (s.ends_on is None or s.ends_on >= day)]
    return max(found, key=lambda s: (s.starts_on, s.pk or 0), default=None)


def span_for(
    seasons: Sequence[Season], day: datetime.date
) -> tuple[datetime.date, datetime.date | None]:
    """The dates of a new season for ``day`` when none covers it: from that day until
    the day before the next season starts (open, when none comes after)."""
    later = [s.starts_on for s in seasons if s.starts_on > day]
    return day, (min(later) - datetime.timedelta(days=1)) if later else None


def new_season_name(seasons: Sequence[Season], day: datetime.date) -> str:
    """The year, as seasons are usually named; with the day when the year is taken."""
    taken = {s.name.casefold() for s in seasons}
    year = str(day.year)
    return year if year.casefold() not in taken else f"{year} ({day.isoformat()})"
