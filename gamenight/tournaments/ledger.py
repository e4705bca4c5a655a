"""How a tournament books its money in the chip ledger, so that nothing is created or
lost and a tournament night settles up like any other.

The ledger counts **the group's chips** (each worth the group's chip value);
tournament chips never enter it: they are played with, not paid. What changes
hands in the group's chips is booked in the accounts every night has, a stack
per player and the group's bank, and in no pot (no new kind of account, none
of the ledger's tables, constraints or triggers change):

1. **Registration** (at the start, or late) is a buy-in as on any night: the
   bank gives the player's stack the entry price, the buy-in plus the bounty
   (``buy_in``). In the same request the stack pays it into the tournament
   (``tourney_entry``: the stack -price, the bank +price). While the tournament
   runs, the bank holds the prize pool and the bounties.
2. **A rebuy and the add-on** the same way: ``rebuy`` from the bank to the stack,
   then ``tourney_entry`` from the stack to the bank (a rebuy's price carries a
   new bounty on the player's head).
3. **A knockout**, with bounties, pays the bounty to whoever knocked the player
   out (``tourney_payout``: the bank -bounty, their stack +bounty).
4. **The finish** (the last player left, or a chop) pays every prize and the
   bounties of the players still in, each their own (``tourney_payout``).
5. **An undone knockout or finish** is the reversal of its transaction, leg by
   leg (``reversal``), as every correction in the ledger is.

Why it adds up:

- Every transaction's legs sum to zero (the writer refuses otherwise, and the
  database at commit: migrations 0002 and 0022). Every transaction is of the
  night, and touches only that night's stacks and the bank (0022's rule that
  night accounts move only in a transaction of that night), never a pot (so
  0022's "a closed night's pots take nothing" is never at stake).
- No stack goes below zero: a stack pays into the tournament only what the bank
  gave it in the same database transaction.
- The ``tourney_entry`` transactions put the prize pool and one bounty per
  entry and rebuy into the bank. The ``tourney_payout`` transactions take out
  each of those bounties (at its knockout, or at the finish for the players
  still in) and prizes that add up to the pool exactly (payouts.prizes and
  icm.whole_shares round to whole chips and give the rest away). So once the
  tournament has finished, its money has gone in and out of the bank to the
  chip: ``manage.py check_ledger`` says so for every closed night
  (gamenight/services/ledger_check.py, ``tournament_unpaid``), and a night
  cannot end while its tournament runs (gamenight/tournaments/finish.py).
- A player's *result*, what the games moved on their stack (the report and the
  standings count the two tournament kinds as games), is then their prizes and
  bounties won less what they paid; the results add up to zero, the final
  stack is what they won, and the night's settle-up (fewest transfers, in
  money at the chip value) is right without a change: whoever paid in more
  than they won pays whoever won more.
"""

from __future__ import annotations

from collections.abc import Sequence

from gamenight.models import Account, Night, Transaction, TransactionKind
from gamenight.services.posting import Draft, Leg
from gamenight.services.table import bank

# What a player pays into the tournament for, as its memo says (engine_words/ledger.py
# words each in the reader's language).
BUY_IN = "buy-in into the prize pool"
REBUY = "rebuy into the prize pool"
ADD_ON = "add-on into the prize pool"
BOUNTY_IN = "bounty on their head"
INTO_BANK = "into the prize pool and bounties"
OUT_OF_BANK = "prizes and bounties paid"
OWN_BOUNTY = "own bounty back"


Part = tuple[int, str]
"""Chips and their memo."""


def pay_in(night: Night, payers: Sequence[tuple[Account, Sequence[Part]]], summary: str) -> Draft:
    """Each stack pays its parts into the tournament (the bank)."""
    legs = [Leg(stack, -chips, memo) for stack, parts in payers for chips, memo in parts if chips]
    total = -sum(leg.amount for leg in legs)
    legs.append(Leg(bank(night), total, INTO_BANK))
    return Draft(kind=TransactionKind.TOURNAMENT_ENTRY, legs=legs, summary=summary)


def pay_out(night: Night, payments: Sequence[tuple[Account, int, str]], summary: str) -> Draft:
    """The tournament (the bank) pays each stack its chips, with the memo given."""
    legs = [Leg(stack, chips, memo) for stack, chips, memo in payments if chips]
    total = sum(chips for _stack, chips, _memo in payments)
    if total:
        legs.insert(0, Leg(bank(night), -total, OUT_OF_BANK))
    return Draft(kind=TransactionKind.TOURNAMENT_PAYOUT, legs=legs, summary=summary)


def prize_memo(place: int) -> str:
    return f"prize for place {place}"


def bounty_memo(name: str) -> str:
    return f"bounty for knocking out {name}"


def reversal(original: Transaction) -> Draft:
    """The legs of ``original`` backwards: chips come back before they go out."""
    legs = [Leg(e.account, -e.amount, f"undo: {e.reason}") for e in original.entries.all()]
    legs.sort(key=lambda leg: leg.amount < 0)
    return Draft(
        kind=TransactionKind.REVERSAL,
        legs=legs,
        reverses=original,
        summary=f"undo of {original}",
    )
