"""The group's next night: planned ahead by the host, answered by the players.

The next night is a planned :class:`~gamenight.models.Night` of the group whose
day has not passed: the earliest of them. Starting it (or its day passing) makes
it stop being "next". Each player answers "coming" or "not coming" once a night
(:class:`~gamenight.models.Rsvp`, changed in place until the night starts); the
start page ticks who said "coming".
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext

from gamenight.models import Answer, Group, Night, NightStatus, Player, Rsvp
from gamenight.services.access import User, group_for_recording
from gamenight.services.errors import LedgerError
from gamenight.services.groups import create_night


class AnswerClosedError(LedgerError):
    """The night has started or its day has passed: answers no longer change."""


class PastDateError(LedgerError):
    """A next night cannot be planned on a day that has passed."""


def upcoming(group_id: int) -> list[Night]:
    """The group's planned nights whose day has not passed, the next one first."""
    today = timezone.localdate()
    return list(
        Night.objects.filter(group_id=group_id, status=NightStatus.PLANNED, date__gte=today)
        .select_related("group")
        # A night without a start time first, on SQLite and PostgreSQL alike (next_of).
        .order_by("date", F("starts_at").asc(nulls_first=True), "id")
    )


def next_night(group_id: int) -> Night | None:
    nights = upcoming(group_id)
    return nights[0] if nights else None


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


def plan(
    *,
    group_id: int,
    by: User,
    date: datetime.date,
    starts_at: datetime.time | None,
    place: str,
    note: str,
    night_id: int | None = None,
) -> Night:
    """Plan the next night, or change the planned night ``night_id``.

    A new night takes the house rules of the group's last night (a recurring
    night keeps its rules; the start page seats the players as before).
    """
    group = group_for_recording(by, group_id)
    if date < timezone.localdate():
        raise PastDateError(gettext("That day has passed: choose today or a later day."))
    with transaction.atomic():
        if night_id is not None:
            night = Night.objects.select_for_update().filter(pk=night_id, group=group).first()
            if night is None:
                raise Http404("no such night")
            if night.status != NightStatus.PLANNED:
                raise AnswerClosedError(gettext("This night has started: it cannot be re-planned."))
            night.date, night.starts_at, night.place, night.note = date, starts_at, place, note
            night.save(update_fields=["date", "starts_at", "place", "note"])
            return night
        night = create_night(
            group_id=group.pk, by=by, date=date, place=place, **_rules_of(group, date)
        )
        night.starts_at, night.note = starts_at, note
        night.save(update_fields=["starts_at", "note"])
        return night


def _rules_of(group: Group, day: datetime.date) -> dict[str, Any]:
    """The house rules of the group's last night, and the season the day falls in."""
    last = group.nights.order_by("-date", "-pk").first()
    season = (
        group.seasons.filter(starts_on__lte=day)
        .filter(Q(ends_on__isnull=True) | Q(ends_on__gte=day))
        .order_by("-starts_on", "-pk")
        .first()
    )
    rules: dict[str, Any] = {"season_id": season.pk if season else None}
    if last is not None:
        rules.update(
            ante=last.ante,
            limit_structure=last.limit_structure,
            allowed_games=list(last.allowed_games),
            game_options=dict(last.game_options),
            starting_stack=last.starting_stack,
        )
    return rules
