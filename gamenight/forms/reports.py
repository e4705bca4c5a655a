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


class MarkPaidForm(KeyedForm):
    """A transfer of the settle-up marked paid (``paid`` 1) or the mark taken back (0).

    The transfer travels as the page showed it (payer, payee, cents): if the
    results were corrected since, it is no longer the night's and is refused.
    """

    payer = forms.IntegerField(min_value=1, max_value=2**62)
    payee = forms.IntegerField(min_value=1, max_value=2**62)
    cents = forms.IntegerField(min_value=1, max_value=2**31 - 1)
    paid = forms.TypedChoiceField(choices=[("1", "1"), ("0", "0")], coerce=lambda v: v == "1")
    # Which page the form was on, to answer there: the night's report or the owes page.
    back = forms.ChoiceField(choices=[("report", "report"), ("owes", "owes")], required=False)
