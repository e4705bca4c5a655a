"""Jack the Shifter's agreed list of games, a house rule of the group (ruling 16).

The sheet: "the group must have an agreed list of seven-card stud games that they
normally play" so that a player with a jack cannot invent a game to suit their
cards. The host keeps the list on the group page; a night's digital hand of Jack
the Shifter turns it into the engine's ``allow_<game>`` options, and the night's
own options may narrow it further, never widen it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext

from gamenight.models import Group, Role
from gamenight.models.groups import default_jack_games
from gamenight.services.access import User, membership_for
from gamenight.services.errors import LedgerError

JACK_GAME = "jack-the-shifter"


def jack_targets() -> list[str]:
    """Every game a jack may switch to, in the catalogue's order."""
    return default_jack_games()


def allow_option(game: str) -> str:
    """The engine's option of Jack the Shifter that allows ``game`` (allow_seven_card_stud)."""
    return "allow_" + game.replace("-", "_")


def agreed_jack_games(group: Group) -> list[str]:
    """The group's list in the catalogue's order; a name the catalogue no longer has
    as a target (or a list that is not a list) is ignored, not an error."""
    stored = group.jack_games if isinstance(group.jack_games, list) else []
    return [game for game in jack_targets() if game in stored]


def with_group_list(group: Group, options: Mapping[str, object]) -> dict[str, object]:
    """The night's options of Jack the Shifter with every game off the group's list
    switched off (a night may leave out more games, not put one back)."""
    agreed = set(agreed_jack_games(group))
    chosen = dict(options)
    for game in jack_targets():
        if game not in agreed:
            chosen[allow_option(game)] = False
    return chosen


def set_jack_games(*, group_id: int, by: User, games: Sequence[str]) -> Group:
    """The host sets the group's list; a game a jack cannot switch to is refused."""
    if membership_for(by, group_id).role != Role.HOST:
        raise PermissionDenied("only the host may change the games a jack may switch to")
    targets = jack_targets()
    for game in games:
        if game not in targets:
            raise LedgerError(
                gettext("%(game)s is not a game a jack may switch to") % {"game": game}
            )
    with transaction.atomic():
        group = Group.objects.select_for_update().get(pk=group_id)
        group.jack_games = [game for game in targets if game in set(games)]
        group.save(update_fields=["jack_games"])
    return group
