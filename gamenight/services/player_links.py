"""Personal player links: a player's read-only address, made and revoked by the host.

One live link a player at most (a constraint). Making a link when one is live
answers the live one (a double tap makes one link); revoking a revoked link
does nothing more. A revoked token still names its link, so that its page can
say the link was withdrawn instead of a bare 404.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Exists, F, OuterRef, QuerySet, Subquery
from django.http import Http404

from gamenight.models import Player, PlayerLink
from gamenight.services.access import User, group_for_recording


class LinkWithdrawnError(Http404):
    """The host revoked this link; a 404 wherever no view says more."""


def live_link(player: Player) -> PlayerLink | None:
    return PlayerLink.objects.filter(player=player, revoked=False).first()


def with_live_link(players: QuerySet[Player]) -> QuerySet[Player]:
    """The players with their live link's id and token (or None) in the same query,
    for :func:`annotated_link`: the player's page stays one query for the player."""
    live = PlayerLink.objects.filter(player=OuterRef("pk"), revoked=False)
    merged = PlayerLink.objects.filter(player__merged_into=OuterRef("pk"), revoked=False)
    return players.annotate(
        live_link_id=Subquery(live.values("pk")[:1]),
        live_link_token=Subquery(live.values("token")[:1]),
        has_merged_links=Exists(merged),
    )


def annotated_link(player: Player) -> PlayerLink | None:
    """The live link of a player loaded by :func:`with_live_link` (not saved again)."""
    pk, token = getattr(player, "live_link_id", None), getattr(player, "live_link_token", None)
    if pk is None or token is None:
        return None
    return PlayerLink(pk=pk, player=player, token=token)


def merged_links(player: Player) -> list[dict[str, Any]]:
    """The live links of the players merged into ``player`` (they open its pages): id,
    player id and the name the merged player had, for the host to withdraw them.

    A player loaded by :func:`with_live_link` knows whether there are any: no query
    when there are none."""
    if not getattr(player, "has_merged_links", True):
        return []
    rows = (
        PlayerLink.objects.filter(player__merged_into=player, revoked=False)
        .order_by("pk")
        .values("pk", "player_id", name=F("player__merge__merged_name"))
    )
    return [dict(row) for row in rows]


def _player(by: User, group_id: int, player_id: int) -> Player:
    group = group_for_recording(by, group_id)
    player = Player.objects.filter(group=group, pk=player_id).first()
    if player is None:
        raise Http404("no such player")
    return player


def make_link(*, group_id: int, by: User, player_id: int) -> PlayerLink:
    player = _player(by, group_id, player_id)
    with transaction.atomic():
        Player.objects.select_for_update().get(pk=player.pk)
        link = live_link(player)
        if link is not None:
            return link
        try:
            with transaction.atomic():  # a savepoint: the other tap's link may win
                return PlayerLink.objects.create(player=player)
        except IntegrityError:
            # SQLite takes no row lock: the other tap made the one live link.
            return PlayerLink.objects.get(player=player, revoked=False)


def revoke_link(*, group_id: int, by: User, player_id: int, link_id: int) -> None:
    player = _player(by, group_id, player_id)
    with transaction.atomic():
        link = PlayerLink.objects.select_for_update().filter(player=player, pk=link_id).first()
        if link is None:
            raise Http404("no such link")
        if not link.revoked:
            link.revoked = True
            link.save(update_fields=["revoked"])


def link_for_token(token: str) -> PlayerLink:
    """The live link of ``token`` with its player (the person: the kept player of a
    merge) and group; LinkWithdrawnError for a revoked one, Http404 for a token no
    link ever had."""
    # With how the player likes to be paid: the link's page shows it (issue 28).
    link = (
        PlayerLink.objects.filter(token=token)
        .select_related("player__group", "player__payment")
        .first()
    )
    if link is None:
        raise Http404("no such link")
    if link.revoked:
        raise LinkWithdrawnError("the host withdrew this link")
    if link.player.merged_into_id is not None:
        # A merged player's link opens the person they are: the kept player's history
        # (which adds up both), reports and answer. Only this in-memory link reads so;
        # the row still belongs to the merged player, where the host revokes it.
        link.player = Player.objects.select_related("group", "payment").get(
            pk=link.player.merged_into_id
        )
    return link
