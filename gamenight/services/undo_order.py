"""Which recorded games can be undone now, and what to undo first when one cannot.

A game is undone by booking its legs backwards. That is only right while no
later game was played on what it left behind:

- Guts deals hand their pot and reserve to the next deal, Shelby rounds their
  pot, round and markers: a later live transaction touching the same night pot
  (or any later Shelby round) was settled on this one's result, so it has to be
  undone first, newest first.
- A table hand moves chips between stacks only. Its undo is possible while every
  stack can give back what the hand gave it; when one cannot, the first later
  transaction at which that stack, replayed without this hand, would have dipped
  below zero is the game that spent those chips. Undoing that game first or a
  rebuy both make the undo possible, and the host decides which is true.

Bounded queries whatever the night's length: the deal list asks for all of its
games at once.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils.translation import gettext, ngettext

from gamenight.engine_words import join_names
from gamenight.games import game_title
from gamenight.models import AccountKind, Entry, Night, Transaction, TransactionKind

NIGHT_POTS = (AccountKind.GUTS_POT, AccountKind.GUTS_RESERVE, AccountKind.SHELBY_POT)
# Shelby rounds depend on each other through the deal's round and markers even when
# no chip went into the pot (losers pay the winner directly): a pseudo account.
_SHELBY_STATE = -1
# The later games a refusal names; beyond that, it counts them.
SHOWN = 3


@dataclass(frozen=True)
class UndoBlocker:
    """Why a game cannot be undone now: a sentence for the refusal, a note for the list."""

    message: str
    note: str
    short_stack: bool = False
    """A stack cannot give the chips back (a rebuy may be the answer), rather than a
    later game on the same night pot."""


def game_label(record: Transaction) -> str:
    """``Guts #2``: the game's title and the deal's number, as the deal list shows them."""
    if record.deal is None:
        return str(record.get_kind_display())
    return gettext("%(game)s #%(number)s") % {
        "game": game_title(record.deal.game),
        "number": record.deal.number,
    }


def _live(night: Night) -> QuerySet[Transaction]:
    """The night's transactions that count: not undos, and not undone."""
    return (
        Transaction.objects.filter(night=night)
        .exclude(kind=TransactionKind.REVERSAL)
        .filter(~Exists(Transaction.objects.filter(reverses=OuterRef("pk"))))
    )


def undo_blockers(night: Night, candidates: Iterable[Transaction]) -> dict[int, UndoBlocker]:
    """For each candidate (a live transaction of the night) that cannot be undone now, why."""
    wanted = [t for t in candidates if t.kind != TransactionKind.REVERSAL]
    if not wanted:
        return {}
    blockers = _pot_blockers(night, wanted)
    rest = [t for t in wanted if t.pk not in blockers]
    blockers.update(_stack_blockers(night, rest))
    return blockers


def _pot_blockers(night: Night, wanted: list[Transaction]) -> dict[int, UndoBlocker]:
    live = _live(night)
    touching = list(
        live.filter(Q(entries__account__kind__in=NIGHT_POTS) | Q(kind=TransactionKind.SHELBY_ROUND))
        .distinct()
        .select_related("deal")
        .order_by("pk")
    )
    if not touching:
        return {}
    pots: dict[int, set[int]] = defaultdict(set)
    for transaction_id, account_id in (
        Entry.objects.filter(transaction__in=[t.pk for t in touching], account__kind__in=NIGHT_POTS)
        .values_list("transaction_id", "account_id")
        .iterator()
    ):
        pots[transaction_id].add(account_id)
    for t in touching:
        if t.kind == TransactionKind.SHELBY_ROUND:
            pots[t.pk].add(_SHELBY_STATE)
    by_pk = {t.pk: t for t in touching}
    # Per pot, the ids touching it, ascending: the later ones are a slice (bisect),
    # so a night of many Guts deals lists fast.
    ids_by_pot: dict[int, list[int]] = defaultdict(list)
    for t in touching:
        for account in pots[t.pk]:
            ids_by_pot[account].append(t.pk)
    blockers = {}
    for candidate in wanted:
        mine = pots.get(candidate.pk)
        if not mine:
            continue
        later = sorted(
            {pk for a in mine for pk in ids_by_pot[a][bisect_right(ids_by_pot[a], candidate.pk) :]},
            reverse=True,
        )
        if later:
            games = _newest_first([game_label(by_pk[pk]) for pk in later[:SHOWN]], len(later))
            blockers[candidate.pk] = UndoBlocker(
                message=gettext(
                    "Later games were played with the pot this one left: undo %(games)s first."
                )
                % {"games": games},
                note=gettext("Undo %(games)s first.") % {"games": games},
            )
    return blockers


def _newest_first(labels: list[str], total: int) -> str:
    """``Guts #9, Guts #8, Guts #7 and 5 more games``: a long night's list stays short."""
    if total > len(labels):
        more = total - len(labels)
        labels = [
            *labels,
            ngettext("%(count)s more game", "%(count)s more games", more) % {"count": more},
        ]
    return join_names(labels)


def _stack_blockers(night: Night, wanted: list[Transaction]) -> dict[int, UndoBlocker]:
    """A stack that cannot give back what the candidate gave it."""
    given: dict[tuple[int, int], int] = defaultdict(int)
    balances: dict[int, tuple[int, str]] = {}
    for transaction_id, account_id, amount, balance, name in Entry.objects.filter(
        transaction__in=[t.pk for t in wanted], account__kind=AccountKind.STACK
    ).values_list(
        "transaction_id", "account_id", "amount", "account__balance", "account__player__name"
    ):
        given[transaction_id, account_id] += amount
        balances[account_id] = (balance, name or "?")
    short = {
        key: balances[key[1]][0] - amount
        for key, amount in given.items()
        if balances[key[1]][0] - amount < 0
    }
    if not short:
        return {}
    spent = _spending_games(night, short)
    blockers: dict[int, UndoBlocker] = {}
    for (transaction_id, account_id), chips in sorted(short.items()):
        if transaction_id in blockers:
            continue
        name = balances[account_id][1]
        culprit = spent.get((transaction_id, account_id))
        is_game = culprit is not None and culprit.kind != TransactionKind.REVERSAL
        if culprit is not None and culprit.deal is not None and is_game:
            game = game_label(culprit)
            blockers[transaction_id] = UndoBlocker(
                message=gettext(
                    "Undoing this would leave %(name)s with %(chips)s chips: %(name)s played "
                    "them in %(game)s. Undo %(game)s first or, if that game stands, rebuy for "
                    "%(name)s first."
                )
                % {"name": name, "chips": chips, "game": game},
                note=gettext("Undo %(game)s first or rebuy for %(name)s.")
                % {"game": game, "name": name},
                short_stack=True,
            )
        else:
            blockers[transaction_id] = UndoBlocker(
                message=gettext(
                    "Undoing this would leave %(name)s with %(chips)s chips: %(name)s no longer "
                    "has the chips this game gave. Rebuy for %(name)s first, then undo it."
                )
                % {"name": name, "chips": chips},
                note=gettext("Rebuy for %(name)s first.") % {"name": name},
                short_stack=True,
            )
    return blockers


def _spending_games(
    night: Night, short: dict[tuple[int, int], int]
) -> dict[tuple[int, int], Transaction]:
    """For each short (candidate, stack): the first later transaction at which the stack,
    replayed without the candidate, drops below zero."""
    # Per stack, the chips each transaction moved, in the order they were booked.
    moved: dict[int, dict[int, int]] = defaultdict(dict)
    undone: dict[int, int] = {}
    for account, transaction_id, amount, reverses in (
        Entry.objects.filter(account_id__in={account for _t, account in short})
        .values_list("account_id", "transaction_id", "amount", "transaction__reverses_id")
        .order_by("transaction_id", "pk")
    ):
        chips = moved[account]
        chips[transaction_id] = chips.get(transaction_id, 0) + amount
        if reverses is not None:
            undone[reverses] = transaction_id
    found: dict[tuple[int, int], int] = {}
    for candidate, account in short:
        # An undone game after the candidate and its undo cancel out: leave both out.
        skip = {candidate} | {
            t for original, r in undone.items() if original > candidate for t in (original, r)
        }
        running = 0
        for transaction_id, amount in moved[account].items():
            if transaction_id in skip:
                continue
            running += amount
            if running < 0 and transaction_id > candidate:
                found[candidate, account] = transaction_id
                break
    records = Transaction.objects.filter(pk__in=set(found.values())).select_related("deal")
    by_pk = {t.pk: t for t in records}
    return {key: by_pk[pk] for key, pk in found.items()}
