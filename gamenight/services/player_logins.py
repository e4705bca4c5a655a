"""Which login is which player (issue 17): a member's account tied to one player.

The tie is what makes a page say "you": a member answers the next night for
their own player and marks their own transfer as paid. A login is at most one
player of a group (a constraint, migration 0021) and a player at most one login.

The host and co-hosts set it on the player's page, to a member of the group not
tied to another of its players (or to nobody). Joining through an invite ties
the new member by themselves only when the group has exactly one untied player
whose name is the member's username or first name (case-insensitive): anything
less certain is left to the host, who knows who is who.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from gamenight.models import Membership, Player
from gamenight.services.access import group_for_recording
from gamenight.services.errors import REFUSALS
from gamenight.services.people import PeopleError


class LoginRefusedError(PeopleError):
    """The tie was refused; nothing changed."""


def member_label(user: User) -> str:
    """How the control names a member: the login, with the full name when there is one."""
    full = user.get_full_name()
    return f"{user.get_username()} ({full})" if full else user.get_username()


def login_choices(player: Player) -> list[User]:
    """The members the player's login may be: not tied to another player of the group
    (one query)."""
    # A login left on a merged row is free (earlier merges left it there when the kept
    # player had a login of its own): that row has no page to untie it on.
    tied = (
        Player.objects.people()
        .filter(group_id=player.group_id, user__isnull=False)
        .exclude(pk=player.pk)
    )
    return list(
        User.objects.filter(memberships__group_id=player.group_id)
        .exclude(pk__in=tied.values("user_id"))
        .order_by("username")
    )


def set_login(*, group_id: int, player_id: int, by: User, user_id: int | None) -> Player:
    """Tie the player to the member ``user_id`` (None: to nobody). Hosts and co-hosts."""
    group_for_recording(by, group_id)
    with transaction.atomic():
        player = Player.objects.select_for_update().filter(group_id=group_id, pk=player_id).first()
        if player is None:
            raise LoginRefusedError(str(REFUSALS["player_elsewhere"]))
        if player.merged_into_id is not None:
            raise LoginRefusedError(REFUSALS["player_merged"] % {"name": player.name})
        if player.user_id == user_id:
            return player  # a double tap, or nothing to change
        if user_id is not None:
            _refuse_unless_free(group_id, player, user_id)
        try:
            with transaction.atomic():  # a savepoint: another player tied at the same moment
                if user_id is not None:
                    Player.objects.filter(
                        group_id=group_id, user_id=user_id, merged_into__isnull=False
                    ).update(user=None)
                Player.objects.filter(pk=player.pk).update(user_id=user_id)
        except IntegrityError:
            raise LoginRefusedError(
                gettext("Someone changed this at the same moment: reload the page.")
            ) from None
        player.user_id = user_id
        return player


def _refuse_unless_free(group_id: int, player: Player, user_id: int) -> None:
    member = (
        Membership.objects.filter(group_id=group_id, user_id=user_id).select_related("user").first()
    )
    if member is None:
        raise LoginRefusedError(gettext("this login is not a member of the group: reload the page"))
    other = (
        Player.objects.people()
        .filter(group_id=group_id, user_id=user_id)
        .exclude(pk=player.pk)
        .first()
    )
    if other is not None:
        raise LoginRefusedError(
            gettext("%(login)s logs in as %(name)s already: untie them there first")
            % {"login": member.user.get_username(), "name": other.name}
        )


def tie_on_join(membership: Membership) -> Player | None:
    """Tie a new member to the group's one untied player of their name, if exactly one.

    Called inside the join's transaction; a member who is somebody's player already,
    or whose name fits none or several, is left for the host to tie.
    """
    user = membership.user
    if Player.objects.filter(group_id=membership.group_id, user=user).exists():
        return None
    names = {n.strip().casefold() for n in (user.get_username(), user.first_name)} - {""}
    # Compared here, not in SQL: casefold() is the same on SQLite and PostgreSQL.
    untied = Player.objects.people().filter(group_id=membership.group_id, user__isnull=True)
    matches = [p for p in untied.only("pk", "name") if p.name.strip().casefold() in names]
    if len(matches) != 1:
        return None
    player = matches[0]
    try:
        with transaction.atomic():
            tied = Player.objects.filter(pk=player.pk, user__isnull=True).update(user=user)
    except IntegrityError:
        return None  # tied elsewhere at the same moment: the host decides
    return player if tied else None
