"""Season standings with a chart of running totals, and a player's history."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from gamenight.charts import line_chart
from gamenight.dates import short_day
from gamenight.games import game_title
from gamenight.http import AuthenticatedHttpRequest
from gamenight.models import Player, Season
from gamenight.pages.access import group_for_user
from gamenight.request_numbers import whole_number
from gamenight.services import player_links
from gamenight.services import standings as computed
from gamenight.services.scoring import ScoringRule


def _points(raw: str | None) -> tuple[int, ...] | None:
    """``?points=on`` uses the default scheme, ``?points=10,6,3`` a custom one."""
    if not raw:
        return None
    if raw in ("on", "1", "default"):
        return computed.DEFAULT_POINTS
    read = [whole_number(p, most=1000) for p in raw.replace(" ", "").split(",") if p]
    points = tuple(p for p in read if p is not None)
    if not points or len(points) != len(read) or len(points) > 20:
        return computed.DEFAULT_POINTS
    return points


@login_required
@require_GET
@vary_on_headers("HX-Request")
def season_standings(
    request: AuthenticatedHttpRequest, group_id: int, season_id: int
) -> HttpResponse:
    group = group_for_user(request, group_id).group
    season = Season.objects.filter(group=group, pk=season_id).first()
    if season is None:
        raise Http404("no such season")
    # The season's own rule, unless the page asks for chips or (older links) other points.
    stored = ScoringRule.from_json(season.scoring)
    by = request.GET.get("by", "")
    custom = _points(request.GET.get("points"))
    if custom:
        rule = ScoringRule(places=custom)
    elif by == "chips":
        rule = ScoringRule()
    else:
        rule = stored
    standings = computed.season_standings(season, rule=rule)
    chart = (
        line_chart(
            labels=[short_day(n.date) for n in standings.nights],
            series=[(row.name, row.running) for row in standings.rows],
            title=_("Running total of each player across the season's nights"),
        )
        if standings.nights
        else ""
    )
    context = {
        "group": group,
        "season": season,
        "standings": standings,
        "chart": chart,
        "seasons": Season.objects.filter(group=group),
        "points_param": request.GET.get("points", ""),
        "season_rule": stored,
        "by": "points" if rule.by_points else "chips",
    }
    template = "standings/season.html"
    if request.htmx and not request.htmx.boosted:
        template += "#standings-table"
    return render(request, template, context)


@login_required
@require_GET
def player_history(
    request: AuthenticatedHttpRequest, group_id: int, player_id: int
) -> HttpResponse:
    membership = group_for_user(request, group_id)
    group = membership.group
    player = player_links.with_live_link(Player.objects.filter(group=group, pk=player_id)).first()
    if player is None:
        raise Http404("no such player")
    nights = computed.player_history(player)
    summary = computed.player_summary(player, nights)
    context = {
        "group": group,
        "player": player,
        "nights": nights,
        "summary": summary,
        "games": [(game_title(g.game), g) for g in summary.games],
        "total": sum(n.net for n in nights),
        "games_dealt": sum(n.games_dealt for n in nights),
        # The player's own link, for the host and co-hosts (links/_host_panel.html).
        "may_manage_link": membership.may_record,
        "player_link": player_links.annotated_link(player) if membership.may_record else None,
    }
    return render(request, "standings/player.html", context)
