"""Groups, invitations, roles, players, seasons and planned nights."""

from __future__ import annotations

import datetime
from typing import Any

from django.contrib.auth.models import User as AuthUser
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import Http404
from django.utils.translation import gettext

from gamenight.models import (
    MAX_STARTING_STACK,
    Group,
    LimitStructure,
    Membership,
    Night,
    Player,
    Role,
    Season,
    new_invite_token,
)
from gamenight.services.access import User, group_for_recording, membership_for
from gamenight.services.errors import BadAmountError, LedgerError
from gamenight.services.posting import check_chips


def create_group(*, name: str, host: AuthUser) -> Group:
    """A new group with ``host`` as its owner."""
    if not name.strip():
        raise LedgerError(gettext("the group needs a name"))
    with transaction.atomic():
        group = Group.objects.create(name=name.strip())
        Membership.objects.create(group=group, user=host, role=Role.HOST)
    return group


def invite_token(*, group_id: int, by: User) -> str:
    """The token of the group's invite link (hosts and co-hosts may hand it out)."""
    return group_for_recording(by, group_id).invite_token


def rotate_invite(*, group_id: int, by: User) -> str:
    """A new invite token; links with the old one stop working."""
    if membership_for(by, group_id).role != Role.HOST:
        raise PermissionDenied("only the host may revoke invite links")
    group = Group.objects.get(pk=group_id)
    group.invite_token = new_invite_token()
    group.save(update_fields=["invite_token"])
    return group.invite_token


def join_group(*, token: str, user: AuthUser) -> Membership:
    """Join through an invite link as a player; joining twice keeps the first membership."""
    try:
        group = Group.objects.get(invite_token=token)
    except Group.DoesNotExist:
        raise Http404("this invite link is not valid (any more)") from None
    membership, _ = Membership.objects.get_or_create(
        group=group, user=user, defaults={"role": Role.PLAYER}
    )
    return membership


def set_role(*, group_id: int, by: User, user: AuthUser, role: Role) -> Membership:
    if membership_for(by, group_id).role != Role.HOST:
        raise PermissionDenied("only the host may change roles")
    membership = membership_for(user, group_id)
    if membership.role == Role.HOST:
        raise PermissionDenied("the host's role cannot be changed")
    membership.role = role
    membership.save(update_fields=["role"])
    return membership


def add_player(*, group_id: int, by: User, name: str, email: str = "") -> Player:
    group = group_for_recording(by, group_id)
    if not name.strip():
        raise LedgerError(gettext("the player needs a name"))
    if Player.objects.filter(group=group, name=name.strip()).exists():
        raise LedgerError(
            gettext("there is already a player called %(name)s") % {"name": name.strip()}
        )
    return Player.objects.create(group=group, name=name.strip(), email=email)


def create_season(*, group_id: int, by: User, name: str, starts_on: datetime.date) -> Season:
    group = group_for_recording(by, group_id)
    return Season.objects.create(group=group, name=name, starts_on=starts_on)


def create_night(
    *,
    group_id: int,
    by: User,
    date: datetime.date,
    season_id: int | None = None,
    place: str = "",
    ante: int = 1,
    limit_structure: LimitStructure = LimitStructure.SPREAD,
    allowed_games: list[str] | None = None,
    game_options: dict[str, Any] | None = None,
    starting_stack: int = 100,
    carry_over: bool = False,
) -> Night:
    """A planned night with its house rules; :func:`start_night` seats the players."""
    group = group_for_recording(by, group_id)
    check_chips(ante, what=gettext("the ante"))
    check_chips(starting_stack, what=gettext("the starting stack"), most=MAX_STARTING_STACK)
    season = None
    if season_id is not None:
        season = Season.objects.filter(group=group, pk=season_id).first()
        if season is None:
            raise Http404("no such season")
    if carry_over and season is None:
        raise BadAmountError(gettext("stacks can only carry over between nights of a season"))
    return Night.objects.create(
        group=group,
        season=season,
        date=date,
        place=place,
        ante=ante,
        limit_structure=limit_structure,
        allowed_games=allowed_games or [],
        game_options=game_options or {},
        starting_stack=starting_stack,
        carry_over=carry_over,
    )
