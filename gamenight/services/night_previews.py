"""What a destructive tap would move, shown before the host confirms it: the undo
of a recorded game or ledger entry, the split of the night's pots, the end.

Each preview asks the questions the write asks (the same functions), in a
transaction that is rolled back (a pot's account may be opened on the way), so it
never writes and a refusal is known at the first tap.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext

from gamenight.models import NIGHT_POTS, Account, AccountKind, Night, Seat
from gamenight.services.nights import pots_seen, refuse_to_end, split_draft
from gamenight.services.undo import undoable
from gamenight.services.undo_order import game_label


@dataclass(frozen=True)
class Move:
    """Chips into (positive) or out of (negative) one account: a player's stack or a pot."""

    name: str
    chips: int


@dataclass(frozen=True)
class Preview:
    what: str
    moves: tuple[Move, ...]
    seen: str = ""
    """For the split: the pots' balances the preview was made on (see ``pots_seen``)."""


@contextmanager
def _rolled_back() -> Iterator[None]:
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


def _account_name(account: Account) -> str:
    if account.player is not None:
        return account.player.name
    if account.kind == AccountKind.BANK:
        return gettext("Bank")
    return str(AccountKind(account.kind).label)


def _moves(amounts: dict[Account, int]) -> tuple[Move, ...]:
    # Players first (what the table reads), then pots and the bank; biggest change first.
    ordered = sorted(amounts.items(), key=lambda item: (item[0].player_id is None, -abs(item[1])))
    return tuple(Move(_account_name(a), chips) for a, chips in ordered if chips)


def preview_undo(night: Night, transaction_id: int) -> Preview:
    with _rolled_back():
        original = undoable(night, transaction_id)
        amounts: dict[Account, int] = {}
        for entry in original.entries.all():
            amounts[entry.account] = amounts.get(entry.account, 0) - entry.amount
        return Preview(what=game_label(original), moves=_moves(amounts))


def preview_split(night: Night, players: Sequence[int]) -> Preview:
    with _rolled_back():
        draft = split_draft(night, players)
        amounts: dict[Account, int] = {}
        for leg in draft.legs:
            amounts[leg.account] = amounts.get(leg.account, 0) + leg.amount
        pots = Account.objects.filter(night=night, kind__in=NIGHT_POTS)
        balances = dict(pots.values_list("kind", "balance"))
        seen = pots_seen([balances.get(kind, 0) for kind in NIGHT_POTS])
        return Preview(what=gettext("The chips in the middle"), moves=_moves(amounts), seen=seen)


def preview_end(night: Night) -> Preview:
    """The stacks the players end the night with (nothing moves: the night closes)."""
    with _rolled_back():
        refuse_to_end(night)
        seated = Seat.objects.filter(night=night, seated=True).values_list("player_id", flat=True)
        stacks = Account.objects.filter(
            night=night, kind=AccountKind.STACK, player_id__in=list(seated)
        ).select_related("player")
        moves = tuple(
            Move(_account_name(a), a.balance) for a in sorted(stacks, key=lambda a: -a.balance)
        )
        return Preview(what=gettext("The stacks at the end"), moves=moves)
