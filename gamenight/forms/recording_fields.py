"""The inputs of one player's row on the record form, named ``<input>_<player id>``.

Which inputs a row has depends on the game's family and the night's house rules
(:mod:`gamenight.forms.recording_rules`): chips bet and the row's state, a pot
payment and the walk, in/out or held/dropped, the place, the cards shown.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrPromise

from gamenight.forms.recording_games import CHIP_FAMILIES, Family, Game
from gamenight.forms.recording_rules import (
    RecordingRules,
    declaration_field,
    walk_field,
)
from gamenight.forms.recording_taps import STATE_LABELS, State
from gamenight.models import MAX_CHIPS

# Every per-player input: the part of the field name before the player id.
PLAYER_FIELDS = (
    "chips",
    "state",
    "pays",
    "paid",
    "struck",
    "walks",
    "walk",
    "in",
    "place",
    "cards",
    "extra",
    "declare",
)
# ASCII digits: ``\d`` also matches other scripts' digits, which int() reads as numbers.
_PLAYER_FIELD = re.compile(rf"^({'|'.join(PLAYER_FIELDS)})_([0-9]+)$")
MAX_PLACE = 20


def player_field_ids(data: Any) -> dict[str, int]:
    """The posted per-player fields, each with the player id its name carries."""
    found = {}
    for name in data:
        match = _PLAYER_FIELD.match(name)
        if match and len(match.group(2)) < 19:
            found[name] = int(match.group(2))
    return found


def not_at_table_message() -> str:
    """A posted field names a player without a row: never shown with the id."""
    return gettext("This form names a player who is not at this night's table: reload the page.")


def new_key() -> str:
    return uuid.uuid4().hex


@dataclass(frozen=True)
class SeatRow:
    """A seated player with chips, as the form shows them."""

    player_id: int
    name: str
    stack: int
    shelbys: int = 0


def _number_field(
    label: StrPromise,
    *,
    least: int,
    most: int,
    messages: dict[str, StrPromise],
    required: bool = False,
) -> forms.IntegerField:
    """A whole number typed on a phone: its numeric keypad, and no number below ``least``."""
    return forms.IntegerField(
        label=label,
        required=required,
        min_value=least,
        max_value=most,
        error_messages=messages,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": least}),
    )


def chips_field(label: StrPromise, *, required: bool = False) -> forms.IntegerField:
    return _number_field(
        label,
        required=required,
        least=0,
        most=MAX_CHIPS,
        messages={
            "invalid": _("Enter a whole number of chips."),
            "min_value": _("Chips cannot be negative."),
            "max_value": _("That is more chips than any table holds."),
            "required": _("Enter the chips (0 for none)."),
        },
    )


def row_inputs(pid: int, game: Game, rules: RecordingRules) -> dict[str, forms.Field]:
    """The inputs of player ``pid``'s row, in the order the page shows them."""
    family = game.family
    fields: dict[str, forms.Field] = {}
    if family in CHIP_FAMILIES:
        fields[f"chips_{pid}"] = chips_field(_("Chips bet"), required=True)
        fields[f"state_{pid}"] = forms.ChoiceField(
            label=_("In the hand"),
            required=False,
            choices=[(s.value, STATE_LABELS[s]) for s in State],
            widget=forms.HiddenInput,
        )
        if rules.pays_pot:  # never offered where a face-up 3 costs nothing tonight
            fields[f"pays_{pid}"] = forms.BooleanField(label=_("paid the pot"), required=False)
            fields[f"paid_{pid}"] = chips_field(_("Paid the pot"))
            fields[f"struck_{pid}"] = forms.BooleanField(
                label=_("Folded on a face-up 3"), required=False
            )
        if rules.buys_walks:  # never offered where the night sells no walk
            fields[f"walks_{pid}"] = forms.BooleanField(label=_("bought the walk"), required=False)
            fields[f"walk_{pid}"] = walk_field(rules.walk_prices)
    elif family is Family.GUTS:
        fields[f"in_{pid}"] = forms.BooleanField(label=_("In"), required=False)
    else:
        fields[f"in_{pid}"] = forms.BooleanField(label=_("Held"), required=False)
        if game.slug == "psycho-shelby":
            fields[f"extra_{pid}"] = forms.IntegerField(
                label=_("Extra cards bought"), required=False, min_value=0, max_value=10
            )
    fields[f"place_{pid}"] = _number_field(
        pgettext_lazy("showdown rank", "Place"),
        least=1,
        most=MAX_PLACE,
        messages={
            "invalid": _("A place is a number: 1 for the best hand."),
            "min_value": _("Places start at 1 (the best hand)."),
            "max_value": _("No table has that many places."),
        },
    )
    fields[f"cards_{pid}"] = forms.CharField(
        label=_("Cards shown"),
        required=False,
        max_length=60,
        widget=forms.TextInput(attrs={"placeholder": _("As Kd 9h"), "autocapitalize": "off"}),
    )
    if rules.declares:
        fields[f"declare_{pid}"] = declaration_field()
    return fields
