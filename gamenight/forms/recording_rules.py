"""What the night's house rules add to the record form's rows, and those fields.

Three rule-sheet options change what the host enters for a hand dealt at the
table (issue 13):

- **Buying the walk** (ruling 11, and the English sheet: the price "may be a
  fixed amount paid to the pot or may vary according to whether the extra card
  is face up or face down, and how late in the game it is dealt"): a walk field
  per row only when the night sells walks, taking the price of each walk bought
  (``2 3``), so walks on different streets are each charged what they cost.
- **Sequence high/low with declaration**: a high / low / both choice per row.
- **Jack the Shifter**: which game of the group's list a jack switched to.

And where the cards on the table decide the wild rank during the hand (Sequence's
upcards in order, the Good of the Good, the Bad and the Ugly), the host gives
the rank in force at the showdown, so the hands shown rank as the game ranks them.

The engine decides each from the same options (:mod:`engine.table_hand`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from django import forms
from django.utils.translation import gettext_lazy as _

from engine.cards import parse_rank
from engine.errors import EngineError
from engine.hands.size import buys_walks, house_options
from engine.table_hand.declared import declares
from engine.table_hand.jack import JACK_THE_SHIFTER
from engine.table_hand.prices import game_charges, walk_prices
from gamenight.games import game_title
from gamenight.models import MAX_CHIPS
from gamenight.request_numbers import whole_number

# Games whose wild rank the cards on the table decide during the hand.
TABLE_DECIDED_WILD: Final = frozenset({"sequence", "good-bad-ugly"})
# The most walks one player buys in a hand: four 4s, and an extra card that is a 4.
MAX_WALKS: Final = 8
_SEPARATORS: Final = re.compile(r"[\s,;+]+")


@dataclass(frozen=True)
class RecordingRules:
    """The house rules of one game tonight, as far as the record form's rows care."""

    pays_pot: bool = False
    """A face-up 3 costs the pot (Baseball; Football and Woolworth only with the option)."""
    buys_walks: bool = False
    walk_prices: tuple[int, ...] | None = None
    """What a walk may cost, cheapest first; ``None``: the limit's largest bet."""
    declares: bool = False
    switch_targets: tuple[str, ...] = ()
    """Jack the Shifter: the games on the group's list a jack may switch to."""
    asks_wild: bool = False
    """The game, or a game a jack may switch to, takes its wild rank from the table."""

    @classmethod
    def of(cls, game: str, options: Mapping[str, object]) -> RecordingRules:
        try:
            values = house_options(game, options)
        except EngineError:
            # Stored options the game does not take: the hand-size check reports them.
            values = {}
        targets: tuple[str, ...] = ()
        if game == JACK_THE_SHIFTER:
            from engine.games.families.variants import JACK_TARGETS

            targets = tuple(
                t for t in JACK_TARGETS if values.get("allow_" + t.replace("-", "_")) is not False
            )
        bought = buys_walks(values)
        pays, _extra = game_charges(game, values)
        return cls(
            pays_pot=pays,
            buys_walks=bought,
            walk_prices=walk_prices(game, values) if bought else None,
            declares=bool(values) and declares(game, values),
            switch_targets=targets,
            asks_wild=game in TABLE_DECIDED_WILD or bool(TABLE_DECIDED_WILD & set(targets)),
        )


def walk_hint(prices: Sequence[int] | None) -> str:
    """What the host types in a walk field, with tonight's prices."""
    if prices is None:
        return str(_("One price per walk bought (the limit's largest bet), e.g. 5 5."))
    if len(prices) == 1:
        return str(_("%(price)s chips a walk: one price per walk bought.") % {"price": prices[0]})
    return str(
        _("A walk costs %(prices)s chips by street: one price per walk bought, e.g. %(example)s.")
        % {"prices": "/".join(str(p) for p in prices), "example": f"{prices[0]} {prices[-1]}"}
    )


def walk_field(prices: Sequence[int] | None) -> forms.CharField:
    return forms.CharField(
        label=_("Walks bought (price of each)"),
        required=False,
        max_length=40,
        help_text=walk_hint(prices),
        widget=forms.TextInput(attrs={"placeholder": "2 3", "autocapitalize": "off"}),
    )


def parse_walk_prices(text: str) -> tuple[int, ...] | None:
    """``"2 3"`` (or ``2,3``, ``2+3``) as one price per walk; 0 means none. ``None``: not
    prices a person could have paid."""
    words = [w for w in _SEPARATORS.split(text.strip()) if w]
    read = [whole_number(w, most=MAX_CHIPS) for w in words]
    if len(words) > MAX_WALKS or None in read:
        return None
    return tuple(p for p in read if p)


def declaration_field() -> forms.ChoiceField:
    return forms.ChoiceField(
        label=_("Declared"),
        required=False,
        choices=[("high", _("high")), ("low", _("low")), ("both", _("both ways"))],
        widget=forms.RadioSelect,
        error_messages={"invalid_choice": _("Declare high, low or both.")},
    )


def switch_field(targets: Sequence[str]) -> forms.ChoiceField:
    return forms.ChoiceField(
        label=_("A jack switched the game to"),
        required=False,
        # game_title: a game without a title of its own (the catalogue test names it)
        # is still a choice, never a KeyError's 500.
        choices=[("", _("no switch: seven-card stud")), *((t, game_title(t)) for t in targets)],
        error_messages={
            "invalid_choice": _("That game is not on the group's list for a jack: reload the page.")
        },
    )


def wild_field() -> forms.CharField:
    return forms.CharField(
        label=_("Wild rank at the showdown"),
        required=False,
        max_length=10,
        help_text=_(
            "Sequence: the rank made wild last, reading every face-up card from the first "
            "one dealt, even after a jack's switch; the Good, the Bad and the Ugly: the "
            "Good's rank. Empty: no wild card."
        ),
        widget=forms.TextInput(attrs={"placeholder": "7", "autocapitalize": "off"}),
    )


def parse_wild_rank(text: str) -> frozenset[int] | None:
    """One rank (``7``, ``Q`` or ``D``) as the hand's wild rank; empty: none.
    A :class:`~engine.errors.CardError` for anything else."""
    if not text.strip():
        return None
    return frozenset({parse_rank(text)})
