"""The report pages' small forms: build again, mail again, the chip's value; and the
group's currency and time zone beside it."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import forms
from django.core.validators import DecimalValidator, MaxValueValidator, MinValueValidator
from django.utils.translation import gettext_lazy as _

from gamenight.forms.groups import KeyedForm
from gamenight.forms.numbers import AmountField
from gamenight.money import DEFAULT_CURRENCY, currency_choices, digits, money, to_minor
from gamenight.services.group_settings import time_zones


class RebuildForm(KeyedForm):
    pass


class MailAgainForm(KeyedForm):
    pass


class ChipValueForm(KeyedForm):
    """What one chip is worth, in the group's currency, to as many decimals as it has."""

    chip_value = AmountField(
        label=_("Value of one chip"),
        required=False,
        max_value=Decimal("10000"),
        widget=forms.NumberInput(attrs={"inputmode": "decimal"}),
    )

    def __init__(self, *args: Any, currency: str = DEFAULT_CURRENCY, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        places = digits(currency)
        smallest = Decimal(1).scaleb(-places)
        field = self.fields["chip_value"]
        assert isinstance(field, AmountField)
        field.decimal_places = places
        field.validators = [
            MinValueValidator(smallest),
            MaxValueValidator(Decimal("10000")),
            DecimalValidator(None, places),
        ]
        field.widget.attrs.update(step=str(smallest), min=str(smallest))
        example = money(to_minor(Decimal("0.10"), currency) or 1, currency)
        field.help_text = _(
            "In %(currency)s, e.g. %(example)s. Leave empty for no money figures from chips."
        ) % {"currency": currency, "example": example}


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


class MoneyAndTimeForm(KeyedForm):
    """The group's currency (ISO 4217, named in the reader's language) and time zone."""

    currency = forms.ChoiceField(label=_("Currency"))
    time_zone = forms.ChoiceField(
        label=_("Time zone"),
        help_text=_("Where the group meets: the calendar files give the start time there."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Here, not at import: the names follow the page's language.
        currency = self.fields["currency"]
        zone = self.fields["time_zone"]
        assert isinstance(currency, forms.ChoiceField)
        assert isinstance(zone, forms.ChoiceField)
        currency.choices = currency_choices()
        zone.choices = [(z, z) for z in time_zones()]
