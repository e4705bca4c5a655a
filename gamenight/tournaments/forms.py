"""The tournament's forms: its setup (money, chips, windows, tables, the structure's
rows and the payout table), the start, and the host's taps during play.

Every number is read as ASCII digits only (gamenight/forms/numbers.py); every
form that writes carries a key (a double tap writes once).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from gamenight.forms.groups import KeyedForm
from gamenight.forms.numbers import WholeNumberField
from gamenight.models import Entrant, Player
from gamenight.request_numbers import whole_number
from gamenight.tournaments.payouts import PayoutError, PayoutTable, table_from_text
from gamenight.tournaments.setup import LIMITS, Setup
from gamenight.tournaments.structures import (
    READY,
    Level,
    Structure,
    StructureError,
    make_level,
    make_structure,
)

SPARE_ROWS = 3
"""Empty rows under the structure, to add levels without a script."""


def ready_choices() -> list[tuple[str, Any]]:
    return [(r.slug, r.label) for r in READY]


def _number(name: str, label: Any, help_text: Any = "") -> WholeNumberField:
    least, most = LIMITS[name]
    return WholeNumberField(
        label=label,
        min_value=least,
        max_value=most,
        help_text=help_text,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )


class SetupForm(KeyedForm):
    """What the tournament costs and gives; its structure rows are read from the POST."""

    buy_in = _number("buy_in", _("Buy-in"), _("In the group's chips, the money side."))
    starting_chips = _number("starting_chips", _("Starting chips"), _("Tournament chips."))
    bounty = _number("bounty", _("Bounty"), _("Paid on top of the buy-in; 0: no bounties."))
    rebuy = _number("rebuy", _("Rebuy costs"), _("0: no rebuys."))
    rebuy_chips = _number("rebuy_chips", _("A rebuy gives"))
    rebuy_until = _number("rebuy_until", _("Rebuys until level"))
    add_on = _number("add_on", _("Add-on costs"), _("0: no add-on."))
    add_on_chips = _number("add_on_chips", _("The add-on gives"))
    add_on_until = _number("add_on_until", _("Add-on until level"))
    late_until = _number(
        "late_until", _("Late registration until level"), _("0: only before the clock starts.")
    )
    tables = forms.TypedChoiceField(
        label=_("Tables"),
        choices=[(1, _("one table")), (2, _("two tables"))],
        coerce=int,
        initial=1,
    )
    seats_per_table = _number(
        "seats_per_table",
        _("Seats at a table"),
        _("With two tables, the final table is drawn once everyone left fits at one."),
    )
    # Only for "use this structure" (the rows below are what is saved).
    ready = forms.ChoiceField(label=_("A ready structure"), choices=ready_choices, required=False)
    payouts = forms.CharField(
        label=_("Payouts by the number of entries"),
        widget=forms.Textarea(attrs={"rows": 5, "inputmode": "text"}),
        max_length=2000,
        help_text=_(
            "One line per table: the most entries it is for, a colon and the shares of "
            "1st, 2nd … place in whole percent, e.g. 10: 50, 30, 20. The last line holds "
            "for more entries too."
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.structure: Structure | None = None
        self.table: PayoutTable | None = None

    def clean_payouts(self) -> PayoutTable:
        try:
            return table_from_text(str(self.cleaned_data.get("payouts") or ""))
        except PayoutError as error:
            raise forms.ValidationError(str(error)) from None

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        try:
            self.structure = read_rows(self.data)
        except StructureError as error:
            self.add_error(None, str(error))
        return data

    def setup(self) -> Setup:
        data = self.cleaned_data
        return Setup(**{name: int(data[name]) for name in LIMITS})


# ---------------------------------------------------------------- the structure's rows


def row_initial(structure: Structure) -> list[dict[str, Any]]:
    """The editor's rows (and a few empty ones) from a structure."""
    rows = [
        {
            "minutes": item.minutes,
            "small_blind": "" if item.is_break else item.small_blind,
            "big_blind": "" if item.is_break else item.big_blind,
            "ante": "" if item.is_break else item.ante,
            "is_break": item.is_break,
            "colour_up": item.colour_up or "",
        }
        for item in structure.items
    ]
    return rows + [{"minutes": ""} for _ in range(SPARE_ROWS)]


def posted_rows(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The rows as posted (to show a refused form again as typed)."""
    count = whole_number(str(data.get("rows", "")), most=200) or 0
    return [
        {
            "minutes": data.get(f"r{n}-minutes", ""),
            "small_blind": data.get(f"r{n}-small_blind", ""),
            "big_blind": data.get(f"r{n}-big_blind", ""),
            "ante": data.get(f"r{n}-ante", ""),
            "is_break": bool(data.get(f"r{n}-break")),
            "colour_up": data.get(f"r{n}-colour_up", ""),
        }
        for n in range(count)
    ]


def _cell(value: object, *, empty: int | None = 0) -> object:
    """A typed cell: ASCII digits as a number, empty as ``empty``, else as typed (refused
    by the structure's check with the row's number)."""
    text = str(value or "").strip()
    if not text:
        return empty
    number = whole_number(text)
    return number if number is not None else text


def read_rows(data: Mapping[str, Any]) -> Structure:
    """The structure the editor's rows give; a row without minutes is left out."""
    items: list[Level] = []
    for number, row in enumerate(posted_rows(data), start=1):
        if not str(row["minutes"] or "").strip():
            continue
        items.append(
            make_level(
                minutes=_cell(row["minutes"]),
                small_blind=_cell(row["small_blind"]),
                big_blind=_cell(row["big_blind"], empty=None),
                ante=_cell(row["ante"]),
                is_break=bool(row["is_break"]),
                colour_up=_cell(row["colour_up"]),
                number=number,
            )
        )
    return make_structure(items)


# ---------------------------------------------------------------- during play


def _choices(players: Sequence[Player], empty: Any = None) -> list[tuple[Any, Any]]:
    options: list[tuple[Any, Any]] = [("", empty)] if empty is not None else []
    return options + [(p.pk, p.name) for p in players]


class PlayerPickForm(KeyedForm):
    """One player: who registers late, rebuys or takes the add-on."""

    player = forms.TypedChoiceField(label=_("Player"), coerce=int)

    def __init__(self, *args: Any, players: Sequence[Player], **kwargs: Any) -> None:
        # Ids of its own: the knockout form on the same page has a "player" field too.
        kwargs.setdefault("auto_id", "pick_%s")
        super().__init__(*args, **kwargs)
        field = self.fields["player"]
        assert isinstance(field, forms.TypedChoiceField)
        field.choices = _choices(players, "\u2013")


class KnockoutForm(KeyedForm):
    player = forms.TypedChoiceField(label=_("Who is out?"), coerce=int)
    by = forms.TypedChoiceField(
        label=_("Knocked out by"), coerce=int, required=False, empty_value=None
    )

    def __init__(
        self,
        *args: Any,
        players: Sequence[Player],
        broke: Collection[int] = (),
        **kwargs: Any,
    ) -> None:
        """``broke``: the ids of players a digital hand left with 0 chips, offered first
        as who is out, with their 0 chips (a hand knocks nobody out by itself)."""
        # Ids of its own: htmx settles elements of the same id from one page to the next.
        kwargs.setdefault("auto_id", "out_%s")
        super().__init__(*args, **kwargs)
        # No one chosen at first: a tap on "out" without a choice is refused, not a guess.
        for name, empty in (("player", "\u2013"), ("by", gettext("nobody named"))):
            field = self.fields[name]
            assert isinstance(field, forms.TypedChoiceField)
            field.choices = _choices(players, empty)
        out = self.fields["player"]
        assert isinstance(out, forms.TypedChoiceField)
        first = [p for p in players if p.pk in broke]
        out.choices = [("", "\u2013")] + [
            (p.pk, gettext("%(name)s (0 chips)") % {"name": p.name}) for p in first
        ]
        out.choices += [(p.pk, p.name) for p in players if p.pk not in broke]


class StartForm(KeyedForm):
    players = forms.TypedMultipleChoiceField(
        label=_("Who plays?"), coerce=int, widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, *args: Any, players: Sequence[Player], **kwargs: Any) -> None:
        kwargs.setdefault("auto_id", "start_%s")
        super().__init__(*args, **kwargs)
        field = self.fields["players"]
        assert isinstance(field, forms.TypedMultipleChoiceField)
        field.choices = _choices(players)


def chop_chips(data: Mapping[str, Any], entrants: Sequence[Entrant]) -> dict[int, int]:
    """The chip counts typed for the chop, by entrant id (a count left out or not a
    whole number is 0, which an ICM chop refuses by name)."""
    counts = {}
    for entrant in entrants:
        value = whole_number(str(data.get(f"chips-{entrant.pk}", "")).strip())
        counts[entrant.pk] = value or 0
    return counts
