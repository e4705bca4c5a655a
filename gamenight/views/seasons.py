"""A group's seasons: nights grouped for the standings."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.db import IntegrityError, transaction
from django.http import HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from gamenight import services
from gamenight.forms.groups import SeasonForm
from gamenight.views.groups import (
    BAD_INPUT,
    HtmxHttpRequest,
    done_before,
    recorder_membership,
    remember_done,
    render_page,
)


@login_required
@require_http_methods(["GET", "POST"])
def season_create(request: HtmxHttpRequest, group_id: int) -> HttpResponse:
    membership = recorder_membership(request, group_id)
    form = SeasonForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        key = form.cleaned_data["key"]
        if (again := done_before(request, key)) is not None:
            return again
        try:
            with transaction.atomic():
                services.create_season(
                    group_id=group_id,
                    by=request.user,  # type: ignore[arg-type]
                    name=form.cleaned_data["name"].strip(),
                    starts_on=form.cleaned_data["starts_on"],
                )
        except IntegrityError:
            form.add_error("name", _("There is already a season with this name."))
        else:
            return remember_done(request, key, reverse("group_detail", args=[group_id]))
    context = {"form": form, "group": membership.group}
    status = BAD_INPUT if form.is_bound else 200
    return render_page(request, "groups/season_create.html", context, status=status)
