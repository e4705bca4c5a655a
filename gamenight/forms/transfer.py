"""Forms of issue 17's export and import: a group file to upload, a PokerNow ledger
to upload, and the PokerNow preview's choice of a group player for each nickname."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrPromise

from gamenight.forms.groups import KeyedForm
from gamenight.models import Player, Season
from gamenight.services.pokernow import MAX_BYTES, PokerNowPlayer

NEW_PLAYER = ""


def _file_field(label: StrPromise, *, most: int) -> forms.FileField:
    return forms.FileField(
        label=label,
        error_messages={
            "required": _("Choose the file to import."),
            "empty": _("The file is empty: choose the file you exported."),
            "invalid": _("Choose the file to import."),
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

    def clean_file(self) -> str:
        upload = self.cleaned_data["file"]
        if upload.size is not None and upload.size > MAX_BYTES:
            raise forms.ValidationError(_("This file is too big for a PokerNow ledger."))
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
    season = forms.TypedChoiceField(label=_("Season"), required=False, coerce=int, empty_value=None)

    def __init__(
        self,
        *args: Any,
        players: list[PokerNowPlayer],
        group_players: list[Player],
        seasons: list[Season],
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.pokernow = players
        season_field = self.fields["season"]
        assert isinstance(season_field, forms.TypedChoiceField)
        season_field.choices = [("", _("no season")), *((s.pk, s.name) for s in seasons)]
        for index, player in enumerate(players):
            new = _("new player: %(name)s") % {"name": player.nickname}
            self.fields[f"player_{index}"] = forms.TypedChoiceField(
                label=player.nickname,
                choices=[(NEW_PLAYER, new), *((p.pk, p.name) for p in group_players)],
                required=False,
                coerce=int,
                empty_value=None,
                error_messages={"invalid_choice": _("Choose a player of this group.")},
            )
            if not self.is_bound:
                self.initial[f"player_{index}"] = player.match if player.match else NEW_PLAYER

    def player_fields(self) -> list[tuple[PokerNowPlayer, forms.BoundField]]:
        return [(p, self[f"player_{i}"]) for i, p in enumerate(self.pokernow)]

    def choices(self) -> list[int | None]:
        return [self.cleaned_data.get(f"player_{i}") for i in range(len(self.pokernow))]
