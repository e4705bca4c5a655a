"""A Guts deal's or a Shelby round's explanation in the page's language.

The engine says each sentence in English and as a code with parameters
(:class:`engine.text.Said`); a preview words the coded form, and a ledger row
keeps it (``Transaction.summary_words``) so that a report words it too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from django.utils.translation import gettext, ngettext

from gamenight.engine_words.log import named_hand
from gamenight.engine_words.words import join_names, player_name

# Why everyone antes (the ``why`` of ``antes``).
_WHY: Final[dict[str, Callable[[], str]]] = {
    "every_deal": lambda: gettext("everyone antes every deal (only one loser pays)"),
    "pot_was_empty": lambda: gettext("the pot was empty"),
    "nobody_was_in": lambda: gettext("nobody was in"),
    "new_game": lambda: gettext("a new game starts"),
    "nobody_held": lambda: gettext("nobody held"),
    "redeal": lambda: gettext("the last round is over, the cards are redealt"),
}


def _names(params: Mapping[str, Any], key: str = "names") -> str:
    return join_names([player_name(str(n)) for n in params.get(key) or ()])


def _count(params: Mapping[str, Any], key: str = "names") -> int:
    return len(params.get(key) or ())


def _listing(pairs: Sequence[Sequence[Any]]) -> str:
    return ", ".join(f"{player_name(str(name))} {chips}" for name, chips in pairs)


def _hands(params: Mapping[str, Any]) -> str:
    return "; ".join(
        f"{player_name(str(name))}: {named_hand(hand)}" for name, hand in params["hands"]
    )


def _antes(p: Mapping[str, Any]) -> str:
    why = _WHY.get(str(p["why"]))
    return gettext("%(names)s ante %(ante)s each: %(why)s") % {
        "names": _names(p),
        "ante": p["ante"],
        "why": why() if why else str(p["why"]),
    }


def _shelby_pay(p: Mapping[str, Any]) -> str:
    why = str(p["why"])
    if why == "pot_at_start":
        because = gettext("the pot at the start of the round, %(pot)s") % {"pot": p["pot"]}
    elif why == "pot_capped":
        because = gettext("the pot of %(pot)s capped at the limit") % {"pot": p["pot"]}
    else:
        because = gettext("the pot")
    winners = _names(p)
    if p.get("shares"):
        winners = f"{winners} ({_listing(p['shares'])})"
    values = {
        "winners": _names(p),
        "losers": _names(p, "losers"),
        "payment": p["payment"],
        "why": because,
        "paid": winners,
    }
    several_winners, several_losers = _count(p) > 1, _count(p, "losers") > 1
    if several_winners and several_losers:
        text = gettext(
            "%(winners)s tie for the best hand: %(losers)s each pay %(payment)s (%(why)s) "
            "directly to %(paid)s; the pot stays"
        )
    elif several_winners:
        text = gettext(
            "%(winners)s tie for the best hand: %(losers)s pays %(payment)s (%(why)s) "
            "directly to %(paid)s; the pot stays"
        )
    elif several_losers:
        text = gettext(
            "%(winners)s has the best hand: %(losers)s each pay %(payment)s (%(why)s) "
            "directly to %(paid)s; the pot stays"
        )
    else:
        text = gettext(
            "%(winners)s has the best hand: %(losers)s pays %(payment)s (%(why)s) "
            "directly to %(paid)s; the pot stays"
        )
    return text % values


SAID: Final[dict[str, Callable[[Mapping[str, Any]], str]]] = {
    "antes": _antes,
    "held_at_limit": lambda p: (
        gettext("the pot is held at the limit of %(limit)s: %(excess)s go to the reserve") % p
    ),
    "dealer_takes": lambda p: (
        gettext(
            "everyone before the dealer was out: %(name)s, the dealer, takes the pot of %(pot)s"
        )
        % p
    ),
    "nobody_in": lambda p: gettext("nobody was in: the pot of %(pot)s stays") % p,
    "alone": lambda p: (
        gettext("only %(name)s was in: %(name)s takes the pot of %(pot)s without showing") % p
    ),
    "hands_shown": lambda p: gettext("hands shown: %(hands)s") % {"hands": _hands(p)},
    "ghost_ties": lambda p: (
        gettext("the ghost hand ties the best hand in: nobody takes the pot of %(pot)s") % p
    ),
    "ghost_beats": lambda p: (
        gettext("the ghost hand beats every hand in: nobody takes the pot of %(pot)s") % p
    ),
    "tie_no_split": lambda p: (
        gettext(
            "%(names)s tie for the best hand and, with no split, take and pay nothing: the pot "
            "of %(pot)s stays"
        )
        % {"names": _names(p), "pot": p["pot"]}
    ),
    "split": lambda p: (
        gettext("%(names)s tie for the best hand and split the pot of %(pot)s: %(shares)s")
        % {"names": _names(p), "pot": p["pot"], "shares": _listing(p["shares"])}
    ),
    "won": lambda p: gettext("%(name)s has the best hand and takes the pot of %(pot)s") % p,
    "weakest_pays": lambda p: (
        gettext("%(names)s has the weakest hand and pays %(pot)s")
        % {"names": _names(p), "pot": p["pot"]}
    ),
    "weakest_pay": lambda p: (
        gettext("%(names)s tie for the weakest hand and each pay %(pot)s")
        % {"names": _names(p), "pot": p["pot"]}
    ),
    "loser_pays": lambda p: (
        gettext("%(names)s pays the pot, %(pot)s") % {"names": _names(p), "pot": p["pot"]}
    ),
    "losers_pay": lambda p: (
        gettext("%(names)s pay the pot, each %(pot)s") % {"names": _names(p), "pot": p["pot"]}
    ),
    "next_pot_limit": lambda p: (
        gettext(
            "the next pot is the limit, %(limit)s; %(excess)s go to the reserve, which now "
            "holds %(reserve)s"
        )
        % p
    ),
    "from_reserve": lambda p: (
        gettext(
            "%(amount)s come from the reserve: the next pot is %(pot)s, %(reserve)s stay in the "
            "reserve"
        )
        % p
    ),
    "next_pot": lambda p: gettext("the next pot is %(pot)s") % p,
    "pot_empty_next": lambda p: gettext("the pot is empty: everyone antes next deal"),
    "buys_extra_cards": lambda p: (
        ngettext(
            "%(name)s buys an extra card for 4s: %(cost)s to the pot",
            "%(name)s buys %(count)s extra cards for 4s: %(cost)s to the pot",
            int(p["count"]),
        )
        % p
    ),
    "shelby": lambda p: gettext("only %(name)s held: a Shelby, %(name)s has %(count)s") % p,
    "third_shelby": lambda p: (
        gettext(
            "only %(name)s held: a third Shelby, %(name)s takes the pot of %(pot)s and the game "
            "is over"
        )
        % p
    ),
    "tie_nobody_pays": lambda p: (
        gettext("%(names)s tie for the best hand: nobody pays") % {"names": _names(p)}
    ),
    "losers_pay_winners": _shelby_pay,
}


def said_text(code: str, params: Mapping[str, Any], english: str) -> str:
    """One sentence in the page's language; the English for a code this module lacks."""
    worded = SAID.get(code)
    if worded is None:
        return english
    try:
        return worded(params)
    except (KeyError, TypeError, ValueError):  # parameters from an engine that differs
        return english


def explanation(said: Sequence[Any], english: Sequence[str]) -> list[str]:
    """A settlement's sentences (``said``: :class:`engine.text.Said` or their dicts)."""
    if len(said) != len(english):
        return list(english)
    texts = []
    for item, text in zip(said, english, strict=True):
        code = item["code"] if isinstance(item, Mapping) else item.code
        params = item["params"] if isinstance(item, Mapping) else item.params
        texts.append(said_text(str(code), params, text))
    return texts
