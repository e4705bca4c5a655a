"""Ledger memos (``Entry.reason``) and transaction summaries in the reader's language.

A row written since issue 15 keeps its words as a code and parameters beside the
English text (``Entry.words``, ``Transaction.summary_words``); an older row has
only the English, which follows a few fixed patterns: those are read back here
into the same words. A text that fits no pattern (a name typed by a person, a
pattern this module does not know) is shown as it was written.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, Final

from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy

from engine.cards import rank_name
from engine.hands.categories import Category

# The fixed phrases of the Guts and Shelby settlements' chip movements
# (engine.games.families.*.settle), which are also the memos of their ledger rows.
MOVEMENT_REASONS: Final[dict[str, Promise]] = {
    "ante": gettext_lazy("ante"),
    "above the limit": gettext_lazy("above the limit"),
    "takes the pot: everyone before the dealer was out": gettext_lazy(
        "takes the pot: everyone before the dealer was out"
    ),
    "ante again: nobody was in": gettext_lazy("ante again: nobody was in"),
    "takes the pot: the only one in": gettext_lazy("takes the pot: the only one in"),
    "a share of the split pot": gettext_lazy("a share of the split pot"),
    "takes the pot: the best hand": gettext_lazy("takes the pot: the best hand"),
    "pays the pot": gettext_lazy("pays the pot"),
    "refill from the reserve": gettext_lazy("refill from the reserve"),
    "ante: a new game starts": gettext_lazy("ante: a new game starts"),
    "ante: nobody held": gettext_lazy("ante: nobody held"),
    "ante: the last round is over, the cards are redealt": gettext_lazy(
        "ante: the last round is over, the cards are redealt"
    ),
    "extra cards for 4s": gettext_lazy("extra cards for 4s"),
    "third Shelby": gettext_lazy("third Shelby"),
    "loses a round": gettext_lazy("loses a round"),
    # The night's own memos (gamenight.services.nights).
    "cashes out": gettext_lazy("cashes out"),
    "cashes out after the hand": gettext_lazy("cashes out after the hand"),
    "split among the players": gettext_lazy("split among the players"),
    "carried to the next night": gettext_lazy("carried to the next night"),
    "carried over from the last night": gettext_lazy("carried over from the last night"),
    "the night starts": gettext_lazy("the night starts"),
    "back at the table": gettext_lazy("back at the table"),
    "the night's pots are split": gettext_lazy("the night's pots are split"),
    "folded rather than pay the pot": gettext_lazy("folded rather than pay the pot"),
    # A tournament night's money (gamenight.tournaments.ledger and .finish).
    "buy-in into the prize pool": gettext_lazy("buy-in into the prize pool"),
    "rebuy into the prize pool": gettext_lazy("rebuy into the prize pool"),
    "add-on into the prize pool": gettext_lazy("add-on into the prize pool"),
    "bounty on their head": gettext_lazy("bounty on their head"),
    "into the prize pool and bounties": gettext_lazy("into the prize pool and bounties"),
    "prizes and bounties paid": gettext_lazy("prizes and bounties paid"),
    "own bounty back": gettext_lazy("own bounty back"),
    "share of the chop": gettext_lazy("share of the chop"),
    "the tournament's prizes": gettext_lazy("the tournament's prizes"),
    # A night imported from a PokerNow ledger (gamenight.services.pokernow).
    "net of the night at PokerNow": gettext_lazy("net of the night at PokerNow"),
    "the night's ledger from PokerNow": gettext_lazy("the night's ledger from PokerNow"),
}


def movement_reason(reason: str) -> str:
    """A chip movement's reason in the page's language (as written when unknown)."""
    known = MOVEMENT_REASONS.get(reason)
    return str(known) if known is not None else reason


# ---------------------------------------------------------------- hand names in English


_RANKS: Final = {rank_name(r): r for r in range(13)} | {
    rank_name(r, plural=True): r for r in range(13)
}
_LOW_CHARS: Final = {c: i for i, c in enumerate("23456789TJQKA")} | {"10": 8}


def english_hand(text: str) -> dict[str, Any] | None:
    """An English hand name, as the engine writes it, back into
    :meth:`~engine.hands.evaluate.HandValue.params` (what naming it needs)."""
    low = text.endswith(" (low)")
    name = text.removesuffix(" (low)")
    if name == "no low":
        return {"category": int(Category.HIGH_CARD), "ranks": [], "low": True}
    if name.endswith(" low") and re.fullmatch(r"[0-9TJQKA]+(-[0-9TJQKA]+)*", name[:-4]):
        ranks = [_LOW_CHARS[c] for c in name[:-4].split("-")]
        return {"category": int(Category.HIGH_CARD), "ranks": ranks, "low": True}
    if name == "royal flush":
        return {"category": int(Category.STRAIGHT_FLUSH), "ranks": [12], "low": low}
    patterns = (
        (r"straight flush, (\w+) high", Category.STRAIGHT_FLUSH),
        (r"straight, (\w+) high", Category.STRAIGHT),
        (r"flush, (\w+) high", Category.FLUSH),
        (r"five of a kind, (\w+)", Category.FIVE_OF_A_KIND),
        (r"four of a kind, (\w+)", Category.FOUR_OF_A_KIND),
        (r"full house, (\w+) over (\w+)", Category.FULL_HOUSE),
        (r"three of a kind, (\w+)", Category.THREE_OF_A_KIND),
        (r"two pair, (\w+) and (\w+)", Category.TWO_PAIR),
        (r"pair of (\w+)", Category.PAIR),
        (r"high card, (\w+)", Category.HIGH_CARD),
    )
    for pattern, category in patterns:
        found = re.fullmatch(pattern, name)
        if found and all(group in _RANKS for group in found.groups()):
            ranks = [_RANKS[group] for group in found.groups()]
            if category in (Category.FULL_HOUSE, Category.TWO_PAIR):
                # The name gives each group once; the ranks list each card position.
                first, second = ranks
                ranks = [first] * (3 if category is Category.FULL_HOUSE else 2) + [second] * 2
            return {"category": int(category), "ranks": ranks, "low": low}
    return None


# ---------------------------------------------------------------- memos


def _hand_words(english: str) -> str:
    from gamenight.engine_words.log import named_hand

    params = english_hand(english)
    return named_hand(params) if params is not None else english


def _pot_words(text: str) -> str | None:
    """``the main pot``, ``side pot 2``, ``the high half of the main pot``."""
    from gamenight.engine_words.log import pot_words

    found = re.fullmatch(r"(?:the (high|low) half of )?(?:the main pot|side pot (\d+))", text)
    if not found:
        return None
    index = int(found.group(2) or 0)
    pot = gettext("the main pot") if index == 0 else pot_words(index)
    if found.group(1) == "high":
        return gettext("the high half of %(pot)s") % {"pot": pot}
    if found.group(1) == "low":
        return gettext("the low half of %(pot)s") % {"pot": pot}
    return pot


def _won(found: Mapping[str, str | None]) -> str | None:
    pot = _pot_words(str(found["pot"]))
    if pot is None:
        return None
    values: dict[str, object] = {"amount": found["amount"], "pot": pot}
    why = found["why"]
    if why is None:
        return None
    if why == "everyone else folded":
        return gettext("won %(amount)s from %(pot)s: everyone else folded") % values
    if why == "nobody else still in covered it":
        return gettext("won %(amount)s from %(pot)s: nobody else still in covered it") % values
    hand = why.removeprefix("(").removesuffix(")")
    ranked = re.fullmatch(r"(tied|ranked) (\w+) by the host", hand)
    if ranked:
        from gamenight.engine_words.words import ordinal

        ordinals = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
        place = ordinals.index(ranked[2]) + 1 if ranked[2] in ordinals else None
        if place is None:
            return None
        message = (
            gettext("tied %(place)s by the host")
            if ranked[1] == "tied"
            else gettext("ranked %(place)s by the host")
        )
        values["why"] = message % {"place": ordinal(place)}
    else:
        values["why"] = _hand_words(hand)
    if found["others"]:
        from gamenight.engine_words.words import join_names

        values["others"] = join_names(re.split(r", | and ", found["others"]))
        return gettext("won %(amount)s from %(pot)s, split with %(others)s (%(why)s)") % values
    return gettext("won %(amount)s from %(pot)s (%(why)s)") % values


def _won_match(found: re.Match[str]) -> str | None:
    return _won(
        {
            "amount": found["amount"],
            "pot": found["pot"],
            "others": found["others"],
            "why": found["why"] or found["hand"],
        }
    )


_MEMOS: Final[tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str | None]], ...]] = (
    (re.compile(r"anted (?P<a>\d+)"), lambda m: gettext("anted %(amount)s") % {"amount": m["a"]}),
    (
        re.compile(r"put (?P<a>\d+) into the betting"),
        lambda m: gettext("put %(amount)s into the betting") % {"amount": m["a"]},
    ),
    (
        re.compile(r"paid the pot: (?P<a>\d+)"),
        lambda m: gettext("paid the pot: %(amount)s") % {"amount": m["a"]},
    ),
    (
        re.compile(r"bought the walk: (?P<a>\d+)"),
        lambda m: gettext("bought the walk: %(amount)s") % {"amount": m["a"]},
    ),
    (
        re.compile(r"took back (?P<a>\d+): nobody called that much"),
        lambda m: gettext("took back %(amount)s: nobody called that much") % {"amount": m["a"]},
    ),
    (
        re.compile(r"took back (?P<a>\d+): nobody still in could win those chips"),
        lambda m: (
            gettext("took back %(amount)s: nobody still in could win those chips")
            % {"amount": m["a"]}
        ),
    ),
    (
        re.compile(
            r"won (?P<amount>\d+) from (?P<pot>.+?)(?:, split with (?P<others>.+?))?"
            r"(?:: (?P<why>everyone else folded|nobody else still in covered it)| (?P<hand>\(.+\)))"
        ),
        _won_match,
    ),
    (
        re.compile(r"odd chip of (?P<pot>.+) \(seat order from the dealer's left\)"),
        lambda m: (
            gettext("odd chip of %(pot)s (seat order from the dealer's left)") % {"pot": pot}
            if (pot := _pot_words(m["pot"])) is not None
            else None
        ),
    ),
    (
        re.compile(r"(?P<n>.+) rebuys (?P<a>\d+)"),
        lambda m: gettext("%(name)s rebuys %(amount)s") % {"name": m["n"], "amount": m["a"]},
    ),
    (re.compile(r"(?P<n>.+) rebuys"), lambda m: gettext("%(name)s rebuys") % {"name": m["n"]}),
    (
        re.compile(r"rebuy of (?P<a>\d+)"),
        lambda m: gettext("rebuy of %(amount)s") % {"amount": m["a"]},
    ),
    (
        re.compile(r"buy-in of (?P<a>\d+)"),
        lambda m: gettext("buy-in of %(amount)s") % {"amount": m["a"]},
    ),
    (
        re.compile(r"(?P<n>.+) cashes out after the hand"),
        lambda m: gettext("%(name)s cashes out after the hand") % {"name": m["n"]},
    ),
    (
        re.compile(r"(?P<n>.+) cashes out"),
        lambda m: gettext("%(name)s cashes out") % {"name": m["n"]},
    ),
    (re.compile(r"(?P<n>.+) buys in"), lambda m: gettext("%(name)s buys in") % {"name": m["n"]}),
    (
        re.compile(r"prize for place (?P<p>\d+)"),
        lambda m: gettext("prize for place %(place)s") % {"place": m["p"]},
    ),
    (
        re.compile(r"bounty for knocking out (?P<n>.+)"),
        lambda m: gettext("bounty for knocking out %(name)s") % {"name": m["n"]},
    ),
    (re.compile(r"(?P<n>.+) is out"), lambda m: gettext("%(name)s is out") % {"name": m["n"]}),
    (
        re.compile(r"(?P<w>tournament entry|late registration|rebuy|add-on): (?P<n>.+)"),
        lambda m: _TOURNAMENT_SUMMARIES[m["w"]] % {"names": m["n"]},
    ),
    (re.compile(r"(?P<n>.+) arrives"), lambda m: gettext("%(name)s arrives") % {"name": m["n"]}),
    (re.compile(r"(?P<n>.+) leaves"), lambda m: gettext("%(name)s leaves") % {"name": m["n"]}),
    (re.compile(r"(?P<n>.+) left"), lambda m: gettext("%(name)s left") % {"name": m["n"]}),
    (
        re.compile(r"share of the (?P<pot>.+)"),
        lambda m: gettext("share of the %(pot)s") % {"pot": _account_words(m["pot"])},
    ),
    (
        re.compile(r"undo: (?P<memo>.*)"),
        lambda m: gettext("undo: %(memo)s") % {"memo": memo_text(m["memo"])},
    ),
    (
        re.compile(r"undo of (?P<what>.+) #(?P<n>\d+)"),
        lambda m: (
            gettext("undo of %(what)s #%(number)s")
            % {"what": _transaction_words(m["what"]), "number": m["n"]}
        ),
    ),
    (
        re.compile(r"(?P<g>[a-z0-9-]+) \(digital\): put in (?P<p>\d+), won (?P<w>\d+)"),
        lambda m: (
            gettext("%(game)s (digital): put in %(paid)s, won %(won)s")
            % {"game": _game(m["g"]), "paid": m["p"], "won": m["w"]}
        ),
    ),
    (
        re.compile(r"(?P<g>[a-z0-9-]+) \(digital\): pot of (?P<p>\d+)"),
        lambda m: (
            gettext("%(game)s (digital): pot of %(pot)s") % {"game": _game(m["g"]), "pot": m["p"]}
        ),
    ),
    (
        re.compile(r"(?P<g>[a-z0-9-]+): digital deal"),
        lambda m: gettext("%(game)s: digital deal") % {"game": _game(m["g"])},
    ),
    (
        re.compile(r"(?P<g>[a-z0-9-]+): pot of (?P<p>\d+)"),
        lambda m: gettext("%(game)s: pot of %(pot)s") % {"game": _game(m["g"]), "pot": m["p"]},
    ),
)


_TOURNAMENT_SUMMARIES: Final[dict[str, Promise]] = {
    "tournament entry": gettext_lazy("tournament entry: %(names)s"),
    "late registration": gettext_lazy("late registration: %(names)s"),
    "rebuy": gettext_lazy("rebuy: %(names)s"),
    "add-on": gettext_lazy("add-on: %(names)s"),
}


def _game(name: str) -> str:
    from gamenight.games import game_title

    return game_title(name)


def _account_words(display: str) -> str:
    from gamenight.models import AccountKind

    return _label_words(AccountKind, display)


def _label_words(kinds: Any, display: str) -> str:
    """A model choice's label, written in whatever language was active then, in the
    page's language now."""
    for kind in kinds:
        for lang in ("en", "de"):
            with translation.override(lang):
                written = str(kind.label)
            if written == display:
                return str(kind.label)
    return display


def _transaction_words(display: str) -> str:
    from gamenight.models import TransactionKind

    return _label_words(TransactionKind, display)


def reason_words(reason: Any, hand: Any = None) -> dict[str, Any]:
    """What a ledger row keeps of a table hand's reason (JSON): its code, its params,
    and the winning hand, when the cards were shown, to name it in any language."""
    params = {k: list(v) if isinstance(v, tuple) else v for k, v in reason.params.items()}
    if hand is not None and reason.code == "won_shown":
        params["hand_value"] = hand.params()
    return {"code": reason.code, "params": params}


def said_words(said: Any) -> dict[str, Any] | None:
    """What a ledger row keeps of a Guts deal's or a Shelby round's explanation."""
    return {"code": "said", "said": [s.to_dict() for s in said]} if said else None


def memo_text(text: str, words: Mapping[str, Any] | None = None) -> str:
    """A ledger memo (or summary) in the page's language."""
    if not text:
        return text
    if words and words.get("code"):
        worded = _stored(words, text)
        if worded is not None:
            return worded
    known = MOVEMENT_REASONS.get(text)
    if known is not None:
        return str(known)
    for pattern, word in _MEMOS:
        found = pattern.fullmatch(text)
        if found:
            worded = word(found)
            if worded is not None:
                return worded
    return text


def _stored(words: Mapping[str, Any], text: str) -> str | None:
    """Words kept with a row: a table hand's reason, or a settlement's explanation."""
    from engine.table_hand.settle import Reason
    from gamenight.engine_words.explanations import explanation
    from gamenight.engine_words.reasons import reason_text

    code = str(words["code"])
    if code == "said":
        # Each sentence keeps its English: a sentence may hold "; " itself (hands shown).
        said = [item for item in words.get("said") or () if isinstance(item, Mapping)]
        english = [str(item.get("text", "")) for item in said]
        return "; ".join(explanation(said, english)) if said else None
    params = {
        k: tuple(v) if isinstance(v, list) else v for k, v in (words.get("params") or {}).items()
    }
    hand = params.pop("hand_value", None)
    reason = Reason(chips=0, text=text, code=code, params=params)
    worded = reason_text(reason)
    if hand is not None and code == "won_shown":
        worded = reason_text(reason, _RatedHand(hand))  # type: ignore[arg-type]  # duck-typed
    return worded


class _RatedHand:
    """What :func:`reason_text` asks of a rated hand: its name in a language."""

    def __init__(self, params: Mapping[str, Any]) -> None:
        self.params = params

    def name(self, lang: str = "en") -> str:
        from engine.hands.high_hand import Made
        from engine.hands.names import hand_name

        made = Made(
            category=Category(int(self.params["category"])), ranks=tuple(self.params["ranks"])
        )
        return hand_name(made, lang=lang, low=bool(self.params.get("low")))
