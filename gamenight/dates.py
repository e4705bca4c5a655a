"""A night's day in a few characters, as charts and tables show it, in the reader's way.

Django's "j M" gives "4 Dez" in German, which lacks both periods ("4. Dez.");
each language words its short day here: the format itself is in the catalogue.
"""

from __future__ import annotations

import datetime

from django.utils.formats import date_format
from django.utils.translation import pgettext


def short_day(day: datetime.date) -> str:
    """``Dec. 4`` in English, ``4. Dez.`` in German (months as short as the language has them)."""
    # Translators: a Django date format (https://docs.djangoproject.com/en/5.2/ref/templates/builtins/#date)
    return date_format(day, pgettext("short day and month, a Django date format", "N j"))
