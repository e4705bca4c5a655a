"""Table links: the night's read-only address for a TV, opened without a login.

One live link a night at most (a constraint): the host's night page shows it,
made on first view, and "renew" revokes it and makes the next one, so a TV that
should no longer watch goes blank at its next poll. A link dies with its night;
a closed night's link still names its night so that the TV can say the night is
over (:func:`closed_night_of`), but shows nothing of it.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import OuterRef, Subquery
from django.http import Http404

from gamenight.models import DigitalHand, Night, NightStatus, TableLink
from gamenight.services.access import User, night_for_recording


def live_table_link(night: Night) -> TableLink:
    """The night's live table link, made if it has none (the night page shows it on
    every view: one query when it exists, the lock only to make it)."""
    link = TableLink.objects.filter(night=night, revoked=False).first()
    if link is not None:
        return link
    with transaction.atomic():
        Night.objects.select_for_update().get(pk=night.pk)
        link = TableLink.objects.filter(night=night, revoked=False).first()
        if link is None:
            link = TableLink.objects.create(night=night)
        return link


def renew_table_link(*, night_id: int, by: User, link_id: int) -> TableLink:
    """Revoke the night's table link ``link_id`` and make the next one.

    Renewing a link revoked already (a double tap, a stale tab) revokes nothing
    more: the answer is the live link, so one tap makes one new link.
    """
    night = night_for_recording(by, night_id)
    if night.status == NightStatus.CLOSED:
        raise Http404("the night is over")
    with transaction.atomic():
        Night.objects.select_for_update().get(pk=night.pk)
        link = TableLink.objects.filter(night=night, pk=link_id).first()
        if link is None:
            raise Http404("no such link")
        if not link.revoked:
            link.revoked = True
            link.save(update_fields=["revoked"])
        return live_table_link(night)


def table_link_for_token(token: str) -> TableLink:
    """The live table link of ``token``; Http404 for an unknown, revoked or closed one."""
    link = TableLink.objects.filter(token=token).select_related("night").first()
    if link is None or not link.is_live:
        raise Http404("no such table")
    return link


def closed_night_of(token: str) -> Night | None:
    """The closed night a not revoked table link belongs to, if it is one."""
    link = (
        TableLink.objects.filter(token=token, revoked=False, night__status=NightStatus.CLOSED)
        .select_related("night")
        .first()
    )
    return None if link is None else link.night


def latest_hand(night: Night) -> DigitalHand | None:
    """The night's running hand, else its last one (at most one runs at a time)."""
    return DigitalHand.objects.filter(night=night).select_related("deal").order_by("-id").first()


def tv_poll(token: str) -> tuple[int, int | None, int | None]:
    """The link's id and the id and version of the night's latest hand (None, None:
    no hand yet) in one indexed query: what the TV's poll needs before answering
    304. Http404 as :func:`table_link_for_token`."""
    latest = DigitalHand.objects.filter(night=OuterRef("night")).order_by("-id")
    row: tuple[int, int | None, int | None] | None = (
        TableLink.objects.filter(token=token, revoked=False)
        .exclude(night__status=NightStatus.CLOSED)
        .annotate(
            latest_id=Subquery(latest.values("id")[:1]),
            latest_version=Subquery(latest.values("version")[:1]),
        )
        .values_list("pk", "latest_id", "latest_version")
        .first()
    )
    if row is None:
        raise Http404("no such table")
    return row


def is_revoked(token: str) -> bool:
    """Whether ``token`` is a table link the host has renewed since."""
    return TableLink.objects.filter(token=token, revoked=True).exists()
