"""The next night's calendar file for members (gamenight/services/next_night.py;
the host plans it in gamenight/views/night_plan.py, the answers given on the
group page are gamenight/views/groups.py's)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.urls import reverse
from django.views.decorators.http import require_GET

from gamenight.http import AuthenticatedHttpRequest
from gamenight.pages.access import night_for_user
from gamenight.pages.calendar import calendar_response


@login_required
@require_GET
def night_ics(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    night, _membership = night_for_user(request, night_id)
    url = request.build_absolute_uri(reverse("group_detail", args=[night.group_id]))
    return calendar_response(night, url=url)
