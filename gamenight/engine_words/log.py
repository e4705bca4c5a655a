"""The words of a digital hand's log line in the page's language.

Each event the engine records carries ``code`` and ``params`` beside its English
``text``; a hand saved before events had codes, or a code this module does not
know, shows the engine's English text as before.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy

from engine.cards import rank_name
from engine.hands.categories import Category
from engine.hands.high_hand import Made
from engine.hands.names import hand_name
from gamenight.engine_words.ledger import movement_reason
from gamenight.engine_words.words import lang
from gamenight.games import game_title

# Events whose words are fixed.
FIXED: Final[dict[str, Promise]] = {
    "flipped_middle_rank": gettext_lazy("flipped a card of the middle card's rank"),
    "struck_out": gettext_lazy("struck out"),
    "second_deck": gettext_lazy("second deck"),
    "declared": gettext_lazy("declared"),
    "in": gettext_lazy("in"),
    "out": gettext_lazy("out"),
    "high": gettext_lazy("high"),
    "low": gettext_lazy("low"),
    "both": gettext_lazy("both ways"),
    "extra_card": gettext_lazy("extra card"),
    "spit": gettext_lazy("the spit card"),
    "widow": gettext_lazy("the widow"),
    "ace_kept": gettext_lazy("ace kept"),
    "stands_pat": gettext_lazy("stands pat"),
    "no_spit": gettext_lazy("no Spit"),
    "face_down_to_table": gettext_lazy("dealt face down to the table"),
    "shows_jack": gettext_lazy("shows a jack"),
    "held": gettext_lazy("held"),
    "dropped": gettext_lazy("dropped"),
    "no_ante_deal_ends": gettext_lazy(
        "nobody held and nobody has a chip left to ante: the deal ends, the pot and the "
        "Shelbys wait for the next deal — rebuy first"
    ),
}

_GBU: Final = {
    "good": gettext_lazy("the Good"),
    "bad": gettext_lazy("the Bad"),
    "ugly": gettext_lazy("the Ugly"),
}


def named_hand(params: Any) -> str:
    """A hand from :meth:`engine.hands.evaluate.HandValue.params` in the page's language."""
    made = Made(category=Category(int(params["category"])), ranks=tuple(params["ranks"]))
    return hand_name(made, lang=lang(), low=bool(params.get("low")))


def pot_words(index: int) -> str:
    return gettext("main pot") if index == 0 else gettext("side pot %(number)d") % {"number": index}


def _pot(params: Mapping[str, Any]) -> str:
    pot = pot_words(int(params["pot"]))
    half = params.get("half")
    if half in ("high", "low"):
        pot = gettext("%(pot)s (%(half)s)") % {"pot": pot, "half": str(FIXED[str(half)])}
    if "hand" in params:
        return gettext("%(pot)s, %(hand)s") % {"pot": pot, "hand": named_hand(params["hand"])}
    return pot


def _high_low(params: Mapping[str, Any]) -> str:
    low = named_hand(params["low"]) if "low" in params else gettext("no low")
    return gettext("%(high)s; %(low)s") % {"high": named_hand(params["hand"]), "low": low}


def _ranks(rank: Any) -> str:
    return rank_name(int(rank), lang=lang(), plural=True)


def _middle(name: str, middle: bool) -> str:
    """An account of a movement: a player's name, or the pot or the reserve."""
    if not middle:
        return name
    return gettext("reserve") if name == "reserve" else gettext("pot")


WORDED: Final[dict[str, Callable[[Mapping[str, Any]], str]]] = {
    "hand": lambda p: named_hand(p["hand"]),
    "ghost_hand": lambda p: gettext("the ghost hand: %(hand)s") % {"hand": named_hand(p["hand"])},
    "hand_high_low": _high_low,
    "pot": _pot,
    "pot_half": _pot,
    "draws": lambda p: gettext("%(count)s cards") % {"count": p["count"]},
    "gbu_card": lambda p: str(_GBU[str(p["role"])]),
    "wild_rank": lambda p: gettext("%(ranks)s are wild") % {"ranks": _ranks(p["rank"])},
    "wild_rank_moves": lambda p: (
        gettext("%(ranks)s are wild instead of %(before)s")
        % {"ranks": _ranks(p["rank"]), "before": _ranks(p["before"])}
    ),
    "bad_discard": lambda p: (
        gettext("the Bad: %(ranks)s are discarded") % {"ranks": _ranks(p["rank"])}
    ),
    "ugly_fold": lambda p: (
        gettext("the Ugly: a face-up %(rank)s folds")
        % {"rank": rank_name(int(p["rank"]), lang=lang())}
    ),
    "game": lambda p: game_title(str(p["game"])),
    "extra_card_bought": lambda p: (
        gettext("an extra card for a 4: %(price)s to the pot") % {"price": p["price"]}
    ),
    "shelby_marker": lambda p: (
        gettext("a Shelby for %(name)s: %(count)s") % {"name": p["name"], "count": p["count"]}
    ),
    "movement": lambda p: (
        gettext("%(source)s → %(target)s: %(reason)s")
        % {
            "source": _middle(str(p["source"]), bool(p.get("middle_source"))),
            "target": _middle(str(p["target"]), bool(p.get("middle_target"))),
            "reason": movement_reason(str(p["reason"])),
        }
    ),
}


def event_words(event: Mapping[str, Any]) -> str | None:
    """The event's text in the page's language; ``None`` when only the English exists."""
    code = str(event.get("code") or "")
    params: Mapping[str, Any] = event.get("params") or {}
    if code in FIXED:
        return str(FIXED[code])
    worded = WORDED.get(code)
    if worded is None:
        return None
    try:
        return worded(params)
    except (KeyError, TypeError, ValueError):  # parameters from an engine that differs
        return None
