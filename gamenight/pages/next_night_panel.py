"""The next night's card (groups/_next_night.html), on the group page and the player link.

Who answers: on the player link, the link's player; on the group page, the
member's own player (one linked to their login), and a host or co-host for any
player (someone told them at the bar). Everyone sees who is coming, who is not
and who has not answered yet.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.urls import reverse

from gamenight.forms.next_night import AnswerForm
from gamenight.models import Membership, Night, Player
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
    (whose own player is looked up only when there is a night to answer). With
    ``nights``, the group's nights the page loads anyway, the next one is found
    among them: no query at all when none is planned."""
    night = planned.next_night(group_id) if nights is None else planned.next_of(nights)
    if night is None:
        return {"next_night": None}
    if player is None and membership is not None:
        player = own_player(group_id, membership)
    answers = planned.answers(night)
    if token:
        answer_url = reverse("player_link_answer", args=[token, night.pk])
        ics_url = reverse("player_link_ics", args=[token, night.pk])
    else:
        answer_url = reverse("night_answer", args=[night.pk])
        ics_url = reverse("night_ics", args=[night.pk])
    host = membership is not None and membership.may_record
    return {
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


def _everyone(answers: planned.Answers) -> list[Player]:
    return sorted(
        answers.coming + answers.not_coming + answers.unanswered, key=lambda p: p.name.casefold()
    )


def own_player(group_id: int, membership: Membership) -> Player | None:
    """The member's own player in the group: the one linked to their login."""
    return Player.objects.filter(group_id=group_id, user_id=membership.user_id).first()
