"""Every refusal of a tournament write, once, as a person at the table reads it."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from gamenight.services.errors import LedgerError

MESSAGES: dict[str, Any] = {
    "no_tournament": _("This night is not a tournament."),
    "not_planned": _("The tournament has started: its buy-in and chips stay as they are."),
    "started": _("The tournament has started already."),
    "not_started": _("Start the tournament first."),
    "finished": _("The tournament is over."),
    "not_finished": _("The tournament is still on: finish it (or chop) before ending the night."),
    "too_few": _("A tournament needs at least two players."),
    "registered": _("%(name)s is registered already."),
    "late_closed": _("Late registration is closed (it ran until level %(level)s)."),
    "not_entered": _("%(name)s is not in this tournament."),
    "is_out": _("%(name)s is out already."),
    "rebuy_closed": _("Rebuys are closed."),
    "add_on_closed": _("The add-on is closed."),
    "add_on_taken": _("%(name)s has taken the add-on already."),
    "add_on_out": _("%(name)s is out: only a player still in takes the add-on."),
    "knocker_needed": _("Say who knocked %(name)s out: the bounty goes to them."),
    "knocker_out": _("%(name)s is out and cannot knock anyone out."),
    "self_knockout": _("Nobody knocks themselves out."),
    "nothing_to_undo": _("There is no knockout to undo."),
    "chop_players": _("A chop needs at least two players still in."),
    "chop_chips": _("Give every player's chip count (a whole number above 0)."),
    "chop_kind": _("Choose an equal chop or a chop by chip count (ICM)."),
    "stale": _("The tournament changed since you looked: check again and confirm."),
    "no_move": _("The tables are balanced: nobody needs to move."),
    "wrong_table": _("%(name)s does not sit at the fuller table."),
    "not_final": _("The players left do not fit at one table yet."),
    "recording": _("This night is a tournament: the host taps who is out; games are not recorded."),
    "digital_game": _(
        "%(game)s is not dealt in a tournament: its hands are Hold'em and Omaha, "
        "played with the level's blinds."
    ),
    "no_table": _("There is no table %(table)s in play."),
    "digital_players": _("Table %(table)s needs at least two players with chips for a hand."),
    "table_busy": _(
        "A hand is still being played at table %(busy)s: the next hand is dealt once it ends."
    ),
    "hand_chips": _(
        "%(name)s was knocked out while this hand was played: undo the knockout, or stop "
        "the hand (no chips move)."
    ),
}


class TournamentError(LedgerError):
    """A tournament write was refused; nothing was recorded."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(str(MESSAGES[code]) % params if params else str(MESSAGES[code]))
