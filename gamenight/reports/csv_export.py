"""The CSV of every ledger entry of a night (or of a season's nights).

The file is opened in spreadsheet programs and mailed to every player, and
player names, memos and reasons are typed by people: a text cell that starts
with ``= + - @``, a tab or a carriage return would be run as a formula there
(CSV injection), so such cells get a leading apostrophe, as OWASP advises and
spreadsheets show it. Numbers are written as numbers, signs and all.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping

from gamenight.reports.night import LedgerRow

COLUMNS = (
    "entry",
    "transaction",
    "time",
    "kind",
    "reverses",
    "deal",
    "game",
    "account",
    "player",
    "amount",
    "reason",
    "summary",
)


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
    writer.writerow((("night",) if nights else ()) + COLUMNS)
    for row in rows:
        writer.writerow(
            safe_cell(cell)
            for cell in ((nights.get(row.night_id, ""),) if nights else ())
            + (
                row.entry_id,
                row.transaction_id,
                row.created_at,
                row.kind,
                row.reverses_id or "",
                row.deal_number or "",
                row.game,
                row.account_kind,
                row.player_name,
                row.amount,
                row.reason,
                row.summary,
            )
        )
    return buffer.getvalue()
