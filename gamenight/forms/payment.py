"""How a player likes to be paid (issue 28): each field checked by
gamenight/services/payment.py, its message next to the field."""

from __future__ import annotations

from collections.abc import Callable

from django import forms
from django.utils.translation import gettext_lazy as _

from gamenight.services.payment import (
    PaymentDetailsError,
    check_iban,
    check_link,
    check_paypal,
)


def _checked(check: Callable[[str], str], value: str) -> str:
    try:
        return check(value)
    except PaymentDetailsError as error:
        raise forms.ValidationError(str(error)) from None


class PaymentForm(forms.Form):
    """No key: saving the same values twice changes nothing."""

    iban = forms.CharField(
        label=_("IBAN"),
        max_length=50,
        required=False,
        help_text=_("For a bank transfer; euro transfers get a GiroCode to scan."),
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters"}),
    )
    holder = forms.CharField(
        label=_("Account holder"),
        max_length=70,
        required=False,
        help_text=_("As the bank knows the account; the player's name if left empty."),
    )
    paypal_me = forms.CharField(
        label=_("PayPal.me name"),
        max_length=100,
        required=False,
        help_text=_("The name after paypal.me/"),
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "none"}),
    )
    link = forms.CharField(
        label=_("Another payment link"),
        max_length=300,
        required=False,
        help_text=_("Any https:// address where friends can pay you."),
        widget=forms.URLInput(attrs={"autocomplete": "off"}),
    )

    def clean_iban(self) -> str:
        return _checked(check_iban, self.cleaned_data["iban"])

    def clean_paypal_me(self) -> str:
        return _checked(check_paypal, self.cleaned_data["paypal_me"])

    def clean_link(self) -> str:
        return _checked(check_link, self.cleaned_data["link"])
