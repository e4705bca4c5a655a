"""Forms of the next night: the host's plan and a player's answer."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from gamenight.forms.groups import KeyedForm
from gamenight.models import Answer


class NextNightForm(KeyedForm):
    date = forms.DateField(
        label=_("Date"), widget=forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"})
    )
    starts_at = forms.TimeField(
        label=_("Start time"),
        required=False,
        widget=forms.TimeInput(format="%H:%M", attrs={"type": "time"}),
    )
    place = forms.CharField(label=_("Place"), max_length=100, required=False)
    note = forms.CharField(
        label=_("Note for the players"),
        max_length=300,
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
    )


class AnswerForm(forms.Form):
    """One tap: the answer is the button's value. Setting the same answer twice is no
    change, so the form needs no key; a host may answer for any player of the group."""

    answer = forms.ChoiceField(choices=Answer.choices)
    player = forms.IntegerField(required=False, min_value=1, max_value=10**18)
