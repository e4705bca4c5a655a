"""Payout tables: which places are paid and how much, by the number of entries.

A table has rows "up to N entries: p1 %, p2 %, ..." (the last row also holds for
more entries); the host edits it per tournament. The number of entries is the
number of players registered: a rebuy or an add-on makes the prize pool bigger,
not the number of places paid.

Prizes are whole chips of the group (the ledger's unit: a chip is worth the
group's chip value, so a prize in whole chips is a prize rounded to the chip
value). Each place gets its percentage of the pool rounded down; the chips
that rounding leaves over go to the winner, so the prizes add up to the pool
exactly and nothing is created or lost.

The ready table (:data:`DEFAULT_TABLE`), from what home-game guides print:
- up to 3 entries: winner takes all (too few players to pay a second place);
- 4 to 6: 60 / 40, "for a short-handed (6 people) tourney, the most common
  payout is 60% / 40% to the top 2" (homepokergames.com, *Home Poker
  Tournament - Payout Structure*);
- 7 to 10: 50 / 30 / 20, "a common payout structure for a 7-10 man
  tournament" (pokerclock.com, *How to Set Up a Poker Payout Schedule*; the
  same page of homepokergames.com gives it for 8 to 10);
- 11 and more: 45 / 25 / 15 / 10 / 5, homepokergames.com's sample for 20
  players.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

MAX_ROWS = 20
MAX_PLACES = 20
MAX_ENTRIES = 1000


class PayoutError(ValueError):
    """A payout table that cannot pay; the message says what to change."""


@dataclass(frozen=True)
class PayoutRow:
    up_to: int
    percents: tuple[int, ...]


@dataclass(frozen=True)
class PayoutTable:
    rows: tuple[PayoutRow, ...]

    def percents_for(self, entries: int) -> tuple[int, ...]:
        """The percentages paid with ``entries`` entries. Never more places than entries:
        the shares of places nobody can take go to the winner."""
        row = next((r for r in self.rows if entries <= r.up_to), self.rows[-1])
        paid = max(entries, 1)
        if len(row.percents) <= paid:
            return row.percents
        kept = row.percents[:paid]
        return (kept[0] + sum(row.percents[paid:]), *kept[1:])

    def to_json(self) -> list[dict[str, Any]]:
        return [{"up_to": r.up_to, "percents": list(r.percents)} for r in self.rows]

    def as_text(self) -> str:
        """The table as the editor shows it: one row a line, ``10: 50, 30, 20``."""
        return "\n".join(f"{r.up_to}: {', '.join(str(p) for p in r.percents)}" for r in self.rows)


DEFAULT_TABLE = PayoutTable(
    rows=(
        PayoutRow(3, (100,)),
        PayoutRow(6, (60, 40)),
        PayoutRow(10, (50, 30, 20)),
        PayoutRow(20, (45, 25, 15, 10, 5)),
    )
)


def make_table(rows: Sequence[tuple[int, Sequence[int]]]) -> PayoutTable:
    """A table from (up to, percentages) rows, checked: each row's percentages are
    whole numbers adding up to 100, best place first, and no more places than
    entries."""
    if not rows:
        raise PayoutError(gettext("A payout table needs at least one row."))
    if len(rows) > MAX_ROWS:
        raise PayoutError(gettext("A payout table has at most %(most)s rows.") % {"most": MAX_ROWS})
    checked: list[PayoutRow] = []
    for up_to, percents in sorted(rows, key=lambda r: r[0]):
        where = {"n": up_to}
        if not 1 <= up_to <= MAX_ENTRIES:
            raise PayoutError(
                gettext("The number of entries of a row must be from 1 to %(most)s.")
                % {"most": MAX_ENTRIES}
            )
        if not percents or len(percents) > MAX_PLACES or any(p <= 0 for p in percents):
            raise PayoutError(
                gettext("Up to %(n)s entries: give each paid place a share above 0.") % where
            )
        if sum(percents) != 100:
            raise PayoutError(
                gettext("Up to %(n)s entries: the shares add up to %(sum)s %%, not 100 %%.")
                % {**where, "sum": sum(percents)}
            )
        if list(percents) != sorted(percents, reverse=True):
            raise PayoutError(
                gettext("Up to %(n)s entries: a better place never gets less.") % where
            )
        if len(percents) > up_to:
            raise PayoutError(
                gettext("Up to %(n)s entries: more places are paid than players enter.") % where
            )
        if checked and checked[-1].up_to == up_to:
            raise PayoutError(gettext("Two rows are for up to %(n)s entries.") % where)
        checked.append(PayoutRow(up_to=up_to, percents=tuple(percents)))
    return PayoutTable(rows=tuple(checked))


def table_from_json(data: object) -> PayoutTable:
    """A stored table, checked; an empty or unreadable one is the ready table."""
    if not isinstance(data, list) or not data:
        return DEFAULT_TABLE
    rows = []
    for row in data:
        if not isinstance(row, dict):
            return DEFAULT_TABLE
        up_to, percents = row.get("up_to"), row.get("percents")
        if not _whole(up_to) or not isinstance(percents, list) or not all(map(_whole, percents)):
            return DEFAULT_TABLE
        rows.append((int(up_to), [int(p) for p in percents]))  # type: ignore[arg-type]
    try:
        return make_table(rows)
    except PayoutError:
        return DEFAULT_TABLE


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def table_from_text(text: str) -> PayoutTable:
    """The editor's text (``10: 50, 30, 20`` a line), checked (:class:`PayoutError`)."""
    rows: list[tuple[int, list[int]]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line:
            continue
        head, colon, tail = line.partition(":")
        up_to = _ascii_whole(head)
        percents = [_ascii_whole(p) for p in tail.replace(";", ",").split(",") if p.strip()]
        if not colon or up_to is None or not percents or None in percents:
            raise PayoutError(
                gettext(
                    "Line %(n)s: write the most entries, a colon and the shares in whole "
                    "percent, e.g. 10: 50, 30, 20"
                )
                % {"n": number}
            )
        rows.append((up_to, [p for p in percents if p is not None]))
    return make_table(rows)


def _ascii_whole(text: str) -> int | None:
    text = text.strip().removesuffix("%").strip()
    if not text or len(text) > 6 or not all("0" <= c <= "9" for c in text):
        return None
    return int(text)


def prizes(pool: int, percents: Sequence[int]) -> list[int]:
    """Each paid place's prize in whole chips: its share rounded down, the chips left
    over to the winner (so they add up to ``pool``).

    >>> prizes(1001, (50, 30, 20))
    [501, 300, 200]
    """
    if pool <= 0 or not percents:
        return [0] * len(percents)
    paid = [pool * p // 100 for p in percents]
    paid[0] += pool - sum(paid)
    return paid
