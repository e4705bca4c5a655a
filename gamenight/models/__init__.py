"""The app's models, one module per part of the domain (see shared DESIGN.md)."""

from gamenight.models.deals import Deal, DealMode, DealStatus
from gamenight.models.groups import Group, Membership, Role, new_invite_token
from gamenight.models.ledger import (
    MAX_CHIPS,
    NIGHT_POTS,
    Account,
    AccountKind,
    AppendOnlyError,
    Entry,
    Transaction,
    TransactionKind,
)
from gamenight.models.nights import LimitStructure, Night, NightStatus, Season, Seat
from gamenight.models.players import Player

__all__ = [
    "MAX_CHIPS",
    "NIGHT_POTS",
    "Account",
    "AccountKind",
    "AppendOnlyError",
    "Deal",
    "DealMode",
    "DealStatus",
    "Entry",
    "Group",
    "LimitStructure",
    "Membership",
    "Night",
    "NightStatus",
    "Player",
    "Role",
    "Season",
    "Seat",
    "Transaction",
    "TransactionKind",
    "new_invite_token",
]
