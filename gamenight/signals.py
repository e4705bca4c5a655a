"""Signal handlers: rules that must hold however a row changes (views or the admin)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.signals import user_login_failed
from django.db.models.signals import post_delete
from django.dispatch import receiver
from django.http import HttpRequest

from gamenight.client_ip import client_ip
from gamenight.models import Membership
from gamenight.services import throttle
from gamenight.services.throttle import LOGIN_FAILED


@receiver(post_delete, sender=Membership)
def renew_links_when_a_member_goes(
    sender: type[Membership], instance: Membership, **_: Any
) -> None:
    """A removed member must not rejoin with the link they still have: renew it at once.

    The group itself may be going (a cascade); then the update touches no row.
    """
    from gamenight.services.groups import renew_invites

    renew_invites(instance.group_id)


@receiver(user_login_failed)
def count_failed_login(sender: object, request: HttpRequest | None = None, **_: Any) -> None:
    """Every failed login counts against its address (password spraying, views/accounts.py)."""
    if request is not None:
        throttle.record(LOGIN_FAILED, client_ip(request), window=settings.AXES_COOLOFF_TIME)
