"""Which pages the phone keeps for a Wi-Fi drop, and which group the installed app opens.

The service worker (templates/pwa/sw.js) keeps a copy of each page below as it
was last loaded, and shows it when the connection is gone: the groups and a
group, a night, the night's record forms and its list of games recorded. A
hand confirmed on a kept record form waits on the phone (static/js/outbox.js)
until it can be sent. Live pages (a seat, the TV) are never kept: they say
that they are offline and fetch again when the connection is back. Neither
are downloads, reports or anything a player's own link shows.

The patterns are written for both Python's and JavaScript's regular expressions.
"""

from __future__ import annotations

import re

from django.contrib.auth.models import User
from django.db.models import F, Max

from gamenight.models import Group

KEPT_PAGES = (
    re.compile(r"^/$"),
    re.compile(r"^/groups/\d+/$"),
    re.compile(r"^/nights/\d+/$"),
    re.compile(r"^/nights/\d+/record/[a-z0-9-]+/$"),
    re.compile(r"^/nights/\d+/deals/$"),
)


def kept(path: str) -> bool:
    return any(pattern.match(path) for pattern in KEPT_PAGES)


def start_group_id(user: User) -> int | None:
    """The group whose latest night is the latest among the user's groups (one query)."""
    return (
        Group.objects.filter(memberships__user=user)
        .annotate(latest=Max("nights__date"))
        .order_by(F("latest").desc(nulls_last=True), "pk")
        .values_list("pk", flat=True)
        .first()
    )
