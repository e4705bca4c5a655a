"""Signal handlers: rules that must hold however a row changes (views or the admin)."""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_delete
from django.dispatch import receiver

from gamenight.models import Membership


@receiver(post_delete, sender=Membership)
def renew_links_when_a_member_goes(
    sender: type[Membership], instance: Membership, **_: Any
) -> None:
    """A removed member must not rejoin with the link they still have: renew it at once.

    The group itself may be going (a cascade); then the update touches no row.
    """
    from gamenight.services.groups import renew_invites

    renew_invites(instance.group_id)
