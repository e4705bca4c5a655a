"""The night page's context: the table (seats, stacks, pots, dealer), the host's
forms, the latest recorded games and the digital-hands panel.

The night's own views and the digital hands' host moves both answer with this
page, so it is built here, once.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.http import HttpResponse

from gamenight.forms.groups import KeyedForm
from gamenight.forms.nights import (
    BLIND_LIMIT_CHOICES,
    ArriveForm,
    EndNightForm,
    LeaveForm,
    RebuyForm,
    SplitForm,
)
from gamenight.games import game_title
from gamenight.http import HtmxHttpRequest
from gamenight.models import (
    NIGHT_POTS,
    Account,
    AccountKind,
    Membership,
    Night,
    NightStatus,
    Seat,
    Tournament,
)
from gamenight.pages.access import night_for_user
from gamenight.pages.deals import deal_list_context
from gamenight.pages.host_panel import host_panel_context
from gamenight.pages.night_log import night_log
from gamenight.pages.recorded import forget_recorded, pop_recorded
from gamenight.pages.render import render_page
from gamenight.pages.seat_move_panel import seat_move_context
from gamenight.pages.table_link_panel import table_link_context
from gamenight.services import HandRunningError, PlayerInHandError

NIGHT_PAGE_GAMES = 8


def _deal_list(night: Night, membership: Membership) -> dict[str, Any]:
    # A phone shows the latest games; the whole night is one tap away.
    listed = deal_list_context(night, membership, latest=NIGHT_PAGE_GAMES)
    return {
        "deal_rows": listed["deal_rows"],
        "deal_more": listed["deal_more"],
        "deal_total": listed["deal_total"],
        "may_undo": listed["may_record"],
    }


def night_context(night: Night, membership: Membership, **forms_given: Any) -> dict[str, Any]:
    """Everything nights/night.html shows; ``forms_given`` are refused forms shown
    again with their messages, and the messages of refused writes by name."""
    seats = list(Seat.objects.filter(night=night).select_related("player"))
    stacks = dict(
        Account.objects.filter(night=night, kind=AccountKind.STACK).values_list(
            "player_id", "balance"
        )
    )
    seated = [s for s in seats if s.seated]
    gone = [s for s in seats if not s.seated]
    seated_players = [s.player for s in seated]
    pots = [
        (AccountKind(a.kind).label, a.balance)
        for a in Account.objects.filter(night=night, kind__in=NIGHT_POTS).order_by("kind")
        if a.balance
    ]
    away = [p for p in night.group.players.for_night(night.pk) if p not in seated_players]
    # Seated with no chips: still at the table, marked, a rebuy one tap away.
    busted = {s.player_id for s in seated if stacks.get(s.player_id, 0) == 0}
    # A tournament night (gamenight/tournaments/): its own page runs it; the ring game's
    # deal, rebuys, arrivals and departures are not shown.
    tournament = _tournament(night)
    rules = night.house_rules
    context: dict[str, Any] = {
        "night": night,
        "tournament": tournament,
        "membership": membership,
        "may_record": membership.may_record,
        "seats": [(s, stacks.get(s.player_id, 0)) for s in seated],
        "gone": [(s, stacks.get(s.player_id, 0)) for s in gone],
        "dealer": night.dealer if night.dealer and night.dealer.seated else None,
        "games": [(g, game_title(g)) for g in rules.games],
        "pots": pots,
        "running": night.status == NightStatus.RUNNING,
        # The night's recorded games with their undo buttons (recording/_deal_list.html).
        **_deal_list(night, membership),
        "rules": rules,
        "blinds": _blinds(night),
        "anyone_away": bool(away),
        "busted": busted,
        # One key per page; each busted player's rebuy button adds the player's id.
        "rebuy_key": uuid.uuid4().hex,
        # A destructive tap's confirm panel, in the section of its button (nights/_confirm.html).
        "confirm": forms_given.get("confirm"),
        # Who changed the plan or the house rules, when, and what (nights/_night_log.html).
        "night_log": night_log(night),
        "plan_error": forms_given.get("plan_error"),
    }
    if membership.may_record and night.status in (NightStatus.PLANNED, NightStatus.CANCELLED):
        # Cancel or delete, a key for the delete's double tap (nights/_call_off.html).
        context["call_off_form"] = KeyedForm()
    if membership.may_record and context["running"]:
        context.update(
            arrive_form=forms_given.get("arrive_form") or ArriveForm(players=away),
            rebuy_form=forms_given.get("rebuy_form")
            or RebuyForm(players=seated_players, busted=busted),
            leave_form=forms_given.get("leave_form")
            or LeaveForm(players=seated_players, busted=busted),
            end_form=forms_given.get("end_form") or EndNightForm(),
            split_form=forms_given.get("split_form")
            or SplitForm(players=seated_players, busted=busted),
            end_error=forms_given.get("end_error"),
            end_hand=_hand_to_finish(night, forms_given.get("end_refusal")),
            leave_error=forms_given.get("leave_error"),
            fold_leave=_fold_leave_offer(forms_given.get("refusal")),
            leave_hand=_hand_to_finish(night, forms_given.get("refusal")),
        )
    # Digital hands: start one, seat links, acting for an absent player (digital/_host_panel.html).
    context.update(
        host_panel_context(night, membership, error=forms_given.get("digital_error", ""))
    )
    # Phones asking for a seat, and the night's seat moves (digital/_seat_moves.html).
    context.update(seat_move_context(night, membership))
    # The TV's own link (digital/_table_link.html).
    context.update(table_link_context(night, membership))
    return context


def _tournament(night: Night) -> Tournament | None:
    """The night's tournament (loaded with the night by pages.access), if it is one."""
    try:
        return night.tournament
    except Tournament.DoesNotExist:
        return None


def _fold_leave_offer(refusal: object) -> dict[str, Any] | None:
    """After "cash out and leave" was refused for a player in the hand in play: the
    confirm button that folds them out first, naming the hand it means."""
    if not isinstance(refusal, PlayerInHandError):
        return None
    return {
        "player_id": refusal.player_id,
        "name": refusal.name,
        "hand": refusal.hand,
        "key": uuid.uuid4().hex,
    }


def _hand_to_finish(night: Night, refusal: object) -> dict[str, Any] | None:
    """The hand that keeps the night from ending, with what the host can do about it."""
    if not isinstance(refusal, HandRunningError) or refusal.hand.night_id != night.pk:
        return None
    return {"hand": refusal.hand, "abandon_key": uuid.uuid4().hex}


def night_page(
    request: HtmxHttpRequest, night_id: int, *, status: int = 200, **forms_given: Any
) -> HttpResponse:
    """The night page (for HTMX its content), with any refused form or message given."""
    night, membership = night_for_user(request, night_id)
    context = night_context(night, membership, **forms_given)
    # Just back from the record form: the game recorded, with its Undo.
    context["recorded"] = pop_recorded(request, night, context["deal_rows"])
    response = render_page(request, "nights/night.html", context, status=status)
    if context["recorded"] is not None:
        forget_recorded(response)  # shown once
    return response


def _blinds(night: Night) -> dict[str, object] | None:
    """The night's blinds for Hold'em and Omaha as its house rules show them."""
    found = night.house_rules.blinds
    if found is None:
        return None
    blinds, kind = found
    return {"small": blinds.small, "big": blinds.big, "limit": dict(BLIND_LIMIT_CHOICES)[kind]}
