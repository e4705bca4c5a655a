"""The figures of one closed night, computed from its ledger entries.

A player's *result* is what the games moved on their stack (as in the season
standings); buy-ins, carried stacks, rebuys and cash-outs are chips changing
hands with the bank. So for every player

    final stack = bought in + rebuys + result,

where the final stack counts the chips they cashed out on leaving. An undone
transaction and its undo are left out of every figure and of the chart (they
cancel out to the chip); the CSV still lists every entry. What a deal's pot is
is set out in :mod:`gamenight.reports.pots`.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q
from django.utils.translation import gettext

from engine.chips.settle_up import UnbalancedNetsError, settle_up
from gamenight.engine_words.ledger import memo_text
from gamenight.models import (
    AccountKind,
    Deal,
    DealStatus,
    Entry,
    Night,
    NightStatus,
    Seat,
    TransactionKind,
)
from gamenight.models.deals import starts_a_game
from gamenight.reports import COST_WITHOUT_SEAT, BadReportDataError
from gamenight.reports.labels import undo_label
from gamenight.reports.pots import digital_pots
from gamenight.services.expenses import cost_nets, standing_expenses
from gamenight.tournaments.report import tournament_report

DEAL_KINDS = frozenset(
    {TransactionKind.TABLE_HAND, TransactionKind.GUTS_DEAL, TransactionKind.SHELBY_ROUND}
)
# A tournament's money is its players' result (gamenight/tournaments/ledger.py).
TOURNAMENT_KINDS = frozenset({TransactionKind.TOURNAMENT_ENTRY, TransactionKind.TOURNAMENT_PAYOUT})
GAME_KINDS = DEAL_KINDS | {TransactionKind.POT_SPLIT} | TOURNAMENT_KINDS
BUY_KINDS = frozenset({TransactionKind.BUY_IN, TransactionKind.CARRY})
BIGGEST_POTS = 5


@dataclass(frozen=True)
class LedgerRow:
    """One entry with what the report needs of its transaction and account."""

    entry_id: int
    transaction_id: int
    night_id: int
    created_at: str
    kind: str
    original_kind: str
    reverses_id: int | None
    deal_number: int | None
    game: str
    account_kind: str
    account_night_id: int | None
    player_id: int | None
    player_name: str
    amount: int
    reason: str
    summary: str


@dataclass
class PlayerFigures:
    player_id: int
    name: str
    position: int
    bought_in: int = 0
    rebuys: int = 0
    cashed_out: int = 0
    result: int = 0
    dealt: int = 0

    @property
    def final_stack(self) -> int:
        return self.bought_in + self.rebuys + self.result


@dataclass
class NightFigures:
    data: dict[str, Any]
    rows: list[LedgerRow]
    timeline_labels: list[str] = field(default_factory=list)
    timeline: dict[str, list[int]] = field(default_factory=dict)


def ledger_rows(night_ids: list[int]) -> list[LedgerRow]:
    """Every entry of the nights' transactions, in the order they were written."""
    return _entry_rows(Q(transaction__night_id__in=night_ids))


def group_ledger_rows(group_id: int) -> list[LedgerRow]:
    """Every entry of the group, in the order it was written (the host's ledger CSV)."""
    return _entry_rows(Q(transaction__group_id=group_id))


def _entry_rows(which: Q) -> list[LedgerRow]:
    # The same memo comes back on thousands of rows ("buy-in of 100", a transaction's
    # summary on each of its entries): each is worded once (a group's whole ledger
    # took 56 s worded row by row, for 246,491 entries).
    said: dict[tuple[str, str], str] = {}

    def worded(text: str, words: Any) -> str:
        key = (text, json.dumps(words, sort_keys=True) if words else "")
        if key not in said:
            said[key] = memo_text(text, words)
        return said[key]

    values = (
        Entry.objects.filter(which)
        .order_by("transaction_id", "id")
        .values_list(
            "id",
            "transaction_id",
            "transaction__night_id",
            "transaction__created_at",
            "transaction__kind",
            "transaction__reverses__kind",
            "transaction__reverses_id",
            "transaction__deal__number",
            "transaction__deal__game",
            "account__kind",
            "account__night_id",
            "account__player_id",
            "account__player__name",
            "amount",
            "reason",
            "transaction__summary",
            "words",
            "transaction__summary_words",
        )
    )
    return [
        LedgerRow(
            entry_id=entry_id,
            transaction_id=tx,
            night_id=night_id,
            created_at=created.isoformat(),
            kind=kind,
            original_kind=reversed_kind or kind,
            reverses_id=reverses,
            deal_number=number,
            game=game or "",
            account_kind=account_kind,
            account_night_id=account_night,
            player_id=player,
            player_name=name or "",
            amount=int(amount),
            # Memos and summaries in the reader's language (issue 15), old rows included.
            reason=worded(reason, words),
            summary=worded(summary, summary_words),
        )
        for (
            entry_id,
            tx,
            night_id,
            created,
            kind,
            reversed_kind,
            reverses,
            number,
            game,
            account_kind,
            account_night,
            player,
            name,
            amount,
            reason,
            summary,
            words,
            summary_words,
        ) in values
    ]


def night_figures(
    night: Night, *, chip_value_cents: int | None, rows: list[LedgerRow] | None = None
) -> NightFigures:
    """The report's figures (JSON-ready ``data``) and the rows for the CSV.

    Raises :class:`BadReportDataError` for a night that cannot have a report.
    """
    if night.status != NightStatus.CLOSED:
        raise BadReportDataError(gettext("the night is not over yet"))
    seats = list(Seat.objects.filter(night=night).select_related("player").order_by("position"))
    if not seats:
        raise BadReportDataError(gettext("nobody sat at this night's table"))
    if rows is None:
        rows = ledger_rows([night.pk])
    players = {
        s.player_id: PlayerFigures(player_id=s.player_id, name=s.player.name, position=s.position)
        for s in seats
    }
    # An undone transaction and its undo cancel out to the chip: the report is of
    # the night as played, so neither is plotted or counted (the CSV keeps both).
    reversed_ids = {r.reverses_id for r in rows if r.reverses_id is not None}
    undone = reversed_ids | {r.transaction_id for r in rows if r.reverses_id is not None}
    digital = digital_pots(
        r.transaction_id for r in rows if r.kind in DEAL_KINDS and r.transaction_id not in undone
    )

    # Stacks over the night: one point before the first game, then one after each. A
    # player who left is drawn at what they took home (their stack is 0 after the
    # cash-out), as the results table counts it: final stack = stack + cashed out.
    stacks: dict[int, int] = dict.fromkeys(players, 0)
    labels: list[str] = []
    series: dict[int, list[int]] = {p: [] for p in players}
    guts_pot = guts_reserve = 0
    guts_history: list[dict[str, Any]] = []
    pots: list[dict[str, Any]] = []
    by_tx: dict[int, list[LedgerRow]] = defaultdict(list)
    for row in rows:
        if row.transaction_id not in undone:
            by_tx[row.transaction_id].append(row)
    started = False
    for tx_rows in by_tx.values():
        head = tx_rows[0]
        is_game = head.original_kind in GAME_KINDS
        if is_game and not started:
            labels.append(gettext("start"))
            for p in players:
                series[p].append(stacks[p] + players[p].cashed_out)
            started = True
        touched_guts = False
        won: dict[int, int] = defaultdict(int)
        for row in tx_rows:
            if row.account_kind == AccountKind.STACK and row.account_night_id == night.pk:
                if row.player_id not in players:
                    raise BadReportDataError(
                        gettext("a stack entry for a player without a seat (entry %(id)s)")
                        % {"id": row.entry_id}
                    )
                figures = players[row.player_id]
                stacks[figures.player_id] += row.amount
                if row.original_kind in BUY_KINDS:
                    figures.bought_in += row.amount
                elif row.original_kind == TransactionKind.REBUY:
                    figures.rebuys += row.amount
                elif row.original_kind == TransactionKind.CASH_OUT:
                    figures.cashed_out -= row.amount
                elif row.original_kind in GAME_KINDS:
                    figures.result += row.amount
                    if row.amount > 0:
                        won[figures.player_id] += row.amount
            elif row.account_kind == AccountKind.GUTS_POT:
                guts_pot += row.amount
                touched_guts = True
            elif row.account_kind == AccountKind.GUTS_RESERVE:
                guts_reserve += row.amount
                touched_guts = True
        label = _label(head)
        if is_game:
            labels.append(label)
            for p in players:
                series[p].append(stacks[p] + players[p].cashed_out)
        if touched_guts:
            guts_history.append(
                {
                    "label": label,
                    "kind": _row_kind(head),
                    "deal": head.deal_number,
                    "undo": head.kind == TransactionKind.REVERSAL,
                    "pot": guts_pot,
                    "reserve": guts_reserve,
                }
            )
        if head.kind in DEAL_KINDS and won:
            pots.append(
                {
                    "transaction": head.transaction_id,
                    "deal": head.deal_number,
                    "game": head.game,
                    # See gamenight/reports/pots.py for what the pot of each kind of deal is.
                    "pot": digital.get(head.transaction_id, sum(won.values())),
                    "winners": [players[p].name for p in sorted(won, key=lambda p: -won[p])],
                }
            )
    for figures in players.values():
        if stacks[figures.player_id] + figures.cashed_out != figures.final_stack:
            raise BadReportDataError(
                gettext("%(name)s's stack does not add up") % {"name": figures.name}
            )

    undone_deals = {r.deal_number for r in rows if r.transaction_id in undone}
    # A Shelby game is one game, however many rounds and redeals it took.
    deals = list(
        Deal.objects.filter(starts_a_game(), night=night, status=DealStatus.SETTLED)
        .exclude(number__in=[n for n in undone_deals if n is not None])
        .order_by("number")
        .values_list("game", "dealer__player_id")
    )
    mix = Counter(game for game, _dealer in deals)
    dealt: dict[int, Counter[str]] = defaultdict(Counter)
    for game, dealer in deals:
        dealt[dealer][game] += 1
        if dealer in players:
            players[dealer].dealt += 1

    ordered = sorted(players.values(), key=lambda f: (-f.result, f.position))
    expenses = standing_expenses(night.pk)
    if any(p not in players for e in expenses for p in (e.paid_by, *e.shares)):
        raise BadReportDataError(str(COST_WITHOUT_SEAT))
    results = [
        {
            "player_id": f.player_id,
            "name": f.name,
            "bought_in": f.bought_in,
            "rebuys": f.rebuys,
            "cashed_out": f.cashed_out,
            "result": f.result,
            "final_stack": f.final_stack,
            "dealt": f.dealt,
        }
        for f in ordered
    ]
    pots.sort(key=lambda p: (-p["pot"], p["transaction"]))
    data: dict[str, Any] = {
        "scope": "night",
        "night": {
            "id": night.pk,
            "date": night.date.isoformat(),
            "place": night.place,
            "group": night.group.name,
            "season": night.season.name if night.season else "",
        },
        "results": results,
        "totals": {
            "bought_in": sum(f.bought_in for f in ordered),
            "rebuys": sum(f.rebuys for f in ordered),
            "result": sum(f.result for f in ordered),
            "final_stack": sum(f.final_stack for f in ordered),
            "entries": len(rows),
        },
        "games": len(deals),
        "biggest_pots": pots[:BIGGEST_POTS],
        "game_mix": sorted(
            ({"game": g, "count": n} for g, n in mix.items()),
            key=lambda m: (-m["count"], m["game"]),
        ),
        "dealers": [
            {
                "name": players[p].name,
                "games": [{"game": g, "count": n} for g, n in sorted(dealt[p].items())],
                "total": sum(dealt[p].values()),
            }
            for p in sorted(dealt, key=lambda p: players[p].position if p in players else 0)
            if p in players
        ],
        "guts_history": guts_history,
        # Shared costs are money, kept apart from the chips (gamenight/services/expenses.py);
        # the settle-up merges the two.
        "expenses": [
            {
                "id": e.id,
                "what": e.what,
                "amount": e.amount,
                "paid_by": players[e.paid_by].name,
                "paid_by_id": e.paid_by,
                "shares": [
                    {"name": players[p].name, "player_id": p, "amount": part}
                    for p, part in e.shares.items()
                ],
            }
            for e in expenses
        ],
        # A tournament night's places, prizes and knockouts (gamenight/tournaments/report.py).
        "tournament": tournament_report(night),
        "settle_up": settle_up_data(
            {f.name: f.result for f in ordered},
            chip_value_cents,
            ids={f.name: f.player_id for f in ordered},
            costs={players[p].name: net for p, net in cost_nets(expenses).items()}
            if expenses
            else None,
        ),
    }
    return NightFigures(
        data=data,
        rows=rows,
        timeline_labels=labels,
        timeline={players[p].name: points for p, points in series.items()},
    )


def settle_up_data(
    results: dict[str, int],
    chip_value_cents: int | None,
    *,
    ids: dict[str, int] | None = None,
    costs: dict[str, int] | None = None,
) -> dict[str, Any] | None:
    """Who pays whom, with the fewest transfers, when the group has set what a chip is
    worth or the night has shared costs; amounts in the currency's smallest unit.

    ``results`` are chips by name, converted at the chip value; ``costs`` what the
    shared costs leave each player (paid minus shares, gamenight/services/expenses.py).
    One settle-up takes both, so a player who lost chips but paid the pizza makes
    one transfer, not two; ``nets`` keeps the two parts apart for the page.
    With ``ids`` (a night's players by name) each transfer also names its players by
    id: a paid mark is kept by id (gamenight/services/settling.py), a name may change.
    """
    if not chip_value_cents and costs is None:
        return None
    chips = {name: n * (chip_value_cents or 0) for name, n in results.items()}
    spent = costs or {}
    nets = {name: chips.get(name, 0) + spent.get(name, 0) for name in {**chips, **spent}}
    try:
        transfers = settle_up(nets)
    except UnbalancedNetsError:
        raise BadReportDataError(
            gettext("the results do not add up to zero, so nobody can settle up")
        ) from None
    data: dict[str, Any] = {
        "chip_value_cents": chip_value_cents,
        "transfers": [
            {
                "payer": t.payer,
                "payee": t.payee,
                "cents": t.amount,
                **({"payer_id": ids[t.payer], "payee_id": ids[t.payee]} if ids else {}),
            }
            for t in transfers
        ],
    }
    if costs is not None:
        data["nets"] = [
            {
                "name": name,
                **({"player_id": ids[name]} if ids else {}),
                "chips": chips.get(name, 0),
                "costs": spent.get(name, 0),
                "total": nets[name],
            }
            for name in nets
        ]
    return data


def _row_kind(row: LedgerRow) -> str:
    """What a row of the Guts pot's history is, for the page to word it (reports/labels.py)."""
    if row.kind == TransactionKind.REVERSAL:
        return "undo"
    if row.original_kind == TransactionKind.POT_SPLIT:
        return "split"
    return "deal" if row.deal_number is not None else str(row.kind)


def _label(row: LedgerRow) -> str:
    if row.kind == TransactionKind.REVERSAL:
        return undo_label(row.deal_number)
    if row.original_kind == TransactionKind.POT_SPLIT:
        return gettext("split")
    if row.deal_number is not None:
        return f"#{row.deal_number}"
    return str(TransactionKind(row.kind).label)
