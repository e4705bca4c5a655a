"""Forms of groups, players and seasons; every form that writes carries a key."""

from __future__ import annotations

import uuid
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from gamenight.models import Role


def new_key() -> str:
    return uuid.uuid4().hex


class KeyedForm(forms.Form):
    """A form with a hidden idempotency key, made when the form is first shown.

    A double tap or a retry sends the same key again, so it records once.
    """

    key = forms.CharField(widget=forms.HiddenInput, max_length=100)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not self.is_bound:
            self.initial.setdefault("key", new_key())


class GroupForm(KeyedForm):
    name = forms.CharField(label=_("Name of the group"), max_length=100)


class RoleForm(KeyedForm):
    role = forms.ChoiceField(
        label=_("Role"), choices=[(Role.COHOST, _("co-host")), (Role.PLAYER, _("player"))]
    )


class JackGamesForm(KeyedForm):
    """Jack the Shifter's agreed list: one checkbox per game a jack may switch to."""

    games = forms.MultipleChoiceField(
        label=_("Games a jack may switch to"),
        widget=forms.CheckboxSelectMultiple,
        required=False,
        error_messages={
            "invalid_choice": _("%(value)s is not a game a jack may switch to."),
            "invalid_list": _("Choose games from the list."),
        },
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Here, not at import: the titles follow the page's language and the catalogue.
        from gamenight.games import game_title
        from gamenight.services.jack_games import jack_targets

        field = self.fields["games"]
        assert isinstance(field, forms.MultipleChoiceField)
        field.choices = [(game, game_title(game)) for game in jack_targets()]


class PlayerForm(KeyedForm):
    name = forms.CharField(label=_("Name"), max_length=60)
    email = forms.EmailField(label=_("Email (optional)"), required=False)


class SeasonForm(KeyedForm):
    name = forms.CharField(label=_("Name"), max_length=60)
    starts_on = forms.DateField(
        label=_("Starts on"), widget=forms.DateInput(attrs={"type": "date"})
    )
