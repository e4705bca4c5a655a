"""The group's next night: planned ahead by the host, answered by the players.

The next night is a planned :class:`~gamenight.models.Night` of the group whose
day has not passed (gamenight/services/night_plan.py lets a group have one).
Starting it, cancelling it or its day passing makes it stop being "next". Each
player answers "coming" or "not coming" once a night
(:class:`~gamenight.models.Rsvp`, changed in place until the night starts); the
start page ticks who said "coming". A cancelled night whose day has not passed
is told to whoever had answered it.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext

from gamenight.models import Answer, Night, NightStatus, Player, Rsvp
from gamenight.services.errors import LedgerError


class AnswerClosedError(LedgerError):
    """The night has started or its day has passed: answers no longer change."""


def upcoming(group_id: int, *, cancelled: bool = False) -> list[Night]:
    """The group's planned nights whose day has not passed, the next one first; with
    ``cancelled``, the cancelled ones too (in the same query)."""
    today = timezone.localdate()
    statuses = [NightStatus.PLANNED, *([NightStatus.CANCELLED] if cancelled else [])]
    return list(
        Night.objects.filter(group_id=group_id, status__in=statuses, date__gte=today)
        .select_related("group")
        # A night without a start time first, on SQLite and PostgreSQL alike (next_of).
        .order_by("date", F("starts_at").asc(nulls_first=True), "id")
    )


def next_night(group_id: int) -> Night | None:
    return next_of(upcoming(group_id))


def cancelled_ahead(nights: Iterable[Night]) -> list[Night]:
    """The cancelled nights among ``nights`` whose day has not passed, the first first."""
    today = timezone.localdate()
    ahead = [n for n in nights if n.status == NightStatus.CANCELLED and n.date >= today]
    return sorted(ahead, key=_order)


def next_of(nights: Iterable[Night]) -> Night | None:
    """The next night among ``nights`` (the group's, loaded already), as :func:`upcoming`."""
    candidates = [n for n in nights if is_open(n)]
    return min(candidates, key=_order, default=None)


def _order(night: Night) -> tuple[datetime.date, datetime.time, int]:
    return (night.date, night.starts_at or datetime.time.min, night.pk)


def is_open(night: Night) -> bool:
    """Whether the night still takes answers (planned, its day not passed)."""
    return night.status == NightStatus.PLANNED and night.date >= timezone.localdate()


@dataclass
class Answers:
    """Who is coming, who is not, who has not answered: players of the group, by name."""

    coming: list[Player] = field(default_factory=list)
    not_coming: list[Player] = field(default_factory=list)
    unanswered: list[Player] = field(default_factory=list)
    by_player: dict[int, str] = field(default_factory=dict)


def answers(night: Night) -> Answers:
    """Two queries: the group's players and the night's answers."""
    given = dict(Rsvp.objects.filter(night=night).values_list("player_id", "answer"))
    result = Answers(by_player=given)
    # Merged players are their kept person; hidden ones count only if they answered.
    people = Player.objects.filter(group_id=night.group_id).people()
    for player in people.filter(Q(hidden=False) | Q(pk__in=list(given))):
        answer = given.get(player.pk)
        if answer == Answer.COMING:
            result.coming.append(player)
        elif answer == Answer.NOT_COMING:
            result.not_coming.append(player)
        else:
            result.unanswered.append(player)
    return result


def coming_ids(night: Night) -> set[int]:
    return set(
        Rsvp.objects.filter(night=night, answer=Answer.COMING).values_list("player_id", flat=True)
    )


def answer(*, night_id: int, player: Player, answer: Answer) -> bool:
    """Record the player's answer to the night; True if it changed anything.

    The same answer again (a double tap, a second tab) changes nothing; a night
    of another group is a 404; a started night or a passed day refuses.
    """
    with transaction.atomic():
        night = Night.objects.select_for_update().filter(pk=night_id).first()
        if night is None or night.group_id != player.group_id:
            raise Http404("no such night")
        if night.status == NightStatus.CANCELLED:
            raise AnswerClosedError(
                gettext("This night was cancelled: there is nothing to answer.")
            )
        if not is_open(night):
            raise AnswerClosedError(
                gettext("This night has started or is over: answers can no longer change.")
            )
        current = Rsvp.objects.filter(night=night, player=player).first()
        if current is None:
            try:
                with transaction.atomic():  # a savepoint: the other tap's row may win
                    Rsvp.objects.create(
                        night=night, player=player, answer=answer, answered_at=timezone.now()
                    )
                return True
            except IntegrityError:
                # SQLite takes no row lock: a second tab answered at the same moment.
                current = Rsvp.objects.get(night=night, player=player)
        if current.answer == answer:
            return False
        current.answer = answer
        current.answered_at = timezone.now()
        current.save(update_fields=["answer", "answered_at"])
        return True
