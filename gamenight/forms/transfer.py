"""Forms of issue 17's export and import: a group file to upload, a PokerNow ledger
to upload with its chip scale, and the PokerNow preview's choices: the group player
each PokerNow id is booked as (several ids may be one player), the scale again, and
the season the night's date falls in (issue 23)."""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any

from django import forms
from django.conf import settings
from django.template.defaultfilters import filesizeformat
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrPromise

from gamenight.forms.groups import KeyedForm
from gamenight.models import Player, Season
from gamenight.services.errors import REFUSALS
from gamenight.services.pokernow import MAX_BYTES, PokerNowPlayer, Target
from gamenight.services.seasons import covering

NEW_SEASON = "new"
# A choice of who a PokerNow id is: "p12" the group's player 12, "n3" a new player named
# as the file's fourth id (two ids may name the same one: they are booked together).
PLAYER, NEW = "p", "n"


class ScaleField(forms.DecimalField):
    """A decimal typed with a point or a comma ("0.10", German "0,10"); never with a
    thousands separator, which Django's localized reading would take "0.10" for in
    German (making it 10)."""

    def to_python(self, value: Any) -> Any:  # a Decimal (the stubs say int, as IntegerField)
        if isinstance(value, str) and "," in value and "." not in value:
            value = value.replace(",", ".")
        return super().to_python(value)


def scale_field() -> forms.DecimalField:
    """What one of the group's chips is at PokerNow: the divisor of every amount."""
    return ScaleField(
        label=_("Chip scale: PokerNow's amount for one of your chips"),
        help_text=_(
            "PokerNow stacks of 1,000 for your 50: 20. Chips one for one: 1. PokerNow's "
            "cents mode (amounts like 12.50) at 10 cents a chip: 0.10."
        ),
        min_value=Decimal("0.0001"),
        max_value=Decimal(1_000_000),
        max_digits=12,
        decimal_places=4,
        error_messages={
            "required": _("Give the chip scale: 1 when a PokerNow chip is one of yours.")
        },
        # Typed, not stepped: a scale is 20 or 0.10, and a "+" on either means nothing.
        widget=forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off"}),
    )


def _file_field(label: StrPromise, *, most: int) -> forms.FileField:
    choose = _("Choose the file to import.")
    return forms.FileField(
        label=label,
        error_messages={
            "required": choose,
            "empty": _("The file is empty: choose the file you exported."),
            "invalid": choose,
        },
        widget=forms.ClearableFileInput(attrs={"data-most-bytes": str(most)}),
    )


class GroupImportForm(KeyedForm):
    """The largest file taken is the setting GROUP_IMPORT_MAX_BYTES, said under the field."""

    file = _file_field(_("Group file (.json)"), most=0)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["file"]
        field.widget.attrs["data-most-bytes"] = str(settings.GROUP_IMPORT_MAX_BYTES)
        field.help_text = _(
            "At most %(size)s. A large group takes a few minutes; the next page shows how "
            "far the import has got."
        ) % {"size": filesizeformat(settings.GROUP_IMPORT_MAX_BYTES)}

    def clean_file(self) -> bytes:
        upload = self.cleaned_data["file"]
        most = settings.GROUP_IMPORT_MAX_BYTES
        if upload.size is not None and upload.size > most:
            raise forms.ValidationError(
                _("This file is too big for a group file: %(size)s, at most %(most)s.")
                % {"size": filesizeformat(upload.size), "most": filesizeformat(most)}
            )
        return bytes(upload.read())


class PokerNowUploadForm(forms.Form):
    file = _file_field(_("PokerNow ledger (.csv)"), most=MAX_BYTES)
    scale = scale_field()

    def clean_file(self) -> str:
        upload = self.cleaned_data["file"]
        if upload.size is not None and upload.size > MAX_BYTES:
            raise forms.ValidationError(REFUSALS["pokernow_too_big"])
        try:
            return str(upload.read().decode("utf-8-sig"))
        except UnicodeDecodeError:
            raise forms.ValidationError(
                _("This is not a PokerNow ledger: the file is not text.")
            ) from None


class PokerNowConfirmForm(KeyedForm):
    """The ledger's text travels in the form (nothing is stored before the confirm);
    one choice per PokerNow player, in the order of the preview."""

    text = forms.CharField(widget=forms.HiddenInput, max_length=MAX_BYTES, strip=False)
    scale = scale_field()
    season = forms.ChoiceField(label=_("Season"), required=False)

    def __init__(
        self,
        *args: Any,
        players: list[PokerNowPlayer],
        group_players: list[Player],
        seasons: list[Season],
        day: datetime.date,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.pokernow = players
        # Only the seasons the night's date falls in; a new one when none does.
        fitting = covering(seasons, day)
        season_field = self.fields["season"]
        assert isinstance(season_field, forms.ChoiceField)
        season_field.choices = [
            ("", _("no season")),
            *([(str(fitting.pk), fitting.name)] if fitting else []),
            *(
                []
                if fitting
                else [
                    (
                        NEW_SEASON,
                        _("a new season from %(date)s")
                        % {"date": date_format(day, "SHORT_DATE_FORMAT")},
                    )
                ]
            ),
        ]
        if not self.is_bound:
            self.initial["season"] = str(fitting.pk) if fitting else NEW_SEASON
        # Every id may be a new player named as any id of the file: two ids named alike
        # are one new player.
        new = {p.nickname: f"{NEW}{i}" for i, p in reversed(list(enumerate(players)))}
        options = [
            *((f"{PLAYER}{p.pk}", p.name) for p in group_players),
            *((code, _("new player: %(name)s") % {"name": name}) for name, code in new.items()),
        ]
        choose = _("Choose a player of this group.")
        for index, player in enumerate(players):
            self.fields[f"player_{index}"] = forms.ChoiceField(
                label=player.nickname,
                choices=options,
                error_messages={"invalid_choice": choose, "required": choose},
            )
            if not self.is_bound:
                self.initial[f"player_{index}"] = (
                    f"{PLAYER}{player.match}" if player.match else new[player.nickname]
                )

    def player_fields(self) -> list[tuple[PokerNowPlayer, forms.BoundField]]:
        return [(p, self[f"player_{i}"]) for i, p in enumerate(self.pokernow)]

    def choices(self) -> list[Target]:
        """Each id's target (pokernow.Target): a group player's id or a new name."""
        targets: list[Target] = []
        for i in range(len(self.pokernow)):
            code = str(self.cleaned_data.get(f"player_{i}") or "")
            if code.startswith(PLAYER):
                targets.append(int(code[len(PLAYER) :]))
            else:
                targets.append(self.pokernow[int(code[len(NEW) :])].nickname)
        return targets

    def season_choice(self) -> tuple[int | None, bool]:
        """The season chosen (its id) and whether a new one is to be made."""
        value = self.cleaned_data.get("season") or ""
        if value == NEW_SEASON:
            return None, True
        return (int(value) if value else None), False
