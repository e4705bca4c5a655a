"""Who may see and record what: every workflow checks membership the same way.

An outsider gets :class:`~django.http.Http404` for every id of another group,
so they cannot even tell whether it exists; a member who may only view gets
:class:`~django.core.exceptions.PermissionDenied` when trying to record.
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.models import User as AuthUser
from django.core.exceptions import PermissionDenied
from django.http import Http404

from gamenight.models import Group, Membership, Night

User = AuthUser | AnonymousUser


def membership_for(user: User, group_id: int, *, record: bool = False) -> Membership:
    """The user's membership of the group; Http404 if there is none.

    ``record=True``: the membership of a host or co-host, PermissionDenied for a
    member who may only view (the one place that rule is written down).
    """
    if not user.is_authenticated:
        raise Http404("no such group")
    try:
        membership = Membership.objects.select_related("group").get(group_id=group_id, user=user)
    except Membership.DoesNotExist:
        raise Http404("no such group") from None
    if record and not membership.may_record:
        raise PermissionDenied("only the host and co-hosts may record")
    return membership


def group_for_viewing(user: User, group_id: int) -> Group:
    return membership_for(user, group_id).group


def group_for_recording(user: User, group_id: int) -> Group:
    return membership_for(user, group_id, record=True).group


def night_for_recording(user: User, night_id: int, *, lock: bool = False) -> Night:
    """The night, if the user may record in its group; Http404 for anyone else's night.

    ``lock``: read it ``select_for_update`` (inside the write's transaction), so a
    write reads its night once."""
    # With its tournament, if any (a tournament night refuses recorded games): the
    # outer join is not locked, only the night ("of": PostgreSQL refuses to lock the
    # nullable side of a join).
    query = Night.objects.select_for_update(of=("self",)) if lock else Night.objects
    night = query.select_related("tournament").filter(pk=night_id).first()
    if night is None:
        raise Http404("no such night")
    group_for_recording(user, night.group_id)
    return night
