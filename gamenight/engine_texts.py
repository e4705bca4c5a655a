"""The engine's sentences in the page's language.

The engine words its reasons and errors in English and gives each one a ``code``
and ``params`` beside the text; here they become a translated sentence. A code
this module does not know falls back to the engine's English text, so a new
reason or error in the engine never breaks a page.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.utils.translation import get_language, gettext, ngettext

from engine.cards import ALL_CARDS, rank_name
from engine.hands.evaluate import HandValue
from engine.table_hand.settle import Reason
from gamenight.games import game_title


def join_names(names: Sequence[str]) -> str:
    """``Anna``, ``Anna and Ben``, ``Anna, Ben and Carla`` in the page's language."""
    if len(names) <= 1:
        return "".join(names)
    return gettext("%(names)s and %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}


def pot_name(index: int) -> str:
    """``Main pot``, ``Side pot 1`` ... as a heading."""
    if index == 0:
        return gettext("Main pot")
    return gettext("Side pot %(number)d") % {"number": index}


def _pot_in_sentence(index: int) -> str:
    if index == 0:
        return gettext("the main pot")
    return gettext("side pot %(number)d") % {"number": index}


def _ordinal(place: int) -> str:
    words = {
        1: gettext("first"),
        2: gettext("second"),
        3: gettext("third"),
        4: gettext("fourth"),
        5: gettext("fifth"),
        6: gettext("sixth"),
        7: gettext("seventh"),
        8: gettext("eighth"),
    }
    return words.get(place) or gettext("%(place)dth") % {"place": place}


def page_lang() -> str:
    """``de`` or ``en``: the language of the page, as the engine names it."""
    return (get_language() or "en").split("-")[0]


def card_text(card: int) -> str:
    """A card in the page's notation: ``Qs`` in English, ``D♠`` in German."""
    return ALL_CARDS[card].format(lang=page_lang())


def hand_name(value: HandValue | None, english: str) -> str:
    """The hand's name in the page's language, or the engine's English name."""
    if value is None:
        return english
    return value.name(lang=(get_language() or "en").split("-")[0])


def reason_text(reason: Reason, hand: HandValue | None = None) -> str:
    """One reason of a table hand as a sentence in the page's language.

    ``hand`` is the winner's rated hand, when the cards were shown, so its name
    can be given in the page's language.
    """
    params: Mapping[str, object] = reason.params
    code = reason.code
    amount = params.get("amount")
    simple = {
        "ante": lambda: gettext("anted %(amount)s"),
        "bet": lambda: gettext("put %(amount)s into the betting"),
        "pay_pot": lambda: gettext("paid the pot: %(amount)s"),
        "refuse_pot": lambda: gettext("folded rather than pay the pot"),
        "walk": lambda: gettext("bought the walk: %(amount)s"),
        "uncalled": lambda: gettext("took back %(amount)s: nobody called that much"),
        "uncovered": lambda: gettext("took back %(amount)s: nobody still in could win those chips"),
    }
    if code in simple:
        return simple[code]() % {"amount": amount}
    index = params.get("pot_index")
    if not isinstance(index, int):
        return reason.text
    pot = _pot_in_sentence(index)
    half = params.get("half")  # a high/low game awards each half of a pot apart
    if half == "high":
        pot = gettext("the high half of %(pot)s") % {"pot": pot}
    elif half == "low":
        pot = gettext("the low half of %(pot)s") % {"pot": pot}
    if code == "odd_chip":
        return gettext("odd chip of %(pot)s (seat order from the dealer's left)") % {"pot": pot}
    if code == "declare_forfeit":  # Sequence high/low: both must win both ways
        return gettext("declared both but did not win both ways: nothing from %(pot)s") % {
            "pot": pot
        }
    if code == "won_all_folded":
        return gettext("won %(amount)s from %(pot)s: everyone else folded") % {
            "amount": amount,
            "pot": pot,
        }
    if code == "won_uncovered":
        return gettext("won %(amount)s from %(pot)s: nobody else still in covered it") % {
            "amount": amount,
            "pot": pot,
        }
    if code not in ("won_shown", "won_ranked"):
        return reason.text
    if code == "won_shown":
        why = hand_name(hand, str(params.get("hand", "")))
    else:
        place = params.get("place")
        if not isinstance(place, int):
            return reason.text
        message = (
            gettext("tied %(place)s by the host")
            if params.get("tied")
            else gettext("ranked %(place)s by the host")
        )
        why = message % {"place": _ordinal(place)}
    others = params.get("others") or ()
    values: dict[str, object] = {"amount": amount, "pot": pot, "why": why}
    if others and isinstance(others, tuple):
        values["others"] = join_names([str(name) for name in others])
        return gettext("won %(amount)s from %(pot)s, split with %(others)s (%(why)s)") % values
    return gettext("won %(amount)s from %(pot)s (%(why)s)") % values


def error_text(error: Exception) -> str:
    """An engine error in the page's language; a code this module does not know (or an
    error without one) falls back to the engine's English text."""
    code = getattr(error, "code", "")
    params: Mapping[str, object] = getattr(error, "params", {})
    names = params.get("names")
    if isinstance(names, tuple) and code in ("showdown_missing", "showdown_leaves_out"):
        return _showdown_error_text(code, params, [str(n) for n in names])
    if isinstance(names, tuple) and code == "declaration_missing":
        return gettext(
            "%(names)s showed cards but declared nothing: enter high, low or both for each "
            "hand shown"
        ) % {"names": join_names([str(n) for n in names])}
    messages = {
        "hand_size": lambda: gettext("%(name)s shows %(count)s cards: %(game)s takes %(wanted)s"),
        "hand_size_range": lambda: gettext(
            "%(name)s shows %(count)s cards: %(game)s takes %(fewest)s to %(most)s"
        ),
        "hand_size_walks": lambda: gettext(
            "%(name)s shows %(count)s cards: %(game)s takes %(dealt)s, and one more for each "
            "%(rank)s that brought an extra card (%(name)s shows %(walk_cards)s of them: "
            "at most %(most)s)"
        ),
        "hand_size_bought": lambda: gettext(
            "%(name)s bought the walk but shows %(count)s cards: %(game)s takes at least "
            "%(fewest)s then"
        ),
        "hand_size_not_bought": lambda: gettext(
            "%(name)s shows %(count)s cards but bought no walk: with bought walks %(game)s "
            "takes %(dealt)s"
        ),
        "board_size": lambda: gettext(
            "%(game)s has a board of %(wanted)s cards in the middle, not %(count)s"
        ),
        "spit_card": lambda: gettext(
            "%(game)s shares one card in the middle, the spit card, not %(count)s"
        ),
        "no_shared_card": lambda: gettext(
            "%(game)s shares no card in the middle: leave the widow out of the cards and "
            "give its rank as the wild rank"
        ),
        "shelby_hand_size": lambda: (
            gettext(
                "%(name)s shows %(count)s cards: in round %(round)s of %(game)s a player "
                "holds %(wanted)s (%(extra)s bought for 4s)"
            )
            if params.get("extra")
            else gettext(
                "%(name)s shows %(count)s cards: in round %(round)s of %(game)s a player holds "
                "%(wanted)s"
            )
        ),
        # Baseball: a face-down 4 claimed at will (engine.games.steps.claims).
        "claim_not_in_game": lambda: gettext(
            "%(name)s cannot claim an extra card: in this game a face-down card is not "
            "revealed for one at will"
        ),
        "claim_folded": lambda: gettext("%(name)s cannot claim an extra card: %(name)s has folded"),
        "claim_no_card": lambda: gettext(
            "%(name)s cannot claim an extra card: %(name)s holds no face-down %(rank)s"
        ),
        "claim_waits": lambda: gettext(
            "%(name)s cannot claim an extra card now: %(asked)s must answer first"
        ),
        # Spit in the Ocean, "Spit!" at any moment of the deal.
        "spit_folded": lambda: gettext("%(name)s cannot call Spit: %(name)s has folded"),
        # Sequence high/low with declaration (engine.games.steps.hi_lo_declare).
        "declare_not_now": lambda: gettext(
            "%(name)s cannot declare high, low or both: nobody is declaring now"
        ),
        "declare_again": lambda: gettext(
            "%(name)s has already declared: the first declaration stands"
        ),
        "declare_folded": lambda: gettext("%(name)s cannot declare: %(name)s has folded"),
        # Sequence high/low recorded at the table (engine.table_hand.declared).
        "declaration_unknown": lambda: gettext(
            "%(name)s declared %(declared)s: declare high, low or both"
        ),
        "declare_folded_player": lambda: gettext(
            "%(name)s folded: leave %(name)s's declaration out"
        ),
        "declare_not_in_game": lambda: gettext(
            "%(game)s is not played high/low with declaration tonight: leave the declarations out"
        ),
        "declare_needs_cards": lambda: gettext(
            "%(game)s high/low with declaration is settled from the cards shown: enter each "
            "hand's cards and declaration"
        ),
        # A walk's price under the house rules (engine.table_hand.chips).
        "walk_price": lambda: (
            gettext("%(name)s bought the walk for %(amount)s but a walk costs %(prices)s by street")
            if "/" in str(params.get("prices", ""))
            else gettext("%(name)s bought the walk for %(amount)s but the walk costs %(prices)s")
        ),
        # Jack the Shifter recorded after a switch (engine.table_hand.jack).
        "switch_not_jack": lambda: gettext(
            "Only a jack of Jack the Shifter switches a hand to another game, not one of %(game)s"
        ),
        "switch_unknown": lambda: gettext("A jack cannot switch the hand to %(target)s"),
        "switch_not_allowed": lambda: gettext(
            "%(game)s is not on the group's list of games a jack may switch to"
        ),
        # Cards typed into a form (engine.cards): each names the token as it was typed.
        "not_a_card": lambda: gettext(
            "'%(token)s' is not a card: write a rank and a suit (As, 10h, D♠) or the rank alone (K)"
        ),
        "unknown_rank": lambda: gettext(
            "'%(token)s' is not a card: unknown rank '%(rank)s' (2-10, J/B, Q/D, K, A)"
        ),
        "unknown_suit": lambda: gettext(
            "'%(token)s' is not a card: unknown suit '%(suit)s' (s h d c or ♠ ♥ ♦ ♣)"
        ),
        "not_a_rank": lambda: gettext("'%(token)s' is not a rank (2-10, J/B, Q/D, K, A)"),
        "same_card": lambda: gettext(
            "'%(token)s' is the same card as '%(first)s': a deck has each card once"
        ),
        "rank_used_up": lambda: gettext(
            "'%(token)s': all four cards of that rank are already taken"
        ),
        "card_twice": lambda: gettext("%(card)s appears twice"),
    }
    if code not in messages:
        return str(error)
    values = dict(params)
    if isinstance(values.get("game"), str):
        values["game"] = game_title(str(values["game"]))
    if code == "card_twice" and isinstance(values.get("card"), int):
        values["card"] = card_text(int(str(values["card"])))
    if code == "claim_no_card" and isinstance(values.get("rank"), int):
        lang = (get_language() or "en").split("-")[0]
        values["rank"] = rank_name(int(str(values["rank"])), lang=lang)
    try:
        return messages[code]() % values
    except (KeyError, TypeError, ValueError):  # parameters that do not fit: the English text
        return str(error)


def _showdown_error_text(code: str, params: Mapping[str, object], names: list[str]) -> str:
    """A showdown that is missing, or leaves out players still in."""
    values = {"names": join_names(names)}
    if code == "showdown_missing":
        return (
            gettext("%(names)s are still in: enter the showdown (the cards or the host's ranking)")
            % values
        )
    if params.get("showdown") == "ranking":
        message = ngettext(
            "The ranking leaves out %(names)s, still in.",
            "The ranking leaves out %(names)s, still in.",
            len(names),
        )
    else:
        message = ngettext(
            "The cards shown leave out %(names)s, still in.",
            "The cards shown leave out %(names)s, still in.",
            len(names),
        )
    return message % values
