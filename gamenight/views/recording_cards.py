"""The recording form's cards: the hand's name shown under a cards field as it is typed.

An HTMX GET from the field (``_cards_field.html``) on every change; the answer
is the small fragment shown under the field. Only who may record on the night
gets one: another group's night is a 404, a member who may only view a 403.
"""

from __future__ import annotations

import re

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from gamenight.forms.recording_games import GAMES
from gamenight.http import AuthenticatedHttpRequest
from gamenight.pages.access import night_for_user
from gamenight.pages.hand_names import name_hand
from gamenight.services.recording import night_game_options

# The field sends itself under its own name (cards_12); a plain ``cards`` works too.
_CARDS_PARAM = re.compile(r"^cards(_\d{1,18})?$")
_MAX_TEXT = 200  # a hand's field holds 60 characters; anything longer is not a hand


@login_required
@require_GET
def hand_name(request: AuthenticatedHttpRequest, night_id: int, game: str) -> HttpResponse:
    night, _membership = night_for_user(request, night_id, record=True)
    chosen = GAMES.get(game)
    if chosen is None:
        raise Http404("no such game")
    cards = next((str(v) for k, v in request.GET.items() if _CARDS_PARAM.match(k)), "")
    named = name_hand(
        chosen,
        cards[:_MAX_TEXT],
        spit=request.GET.get("spit", "")[:_MAX_TEXT],
        board=request.GET.get("board", "")[:_MAX_TEXT],
        options=night_game_options(night, chosen.slug),
    )
    return render(request, "recording/_hand_name.html", {"named": named})
