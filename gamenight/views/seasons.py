"""A group's seasons: nights grouped for the standings, their dates and scoring rule.

The form's "Preview" button shows the standings the rule would give on the
group's own nights (the season being edited, or the latest season played),
without saving anything.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from gamenight import services
from gamenight.forms.groups import SeasonForm
from gamenight.http import AuthenticatedHttpRequest
from gamenight.models import Group, NightStatus, Season
from gamenight.pages.access import group_for_user
from gamenight.pages.render import BAD_INPUT, render_page
from gamenight.services import LedgerError
from gamenight.services.request_keys import RequestKeyConflictError, Result, once
from gamenight.services.scoring import ScoringRule
from gamenight.services.standings import Standings, season_standings


def _preview(group: Group, season: Season | None, rule: ScoringRule) -> Standings | None:
    """The standings ``rule`` gives on real nights: this season's, else the latest played."""
    played = season
    if played is None or not played.nights.filter(status=NightStatus.CLOSED).exists():
        played = (
            Season.objects.filter(group=group, nights__status=NightStatus.CLOSED)
            .order_by("-starts_on")
            .first()
        )
    return season_standings(played, rule=rule) if played is not None else None


def _payload(group_id: int, data: dict[str, Any]) -> dict[str, object]:
    return {
        "group": group_id,
        "name": data["name"],
        "starts_on": data["starts_on"],
        "ends_on": data.get("ends_on"),
        "scoring": data["rule"].to_json(),
    }


@login_required
@require_http_methods(["GET", "POST"])
def season_create(request: AuthenticatedHttpRequest, group_id: int) -> HttpResponse:
    return _season_form(request, group_id, None)


@login_required
@require_http_methods(["GET", "POST"])
def season_edit(request: AuthenticatedHttpRequest, group_id: int, season_id: int) -> HttpResponse:
    return _season_form(request, group_id, season_id)


def _season_form(
    request: AuthenticatedHttpRequest, group_id: int, season_id: int | None
) -> HttpResponse:
    membership = group_for_user(request, group_id, record=True)
    group = membership.group
    season = None
    initial: dict[str, Any] = {}
    if season_id is not None:
        season = Season.objects.filter(group=group, pk=season_id).first()
        if season is None:
            raise Http404("no such season")
        initial = {
            "name": season.name,
            "starts_on": season.starts_on,
            "ends_on": season.ends_on,
            **SeasonForm.initial_for(ScoringRule.from_json(season.scoring)),
        }
    form = SeasonForm(request.POST if request.method == "POST" else None, initial=initial)
    preview = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        if "preview" in request.POST:
            preview = _preview(group, season, data["rule"])
            # The preset's numbers go into the fields, to be seen and changed from there.
            shown = request.POST.copy()
            for name, value in SeasonForm.initial_for(data["rule"]).items():
                shown[name] = str(value)  # replaces (QueryDict.update would add)
            form = SeasonForm(shown, initial=initial)
            form.is_valid()
        else:
            try:
                return redirect(_save(request, group_id, season, data))
            except RequestKeyConflictError as error:
                form.add_error(None, str(error))
            except LedgerError as error:
                form.add_error("name", str(error))
    context = {"form": form, "group": group, "season": season, "preview": preview}
    status = BAD_INPUT if form.is_bound and form.errors else 200
    return render_page(request, "groups/season_create.html", context, status=status)


def _save(
    request: AuthenticatedHttpRequest, group_id: int, season: Season | None, data: dict[str, Any]
) -> str:
    scoring = data["rule"].to_json()

    def write() -> Result:
        if season is None:
            saved = services.create_season(
                group_id=group_id,
                by=request.user,
                name=data["name"],
                starts_on=data["starts_on"],
                ends_on=data.get("ends_on"),
                scoring=scoring,
            )
        else:
            saved = services.update_season(
                group_id=group_id,
                season_id=season.pk,
                by=request.user,
                name=data["name"],
                starts_on=data["starts_on"],
                ends_on=data.get("ends_on"),
                scoring=scoring,
            )
        return saved, reverse("group_detail", args=[group_id])

    payload = _payload(group_id, data)
    if season is not None:
        payload["season"] = season.pk
    return once(
        user=request.user,
        key=data["key"],
        action="season_add" if season is None else "season_edit",
        payload=payload,
        write=write,
    )
