"""Groups, invitations, roles, players, seasons and planned nights."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User as AuthUser
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext

from gamenight.games import games_to_call
from gamenight.models import (
    MAX_STARTING_STACK,
    Group,
    Invite,
    LimitStructure,
    Membership,
    Night,
    Player,
    Role,
    Season,
    new_invite_token,
)
from gamenight.models.groups import invite_expiry
from gamenight.services.access import User, group_for_recording, membership_for
from gamenight.services.errors import REFUSALS, BadAmountError, InviteError, LedgerError
from gamenight.services.player_logins import tie_on_join
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


def renew_invites(group_id: int) -> str:
    """A new group link with a new expiry; the old link and unused one-time links die at once."""
    token = new_invite_token()
    Group.objects.filter(pk=group_id).update(invite_token=token, invite_expires_at=invite_expiry())
    Invite.objects.filter(group_id=group_id, used_by__isnull=True).delete()
    return token


def rotate_invite(*, group_id: int, by: User) -> str:
    """A new invite token; links with the old one stop working."""
    if membership_for(by, group_id).role != Role.HOST:
        raise PermissionDenied("only the host may revoke invite links")
    return renew_invites(group_id)


def create_single_invite(*, group_id: int, by: User) -> Invite:
    """A link that lets one person join, once (hosts and co-hosts)."""
    group = group_for_recording(by, group_id)
    return Invite.objects.create(group=group, created_by=by if by.is_authenticated else None)


def open_invites(group: Group) -> list[Invite]:
    """The one-time links of the group that can still be used."""
    return list(group.invites.filter(used_by__isnull=True, expires_at__gt=timezone.now()))


@dataclass(frozen=True)
class InviteLink:
    """What an invite token opens: the group, and the one-time invite if it is one."""

    group: Group
    invite: Invite | None = None


def find_invite(token: str) -> InviteLink:
    """The group an invite token opens, or :class:`InviteError` saying why it does not."""
    now = timezone.now()
    group = Group.objects.filter(invite_token=token).first()
    if group is not None:
        if group.invite_expires_at <= now:
            raise InviteError(str(REFUSALS["invite_expired"]), group=group)
        return InviteLink(group)
    invite = Invite.objects.select_related("group").filter(token=token).first()
    if invite is None:
        raise InviteError(gettext("This invite link is not valid (any more)."))
    if invite.used_by_id is not None:
        raise InviteError(
            str(REFUSALS["invite_used"]),
            group=invite.group,
            used_by_id=invite.used_by_id,
        )
    if invite.expires_at <= now:
        raise InviteError(
            str(REFUSALS["invite_expired"]),
            group=invite.group,
        )
    return InviteLink(invite.group, invite)


def join_group(*, token: str, user: AuthUser) -> Membership:
    """Join through an invite link as a player; joining twice keeps the first membership.

    A one-time link is locked while it is used, so two people tapping it at
    once cannot both get in; the one who used it may tap again (a double tap).
    """
    with transaction.atomic():
        try:
            link = find_invite(token)
        except InviteError as error:
            if error.used_by_id == user.pk and error.group is not None:
                return membership_for(user, error.group.pk)
            raise
        if link.invite is not None:
            invite = Invite.objects.select_for_update().get(pk=link.invite.pk)
            if invite.used_by_id is not None and invite.used_by_id != user.pk:
                raise InviteError(str(REFUSALS["invite_used"]))
            if Membership.objects.filter(group=link.group, user=user).exists():
                return membership_for(user, link.group.pk)
            invite.used_by = user
            invite.used_at = timezone.now()
            invite.save(update_fields=["used_by", "used_at"])
        membership, joined = Membership.objects.get_or_create(
            group=link.group, user=user, defaults={"role": Role.PLAYER}
        )
        if joined:
            tie_on_join(membership)
    return membership


def remove_member(*, group_id: int, by: User, membership_id: int) -> None:
    """The host takes someone out of the group; their invite links die with it."""
    if membership_for(by, group_id).role != Role.HOST:
        raise PermissionDenied("only the host may remove members")
    member = Membership.objects.filter(group_id=group_id, pk=membership_id).first()
    if member is None:
        raise Http404("no such member")
    if member.role == Role.HOST:
        raise PermissionDenied("the host cannot be removed")
    # The post_delete signal (gamenight/signals.py) renews the links, also for the admin.
    member.delete()


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
        raise LedgerError(str(REFUSALS["player_needs_name"]))
    taken = LedgerError(REFUSALS["player_name_taken"] % {"name": name.strip()})
    if Player.objects.filter(group=group, name=name.strip()).exists():
        raise taken
    try:
        # A savepoint: the same name added at the same moment from another tab fails
        # on the unique constraint, and the caller's transaction stays usable.
        with transaction.atomic():
            return Player.objects.create(group=group, name=name.strip(), email=email)
    except IntegrityError:
        raise taken from None


def create_season(
    *,
    group_id: int,
    by: User,
    name: str,
    starts_on: datetime.date,
    ends_on: datetime.date | None = None,
    scoring: dict[str, Any] | None = None,
) -> Season:
    group = group_for_recording(by, group_id)
    _check_season(name, starts_on, ends_on)
    try:
        with transaction.atomic():  # a savepoint, as in add_player
            return Season.objects.create(
                group=group,
                name=name.strip(),
                starts_on=starts_on,
                ends_on=ends_on,
                scoring=scoring or {},
            )
    except IntegrityError:
        raise LedgerError(str(REFUSALS["season_name_taken"])) from None


def update_season(
    *,
    group_id: int,
    season_id: int,
    by: User,
    name: str,
    starts_on: datetime.date,
    ends_on: datetime.date | None,
    scoring: dict[str, Any],
) -> Season:
    """A season's name, dates and scoring rule; its nights stay as they are."""
    group = group_for_recording(by, group_id)
    _check_season(name, starts_on, ends_on)
    season = Season.objects.select_for_update().filter(group=group, pk=season_id).first()
    if season is None:
        raise Http404("no such season")
    season.name, season.starts_on, season.ends_on = name.strip(), starts_on, ends_on
    season.scoring = scoring
    try:
        with transaction.atomic():
            season.save(update_fields=["name", "starts_on", "ends_on", "scoring"])
    except IntegrityError:
        raise LedgerError(str(REFUSALS["season_name_taken"])) from None
    return season


def _check_season(name: str, starts_on: datetime.date, ends_on: datetime.date | None) -> None:
    if not name.strip():
        raise LedgerError(gettext("the season needs a name"))
    if ends_on is not None and ends_on < starts_on:
        raise LedgerError(str(REFUSALS["season_ends_early"]))


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
    starts_at: datetime.time | None = None,
    note: str = "",
) -> Night:
    """A planned night with its house rules; :func:`start_night` seats the players.

    The host's way to plan one is gamenight/services/night_plan.py (one open night
    a group); this is the row itself, for it and for scripts and tests.
    """
    group = group_for_recording(by, group_id)
    season = checked_rules(
        group, ante=ante, starting_stack=starting_stack, season_id=season_id, carry_over=carry_over
    )
    return Night.objects.create(
        group=group,
        season=season,
        date=date,
        starts_at=starts_at,
        place=place,
        note=note,
        ante=ante,
        limit_structure=limit_structure,
        # No list given: a night offers every game (a first night has no last one to copy).
        allowed_games=games_to_call() if allowed_games is None else allowed_games,
        game_options=game_options or {},
        starting_stack=starting_stack,
        carry_over=carry_over,
    )


def checked_rules(
    group: Group, *, ante: int, starting_stack: int, season_id: int | None, carry_over: bool
) -> Season | None:
    """The night's season, after refusing house rules no night may have (a new night's
    and a changed one's alike)."""
    check_chips(ante, what=gettext("the ante"))
    check_chips(starting_stack, what=gettext("the starting stack"), most=MAX_STARTING_STACK)
    season = None
    if season_id is not None:
        season = Season.objects.filter(group=group, pk=season_id).first()
        if season is None:
            raise Http404("no such season")
    if carry_over and season is None:
        raise BadAmountError(gettext("stacks can only carry over between nights of a season"))
    return season
