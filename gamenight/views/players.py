"""A group's players: people at the table, with or without a login."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from gamenight import services
from gamenight.forms.groups import PlayerForm
from gamenight.http import AuthenticatedHttpRequest
from gamenight.pages.access import group_for_user
from gamenight.pages.render import BAD_INPUT, render_page
from gamenight.services import LedgerError
from gamenight.services.request_keys import RequestKeyConflictError, Result, once


def _payload(group_id: int, names: list[str], email: str) -> dict[str, object]:
    # One player is the request it always was (a key sent before still matches).
    if len(names) == 1:
        return {"group": group_id, "name": names[0], "email": email}
    return {"group": group_id, "names": names, "email": email}


@login_required
@require_http_methods(["GET", "POST"])
def player_create(request: AuthenticatedHttpRequest, group_id: int) -> HttpResponse:
    membership = group_for_user(request, group_id, record=True)
    form = PlayerForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        names, email = form.cleaned_data["all_names"], form.cleaned_data["email"]

        def write() -> Result:
            # One request, one transaction: a name refused adds nobody.
            added = [
                services.add_player(group_id=group_id, by=request.user, name=name, email=email)
                for name in names
            ]
            return added[-1], reverse("group_detail", args=[group_id])

        try:
            url = once(
                user=request.user,
                key=form.cleaned_data["key"],
                action="player_add",
                payload=_payload(group_id, names, email),
                write=write,
            )
        except RequestKeyConflictError as error:
            form.add_error(None, str(error))
        except LedgerError as error:
            form.add_error("names" if len(names) > 1 else "name", str(error))
        else:
            return redirect(url)
    context = {"form": form, "group": membership.group}
    status = BAD_INPUT if form.is_bound else 200
    return render_page(request, "groups/player_create.html", context, status=status)
