"""A finished digital hand replayed move by move, and its JSON and PHH downloads.

For the members of the night's group (another group's hand is a 404); a hand
still running, or stopped, has no replay (a friendly 409 page). The steps are
plain links (``?step=N``), so the page works without JavaScript; the slider
and the arrow keys (static/js/replay.js) only follow them.
"""

from __future__ import annotations

import json

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from gamenight.games import game_title
from gamenight.http import AuthenticatedHttpRequest
from gamenight.pages import hand_view
from gamenight.pages.access import hand_for_member
from gamenight.pages.replay_texts import local_text, shown_names
from gamenight.request_numbers import whole_number
from gamenight.services.replay import (
    HandReplay,
    ReplayUnavailable,
    hand_replay,
    replay_json,
    replay_phh,
)

CONFLICT = 409


def phh_reason(code: str | None) -> str:
    """Why a hand has no PHH file (:func:`engine.games.phh.phh_refusal`), in words."""
    reasons = {
        "draw": _(
            "PokerKit has no five-card draw: its hand histories know only lowball and badugi "
            "among the draw games. JSON only."
        ),
        "stud_opening": _(
            "PokerKit's seven-card stud opens third street with a bring-in from the lowest "
            "face-up card; this table opens with the best hand showing, so the moves would be "
            "out of turn there. With the house rule Bring-in and a fixed limit, stud hands "
            "get a PHH file. JSON only."
        ),
        "stud_limit": _(
            "PokerKit's seven-card stud is played at a fixed limit with a bring-in below the "
            "bet: this hand was not. JSON only."
        ),
        "cap": _(
            "No PHH file for this hand: a betting round had more than four bets and raises, "
            "more than PokerKit's fixed limit allows. JSON only."
        ),
        "raises": _(
            "No PHH file for this hand: a raise was smaller than an earlier one, which "
            "PokerKit's no-limit game does not allow. JSON only."
        ),
    }
    if code in reasons:
        return reasons[code]
    return _("This game does not map onto a PokerKit hand history (PHH): JSON only.")


def _replay_or_page(
    request: AuthenticatedHttpRequest, night_id: int, hand_id: int
) -> HandReplay | HttpResponse:
    hand = hand_for_member(request, night_id, hand_id)
    try:
        return hand_replay(hand)
    except ReplayUnavailable as why:
        messages = {
            "running": _("This hand is still being played: its replay opens once it is over."),
            "abandoned": _("This hand was stopped before its end: there is nothing to replay."),
            "old": _("This hand was dealt before replays were kept: it cannot be replayed."),
        }
        context = {
            "heading": _("No replay"),
            "message": messages[why.reason],
            "night": hand.night,
        }
        return render(request, "digital/replay_unavailable.html", context, status=CONFLICT)


def _step(raw: str | None, last: int) -> int:
    """The step asked for, kept inside the hand (a bad or missing one is the start)."""
    return min(whole_number(raw) or 0, last)


@login_required
@require_GET
def replay_page(request: AuthenticatedHttpRequest, night_id: int, hand_id: int) -> HttpResponse:
    data = _replay_or_page(request, night_id, hand_id)
    if isinstance(data, HttpResponse):
        return data
    last = len(data.frames) - 1
    step = _step(request.GET.get("step"), last)
    frame = data.frames[step]
    view = frame.view
    move = frame.move
    # The lines this move added, in order, as the table's log words them (a face-down
    # card dealt says nothing more than the player's row, which counts them); the
    # showdown's hands named in the page's language.
    names = shown_names(data.end) if step == last and data.end is not None else {}
    # A move a host made for a player says so on its first line, as the table's log does.
    stand_in = hand_view.stand_in_words(data.stand_ins[step]) if data.stand_ins[step] else ""
    mover_by = stand_in
    lines = []
    for event in frame.events:
        if event["kind"] == "deal" and event["card"] is None:
            continue
        line = hand_view.log_line({"players": view["players"], "log": [event]}, 0)
        line["text"] = local_text(event, names, line["text"])
        if stand_in and move is not None and event["seat"] == move.seat:
            line["by"], stand_in = stand_in, ""
        lines.append(line)
    context = {
        "night": data.hand.night,
        "hand": data.hand,
        "game_title": game_title(data.hand.deal.game),
        "step": step,
        "last": last,
        "previous": step - 1 if step > 0 else None,
        "next": step + 1 if step < last else None,
        "view": view,
        "players": hand_view.players(view, me=None, odds=None),
        "lines": lines,
        "mover": data.names[move.seat] if move is not None else "",
        "mover_by": mover_by,
        "phh": data.phh_refusal is None,
        "phh_reason": phh_reason(data.phh_refusal) if data.phh_refusal is not None else "",
    }
    return render(request, "digital/replay.html", context)


@login_required
@require_GET
def replay_json_download(
    request: AuthenticatedHttpRequest, night_id: int, hand_id: int
) -> HttpResponse:
    data = _replay_or_page(request, night_id, hand_id)
    if isinstance(data, HttpResponse):
        return data
    body = json.dumps(replay_json(data), indent=1, ensure_ascii=False)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="hand-{data.hand.pk}.json"'
    return response


@login_required
@require_GET
def replay_phh_download(
    request: AuthenticatedHttpRequest, night_id: int, hand_id: int
) -> HttpResponse:
    data = _replay_or_page(request, night_id, hand_id)
    if isinstance(data, HttpResponse):
        return data
    text = replay_phh(data)
    if text is None:
        context = {
            "heading": _("No PHH file"),
            "message": phh_reason(data.phh_refusal),
            "night": data.hand.night,
        }
        return render(request, "digital/replay_unavailable.html", context, status=CONFLICT)
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="hand-{data.hand.pk}.phh"'
    return response
