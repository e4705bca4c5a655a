"""A group's players: people at the table, with or without a login."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from gamenight import services
from gamenight.forms.groups import PlayerForm
from gamenight.services import LedgerError
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
def player_create(request: HtmxHttpRequest, group_id: int) -> HttpResponse:
    membership = recorder_membership(request, group_id)
    form = PlayerForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        key = form.cleaned_data["key"]
        if (again := done_before(request, key)) is not None:
            return again
        try:
            services.add_player(
                group_id=group_id,
                by=request.user,  # type: ignore[arg-type]
                name=form.cleaned_data["name"],
                email=form.cleaned_data["email"],
            )
        except LedgerError as error:
            form.add_error("name", str(error))
        else:
            return remember_done(request, key, reverse("group_detail", args=[group_id]))
    context = {"form": form, "group": membership.group}
    status = BAD_INPUT if form.is_bound else 200
    return render_page(request, "groups/player_create.html", context, status=status)
