"""Row labels of a built report, worded when the page is shown.

A report is built once, by the worker, in the worker's language; the words of
its rows ("undo #3", "split") are therefore given here, in the reader's
language, from what the row is. Reports built before the rows said what they
are carry only the English label: it is read back.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from django.utils.translation import gettext

_OLD_UNDO = re.compile(r"undo(?: #(\d+))?")


def undo_label(deal: int | None) -> str:
    if deal is None:
        return gettext("undo")
    return gettext("undo of #%(deal)s") % {"deal": deal}


def guts_label(row: Mapping[str, object]) -> str:
    """The label of one row of the Guts pot's history: ``#4``, ``undo of #4``, ``split``."""
    kind, deal = row.get("kind"), row.get("deal")
    number = deal if isinstance(deal, int) else None
    if kind == "undo":
        return undo_label(number)
    if kind == "split":
        return gettext("split")
    if kind == "deal" and number is not None:
        return f"#{number}"
    label = str(row.get("label", ""))
    old = _OLD_UNDO.fullmatch(label)
    if old:
        return undo_label(int(old.group(1)) if old.group(1) else None)
    if label == "split":
        return gettext("split")
    return label
