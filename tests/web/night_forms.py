"""The night form as a host fills it in: the page's form as shown, a few fields changed,
sent back (issue 23's one way to plan a night and change its house rules)."""

from __future__ import annotations

from django.http import HttpResponse
from django.test import Client
from django.urls import reverse
from helpers.forms import as_post, form_fields

from gamenight.models import Night


def plan(client: Client, group_id: int, **changes: str | list[str] | None) -> HttpResponse:
    """Open "Plan a night", change ``changes``, send it."""
    url = reverse("night_create", args=[group_id])
    page = client.get(url)
    assert page.status_code == 200, page.status_code
    fields = form_fields(page.content.decode(), url)
    response: HttpResponse = client.post(url, as_post(fields, **changes))
    return response


def edit(client: Client, night_id: int, **changes: str | list[str] | None) -> HttpResponse:
    """Open the night's "Change the plan" (or house rules), change ``changes``, send it."""
    url = reverse("night_edit", args=[night_id])
    page = client.get(url)
    assert page.status_code == 200, page.status_code
    fields = form_fields(page.content.decode(), url)
    response: HttpResponse = client.post(url, as_post(fields, **changes))
    return response


def edit_form(client: Client, night_id: int) -> dict[str, str | list[str]]:
    """The night's edit form as shown, to send later (a tab left open)."""
    url = reverse("night_edit", args=[night_id])
    return as_post(form_fields(client.get(url).content.decode(), url))


def plan_form(
    client: Client, group_id: int, *, before: Night, **changes: str | list[str] | None
) -> dict[str, str | list[str]]:
    """The "Plan a night" form as it was shown before ``before`` was planned (a tab left
    open): the form of that night's page, sent to "Plan a night" with a new key."""
    url = reverse("night_edit", args=[before.pk])
    fields = form_fields(client.get(url).content.decode(), url)
    return as_post(fields, key="tab-left-open", seen=None, **changes)
