"""Digital hands: each player's seat on their own phone, the shared table, the host's panel.

The seat page is built only from :func:`engine.games.views.seat_view`, the table
page only from :func:`engine.games.views.table_view`: a card a viewer may not
see is not in the data, so it cannot reach the HTML.

A seat link shows its seat only on the phone that opened it first
(:mod:`gamenight.services.seat_binding`): any other browser, the host's
included, gets a 403 page with no card, and that check comes before the poll's
304 and before a move.

Both pages poll a small state endpoint every second (htmx). Its ETag is the
hand's version (with the seat and the language); the poller sends it back as
``If-None-Match`` and gets ``304 Not Modified`` with no body while nothing
changed (``HX-Reswap: none`` tells htmx to leave the page alone). A phone
that slept catches up on its next poll. Without JavaScript, reloading the page
shows the same.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth.decorators import login_required
from django.db.models import OuterRef, Subquery
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import parse_etags, quote_etag
from django.utils.translation import get_language, gettext, gettext_lazy
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from engine.cards import parse_card
from engine.errors import EngineError
from engine.games import ActionName, seat_view, table_view
from gamenight.games import game_title
from gamenight.http import AuthenticatedHttpRequest, HtmxHttpRequest
from gamenight.models import DigitalHand, HandStatus, Membership, Night, NightStatus, SeatLink
from gamenight.request_numbers import whole_number
from gamenight.services import LedgerError, digital, seat_binding, seat_links
from gamenight.services.digital import Move
from gamenight.services.seat_binding import Binding
from gamenight.views.groups import BAD_INPUT, membership_for_user

LOG_LINES = 8

_ACTION_LABELS: Mapping[str, Any] = {
    ActionName.CHECK: gettext_lazy("Check"),
    ActionName.CALL: gettext_lazy("Call"),
    ActionName.BET: gettext_lazy("Bet"),
    ActionName.RAISE_BY: gettext_lazy("Raise by"),
    ActionName.FOLD: gettext_lazy("Fold"),
    ActionName.ALL_IN: gettext_lazy("All in"),
    ActionName.PAY_POT: gettext_lazy("Pay the pot"),
    ActionName.BUY_WALK: gettext_lazy("Buy the extra card"),
    ActionName.DECLINE_WALK: gettext_lazy("No extra card"),
    ActionName.FLIP: gettext_lazy("Flip a card"),
    ActionName.DRAW: gettext_lazy("Draw"),
    ActionName.DECLARE_IN: gettext_lazy("In"),
    ActionName.DECLARE_OUT: gettext_lazy("Out"),
    ActionName.HOLD: gettext_lazy("Hold"),
    ActionName.DROP: gettext_lazy("Drop"),
    ActionName.SWITCH_GAME: gettext_lazy("Switch to"),
    ActionName.KEEP_GAME: gettext_lazy("Keep the game"),
    ActionName.BUY_CARD: gettext_lazy("Buy a card"),
    ActionName.DECLINE_CARD: gettext_lazy("No card"),
    ActionName.CALL_SPIT: gettext_lazy("Spit!"),
    ActionName.PASS_SPIT: gettext_lazy("Let it go"),
}

_EVENT_LABELS: Mapping[str, Any] = {
    "ante": gettext_lazy("antes"),
    "deal": gettext_lazy("gets a card"),
    "check": gettext_lazy("checks"),
    "bet": gettext_lazy("bets"),
    "call": gettext_lazy("calls"),
    "raise": gettext_lazy("raises to"),
    "fold": gettext_lazy("folds"),
    "pay_pot": gettext_lazy("pays the pot"),
    "buy_walk": gettext_lazy("buys the extra card"),
    "decline_walk": gettext_lazy("declines the extra card"),
    "void_deal": gettext_lazy("the deal is void"),
    "flip": gettext_lazy("flips"),
    "draw": gettext_lazy("draws"),
    "table_card": gettext_lazy("card in the middle"),
    "declare": gettext_lazy("decides"),
    "reveal": gettext_lazy("shows"),
    "switch_game": gettext_lazy("switches the game"),
    "wild_change": gettext_lazy("wild cards change"),
    "buy_card": gettext_lazy("buys a card"),
    "decline_card": gettext_lazy("declines a card"),
    "settle": gettext_lazy("settles"),
    "discard": gettext_lazy("discards"),
    "keep_game": gettext_lazy("keeps the game"),
    "show": gettext_lazy("shows"),
    "win": gettext_lazy("wins"),
    "return": gettext_lazy("gets back"),
    "leave": gettext_lazy("leaves the table and folds"),
}

# A request for a hand that is over by now, or from a seat that has left: nothing changed.
CONFLICT = 409

# Actions a host may take for a player away from the phone, as buttons.
_HOST_ORDER = [a for a in ActionName if a in digital.HOST_ACTIONS]


def _new_key() -> str:
    return uuid.uuid4().hex


def _game_title(name: str) -> str:
    return game_title(name)


# ---------------------------------------------------------------------- shared rendering


def _players(
    view: Mapping[str, Any], *, me: int | None, odds: Mapping[int, float] | None
) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for index, player in enumerate(view["players"]):
        chance = None if odds is None else odds.get(index)
        rows.append(
            {
                "index": index,
                "name": player["name"],
                "stack": player["stack"],
                "put_in": player["put_in"],
                "folded": player["folded"],
                "cards": player["cards"],
                "down_count": player["down_count"],
                "hidden": max(
                    0, player["down_count"] - sum(1 for c in player["cards"] if not c["up"])
                ),
                "me": index == me,
                "acting": view["actor"] == index,
                "dealer": view["dealer"] == index,
                "payout": (view["payouts"] or [None] * len(view["players"]))[index],
                "odds": None if chance is None else round(chance * 100),
            }
        )
    return rows


def _log(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The last events, newest first, as the viewer may see them."""
    names = [p["name"] for p in view["players"]]
    lines = []
    for event in view["log"][-LOG_LINES:][::-1]:
        seat = event["seat"]
        lines.append(
            {
                "who": names[seat] if 0 <= seat < len(names) else "",
                "what": _EVENT_LABELS.get(event["kind"], event["kind"]),
                "chips": event["chips"],
                "card": event["card"],
                "text": event["text"],
            }
        )
    return lines


def _etag(*parts: object) -> str:
    return quote_etag("-".join(str(p) for p in (*parts, get_language() or "en")))


def _not_modified(request: HttpRequest, etag: str) -> HttpResponse | None:
    given = request.headers.get("If-None-Match")
    if given and (etag in parse_etags(given) or "*" in parse_etags(given)):
        response = HttpResponseNotModified()
        response.headers["ETag"] = etag
        response.headers["HX-Reswap"] = "none"
        response.headers["Cache-Control"] = "private, no-cache"
        return response
    return None


def _tag(response: HttpResponse, etag: str) -> HttpResponse:
    response.headers["ETag"] = etag
    response.headers["Cache-Control"] = "private, no-cache"
    return response


# ---------------------------------------------------------------------- the seat


def _seat_context(link: SeatLink, *, error: str = "") -> dict[str, Any]:
    hand = seat_links.hand_for_link(link)
    context: dict[str, Any] = {
        "link": link,
        "player_name": link.seat.player.name,
        "hand": hand,
        "error": error,
        "etag": _seat_etag(link, hand),
        "departed": not link.seat.seated,
    }
    if hand is None:
        return context
    seat = digital.engine_seat(hand, link.seat_id)
    context["game_title"] = _game_title(hand.deal.game)
    context["seat"] = seat
    if seat is None:
        return context
    view = seat_view(digital.hand_state(hand), seat)
    context.update(
        view=view,
        players=_players(view, me=seat, odds=None),
        me=view["players"][seat],
        actions=_seat_actions(view, seat) if hand.is_running and link.seat.seated else [],
        log=_log(view),
        waiting_for=view["players"][view["actor"]]["name"] if view["actor"] is not None else "",
    )
    return context


def _seat_etag(link: SeatLink, hand: DigitalHand | None) -> str:
    return _seat_tag(
        link.pk,
        link.seat.seated,
        None if hand is None else hand.pk,
        None if hand is None else hand.version,
    )


def _seat_tag(link_id: int, seated: bool, hand_id: int | None, version: int | None) -> str:
    # A player who leaves changes the page (no more moves) without moving the hand.
    away = () if seated else ("gone",)
    if hand_id is None:
        return _etag("s", link_id, *away, "none")
    return _etag("s", link_id, *away, "h", hand_id, "v", version)


def _seat_actions(view: Mapping[str, Any], seat: int) -> list[dict[str, Any]]:
    """One button (or small form) per legal action, each with its own request key."""
    own = [c["card"] for c in view["players"][seat]["cards"]]
    actions = []
    for legal in view["legal_actions"]:
        kind = legal["kind"]
        actions.append(
            {
                "kind": kind,
                "label": _ACTION_LABELS.get(kind, kind),
                "chips": legal["chips"],
                "min": legal["min_amount"],
                "max": legal["max_amount"],
                "game": legal["game"],
                "game_title": _game_title(legal["game"]) if legal["game"] else "",
                "amount": kind in (ActionName.BET, ActionName.RAISE_BY),
                "draw": kind == ActionName.DRAW,
                "cards": own if kind == ActionName.DRAW else [],
                "danger": kind in (ActionName.FOLD, ActionName.DECLARE_OUT, ActionName.DROP),
                "key": _new_key(),
            }
        )
    return actions


def _render_seat(
    request: HtmxHttpRequest, link: SeatLink, *, error: str = "", status: int = 200
) -> HttpResponse:
    context = _seat_context(link, error=error)
    name = "digital/seat.html#live" if request.htmx else "digital/seat.html"
    return _tag(render(request, name, context, status=status), context["etag"])


@require_GET
@vary_on_headers("HX-Request", "Accept-Language", "Cookie")
def seat_page(request: HtmxHttpRequest, token: str) -> HttpResponse:
    link = seat_links.link_for_token(token)
    # The first open binds the link to this phone; any other browser sees nothing.
    allowed, secret = seat_binding.open_seat(request, link)
    if not allowed:
        return _elsewhere(request)
    response = _render_seat(request, link)
    if secret is not None:
        seat_binding.remember(response, request, link, secret)
    return response


@require_GET
@vary_on_headers("HX-Request", "Accept-Language", "Cookie")
def seat_state(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The live part of the seat page; 304 while the hand has not moved.

    The 304 is answered from one query (the link, its hand's id and version)
    before anything is loaded or rendered: most polls end there.
    """
    link_id, device_hash, seated, hand_id, version = seat_links.seat_poll(token)
    # Before the 304: another phone learns nothing, not even that nothing changed.
    bound = seat_binding.binding(request, link_id, device_hash)
    if bound is not Binding.MINE:
        return _elsewhere(request, unopened=bound is Binding.FREE)
    unchanged = _not_modified(request, _seat_tag(link_id, seated, hand_id, version))
    if unchanged is not None:
        return unchanged
    link = seat_links.link_for_token(token)
    context = _seat_context(link)
    return _tag(render(request, "digital/seat.html#live", context), context["etag"])


@require_POST
def seat_act(request: HtmxHttpRequest, token: str) -> HttpResponse:
    link = seat_links.link_for_token(token)
    bound = seat_binding.binding(request, link.pk, link.device_hash)
    if bound is not Binding.MINE:
        return _elsewhere(request, unopened=bound is Binding.FREE)
    if not link.seat.seated:
        return _render_seat(request, link, error=_left_the_table(), status=CONFLICT)
    hand = seat_links.hand_for_link(link)
    seat = None if hand is None else digital.engine_seat(hand, link.seat_id)
    if hand is None or seat is None:
        return _render_seat(
            request, link, error=gettext("You are not in this hand."), status=BAD_INPUT
        )
    try:
        # Versions start again every hand: the hand's id tells a request for an
        # earlier hand (a phone that slept, a retry) from one for this hand.
        named = _whole(request.POST.get("hand"), gettext("The page is out of date: reload it."))
        if named != hand.pk:
            raise digital.HandOverError(
                gettext("That hand is over: here is the hand in play now. Nothing was changed.")
            )
        move, version, key = _read_move(request.POST)
        digital.act(hand_id=hand.pk, seat=seat, move=move, version=version, key=key, link=link)
    except digital.HandOverError as error:
        return _render_seat(request, link, error=str(error), status=CONFLICT)
    except LedgerError as error:
        return _render_seat(request, link, error=str(error), status=BAD_INPUT)
    if request.htmx:
        return _render_seat(request, link)
    return redirect("seat_page", token=link.token)


def _left_the_table() -> str:
    return gettext("You left the table: this seat can no longer act. Nothing was changed.")


def _elsewhere(request: HtmxHttpRequest, *, unopened: bool = False) -> HttpResponse:
    """The page of a seat link opened in a browser that does not hold the seat: no
    name, no cards, no hand; only what to do about it."""
    message = (
        gettext("Open this seat on your phone first.")
        if unopened
        else gettext("This seat is open on another phone. Ask the host to move it to this phone.")
    )
    name = "digital/seat_elsewhere.html#live" if request.htmx else "digital/seat_elsewhere.html"
    response = render(request, name, {"message": message}, status=403)
    response.headers["Cache-Control"] = "private, no-store"
    return response


def _read_move(data: Mapping[str, Any]) -> tuple[Move, int, str]:
    """The move, the version it was made on and its key, from a posted form."""
    try:
        action = ActionName(str(data.get("action", "")))
    except ValueError:
        raise digital.IllegalMoveError(gettext("That is not a move of this game.")) from None
    version = _whole(data.get("version"), gettext("The page is out of date: reload it."))
    key = str(data.get("key", ""))
    amount = None
    if action in (ActionName.BET, ActionName.RAISE_BY):
        amount = _whole(data.get("amount"), gettext("Give the number of chips as a whole number."))
    cards: tuple[int, ...] = ()
    if action is ActionName.DRAW:
        getlist = getattr(data, "getlist", None)
        chosen = getlist("cards") if getlist else list(data.get("cards") or [])
        try:
            cards = tuple(int(parse_card(c)) for c in chosen)
        except EngineError as error:
            raise digital.IllegalMoveError(str(error)) from None
    game = None
    if action is ActionName.SWITCH_GAME:
        game = str(data.get("game") or "")
        if not game:
            raise digital.IllegalMoveError(gettext("Pick the game to switch to."))
    return Move(action=action, amount=amount, cards=cards, game=game), version, key


def _whole(raw: object, message: str) -> int:
    value = whole_number(raw, most=999_999_999)
    if value is None:
        raise digital.IllegalMoveError(message)
    return value


# ---------------------------------------------------------------------- the table


def _hand_for_member(request: HttpRequest, night_id: int, hand_id: int) -> DigitalHand:
    """The hand, for a member of its night's group; Http404 for anyone else's."""
    group_id = Night.objects.filter(pk=night_id).values_list("group_id", flat=True).first()
    if group_id is None:
        raise Http404("no such night")
    membership_for_user(request, group_id)
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


def _table_context(hand: DigitalHand) -> dict[str, Any]:
    state = digital.hand_state(hand)
    view = table_view(state)
    odds = digital.table_odds(hand, state) if hand.is_running else None
    return {
        "hand": hand,
        "night": hand.night,
        "game_title": _game_title(hand.deal.game),
        "view": view,
        "players": _players(view, me=None, odds=odds),
        "odds": odds is not None,
        "log": _log(view),
        "waiting_for": view["players"][view["actor"]]["name"] if view["actor"] is not None else "",
        "etag": _etag("t", hand.pk, "v", hand.version),
    }


@login_required
@require_GET
@vary_on_headers("HX-Request", "Accept-Language", "Cookie")
def table_page(request: AuthenticatedHttpRequest, night_id: int, hand_id: int) -> HttpResponse:
    hand = _hand_for_member(request, night_id, hand_id)
    context = _table_context(hand)
    name = "digital/table.html#live" if request.htmx else "digital/table.html"
    return _tag(render(request, name, context), context["etag"])


@login_required
@require_GET
@vary_on_headers("HX-Request", "Accept-Language", "Cookie")
def table_state(request: AuthenticatedHttpRequest, night_id: int, hand_id: int) -> HttpResponse:
    hand = _hand_for_member(request, night_id, hand_id)
    later = getattr(hand, "latest_id", hand.pk)
    if later != hand.pk:
        # The TV shows one hand; once the next one is dealt, it follows to that one.
        response = HttpResponse(status=200)
        response.headers["HX-Redirect"] = reverse("digital_table", args=[night_id, later])
        response.headers["Cache-Control"] = "private, no-cache"
        return response
    unchanged = _not_modified(request, _etag("t", hand.pk, "v", hand.version))
    if unchanged is not None:
        return unchanged
    context = _table_context(hand)
    return _tag(render(request, "digital/table.html#live", context), context["etag"])


# ---------------------------------------------------------------------- the host's panel


def host_panel_context(night: Night, membership: Membership, *, error: str = "") -> dict[str, Any]:
    """What the night page shows of digital hands (see digital/_host_panel.html)."""
    running = night.status == NightStatus.RUNNING
    if not running:
        # A night not (or no longer) in play has no hand to deal or show.
        return {"digital": {}}
    hand = seat_links.current_hand(night)
    panel: dict[str, Any] = {
        "may_record": membership.may_record and running,
        "error": error,
        "hand": hand,
        "games": [(g, _game_title(g)) for g in digital.playable_games(night)] if running else [],
        "start_key": _new_key(),
    }
    if hand is not None:
        state = digital.hand_state(hand)
        view = table_view(state)
        panel.update(
            game_title=_game_title(hand.deal.game),
            running=hand.status == HandStatus.RUNNING,
            waiting_for=view["players"][view["actor"]]["name"] if view["actor"] is not None else "",
            pot=view["pot"],
            abandon_key=_new_key(),
        )
        if panel["may_record"] and hand.is_running:
            panel["absent"] = _absent_actions(state, hand)
    # Links are made when a hand is dealt: before the night's first hand there are none.
    if panel["may_record"] and hand is not None:
        panel["links"] = [
            {"link": link, "name": link.seat.player.name, "revoke_key": _new_key()}
            for link in seat_links.night_links(night)
        ]
    return {"digital": panel}


def _absent_actions(state: Any, hand: DigitalHand) -> list[dict[str, Any]]:
    """For each seat that may act now, the moves a host may make for it."""
    rows = []
    for seat in range(state.seat_count):
        kinds = {a["kind"] for a in seat_view(state, seat)["legal_actions"]}
        allowed = [a for a in _HOST_ORDER if a in kinds]
        if allowed:
            rows.append(
                {
                    "seat": seat,
                    "name": state.names[seat],
                    "actions": [
                        {"kind": a, "label": _ACTION_LABELS[a], "key": _new_key()} for a in allowed
                    ],
                }
            )
    return rows


def _night_page(
    request: HtmxHttpRequest, night_id: int, *, error: str = "", status: int = 200
) -> HttpResponse:
    from gamenight.views.nights import _get_night_for_user, _night_context

    night, membership = _get_night_for_user(request, night_id)
    context = _night_context(night, membership, digital_error=error)
    name = "nights/night.html#content" if request.htmx else "nights/night.html"
    return render(request, name, context, status=status)


def _done(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    if request.htmx:
        return _night_page(request, night_id)
    return redirect(reverse("night_detail", args=[night_id]) + "#digital")


@login_required
@require_POST
def hand_start(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    try:
        digital.start_hand(
            night_id=night_id,
            by=request.user,
            key=str(request.POST.get("key", "")),
            game=str(request.POST.get("game", "")),
        )
    except LedgerError as error:
        return _night_page(request, night_id, error=str(error), status=BAD_INPUT)
    return _done(request, night_id)


@login_required
@require_POST
def hand_act_for(request: AuthenticatedHttpRequest, night_id: int, hand_id: int) -> HttpResponse:
    try:
        action = ActionName(str(request.POST.get("action", "")))
        seat = _whole(request.POST.get("seat"), gettext("Pick a player."))
        version = _whole(
            request.POST.get("version"), gettext("The page is out of date: reload it.")
        )
    except ValueError:
        return _night_page(
            request, night_id, error=gettext("That is not a move of this game."), status=BAD_INPUT
        )
    try:
        digital.act_for_absent(
            night_id=night_id,
            hand_id=hand_id,
            by=request.user,
            seat=seat,
            action=action,
            version=version,
            key=str(request.POST.get("key", "")),
        )
    except digital.HandOverError as error:
        return _night_page(request, night_id, error=str(error), status=CONFLICT)
    except LedgerError as error:
        return _night_page(request, night_id, error=str(error), status=BAD_INPUT)
    return _done(request, night_id)


@login_required
@require_POST
def hand_abandon(request: AuthenticatedHttpRequest, night_id: int, hand_id: int) -> HttpResponse:
    try:
        digital.abandon_hand(
            night_id=night_id,
            hand_id=hand_id,
            by=request.user,
            key=str(request.POST.get("key", "")),
        )
    except LedgerError as error:
        return _night_page(request, night_id, error=str(error), status=BAD_INPUT)
    return _done(request, night_id)


@login_required
@require_POST
def link_revoke(request: AuthenticatedHttpRequest, night_id: int, link_id: int) -> HttpResponse:
    seat_links.revoke_link(night_id=night_id, by=request.user, link_id=link_id)
    return _done(request, night_id)


__all__: Sequence[str] = [
    "hand_abandon",
    "hand_act_for",
    "hand_start",
    "host_panel_context",
    "link_revoke",
    "seat_act",
    "seat_page",
    "seat_state",
    "table_page",
    "table_state",
]
