"""Rename, merge and hide a group's players (issue 17).

**Merging is an alias, not a move.** The player merged away keeps its row, its
stack accounts, its seats and every ledger row: accounts can never move to
another player (the database refuses it, migration 0008) and transactions and
entries are append-only, so re-pointing the history at the kept player is not
possible without rewriting the ledger. Instead the merged row gets
``merged_into`` (the kept player) and, from then on, the kept player's name;
every read that adds up a person (standings, a player's page, season and night
reports) groups by :data:`PERSON`, the kept player's id. The ledger's own sums
(``check_ledger``, each account's balance) are untouched, so they stay correct
by construction; a :class:`~gamenight.models.PlayerMerge` row records who merged
whom, when, and what moved.

Two players who sat at the same night are two people and are not merged: their
night would add up two stacks under one name. A merge is one hop: players
merged earlier into the one merged away now point at the kept player.

**Renaming** changes the one ``name`` column the pages read (and the same
column of the players merged into it), so the new name shows at once on every
page, old nights included; stored reports are read through
:func:`gamenight.reports.names.current_names`. Ledger memos stay as they were
written (they are the record; who a row belongs to is its account, which reads
the current name). A digital hand keeps the names it was dealt with: its JSON
state is the engine's replayable record (the PHH download, the replay, the
engine's own messages all name the seats as dealt), so a hand running during a
rename finishes under the old name and the next hand deals the new one.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.db.models import Q, Sum
from django.db.models.functions import Coalesce
from django.utils.translation import gettext

from gamenight.models import (
    AccountKind,
    Entry,
    Night,
    NightStatus,
    Player,
    PlayerMerge,
    Role,
    Seat,
)
from gamenight.services.access import group_for_recording, membership_for
from gamenight.services.errors import REFUSALS, LedgerError

# The person an entry's stack belongs to: the kept player of a merge, else its own.
PERSON = Coalesce("account__player__merged_into_id", "account__player_id")

NAME_LENGTH = 60  # Player.name's max_length


class PeopleError(LedgerError):
    """A rename, merge or hide was refused; nothing changed."""


def of_person(player: Player, path: str) -> Q:
    """``path`` (a lookup to a player) is this player or one merged into it: a join, no
    query of its own, so the standings keep their fixed number of queries."""
    return Q(**{path: player.pk}) | Q(**{f"{path}__merged_into": player.pk})


def person_ids(player: Player) -> list[int]:
    """The player's id and the ids of every player merged into it (one query)."""
    return [player.pk, *player.merged_players.values_list("pk", flat=True)]


def _player(group_id: int, player_id: int, *, lock: bool = False) -> Player:
    query = Player.objects.filter(group_id=group_id, pk=player_id)
    found = (query.select_for_update() if lock else query).first()
    if found is None:
        # Another group's id or a stale page: say nothing about who it is.
        raise PeopleError(str(REFUSALS["player_elsewhere"]))
    return found


# ---------------------------------------------------------------- rename


def rename_player(*, group_id: int, player_id: int, by: User, name: str) -> Player:
    """Give the player a new name; a name another player of the group has is refused."""
    group_for_recording(by, group_id)
    new = name.strip()
    if not new:
        raise PeopleError(str(REFUSALS["player_needs_name"]))
    if len(new) > NAME_LENGTH:
        raise PeopleError(gettext("a name has at most %(most)s characters") % {"most": NAME_LENGTH})
    taken = PeopleError(REFUSALS["player_name_taken"] % {"name": new})
    with transaction.atomic():
        player = _player(group_id, player_id, lock=True)
        if player.merged_into_id is not None:
            raise PeopleError(
                gettext("this player was merged into %(name)s: rename %(name)s instead")
                % {"name": player.name}
            )
        if player.name == new:
            return player  # a double tap, or nothing to change
        clash = Player.objects.people().filter(group_id=group_id, name=new).exclude(pk=player.pk)
        if clash.exists():
            raise taken
        try:
            with transaction.atomic():  # a savepoint: the same name at the same moment
                Player.objects.filter(Q(pk=player.pk) | Q(merged_into=player)).update(name=new)
        except IntegrityError:
            raise taken from None
        player.name = new
        return player


# ---------------------------------------------------------------- hide


def set_hidden(*, group_id: int, player_id: int, by: User, hidden: bool) -> Player:
    """Hide a player who no longer comes (or show them again); history stays as it is."""
    group_for_recording(by, group_id)
    with transaction.atomic():
        player = _player(group_id, player_id, lock=True)
        if player.merged_into_id is not None:
            raise PeopleError(REFUSALS["player_merged"] % {"name": player.name})
        if player.hidden != hidden:
            player.hidden = hidden
            player.save(update_fields=["hidden"])
        return player


# ---------------------------------------------------------------- merge


@dataclass(frozen=True)
class MergePreview:
    """What a merge would move, for the confirmation (and the audit row)."""

    kept: Player
    merged: Player
    nights: int
    chips: int
    """The merged player's winnings and losses over all closed nights."""
    seasons: list[str] = field(default_factory=list)
    clash: datetime.date | None = None
    """A night both sat at: the merge is refused."""
    open_night: datetime.date | None = None
    """A night not over where the merged player sits: refused too, or the kept player
    could join that night as well (one person, two stacks)."""

    @property
    def refusal(self) -> str:
        """Why the merge is refused ("" when it is not)."""
        if self.open_night is not None and self.clash is None:
            return gettext(
                "%(name)s is at the table of the night of %(date)s, which is not over: "
                "merge once it has ended"
            ) % {"name": self.merged.name, "date": _day(self.open_night)}
        if self.clash is None:
            return ""
        return gettext(
            "%(kept)s and %(merged)s both sat at the night of %(date)s: "
            "they are two people, not one"
        ) % {"kept": self.kept.name, "merged": self.merged.name, "date": _day(self.clash)}

    def moved(self) -> dict[str, object]:
        return {"nights": self.nights, "chips": self.chips, "seasons": self.seasons}


def merge_preview(*, group_id: int, kept_id: int, merged_id: int, by: User) -> MergePreview:
    """What merging ``merged_id`` into ``kept_id`` moves; raises what the merge would refuse."""
    _only_host(by, group_id)
    kept = _player(group_id, kept_id)
    merged = _player(group_id, merged_id)
    _refusals(kept, merged)
    return _preview(kept, merged)


def _only_host(by: User, group_id: int) -> None:
    if membership_for(by, group_id).role != Role.HOST:
        raise PermissionDenied("only the host may merge players")


def _refusals(kept: Player, merged: Player) -> None:
    if kept.pk == merged.pk:
        raise PeopleError(gettext("a player cannot be merged into themselves"))
    if kept.merged_into_id is not None:
        raise PeopleError(REFUSALS["merged_already"] % {"name": kept.name})
    if merged.merged_into_id is not None and merged.merged_into_id != kept.pk:
        raise PeopleError(REFUSALS["merged_already"] % {"name": merged.name})


def _preview(kept: Player, merged: Player) -> MergePreview:
    merged_ids = person_ids(merged)
    # Once merged (a second tap), the merged player is one of the kept one's ids.
    kept_ids = [pk for pk in person_ids(kept) if pk not in merged_ids]
    kept_nights = Seat.objects.filter(player_id__in=kept_ids).values("night_id")
    shared = (
        Night.objects.filter(seats__player__in=merged_ids, pk__in=kept_nights)
        .order_by("date")
        .first()
    )
    nights = Night.objects.filter(seats__player__in=merged_ids).distinct()
    still_open = nights.exclude(status=NightStatus.CLOSED).order_by("date").first()
    from gamenight.services.standings import _game_entries  # the standings' own rule

    chips = Entry.objects.filter(
        _game_entries(),
        account__player__in=merged_ids,
        account__kind=AccountKind.STACK,
        account__night__status=NightStatus.CLOSED,
    ).aggregate(total=Sum("amount"))["total"]
    seasons = sorted(
        {name for name in nights.values_list("season__name", flat=True) if name is not None}
    )
    return MergePreview(
        kept=kept,
        merged=merged,
        nights=nights.count(),
        chips=int(chips or 0),
        seasons=seasons,
        clash=shared.date if shared is not None else None,
        open_night=still_open.date if still_open is not None else None,
    )


def merge_players(*, group_id: int, kept_id: int, merged_id: int, by: User) -> PlayerMerge:
    """Merge ``merged_id`` into ``kept_id`` (host only); once, however often it is sent.

    No ledger row is written, changed or deleted: see the module's docstring.
    """
    from gamenight.reports.build import queue_season_report

    _only_host(by, group_id)
    with transaction.atomic():
        # Locked in id order, so two merges of the same pair cannot deadlock.
        locked = {
            p.pk: p
            for p in Player.objects.select_for_update()
            .filter(group_id=group_id, pk__in=[kept_id, merged_id])
            .order_by("pk")
        }
        if kept_id not in locked or merged_id not in locked:
            raise PeopleError(str(REFUSALS["player_elsewhere"]))
        kept, merged = locked[kept_id], locked[merged_id]
        _refusals(kept, merged)
        if merged.merged_into_id == kept.pk:
            return PlayerMerge.objects.get(merged=merged)  # the second tap
        merged_ids = person_ids(merged)
        preview = _preview(kept, merged)
        if preview.refusal:
            raise PeopleError(preview.refusal)
        record = PlayerMerge.objects.create(
            group_id=group_id,
            kept=kept,
            merged=merged,
            merged_name=merged.name,
            kept_name=kept.name,
            by=by,
            moved=preview.moved(),
        )
        Player.objects.filter(Q(pk=merged.pk) | Q(merged_into=merged)).update(
            merged_into=kept, name=kept.name, hidden=False
        )
        _carry_contact(kept, merged)
        # The stored season reports list the two as two rows: built again, as one.
        for season_id in (
            Night.objects.filter(seats__player__in=merged_ids, season__isnull=False)
            .values_list("season_id", flat=True)
            .distinct()
        ):
            if season_id is not None:
                queue_season_report(season_id)
        return record


def _carry_contact(kept: Player, merged: Player) -> None:
    """The kept player takes the login and e-mail the merged one had, if it had none.

    The merged row loses its login either way: it reads as the kept person, and a
    login tied to it would be a "you" on pages that show someone else's name.
    """
    changed: list[str] = []
    if merged.user_id is not None:
        Player.objects.filter(Q(pk=merged.pk) | Q(merged_into=kept)).exclude(pk=kept.pk).update(
            user=None
        )
    if kept.user_id is None and merged.user_id is not None:
        kept.user_id, changed = merged.user_id, [*changed, "user"]
    if not kept.email and merged.email:
        kept.email, changed = merged.email, [*changed, "email"]
    if changed:
        kept.save(update_fields=changed)


def _day(date: datetime.date) -> str:
    from django.utils.formats import date_format

    return date_format(date, "SHORT_DATE_FORMAT")
