"""Forms of groups, players and seasons; every form that writes carries a key."""

from __future__ import annotations

import dataclasses
import uuid
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from gamenight.models import Role
from gamenight.request_numbers import whole_number
from gamenight.services.errors import REFUSALS
from gamenight.services.scoring import (
    MAX_PLACES,
    MAX_POINTS,
    PRESETS,
    TIE_BREAKS,
    ScoringRule,
    preset,
)


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


def _preset_choices() -> list[tuple[str, Any]]:
    return [(p.slug, p.label) for p in PRESETS] + [("custom", _("My own rule (below)"))]


class SeasonForm(KeyedForm):
    name = forms.CharField(label=_("Name"), max_length=60)
    starts_on = forms.DateField(
        label=_("Starts on"), widget=forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"})
    )
    ends_on = forms.DateField(
        label=_("Ends on"),
        required=False,
        help_text=_("Leave empty while the end is open."),
        widget=forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"}),
    )
    # Not required: a form without these fields (an older page) is a plain chip count.
    preset = forms.ChoiceField(
        label=_("Scoring"), choices=_preset_choices, initial="chips", required=False
    )
    places = forms.CharField(
        label=_("Points by place"),
        required=False,
        max_length=200,
        help_text=_("For 1st, 2nd, 3rd … place of a night, separated by commas: 10, 7, 5"),
    )
    taking_part = forms.IntegerField(
        label=_("Points for taking part"),
        min_value=0,
        max_value=MAX_POINTS,
        initial=0,
        required=False,
    )
    best_nights = forms.IntegerField(
        label=_("Only the best nights count"),
        min_value=0,
        max_value=1000,
        initial=0,
        required=False,
        help_text=_("How many of a player's best nights count for points; 0: every night."),
    )
    tie_break = forms.ChoiceField(
        label=_("A tie is broken by"),
        choices=list(TIE_BREAKS.items()),
        initial="net",
        required=False,
    )
    empty_nights = forms.BooleanField(
        label=_("A night without a game gives the points for taking part too"),
        required=False,
        help_text=_(
            "Otherwise a night where no game was recorded counts for nobody: no points, "
            "no night played or won."
        ),
    )

    def clean_places(self) -> tuple[int, ...]:
        raw = str(self.cleaned_data.get("places") or "").replace(" ", "")
        parts = [whole_number(p, most=MAX_POINTS) for p in raw.split(",") if p]
        if None in parts:
            raise forms.ValidationError(
                _("Write whole numbers from 0 to %(most)s, separated by commas.")
                % {"most": MAX_POINTS}
            )
        if len(parts) > MAX_PLACES:
            raise forms.ValidationError(
                _("At most %(most)s places score points.") % {"most": MAX_PLACES}
            )
        return tuple(p for p in parts if p is not None)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        starts, ends = data.get("starts_on"), data.get("ends_on")
        if starts and ends and ends < starts:
            self.add_error("ends_on", REFUSALS["season_ends_early"])
        chosen = preset(str(data.get("preset", "")))
        if chosen is None:
            chosen = ScoringRule(
                places=tuple(data.get("places") or ()),
                taking_part=int(data.get("taking_part") or 0),
                best_nights=int(data.get("best_nights") or 0),
                tie_break=str(data.get("tie_break") or "net"),
            )
        # Said explicitly or not at all, whatever the preset (issue 23).
        data["rule"] = dataclasses.replace(chosen, empty_nights=bool(data.get("empty_nights")))
        return data

    @classmethod
    def initial_for(cls, rule: ScoringRule) -> dict[str, Any]:
        """The fields of a stored rule (as "my own rule" unless it is a preset)."""
        slug = next((p.slug for p in PRESETS if p.rule == rule), "custom")
        return {
            "preset": slug,
            "places": ", ".join(str(p) for p in rule.places),
            "taking_part": rule.taking_part,
            "best_nights": rule.best_nights,
            "tie_break": rule.tie_break,
            "empty_nights": rule.empty_nights,
        }
