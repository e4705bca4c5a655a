"""The clock as a screen shows it (tournaments/_clock.html): the level in play, the time
left, the blinds now and next, players left, average stack and prize pool, and
every item of the structure worded for static/js/tournament_clock.js.

The page carries the running time at the moment it was rendered and whether the
clock runs; the script counts on from there with the browser's own monotonic
clock and works out the level in play from the items' lengths, so every screen
changes level at the same moment without asking the server, and a reload or a
new phone starts from the server's time. The server is asked again only when
the tournament changes (its version is the poll's ETag).
"""

from __future__ import annotations

import json
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext, ngettext

from gamenight.models import Group, Night
from gamenight.money import money
from gamenight.pages.etags import etag
from gamenight.tournaments.status import Snapshot
from gamenight.tournaments.structures import Level, Structure

BREAK_WARNING_MS = 60_000
"""A banner (and the sound) this long before a break."""


def chips(amount: int) -> str:
    """A number of chips as the page's language writes it (1,000 / 1.000)."""
    return number_format(amount, force_grouping=True)


def group_chips(amount: int, group: Group) -> str:
    """The group's chips as money when the group has set what a chip is worth, else as
    chips (the setup page says how many chips make what)."""
    if group.chip_value_cents:
        return money(amount * group.chip_value_cents, group.currency)
    return ngettext("%(chips)s chip", "%(chips)s chips", amount) % {"chips": chips(amount)}


def blinds_text(level: Level) -> str:
    text = f"{chips(level.small_blind)} / {chips(level.big_blind)}"
    if level.ante:
        text += " · " + gettext("ante %(ante)s") % {"ante": chips(level.ante)}
    return text


def item_title(structure: Structure, index: int) -> str:
    number = structure.number_of(index)
    if number is None:
        return gettext("Break")
    return gettext("Level %(number)s") % {"number": number}


def colour_up_text(level: Level) -> str:
    if not level.colour_up:
        return ""
    return gettext("Colour up the %(chip)s chips") % {"chip": chips(level.colour_up)}


def next_text(structure: Structure, index: int) -> str:
    if index + 1 >= len(structure.items):
        return gettext("Last level")
    following = structure.items[index + 1]
    if following.is_break:
        return ngettext(
            "Next: a break of %(minutes)s minute",
            "Next: a break of %(minutes)s minutes",
            following.minutes,
        ) % {"minutes": following.minutes}
    return gettext("Next: %(blinds)s") % {"blinds": blinds_text(following)}


def banner_text(structure: Structure, index: int) -> str:
    item = structure.items[index]
    if item.is_break:
        text = ngettext("Break: %(minutes)s minute", "Break: %(minutes)s minutes", item.minutes) % {
            "minutes": item.minutes
        }
        colour = colour_up_text(item)
        return f"{text}. {colour}" if colour else text
    return f"{item_title(structure, index)}: {blinds_text(item)}"


def items_json(structure: Structure, durations: tuple[int, ...]) -> str:
    """Every item worded, for the script: it needs no words of its own."""
    return json.dumps(
        [
            {
                "ms": durations[i],
                "title": item_title(structure, i),
                "blinds": colour_up_text(item) if item.is_break else blinds_text(item),
                "next": next_text(structure, i),
                "banner": banner_text(structure, i),
                "break": item.is_break,
            }
            for i, item in enumerate(structure.items)
        ],
        ensure_ascii=False,
    )


def clock_tag(night_id: int, version: int) -> str:
    return etag("clock", night_id, version)


def clock_context(
    night: Night, snap: Snapshot, *, state_url: str, events_url: str, big: bool
) -> dict[str, Any]:
    """What tournaments/_clock.html shows of ``snap`` (``big``: the TV's whole screen)."""
    structure, index = snap.structure, snap.position.index
    item = snap.item
    return {
        "night": night,
        "snap": snap,
        "big": big,
        "state_url": state_url,
        "events_url": events_url,
        "etag": clock_tag(night.pk, snap.tournament.version),
        "title": item_title(structure, index),
        "blinds": colour_up_text(item) if item.is_break else blinds_text(item),
        "next": next_text(structure, index),
        "banner": banner_text(structure, index),
        "left_ms": snap.position.left_ms,
        "elapsed_ms": snap.position.elapsed_ms,
        "index": index,
        "items": items_json(structure, snap.durations),
        "break_warning_ms": BREAK_WARNING_MS,
        "break_soon": gettext("Break in one minute"),
        "players_left": snap.players_left,
        "entries": snap.entries,
        "average": chips(snap.average_stack),
        "pool": group_chips(snap.pool, night.group),
        "time_left": time_text(snap.position.left_ms),
        "podium": _podium(night, snap) if snap.finished else [],
    }


def _podium(night: Night, snap: Snapshot) -> list[tuple[int, str, str]]:
    """The paid places (at least the winner) with their names and prizes."""
    shown = max(1, len(snap.prizes))
    entrants = snap.tournament.entrants.filter(place__lte=shown).select_related("player")
    return [
        (e.place or 0, e.player.name, group_chips(e.prize, night.group) if e.prize else "")
        for e in sorted(entrants, key=lambda e: (e.place or 0, e.player.name))
    ]


def time_text(left_ms: int) -> str:
    """``12:05`` (or ``1:02:03``), seconds rounded up, as the script writes it too."""
    seconds = -(-left_ms // 1000)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
