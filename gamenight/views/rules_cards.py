"""A short rules card for each game, in German and English, one tap from the night page.

Each card is the template ``rules/games/<game>.html``; its paragraphs are
translated through the catalogue like every other page, so a card exists exactly
when its template does.
"""

from __future__ import annotations

import re

from django.http import Http404, HttpResponse
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from engine.games import catalog
from gamenight.forms.nights import all_games
from gamenight.games import game_title, option_help, option_label
from gamenight.http import HtmxHttpRequest
from gamenight.pages.render import render_page
from gamenight.request_numbers import whole_number

# An engine slug: lower-case words joined by hyphens. Anything else (a partial
# such as "_stud", a path) is never looked up as a card.
_GAME_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def rules_card_template(name: str) -> str:
    return f"rules/games/{name}.html"


def has_rules_card(name: str) -> bool:
    """Whether the game called ``name`` has a rules card template."""
    if not _GAME_NAME.fullmatch(name):
        return False
    try:
        get_template(rules_card_template(name))
    except TemplateDoesNotExist:
        return False
    return True


def card_options(game: str) -> list[tuple[str, str]]:
    """The game's house options as the card lists them: label and help, in the page's
    language, from the catalogue (a game the engine does not know has none)."""
    entry = catalog.CATALOGUE.get(game)
    if entry is None:
        return []
    return [
        (option_label(game, spec.name), str(option_help(game, spec.name) or ""))
        for spec in entry.options
    ]


@require_GET
@vary_on_headers("HX-Request")
def rules_card(request: HtmxHttpRequest, game: str) -> HttpResponse:
    if not has_rules_card(game):
        raise Http404("no such game")
    context = {
        "game": game,
        "label": game_title(game),
        "card_template": rules_card_template(game),
        "options": card_options(game),
        "games": [(g, game_title(g)) for g in all_games() if has_rules_card(g)],
        "night_id": whole_number(request.GET.get("night")),
    }
    return render_page(request, "rules/card.html", context)
