"""The shared-cost form (issue 28): what, how much, who paid, who shares it."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import forms
from django.core.validators import DecimalValidator, MaxValueValidator, MinValueValidator
from django.utils.translation import gettext_lazy as _

from gamenight.forms.groups import KeyedForm
from gamenight.forms.numbers import AmountField, WholeNumberField
from gamenight.models import MAX_EXPENSE
from gamenight.money import DEFAULT_CURRENCY, as_decimal, digits
from gamenight.services.errors import REFUSALS


class ExpenseForm(KeyedForm):
    what = forms.CharField(
        label=_("What for"),
        max_length=100,
        widget=forms.TextInput(attrs={"placeholder": _("Pizza")}),
    )
    # Text with a decimal keyboard, not a number field: no steppers for money, and a
    # German phone's comma is taken (AmountField reads "12,50").
    amount = AmountField(
        label=_("Amount"),
        widget=forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off"}),
    )
    paid_by = forms.TypedChoiceField(label=_("Paid by"), coerce=int)
    shared_by = forms.TypedMultipleChoiceField(
        label=_("Shared by"),
        coerce=int,
        widget=forms.CheckboxSelectMultiple,
        error_messages={"required": REFUSALS["cost_no_sharer"]},
    )

    def __init__(
        self,
        *args: Any,
        players: list[tuple[int, str]],
        currency: str = DEFAULT_CURRENCY,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        paid_by = self.fields["paid_by"]
        shared_by = self.fields["shared_by"]
        assert isinstance(paid_by, forms.TypedChoiceField)
        assert isinstance(shared_by, forms.TypedMultipleChoiceField)
        paid_by.choices = [("", "—"), *players]
        shared_by.choices = players
        if not self.is_bound:
            # Usually everyone at the table shares the pizza.
            self.initial.setdefault("shared_by", [pk for pk, _name in players])
        # As many decimals as the group's currency has, from its smallest unit up.
        places = digits(currency)
        smallest = Decimal(1).scaleb(-places)
        amount = self.fields["amount"]
        assert isinstance(amount, AmountField)
        amount.decimal_places = places
        amount.validators = [
            MinValueValidator(smallest),
            MaxValueValidator(as_decimal(MAX_EXPENSE, currency)),
            DecimalValidator(None, places),
        ]
        amount.label = _("Amount in %(currency)s") % {"currency": currency}


class TakeBackForm(KeyedForm):
    expense = WholeNumberField(min_value=1, max_value=2**62)
