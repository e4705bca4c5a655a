"""Forms of a player's page: rename, hide or show again, merge with another player."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from gamenight.forms.groups import NAME_LENGTH, KeyedForm
from gamenight.models import Player


class RenameForm(KeyedForm):
    name = forms.CharField(
        label=_("New name"),
        max_length=NAME_LENGTH,
        widget=forms.TextInput(attrs={"autocapitalize": "words", "autocomplete": "off"}),
        error_messages={"required": _("Write the new name.")},
    )


class HideForm(KeyedForm):
    """``hidden`` is "1" to hide, "0" to show again: the button says which."""

    hidden = forms.TypedChoiceField(
        choices=[("1", "1"), ("0", "0")], coerce=lambda v: v == "1", widget=forms.HiddenInput
    )


class LoginForm(KeyedForm):
    """Which member's login is this player ("" for nobody), from ``users``."""

    login = forms.TypedChoiceField(
        label=_("Logs in as"), coerce=int, empty_value=None, required=False
    )

    def __init__(self, *args: Any, users: Iterable[tuple[int, str]] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["login"]
        assert isinstance(field, forms.TypedChoiceField)
        field.choices = [("", _("nobody")), *users]


class MergePickForm(forms.Form):
    """Which other player is the same person (asked before the confirmation)."""

    other = forms.TypedChoiceField(label=_("Same person as"), coerce=int)

    def __init__(self, *args: Any, others: Iterable[Player] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["other"]
        assert isinstance(field, forms.TypedChoiceField)
        field.choices = [("", "—"), *((p.pk, p.name) for p in others)]


class MergeForm(KeyedForm):
    """The confirmation: merge ``other`` into the player whose page this is."""

    other = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=2**62)
