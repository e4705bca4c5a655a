"""Who may open a page: the one set of look-ups every view uses.

The rules are :mod:`gamenight.services.access`'s: an outsider gets Http404 for
any id of another group (so ids reveal nothing), and with ``record=True`` a
member who may only view gets PermissionDenied (403). These helpers only add
what a page needs loaded along with the check.
"""

from __future__ import annotations

from django.db.models import OuterRef, Subquery
from django.http import Http404, HttpRequest

from gamenight.models import DigitalHand, Membership, Night, Season
from gamenight.services.access import membership_for
from gamenight.services.table_version import with_latest_transaction


def group_for_user(request: HttpRequest, group_id: int, *, record: bool = False) -> Membership:
    """The user's membership of the group (with the group)."""
    return membership_for(request.user, group_id, record=record)


def night_for_user(
    request: HttpRequest, night_id: int, *, record: bool = False, version: bool = False
) -> tuple[Night, Membership]:
    """The night and the user's membership of its group; with ``version``, the night
    carries its latest transaction for its table version (services/table_version.py)."""
    nights = Night.objects.filter(pk=night_id)
    if version:
        nights = with_latest_transaction(nights)
    night = (
        # A tournament night's tournament comes along: the night page asks for it.
        nights.select_related("group", "season", "dealer__player", "tournament").first()
    )
    if night is None:
        raise Http404("no such night")
    return night, membership_for(request.user, night.group_id, record=record)


def season_for_user(
    request: HttpRequest, group_id: int, season_id: int, *, record: bool = False
) -> tuple[Season, Membership]:
    """The season of the group and the user's membership of the group."""
    membership = membership_for(request.user, group_id, record=record)
    season = Season.objects.select_related("group").filter(pk=season_id, group_id=group_id).first()
    if season is None:
        raise Http404("no such season")
    return season, membership


def hand_for_member(request: HttpRequest, night_id: int, hand_id: int) -> DigitalHand:
    """A digital hand of the night, for a member of the night's group."""
    group_id = Night.objects.filter(pk=night_id).values_list("group_id", flat=True).first()
    if group_id is None:
        raise Http404("no such night")
    membership_for(request.user, group_id)
    # The night's latest hand comes along in the same query: the TV's poll follows it.
    latest = DigitalHand.objects.filter(night=OuterRef("night")).order_by("-id").values("id")
    hand = (
        DigitalHand.objects.filter(pk=hand_id, night_id=night_id)
        .select_related("deal", "night")
        .annotate(latest_id=Subquery(latest[:1]))
        .first()
    )
    if hand is None:
        raise Http404("no such hand")
    return hand
