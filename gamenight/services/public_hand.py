"""What the table saw of a finished digital hand: the record a group file carries.

A hand's stored state holds every card of it, the deck and the cards nobody
showed included, so it never leaves the database. A group file carries, for
each finished hand, its public record instead: exactly what its replay page
and downloads show, and nothing else::

    {"replay": {...},      the JSON download's log without its ids
                           (gamenight.services.replay.public_log)
     "views": [...],       the table after each move (engine.games.views.table_view
                           without its log): the first in full, then only what
                           changed, the players that changed under "changed_players"
     "phh": "..." | null,  the PokerKit hand history without its "hand" line
     "phh_refusal": null | "draw" | ...}   why there is none (engine.games.phh)

The hand imported from such a file keeps the record (``DigitalHand.public_record``,
its ``state`` empty): its replay is read from it (:func:`frames_of`) and the
night's pages show its last table (:func:`last_view`). What an import accepts
is checked by :mod:`gamenight.services.public_hand_check`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from engine.games.replay import Frame, LoggedMove

CHANGED: Final = "changed_players"


def encode_views(views: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The views of a replay, each but the first as what changed since the one before
    (a move changes a player or two and the pot: a hand's record stays small)."""
    encoded: list[dict[str, Any]] = []
    before: dict[str, Any] | None = None
    for view in views:
        plain = {key: value for key, value in view.items() if key != "log"}
        if before is None:
            encoded.append(plain)
        else:
            delta = {k: v for k, v in plain.items() if k != "players" and before.get(k) != v}
            changed = [
                [index, player]
                for index, player in enumerate(plain["players"])
                if before["players"][index] != player
            ]
            if changed:
                delta[CHANGED] = changed
            encoded.append(delta)
        before = plain
    return encoded


def decode_views(encoded: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The full views again (without their logs)."""
    views: list[dict[str, Any]] = []
    for delta in encoded:
        if not views:
            views.append(dict(delta))
            continue
        view = {**views[-1], **{k: v for k, v in delta.items() if k != CHANGED}}
        players = list(view["players"])
        for index, player in delta.get(CHANGED, ()):
            players[index] = player
        view["players"] = players
        views.append(view)
    return views


def frames_of(record: Mapping[str, Any]) -> list[Frame]:
    """The replay's frames, as :func:`engine.games.replay.replay` gave them where the
    hand was dealt (a draw's discards, private, were never in the record)."""
    log = record["replay"]
    views = decode_views(record["views"])
    events: list[dict[str, Any]] = list(log["dealt"])
    frames = [Frame(move=None, view={**views[0], "log": list(events)}, events=list(log["dealt"]))]
    for move, view in zip(log["moves"], views[1:], strict=True):
        events = events + list(move["events"])
        logged = LoggedMove(
            action=move["action"], seat=move["seat"], amount=move["amount"], game=move["game"]
        )
        frames.append(Frame(move=logged, view={**view, "log": events}, events=list(move["events"])))
    return frames


def last_view(record: Mapping[str, Any]) -> dict[str, Any]:
    """The table at the end of the hand, its whole log included (the TV and the night
    page show a finished hand so)."""
    log = record["replay"]
    events = list(log["dealt"])
    for move in log["moves"]:
        events += move["events"]
    return {**decode_views(record["views"])[-1], "log": events}


def outcome(record: Mapping[str, Any]) -> dict[str, Any]:
    """What the report reads of a finished hand (its payouts, its players' names and its
    log, :func:`gamenight.reports.pots.digital_pot`), as the engine's state has them."""
    log = record["replay"]
    events = list(log["dealt"])
    for move in log["moves"]:
        events += move["events"]
    return {
        "payouts": log["results"]["payouts"],
        "names": [seat["name"] for seat in log["seats"]],
        "history": events,
    }
