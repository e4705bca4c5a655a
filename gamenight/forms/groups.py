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


NAME_LENGTH = 60  # Player.name's max_length


class PlayerForm(KeyedForm):
    """Several players at once (one name a line), or one with an email address."""

    names = forms.CharField(
        label=_("Names, one per line"),
        required=False,
        max_length=NAME_LENGTH * 30,
        widget=forms.Textarea(attrs={"rows": 6, "autocapitalize": "words"}),
    )
    name = forms.CharField(label=_("Name"), max_length=NAME_LENGTH, required=False)
    email = forms.EmailField(label=_("Email (optional)"), required=False)

    def clean(self) -> dict[str, Any]:
        # Form.clean() returns cleaned_data (the stubs allow None): use it directly.
        super().clean()
        data = self.cleaned_data
        listed = [line.strip() for line in str(data.get("names") or "").splitlines()]
        names = [name for name in listed if name]
        single = str(data.get("name") or "").strip()
        if single:
            names.append(single)
        for name in names:
            if len(name) > NAME_LENGTH:
                self.add_error(
                    "names",
                    _("%(name)s…: a name has at most %(most)s characters.")
                    % {"name": name[:20], "most": NAME_LENGTH},
                )
        twice = sorted({name for name in names if names.count(name) > 1})
        if twice:
            self.add_error("names", _("%(name)s is named twice.") % {"name": twice[0]})
        if data.get("email") and len(names) != 1:
            self.add_error("email", _("An email address goes with one player at a time."))
        if not names and "name" not in self.errors and "names" not in self.errors:
            self.add_error("names", _("Write at least one name."))
        data["all_names"] = names
        return data


class SeasonForm(KeyedForm):
    name = forms.CharField(label=_("Name"), max_length=60)
    starts_on = forms.DateField(
        label=_("Starts on"), widget=forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"})
    )
