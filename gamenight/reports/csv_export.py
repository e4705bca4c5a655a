"""The CSV of every ledger entry of a night (or of a season's nights)."""

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


def entries_csv(rows: Iterable[LedgerRow], *, nights: Mapping[int, str] | None = None) -> str:
    """One line per entry, oldest first; ``nights`` (label by night id) adds a first column."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow((("night",) if nights else ()) + COLUMNS)
    for row in rows:
        writer.writerow(
            ((nights.get(row.night_id, ""),) if nights else ())
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
