"""How a player likes to be paid (issue 28), set on the player's page by the player's
own login, the host or a co-host. (The personal link's own form is in
gamenight/views/player_links.py.) The values never reach a log: Django's error
reports leave these POST fields out."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_POST

from gamenight.forms.payment import PaymentForm
from gamenight.http import AuthenticatedHttpRequest
from gamenight.models import Player
from gamenight.pages.access import group_for_user
from gamenight.pages.people import player_page
from gamenight.pages.render import BAD_INPUT
from gamenight.services.payment import PaymentDetailsError, may_change, save_details

SECRET_FIELDS = ("iban", "holder", "paypal_me", "link")


@sensitive_post_parameters(*SECRET_FIELDS)
@login_required
@require_POST
def player_payment(
    request: AuthenticatedHttpRequest, group_id: int, player_id: int
) -> HttpResponse:
    membership = group_for_user(request, group_id)
    player = Player.objects.people().filter(group_id=group_id, pk=player_id).first()
    if player is None:
        raise Http404("no such player")
    if not may_change(membership, request.user, player):
        raise PermissionDenied("only the player, the host and co-hosts set how to be paid")
    form = PaymentForm(request.POST)
    if form.is_valid():
        try:
            save_details(player=player, **form.cleaned_data)
        except PaymentDetailsError as error:
            form.add_error(None, str(error))
        else:
            url = reverse("player_history", args=[group_id, player_id])
            return redirect(f"{url}?saved=payment#payment")
    return player_page(request, membership, player_id, payment_form=form, status=BAD_INPUT)
