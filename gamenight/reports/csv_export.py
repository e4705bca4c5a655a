"""The CSV of every ledger entry of a night (or of a season's nights).

The file is opened in spreadsheet programs and mailed to every player, and
player names, memos and reasons are typed by people: a text cell that starts
with ``= + - @``, a tab or a carriage return would be run as a formula there
(CSV injection), so such cells get a leading apostrophe, as OWASP advises and
spreadsheets show it. Numbers are written as numbers, signs and all.
"""

from __future__ import annotations

import csv
import functools
import io
from collections.abc import Iterable, Mapping

from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrPromise

from gamenight.games import game_title
from gamenight.models import AccountKind, TransactionKind
from gamenight.reports.night import LedgerRow

# The header row, in the reader's language (the file is opened by people).
COLUMNS: tuple[StrPromise, ...] = (
    _("entry"),
    _("transaction"),
    _("time"),
    _("kind"),
    _("reverses"),
    _("deal"),
    _("game"),
    _("account"),
    _("player"),
    _("amount"),
    _("reason"),
    _("summary"),
)
NIGHT_COLUMN = _("night")


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: object) -> object:
    """A text cell that a spreadsheet would run as a formula, made inert; others as they are."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def entries_csv(rows: Iterable[LedgerRow], *, nights: Mapping[int, str] | None = None) -> str:
    """One line per entry, oldest first; ``nights`` (label by night id) adds a first column."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    # Labels looked up once per value, not per row: a group's whole ledger has
    # hundreds of thousands of rows and a handful of kinds and games.
    transaction_kind = functools.cache(lambda value: _choice(TransactionKind, value))
    account_kind = functools.cache(lambda value: _choice(AccountKind, value))
    title = functools.cache(game_title)
    writer.writerow([str(c) for c in ((NIGHT_COLUMN,) if nights else ()) + COLUMNS])
    for row in rows:
        writer.writerow(
            safe_cell(cell)
            for cell in ((nights.get(row.night_id, ""),) if nights else ())
            + (
                row.entry_id,
                row.transaction_id,
                row.created_at,
                transaction_kind(row.kind),
                row.reverses_id or "",
                row.deal_number or "",
                title(row.game) if row.game else "",
                account_kind(row.account_kind),
                row.player_name,
                row.amount,
                row.reason,
                row.summary,
            )
        )
    return buffer.getvalue()


def _choice(kinds: type[TransactionKind] | type[AccountKind], value: str) -> str:
    """A stored kind as its label in the reader's language; an unknown one as it is."""
    try:
        return str(kinds(value).label)
    except ValueError:
        return value
