"""The people of a group as the tests meet them: the host (owner), a co-host, a
member who may only view, and an outsider who hosts another group."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User

from gamenight import services
from gamenight.models import Group, Role


@dataclass(frozen=True)
class Members:
    group: Group
    owner: User
    cohost: User
    viewer: User
    outsider: User


def make_user(name: str) -> User:
    return User.objects.create(username=name)


def make_members(*, prefix: str = "") -> Members:
    """A group "Friday poker" with its four people (user names prefixed by ``prefix``)."""
    owner, cohost, viewer, outsider = (
        make_user(f"{prefix}{n}") for n in ("owner", "cohost", "viewer", "outsider")
    )
    group = services.create_group(name="Friday poker", host=owner)
    for user, role in ((cohost, Role.COHOST), (viewer, Role.PLAYER)):
        services.join_group(token=group.invite_token, user=user)
        services.set_role(group_id=group.pk, by=owner, user=user, role=role)
    services.create_group(name="Other group", host=outsider)
    return Members(group, owner, cohost, viewer, outsider)
