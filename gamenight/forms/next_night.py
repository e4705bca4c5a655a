"""A player's answer to the next night (the plan is the night form, gamenight/forms/nights.py)."""

from __future__ import annotations

from django import forms

from gamenight.models import Answer


class AnswerForm(forms.Form):
    """One tap: the answer is the button's value. Setting the same answer twice is no
    change, so the form needs no key; a host may answer for any player of the group."""

    answer = forms.ChoiceField(choices=Answer.choices)
    player = forms.IntegerField(required=False, min_value=1, max_value=10**18)
