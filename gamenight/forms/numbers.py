"""A form's whole-number field that reads only what a person types: ASCII digits.

Django's ``IntegerField`` reads with ``int()``, which quietly takes ``"١٢"``
(Arabic-Indic digits) as 12 (see gamenight/request_numbers.py): a night's ante
or starting stack would be set from something nobody typed as a number here.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms

_DIGITS = re.compile(r"-?[0-9]+")


class WholeNumberField(forms.IntegerField):
    """An ``IntegerField`` refusing any number not written in ASCII digits."""

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        text = str(value).strip()
        if not _DIGITS.fullmatch(text):
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return super().to_python(text)


_AMOUNT = re.compile(r"[0-9]+(?:[.,][0-9]+)?|[.,][0-9]+")


class AmountField(forms.DecimalField):
    """An amount of money in ASCII digits, with a point or (as German hands type it) a
    comma before the decimals; ``DecimalField`` alone takes "١٢" (Arabic-Indic digits)
    as 12. The currency's decimals are set by the form (gamenight/money.py)."""

    def to_python(self, value: Any) -> Any:
        if value in self.empty_values:
            return None
        text = str(value).strip()
        if not _AMOUNT.fullmatch(text):
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return super().to_python(text.replace(",", "."))
