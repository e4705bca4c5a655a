"""The next night's card (groups/_next_night.html), on the group page and the player link.

Who answers: on the player link, the link's player; on the group page, the
member's own player (one linked to their login), and a host or co-host for any
player (someone told them at the bar). Everyone sees who is coming, who is not
and who has not answered yet.

A cancelled night whose day has not passed is told, with its calendar file (which
says it is cancelled), to the players who had answered it and to the hosts; for
everyone else it is gone.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.urls import reverse

from gamenight.forms.next_night import AnswerForm
from gamenight.models import Membership, Night, Player, Rsvp
from gamenight.services import next_night as planned


def next_night_context(
    group_id: int,
    *,
    player: Player | None,
    membership: Membership | None = None,
    token: str = "",
    nights: Iterable[Night] | None = None,
) -> dict[str, Any]:
    """The card's context: ``token`` for the player link's own URLs, else the member's
    (whose own player is looked up only when there is a night to answer or one
    cancelled). With ``nights``, the group's nights the page loads anyway, the next
    one is found among them: no query at all when none is planned or cancelled."""
    loaded = planned.upcoming(group_id, cancelled=True) if nights is None else list(nights)
    night = planned.next_of(loaded)
    host = membership is not None and membership.may_record
    cancelled = planned.cancelled_ahead(loaded)
    if (night is not None or cancelled) and player is None and membership is not None:
        player = own_player(group_id, membership)
    told = _cancelled_told(cancelled, player, host=host, token=token)
    if night is None:
        return {"next_night": None, "cancelled_nights": told}
    answers = planned.answers(night)
    if token:
        answer_url = reverse("player_link_answer", args=[token, night.pk])
    else:
        answer_url = reverse("night_answer", args=[night.pk])
    ics_url = _ics_url(night, token)
    return {
        "cancelled_nights": told,
        "next_night": night,
        "answers": answers,
        "answer_form": AnswerForm(),
        "answer_url": answer_url,
        "ics_url": ics_url,
        "me": player,
        "my_answer": answers.by_player.get(player.pk, "") if player is not None else "",
        # A host answers for anyone: the players and their answers, name by name.
        "answer_rows": (
            [(p, answers.by_player.get(p.pk, "")) for p in _everyone(answers)] if host else []
        ),
        "may_plan": host,
        # A member whose login no player of the group is linked to answers through
        # the host (or their own player link): the card says so instead of nothing.
        "answer_through_host": membership is not None and player is None and not host,
    }


def _cancelled_told(
    cancelled: list[Night], player: Player | None, *, host: bool, token: str
) -> list[tuple[Night, str]]:
    """The cancelled nights this reader is told about, each with its calendar file."""
    if not cancelled:
        return []
    if not host:
        answered = set(
            Rsvp.objects.filter(night__in=cancelled, player=player).values_list(
                "night_id", flat=True
            )
            if player is not None
            else ()
        )
        cancelled = [n for n in cancelled if n.pk in answered]
    return [(n, _ics_url(n, token)) for n in cancelled]


def _ics_url(night: Night, token: str) -> str:
    if token:
        return reverse("player_link_ics", args=[token, night.pk])
    return reverse("night_ics", args=[night.pk])


def _everyone(answers: planned.Answers) -> list[Player]:
    return sorted(
        answers.coming + answers.not_coming + answers.unanswered, key=lambda p: p.name.casefold()
    )


def own_player(group_id: int, membership: Membership) -> Player | None:
    """The member's own player in the group: the one linked to their login."""
    return Player.objects.filter(group_id=group_id, user_id=membership.user_id).first()
