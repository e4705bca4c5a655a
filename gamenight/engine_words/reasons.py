"""The reasons of a table hand's settlement, its pots and hand names, in the page's
language (the engine gives each reason a ``code`` and ``params`` beside its English)."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext

from engine.hands.evaluate import HandValue
from engine.table_hand.settle import Reason
from gamenight.engine_words.words import join_names, lang, ordinal


def pot_name(index: int) -> str:
    """``Main pot``, ``Side pot 1`` ... as a heading."""
    if index == 0:
        return gettext("Main pot")
    return gettext("Side pot %(number)d") % {"number": index}


def _pot_in_sentence(index: int) -> str:
    if index == 0:
        return gettext("the main pot")
    return gettext("side pot %(number)d") % {"number": index}


def hand_name(value: HandValue | None, english: str) -> str:
    """The hand's name in the page's language, or the engine's English name."""
    if value is None:
        return english
    return value.name(lang=lang())


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
        why = message % {"place": ordinal(place)}
    others = params.get("others") or ()
    values: dict[str, object] = {"amount": amount, "pot": pot, "why": why}
    if others and isinstance(others, tuple):
        values["others"] = join_names([str(name) for name in others])
        return gettext("won %(amount)s from %(pot)s, split with %(others)s (%(why)s)") % values
    return gettext("won %(amount)s from %(pot)s (%(why)s)") % values
