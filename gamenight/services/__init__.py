"""Workflow functions: each spans several models and has a verb for a name.

Every function takes the acting user as ``by`` and checks their role first
(:mod:`.access`); every ledger write takes an idempotency ``key``.
"""

from gamenight.services.access import (
    group_for_recording,
    group_for_viewing,
    membership_for,
    night_for_recording,
)
from gamenight.services.errors import (
    AlreadyReversedError,
    BadAmountError,
    IdempotencyConflictError,
    InviteError,
    LedgerError,
    NightClosedError,
    NotAtTableError,
    PotsNotEmptyError,
    StackTooShortError,
    TableChangedError,
    UndoOrderError,
)
from gamenight.services.groups import (
    add_player,
    create_group,
    create_night,
    create_season,
    create_single_invite,
    find_invite,
    invite_token,
    join_group,
    open_invites,
    remove_member,
    renew_invites,
    rotate_invite,
    set_role,
    update_season,
)
from gamenight.services.leaving import fold_and_leave
from gamenight.services.nights import arrive, end_night, leave, rebuy, split_night_pots, start_night
from gamenight.services.recording import (
    TableHandInput,
    record_guts_deal,
    record_shelby_round,
    record_table_hand,
)
from gamenight.services.running_hand import HandRunningError, PlayerInHandError
from gamenight.services.table_version import table_version
from gamenight.services.undo import undo

__all__ = [
    "AlreadyReversedError",
    "BadAmountError",
    "HandRunningError",
    "IdempotencyConflictError",
    "InviteError",
    "LedgerError",
    "NightClosedError",
    "NotAtTableError",
    "PlayerInHandError",
    "PotsNotEmptyError",
    "StackTooShortError",
    "TableChangedError",
    "TableHandInput",
    "UndoOrderError",
    "add_player",
    "arrive",
    "create_group",
    "create_night",
    "create_season",
    "create_single_invite",
    "end_night",
    "find_invite",
    "fold_and_leave",
    "group_for_recording",
    "group_for_viewing",
    "invite_token",
    "join_group",
    "leave",
    "membership_for",
    "night_for_recording",
    "open_invites",
    "rebuy",
    "record_guts_deal",
    "record_shelby_round",
    "record_table_hand",
    "remove_member",
    "renew_invites",
    "rotate_invite",
    "set_role",
    "split_night_pots",
    "start_night",
    "table_version",
    "undo",
    "update_season",
]
