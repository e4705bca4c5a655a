"""The report pages' small forms: build again, mail again, the chip's value."""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.utils.translation import gettext_lazy as _

from gamenight.forms.groups import KeyedForm


class RebuildForm(KeyedForm):
    pass


class MailAgainForm(KeyedForm):
    pass


class ChipValueForm(KeyedForm):
    chip_value = forms.DecimalField(
        label=_("Value of one chip"),
        help_text=_("In your currency, e.g. 0.10. Leave empty for no money figures."),
        required=False,
        min_value=Decimal("0.01"),
        max_value=Decimal("10000"),
        decimal_places=2,
        widget=forms.NumberInput(attrs={"inputmode": "decimal", "step": "0.01"}),
    )
