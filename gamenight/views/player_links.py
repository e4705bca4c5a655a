"""A player's personal link (``/p/<token>/``): no login, read-only but for the answer.

What it opens: the player's own history, the standings of the group's seasons,
the reports of the nights the player sat at, and the next night with the answer
buttons and the calendar file. Every id in such a URL is looked up inside the
link's group (and a report among the player's own nights): anything else is a
404, never data. A revoked link's pages say it was withdrawn (410), in the
reader's language. The host makes and revokes the link on the player's page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Concatenate, ParamSpec

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from gamenight.forms.next_night import AnswerForm
from gamenight.forms.payment import PaymentForm
from gamenight.http import AuthenticatedHttpRequest
from gamenight.models import AccountKind, Answer, Night, NightReport, PlayerLink, Season
from gamenight.pages.calendar import calendar_response, feed_response
from gamenight.pages.next_night_panel import next_night_context
from gamenight.pages.payment_panel import payment_context
from gamenight.pages.refusals import REFUSALS
from gamenight.pages.report_context import report_context
from gamenight.pages.settling import night_rows
from gamenight.services import LedgerError, player_links, settling
from gamenight.services import next_night as planned
from gamenight.services import standings as computed
from gamenight.services.payment import PaymentDetailsError, save_details
from gamenight.services.people import of_person
from gamenight.services.scoring import ScoringRule

P = ParamSpec("P")
LinkView = Callable[Concatenate[HttpRequest, PlayerLink, P], HttpResponse]


def by_link(view: LinkView[P]) -> Callable[..., HttpResponse]:
    """The view with the token's live link; a withdrawn link's page says so."""

    def inner(request: HttpRequest, token: str, *args: P.args, **kwargs: P.kwargs) -> HttpResponse:
        try:
            link = player_links.link_for_token(token)
        except player_links.LinkWithdrawnError:
            response = render(request, "links/withdrawn.html", status=410)
            response["Cache-Control"] = "private, no-store"
            return response
        response = view(request, link, *args, **kwargs)
        # A personal page: never kept by a shared cache. (No "no-referrer" policy:
        # with it Chromium sends "Origin: null" on the answer's POST and CSRF refuses
        # it; the site's "same-origin" already keeps the token from other sites.)
        response["Cache-Control"] = "private, no-store"
        return response

    return inner


def _base(link: PlayerLink) -> dict[str, Any]:
    player = link.player
    return {
        "link": link,
        "player": player,
        "group": player.group,
        "seasons": list(Season.objects.filter(group_id=player.group_id)),
        "home_url": reverse("player_link_page", args=[link.token]),
    }


@require_GET
@vary_on_headers("Accept-Language", "Cookie")
@by_link
def player_link_page(request: HttpRequest, link: PlayerLink) -> HttpResponse:
    return _page(request, link)


def _page(
    request: HttpRequest, link: PlayerLink, *, status: int = 200, **extra: Any
) -> HttpResponse:
    player = link.player
    nights = computed.player_history(player)
    summary = computed.player_summary(player, nights)
    context = {
        **_base(link),
        **next_night_context(player.group_id, player=player, token=link.token),
        "nights": nights,
        "summary": summary,
        "total": sum(n.net for n in nights),
        # The player sets how they like to be paid here too (issue 28).
        **payment_context(
            player,
            may_change=True,
            url=reverse("player_link_payment", args=[link.token]),
            own=True,
            form=extra.pop("payment_form", None),
        ),
        "payment_saved": request.GET.get("saved") == "payment",
        "feed_url": _feed_url(request, link),
        **extra,
    }
    return render(request, "links/player.html", context, status=status)


@sensitive_post_parameters("iban", "holder", "paypal_me", "link")
@require_POST
@by_link
def player_link_payment(request: HttpRequest, link: PlayerLink) -> HttpResponse:
    """The link's player sets how they like to be paid (the same values again change nothing)."""
    form = PaymentForm(request.POST)
    if form.is_valid():
        try:
            save_details(player=link.player, **form.cleaned_data)
        except PaymentDetailsError as error:
            form.add_error(None, str(error))
        else:
            url = reverse("player_link_page", args=[link.token])
            return redirect(f"{url}?saved=payment#payment")
    return _page(request, link, status=422, payment_form=form)


def _feed_url(request: HttpRequest, link: PlayerLink) -> str:
    """The subscription address of the player's calendar, as calendar apps take it."""
    url = request.build_absolute_uri(reverse("player_link_feed", args=[link.token]))
    return "webcal://" + url.split("://", 1)[1]


@require_GET
@by_link
def player_link_feed(request: HttpRequest, link: PlayerLink) -> HttpResponse:
    """The group's planned and cancelled nights as one calendar a phone subscribes to
    (webcal://): it follows every re-plan and cancellation by itself."""
    url = request.build_absolute_uri(reverse("player_link_page", args=[link.token]))
    return feed_response(link.player.group, url=url)


@require_POST
@by_link
def player_link_answer(request: HttpRequest, link: PlayerLink, night_id: int) -> HttpResponse:
    """The link's player answers the night: one tap, the same tap again changes nothing."""
    form = AnswerForm(request.POST)
    if not form.is_valid():
        message = str(REFUSALS["coming_or_not"])
        return _page(request, link, status=422, answer_error=message)
    try:
        planned.answer(
            night_id=night_id, player=link.player, answer=Answer(form.cleaned_data["answer"])
        )
    except LedgerError as error:
        return _page(request, link, status=422, answer_error=str(error))
    return redirect(reverse("player_link_page", args=[link.token]) + "#next-night")


@require_GET
@by_link
def player_link_ics(request: HttpRequest, link: PlayerLink, night_id: int) -> HttpResponse:
    night = (
        Night.objects.filter(pk=night_id, group_id=link.player.group_id)
        .select_related("group")
        .first()
    )
    if night is None:
        raise Http404("no such night")
    url = request.build_absolute_uri(reverse("player_link_page", args=[link.token]))
    return calendar_response(night, url=url)


@require_GET
@vary_on_headers("Accept-Language", "Cookie")
@by_link
def player_link_standings(request: HttpRequest, link: PlayerLink, season_id: int) -> HttpResponse:
    season = Season.objects.filter(pk=season_id, group_id=link.player.group_id).first()
    if season is None:
        raise Http404("no such season")
    standings = computed.season_standings(season, rule=ScoringRule.from_json(season.scoring))
    context = {**_base(link), "season": season, "standings": standings}
    return render(request, "links/standings.html", context)


@require_GET
@vary_on_headers("Accept-Language", "Cookie")
@by_link
def player_link_report(request: HttpRequest, link: PlayerLink, night_id: int) -> HttpResponse:
    """The report of a night the link's person sat at (as any of their merged
    entries); any other night is a 404."""
    night = (
        Night.objects.filter(
            of_person(link.player, "accounts__player"),
            pk=night_id,
            group_id=link.player.group_id,
            accounts__kind=AccountKind.STACK,
        )
        .select_related("season")
        .first()
    )
    if night is None:
        raise Http404("no such night")
    report = NightReport.objects.filter(night=night).first()
    group = link.player.group
    built = report_context(report, group.currency)
    if built["data"].get("settle_up"):
        # The transfers in the group's currency with their paid marks and the payees'
        # ways to be paid; the link marks nothing (gamenight/pages/settling.py).
        settlement, people = settling.night_settlement(night, built["data"]["settle_up"])
        built |= night_rows(
            settlement, people, None, None, currency=group.currency, group_id=group.pk
        )
    context = {
        **_base(link),
        "night": night,
        "data": built["data"],
        "transfers": built["transfers"],
        "chip_value": built["chip_value"],
        "expenses": built["expenses"],
        "money_nets": built["money_nets"],
        "settle_rows": built.get("settle_rows", []),
        "settle_open": built.get("settle_open", 0),
    }
    return render(request, "links/report.html", context)


# ---------------------------------------------------------------- the host's side


@login_required
@require_POST
def player_link_make(
    request: AuthenticatedHttpRequest, group_id: int, player_id: int
) -> HttpResponse:
    """Make the player's link (a double tap answers the same link)."""
    player_links.make_link(group_id=group_id, by=request.user, player_id=player_id)
    return redirect(_player_page(group_id, player_id))


@login_required
@require_POST
def player_link_revoke(
    request: AuthenticatedHttpRequest, group_id: int, player_id: int, link_id: int
) -> HttpResponse:
    """Revoke the link: its pages say it was withdrawn. A second tap revokes nothing more."""
    player_links.revoke_link(
        group_id=group_id, by=request.user, player_id=player_id, link_id=link_id
    )
    return redirect(_player_page(group_id, player_id))


def _player_page(group_id: int, player_id: int) -> str:
    return reverse("player_history", args=[group_id, player_id]) + "#player-link"
