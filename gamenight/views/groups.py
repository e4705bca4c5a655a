"""Groups: create one, its page, the invite link, joining by link, members' roles.

Also the helpers every page of this area shares: the typed HTMX request, the
page-or-partial renderer, membership look-ups, and the idempotency of writes
that are not ledger writes (a double tap creates one group, not two).
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.middleware import HtmxDetails

from gamenight import services
from gamenight.forms.groups import GroupForm, RoleForm
from gamenight.models import Group, Membership, Role
from gamenight.services import InviteError, LedgerError

# Status of a page shown again with a message about bad input (htmx swaps it in,
# see the htmx-config meta tag in base.html).
BAD_INPUT = 422
_DONE_KEYS = "done_keys"
_DONE_KEEP = 50


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def render_page(
    request: HtmxHttpRequest,
    template: str,
    context: dict[str, object],
    *,
    status: int = 200,
    partial: str = "content",
) -> HttpResponse:
    """The whole page, or for an HTMX request only its named partial."""
    name = f"{template}#{partial}" if request.htmx else template
    return render(request, name, context, status=status)


def membership_for_user(request: HttpRequest, group_id: int) -> Membership:
    """The user's membership of the group: Http404 for anyone else, so ids reveal nothing."""
    return services.membership_for(request.user, group_id)  # type: ignore[arg-type]


def recorder_membership(request: HttpRequest, group_id: int) -> Membership:
    """The membership of a host or co-host; a member who may only view gets 403."""
    membership = membership_for_user(request, group_id)
    if not membership.may_record:
        raise PermissionDenied("only the host and co-hosts may change this")
    return membership


def done_before(request: HttpRequest, key: str) -> HttpResponseRedirect | None:
    """Where a write with this key went the first time, if it was already done."""
    url = request.session.get(_DONE_KEYS, {}).get(key)
    return redirect(url) if url else None


def remember_done(request: HttpRequest, key: str, url: str) -> HttpResponseRedirect:
    done = dict(request.session.get(_DONE_KEYS, {}))
    done[key] = url
    request.session[_DONE_KEYS] = dict(list(done.items())[-_DONE_KEEP:])
    return redirect(url)


@login_required
@require_http_methods(["GET", "POST"])
def group_create(request: HtmxHttpRequest) -> HttpResponse:
    form = GroupForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        key = form.cleaned_data["key"]
        if (again := done_before(request, key)) is not None:
            return again
        try:
            group = services.create_group(name=form.cleaned_data["name"], host=request.user)  # type: ignore[arg-type]
        except LedgerError as error:
            form.add_error(None, str(error))
        else:
            return remember_done(request, key, reverse("group_detail", args=[group.pk]))
    status = BAD_INPUT if form.is_bound else 200
    return render_page(request, "groups/group_create.html", {"form": form}, status=status)


def _group_context(request: HttpRequest, membership: Membership) -> dict[str, object]:
    group = membership.group
    context: dict[str, object] = {
        "group": group,
        "membership": membership,
        "members": group.memberships.select_related("user").order_by("joined_at"),
        "players": group.players.all(),
        "seasons": group.seasons.all(),
        "nights": group.nights.select_related("season"),
    }
    if membership.may_record:
        path = reverse("group_join", args=[group.invite_token])
        context["invite_url"] = request.build_absolute_uri(path)
        context["single_invites"] = [
            (invite, request.build_absolute_uri(reverse("group_join", args=[invite.token])))
            for invite in services.open_invites(group)
        ]
    if membership.role == Role.HOST:
        context["role_form"] = RoleForm()
    return context


@login_required
@require_GET
@vary_on_headers("HX-Request")
def group_detail(request: HtmxHttpRequest, group_id: int) -> HttpResponse:
    membership = membership_for_user(request, group_id)
    return render_page(request, "groups/group_detail.html", _group_context(request, membership))


@login_required
@require_POST
def group_invite_rotate(request: HtmxHttpRequest, group_id: int) -> HttpResponse:
    membership_for_user(request, group_id)
    services.rotate_invite(group_id=group_id, by=request.user)  # type: ignore[arg-type]
    return redirect("group_detail", group_id=group_id)


@login_required
@require_POST
def group_invite_single(request: HtmxHttpRequest, group_id: int) -> HttpResponse:
    """A one-time invite link, listed on the group page until someone uses it."""
    services.create_single_invite(group_id=group_id, by=request.user)  # type: ignore[arg-type]
    return HttpResponseRedirect(reverse("group_detail", args=[group_id]) + "#invite")


@login_required
@require_http_methods(["GET", "POST"])
def group_join(request: HtmxHttpRequest, token: str) -> HttpResponse:
    try:
        link = services.find_invite(token)
        if request.method == "POST":
            membership = services.join_group(token=token, user=request.user)  # type: ignore[arg-type]
            return redirect("group_detail", group_id=membership.group_id)
    except InviteError as error:
        # Someone who is in the group already may still follow an old link.
        group = error.group if isinstance(error.group, Group) else None
        if group is not None and Membership.objects.filter(group=group, user=request.user).exists():
            return redirect("group_detail", group_id=group.pk)
        context = {"group": None, "invite_error": str(error)}
        return render_page(request, "groups/group_join.html", context, status=404)
    already = Membership.objects.filter(group=link.group, user=request.user).exists()
    context = {"group": link.group, "already": already, "token": token}
    return render_page(request, "groups/group_join.html", context)


@login_required
@require_POST
def member_remove(request: HtmxHttpRequest, group_id: int, membership_id: int) -> HttpResponse:
    services.remove_member(
        group_id=group_id,
        by=request.user,  # type: ignore[arg-type]
        membership_id=membership_id,
    )
    return HttpResponseRedirect(reverse("group_detail", args=[group_id]) + "#members")


@login_required
@require_POST
def member_role(request: HtmxHttpRequest, group_id: int, membership_id: int) -> HttpResponse:
    mine = membership_for_user(request, group_id)
    if mine.role != Role.HOST:
        raise PermissionDenied("only the host may change roles")
    member = Membership.objects.filter(group_id=group_id, pk=membership_id).first()
    if member is None:
        raise Http404("no such member")
    form = RoleForm(request.POST)
    if not form.is_valid() or member.role == Role.HOST:
        context = _group_context(request, mine)
        errors = form.errors.get("role") or [_("The host's role cannot be changed.")]
        context["role_error"] = errors[0]
        return render_page(request, "groups/group_detail.html", context, status=BAD_INPUT)
    services.set_role(
        group_id=group_id,
        by=request.user,  # type: ignore[arg-type]
        user=member.user,
        role=Role(form.cleaned_data["role"]),
    )
    return redirect("group_detail", group_id=group_id)
