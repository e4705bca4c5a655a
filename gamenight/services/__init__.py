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
    LedgerError,
    NightClosedError,
    NotAtTableError,
    PotsNotEmptyError,
    StackTooShortError,
)
from gamenight.services.groups import (
    add_player,
    create_group,
    create_night,
    create_season,
    invite_token,
    join_group,
    rotate_invite,
    set_role,
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
from gamenight.services.undo import undo

__all__ = [
    "AlreadyReversedError",
    "BadAmountError",
    "HandRunningError",
    "IdempotencyConflictError",
    "LedgerError",
    "NightClosedError",
    "NotAtTableError",
    "PlayerInHandError",
    "PotsNotEmptyError",
    "StackTooShortError",
    "TableHandInput",
    "add_player",
    "arrive",
    "create_group",
    "create_night",
    "create_season",
    "end_night",
    "fold_and_leave",
    "group_for_recording",
    "group_for_viewing",
    "invite_token",
    "join_group",
    "leave",
    "membership_for",
    "night_for_recording",
    "rebuy",
    "record_guts_deal",
    "record_shelby_round",
    "record_table_hand",
    "rotate_invite",
    "set_role",
    "split_night_pots",
    "start_night",
    "undo",
]
