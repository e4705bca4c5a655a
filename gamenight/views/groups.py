"""Groups: create one, its page, the invite link, joining by link, members' roles,
and the answers to the next night given on the group page.

Writes that are not ledger writes go through
:func:`~gamenight.services.request_keys.once` with the form's key, so a double
tap creates one group, not two.
"""

from __future__ import annotations

from urllib.parse import quote

from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from gamenight import services
from gamenight.forms.groups import GroupForm, JackGamesForm, KeyedForm, RoleForm
from gamenight.forms.next_night import AnswerForm
from gamenight.forms.reports import MoneyAndTimeForm
from gamenight.games import game_title
from gamenight.http import AuthenticatedHttpRequest, HtmxHttpRequest
from gamenight.models import Answer, Membership, Player, Role
from gamenight.pages.access import group_for_user, night_for_user
from gamenight.pages.group_money import money_context, money_summary
from gamenight.pages.keyed_writes import write_once
from gamenight.pages.next_night_panel import next_night_context, own_player
from gamenight.pages.refusals import REFUSALS
from gamenight.pages.render import BAD_INPUT, render_page
from gamenight.services import InviteError, LedgerError
from gamenight.services import next_night as planned
from gamenight.services.group_settings import set_money_and_time
from gamenight.services.jack_games import agreed_jack_games, set_jack_games
from gamenight.services.request_keys import Result, once
from gamenight.services.seasons import current_season

# The group page's query after a host answered for a player: "Answer for a player" open.
ANSWER_FOR = "answer-for"
MONEY_PAGE = "groups/money.html"


@login_required
@require_http_methods(["GET", "POST"])
def group_create(request: AuthenticatedHttpRequest) -> HttpResponse:
    form = GroupForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        name = form.cleaned_data["name"]

        def write() -> Result:
            group = services.create_group(name=name, host=request.user)
            return group, reverse("group_detail", args=[group.pk])

        try:
            url = once(
                user=request.user,
                key=form.cleaned_data["key"],
                action="group_create",
                payload={"name": name},
                write=write,
            )
        except LedgerError as error:
            form.add_error(None, str(error))
        else:
            return redirect(url)
    status = BAD_INPUT if form.is_bound else 200
    return render_page(request, "groups/group_create.html", {"form": form}, status=status)


def _group_context(
    request: HttpRequest,
    membership: Membership,
    *,
    jack_form: JackGamesForm | None = None,
) -> dict[str, object]:
    group = membership.group
    agreed = agreed_jack_games(group)
    seasons = list(group.seasons.all())
    people = list(group.players.people())  # one query for the list and the folded hidden
    # Loaded once: the list of nights and the next night's card both read them.
    nights = list(group.nights.select_related("season"))
    context: dict[str, object] = {
        "group": group,
        "membership": membership,
        "members": group.memberships.select_related("user").order_by("joined_at"),
        "players": [p for p in people if not p.hidden],
        "hidden_players": [p for p in people if p.hidden],
        "seasons": seasons,
        "current_season": current_season(seasons),
        "nights": nights,
        "jack_games": [game_title(game) for game in agreed],
        **next_night_context(group.pk, player=None, membership=membership, nights=nights),
        "answering_for": request.GET.get(ANSWER_FOR) == "1",
        **money_summary(group),
    }
    if membership.may_record:
        path = reverse("group_join", args=[group.invite_token])
        context["invite_url"] = request.build_absolute_uri(path)
        context["single_invites"] = [
            (invite, request.build_absolute_uri(reverse("group_join", args=[invite.token])))
            for invite in services.open_invites(group)
        ]
        context["invite_form"] = KeyedForm()
    if membership.role == Role.HOST:
        # One key for the page; each member's form adds the member's id to it.
        context["role_form"] = RoleForm()
        context["jack_form"] = jack_form or JackGamesForm(initial={"games": agreed})
    return context


@login_required
@require_GET
@vary_on_headers("HX-Request")
def group_detail(request: AuthenticatedHttpRequest, group_id: int) -> HttpResponse:
    membership = group_for_user(request, group_id)
    return render_page(request, "groups/group_detail.html", _group_context(request, membership))


@login_required
@require_POST
def group_invite_rotate(request: AuthenticatedHttpRequest, group_id: int) -> HttpResponse:
    mine = group_for_user(request, group_id)
    if mine.role != Role.HOST:
        raise PermissionDenied("only the host may revoke invite links")
    form = KeyedForm(request.POST)
    if not form.is_valid():
        return _group_refused(request, mine, invite_error=_out_of_date())

    def write() -> Result:
        services.rotate_invite(group_id=group_id, by=request.user)
        return mine.group, reverse("group_detail", args=[group_id])

    return write_once(
        request,
        key=form.cleaned_data["key"],
        action="invite_rotate",
        payload={"group": group_id},
        write=write,
        refused=lambda message: _group_refused(request, mine, invite_error=message),
    )


def _out_of_date() -> str:
    # A form without its key was made before keys were sent (a page kept open).
    return str(REFUSALS["form_stale"])


def _group_refused(
    request: HtmxHttpRequest,
    mine: Membership,
    *,
    jack_form: JackGamesForm | None = None,
    **error: str,
) -> HttpResponse:
    """The group page again, with a message where the refused form is."""
    context = {**_group_context(request, mine, jack_form=jack_form), **error}
    return render_page(request, "groups/group_detail.html", context, status=BAD_INPUT)


@login_required
@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def group_money(request: AuthenticatedHttpRequest, group_id: int) -> HttpResponse:
    """The host's page for the group's currency, chip value and time zone
    (gamenight/services/group_settings.py)."""
    mine = group_for_user(request, group_id)
    if mine.role != Role.HOST:
        raise PermissionDenied("only the host sets the currency and the time zone")
    if request.method == "GET":
        return render_page(request, MONEY_PAGE, money_context(mine.group, mine))
    form = MoneyAndTimeForm(request.POST)

    def refused(message: str) -> HttpResponse:
        context = money_context(mine.group, mine, money_form=form, money_error=message)
        return render_page(request, MONEY_PAGE, context, status=BAD_INPUT)

    if not form.is_valid():
        return refused(_out_of_date() if "key" in form.errors else "")
    currency, zone = form.cleaned_data["currency"], form.cleaned_data["time_zone"]

    def write() -> Result:
        group = set_money_and_time(
            group_id=group_id, by=request.user, currency=currency, time_zone=zone
        )
        return group, reverse("group_detail", args=[group_id]) + "#money"

    return write_once(
        request,
        key=form.cleaned_data["key"],
        action="group_money",
        payload={"group": group_id, "currency": currency, "time_zone": zone},
        write=write,
        refused=refused,
    )


@login_required
@require_POST
def group_jack_games(request: AuthenticatedHttpRequest, group_id: int) -> HttpResponse:
    """The host sets Jack the Shifter's agreed list of games (a house rule of the group)."""
    mine = group_for_user(request, group_id)
    if mine.role != Role.HOST:
        raise PermissionDenied("only the host may change the games a jack may switch to")
    form = JackGamesForm(request.POST)
    if not form.is_valid():
        errors = form.errors.get("games")
        message = str(errors[0]) if errors else _out_of_date()
        return _group_refused(request, mine, jack_form=form, jack_error=message)
    games: list[str] = list(form.cleaned_data["games"])

    def write() -> Result:
        group = set_jack_games(group_id=group_id, by=request.user, games=games)
        return group, reverse("group_detail", args=[group_id]) + "#jack-games"

    return write_once(
        request,
        key=form.cleaned_data["key"],
        action="group_jack_games",
        payload={"group": group_id, "games": sorted(games)},
        write=write,
        refused=lambda message: _group_refused(request, mine, jack_form=form, jack_error=message),
    )


@login_required
@require_POST
def group_invite_single(request: AuthenticatedHttpRequest, group_id: int) -> HttpResponse:
    """A one-time invite link, listed on the group page until someone uses it."""
    mine = group_for_user(request, group_id, record=True)
    form = KeyedForm(request.POST)
    if not form.is_valid():
        return _group_refused(request, mine, invite_error=_out_of_date())

    def write() -> Result:
        invite = services.create_single_invite(group_id=group_id, by=request.user)
        return invite, reverse("group_detail", args=[group_id]) + "#invite"

    return write_once(
        request,
        key=form.cleaned_data["key"],
        action="invite_single",
        payload={"group": group_id},
        write=write,
        refused=lambda message: _group_refused(request, mine, invite_error=message),
    )


@require_http_methods(["GET", "POST"])
def group_join(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The invite link's page. Opened logged out, it names the group and offers to sign
    up or log in and come back here (a bare login page said nothing of the group); the
    join itself is for a signed-in user only."""
    user = request.user
    if not user.is_authenticated and request.method == "POST":
        return redirect_to_login(request.get_full_path())
    try:
        link = services.find_invite(token)
        if request.method == "POST" and user.is_authenticated:
            membership = services.join_group(token=token, user=user)
            return redirect("group_detail", group_id=membership.group_id)
    except InviteError as error:
        # Someone who is in the group already may still follow an old link.
        group = error.group
        if (
            group is not None
            and user.is_authenticated
            and Membership.objects.filter(group=group, user=user).exists()
        ):
            return redirect("group_detail", group_id=group.pk)
        context: dict[str, object] = {"group": None, "invite_error": str(error)}
        return render_page(request, "groups/group_join.html", context, status=404)
    already = (
        user.is_authenticated and Membership.objects.filter(group=link.group, user=user).exists()
    )
    context = {
        "group": link.group,
        "already": already,
        "token": token,
        "here": quote(request.path),  # where logging in or signing up comes back to
    }
    return render_page(request, "groups/group_join.html", context)


@login_required
@require_POST
def member_remove(
    request: AuthenticatedHttpRequest, group_id: int, membership_id: int
) -> HttpResponse:
    mine = group_for_user(request, group_id)
    if mine.role != Role.HOST:
        raise PermissionDenied("only the host may remove members")
    form = KeyedForm(request.POST)
    if not form.is_valid():
        return _group_refused(request, mine, role_error=_out_of_date())

    def write() -> Result:
        services.remove_member(
            group_id=group_id,
            by=request.user,
            membership_id=membership_id,
        )
        return None, reverse("group_detail", args=[group_id]) + "#members"

    # A double tap finds the member gone: it is answered as the first tap was.
    return write_once(
        request,
        key=form.cleaned_data["key"],
        action="member_remove",
        payload={"group": group_id, "membership": membership_id},
        write=write,
        refused=lambda message: _group_refused(request, mine, role_error=message),
    )


@login_required
@require_POST
def member_role(
    request: AuthenticatedHttpRequest, group_id: int, membership_id: int
) -> HttpResponse:
    mine = group_for_user(request, group_id)
    if mine.role != Role.HOST:
        raise PermissionDenied("only the host may change roles")
    member = Membership.objects.filter(group_id=group_id, pk=membership_id).first()
    if member is None:
        raise Http404("no such member")
    form = RoleForm(request.POST)
    if member.role == Role.HOST:
        return _group_refused(request, mine, role_error=_("The host's role cannot be changed."))
    if not form.is_valid():
        error = str(form.errors["role"][0]) if "role" in form.errors else _out_of_date()
        return _group_refused(request, mine, role_error=error)
    role = Role(form.cleaned_data["role"])

    def write() -> Result:
        changed = services.set_role(
            group_id=group_id,
            by=request.user,
            user=member.user,
            role=role,
        )
        return changed, reverse("group_detail", args=[group_id])

    return write_once(
        request,
        key=form.cleaned_data["key"],
        action="member_role",
        payload={"group": group_id, "membership": member.pk, "role": role.value},
        write=write,
        refused=lambda message: _group_refused(request, mine, role_error=message),
    )


# ------------------------------------------------------------------ the next night's answer


@login_required
@require_POST
def night_answer(request: AuthenticatedHttpRequest, night_id: int) -> HttpResponse:
    """A member's "coming" / "not coming"; a host's or co-host's for any player."""
    night, membership = night_for_user(request, night_id)
    form = AnswerForm(request.POST)
    if not form.is_valid():
        return _answer_refused(request, membership, str(REFUSALS["coming_or_not"]))
    player = _answering(membership, form.cleaned_data["player"])
    try:
        planned.answer(night_id=night.pk, player=player, answer=Answer(form.cleaned_data["answer"]))
    except LedgerError as error:
        return _answer_refused(request, membership, str(error))
    url = reverse("group_detail", args=[night.group_id])
    if form.cleaned_data["player"] is not None:
        # From the list of players, answering one after the other: it stays open.
        return redirect(f"{url}?{ANSWER_FOR}=1#answer-for")
    return redirect(url + "#next-night")


def _answering(membership: Membership, player_id: int | None) -> Player:
    """Who the answer is for: the member's own player, or (host, co-host) anyone's."""
    mine = own_player(membership.group_id, membership)
    if player_id is None or (mine is not None and player_id == mine.pk):
        if mine is None:
            raise PermissionDenied("no player of the group is linked to this login")
        return mine
    if not membership.may_record:
        raise PermissionDenied("only the host and co-hosts answer for other players")
    player = Player.objects.filter(group_id=membership.group_id, pk=player_id).first()
    if player is None:
        raise Http404("no such player")
    return player


def _answer_refused(
    request: AuthenticatedHttpRequest, membership: Membership, message: str
) -> HttpResponse:
    return _group_refused(request, membership, answer_error=message)
