"""The app's models, one module per part of the domain (see shared DESIGN.md)."""

from gamenight.models.deals import Deal, DealMode, DealStatus
from gamenight.models.digital import DigitalHand, HandAction, HandStatus, SeatLink, new_seat_token
from gamenight.models.expenses import MAX_EXPENSE, Expense, ExpenseShare
from gamenight.models.groups import Group, Invite, Membership, Role, new_invite_token
from gamenight.models.imports import GroupImport, GroupImportChunk, ImportStatus
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
from gamenight.models.nights import (
    MAX_STARTING_STACK,
    LimitStructure,
    Night,
    NightChange,
    NightStatus,
    Season,
    Seat,
)
from gamenight.models.payment import PaymentDetails
from gamenight.models.player_links import Answer, PlayerLink, Rsvp
from gamenight.models.players import Player, PlayerMerge
from gamenight.models.reports import (
    MailStatus,
    NightReport,
    ReportStatus,
    SeasonReport,
    WorkerHeartbeat,
)
from gamenight.models.request_keys import RequestKey
from gamenight.models.seat_moves import SeatMove, SeatMoveStatus
from gamenight.models.settling import TransferMark
from gamenight.models.table_links import TableLink
from gamenight.models.throttle import RateEvent
from gamenight.models.tournaments import Entrant, Knockout, Tournament

__all__ = [
    "MAX_CHIPS",
    "MAX_EXPENSE",
    "MAX_STARTING_STACK",
    "NIGHT_POTS",
    "Account",
    "AccountKind",
    "Answer",
    "AppendOnlyError",
    "Deal",
    "DealMode",
    "DealStatus",
    "DigitalHand",
    "Entrant",
    "Entry",
    "Expense",
    "ExpenseShare",
    "Group",
    "GroupImport",
    "GroupImportChunk",
    "HandAction",
    "HandStatus",
    "ImportStatus",
    "Invite",
    "Knockout",
    "LimitStructure",
    "MailStatus",
    "Membership",
    "Night",
    "NightChange",
    "NightReport",
    "NightStatus",
    "PaymentDetails",
    "Player",
    "PlayerLink",
    "PlayerMerge",
    "RateEvent",
    "ReportStatus",
    "RequestKey",
    "Role",
    "Rsvp",
    "Season",
    "SeasonReport",
    "Seat",
    "SeatLink",
    "SeatMove",
    "SeatMoveStatus",
    "TableLink",
    "Tournament",
    "Transaction",
    "TransactionKind",
    "TransferMark",
    "WorkerHeartbeat",
    "new_invite_token",
    "new_seat_token",
]
