"""A PokerNow ledger CSV as a closed night of the group (issue 17).

PokerNow's ledger export has one row per session at the table:
``player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,net``;
a player who rebought has several rows, which are summed. The night is booked
through the ledger's own services, as a host would have recorded it: everyone
buys in what they bought in at PokerNow, one table-hand transaction moves each
player's net (the nets sum to zero, or the file is refused), everyone cashes
out, the night ends. No chip is created or lost; the standings count the nets.

The same file twice is refused: the night's first transaction carries the
file's hash in its idempotency key (unique in the group), so no new column is
needed and two confirms at the same moment cannot both book it.
"""

from __future__ import annotations

import csv
import datetime
import hashlib
import io
from collections.abc import Sequence
from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext

from gamenight import services
from gamenight.models import (
    MAX_CHIPS,
    Group,
    Night,
    Player,
    Role,
    Transaction,
    TransactionKind,
)
from gamenight.services.access import User, membership_for
from gamenight.services.errors import LedgerError
from gamenight.services.posting import Draft, Leg, post
from gamenight.services.table import stack

COLUMNS = (
    "player_nickname",
    "player_id",
    "session_start_at",
    "session_end_at",
    "buy_in",
    "buy_out",
    "stack",
    "net",
)
# A ledger of one night is a few kilobytes; anything far bigger is not one.
MAX_BYTES = 200_000
PLACE = "PokerNow"
NAME_LENGTH = 60  # Player.name
# The ledger's English memo and summary, read back in the reader's language by
# gamenight.engine_words.ledger.MOVEMENT_REASONS.
NET_MEMO = "net of the night at PokerNow"
SUMMARY = "the night's ledger from PokerNow"


class PokerNowError(LedgerError):
    """The ledger file was refused; nothing was written."""


@dataclass(frozen=True)
class PokerNowPlayer:
    nickname: str
    pokernow_id: str
    buy_in: int
    net: int
    sessions: int
    match: int | None
    """The group's player of the same name (any case), if there is one."""


@dataclass
class _Sum:
    nickname: str
    pokernow_id: str
    buy_in: int = 0
    net: int = 0
    sessions: int = 0


@dataclass(frozen=True)
class Preview:
    players: list[PokerNowPlayer]
    date: datetime.date
    digest: str


def digest_of(text: str) -> str:
    """The file's hash, the same however its lines end or whether it starts with a BOM."""
    lines = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").strip()
    return hashlib.sha256(lines.encode()).hexdigest()


def start_key(digest: str) -> str:
    return f"pokernow-{digest[:40]}"


def read(text: str, *, group: Group) -> Preview:
    """The file's players with their summed buy-ins and nets; refused if it cannot be booked."""
    if len(text.encode()) > MAX_BYTES:
        raise PokerNowError(gettext("This file is too big for a PokerNow ledger."))
    digest = digest_of(text)
    _refuse_if_imported(group.pk, digest)
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    rows = [r for r in rows if any(cell.strip() for cell in r)]
    if not rows:
        raise PokerNowError(gettext("The file has no rows: export the ledger from PokerNow."))
    header = [c.strip().lower() for c in rows[0]]
    if not set(COLUMNS) <= set(header):
        raise PokerNowError(
            gettext("This is not a PokerNow ledger: the columns %(columns)s are expected.")
            % {"columns": ", ".join(COLUMNS)}
        )
    where = {name: header.index(name) for name in COLUMNS}
    if len(rows) == 1:
        raise PokerNowError(gettext("The file has no rows: export the ledger from PokerNow."))
    totals: dict[str, _Sum] = {}
    starts: list[datetime.datetime] = []
    for number, row in enumerate(rows[1:], start=2):
        cells = [row[where[n]].strip() if where[n] < len(row) else "" for n in COLUMNS]
        nickname, pokernow_id, started = cells[0], cells[1], cells[2]
        if not nickname:
            raise PokerNowError(gettext("Row %(row)s has no nickname.") % {"row": number})
        if len(nickname) > NAME_LENGTH or not nickname.isprintable():
            # It may become a player's name: the database would refuse it (a 500).
            raise PokerNowError(
                gettext(
                    "Row %(row)s: the nickname is too long or has characters a name cannot have."
                )
                % {"row": number}
            )
        # Rows of one player (a rebuy is a new session) share PokerNow's player id.
        known = totals.setdefault(pokernow_id or nickname.lower(), _Sum(nickname, pokernow_id))
        known.buy_in += _chips(cells[4], number)
        known.net += _chips(cells[7], number)
        known.sessions += 1
        moment = parse_datetime(started) if started else None
        if moment is not None:
            starts.append(moment)
    players = _players(group, totals)
    date = timezone.localdate(min(starts)) if starts else timezone.localdate()
    return Preview(players=players, date=date, digest=digest)


def _chips(cell: str, row: int) -> int:
    try:
        value = int(cell)
    except ValueError:
        raise PokerNowError(
            gettext("Row %(row)s: %(value)s is not a whole number of chips.")
            % {"row": row, "value": cell or "''"}
        ) from None
    if abs(value) > MAX_CHIPS:
        raise PokerNowError(
            gettext("Row %(row)s: %(value)s chips cannot be right.") % {"row": row, "value": value}
        )
    return value


def _players(group: Group, totals: dict[str, _Sum]) -> list[PokerNowPlayer]:
    by_name = {p.name.lower(): p.pk for p in Player.objects.filter(group=group)}
    players = [
        PokerNowPlayer(
            nickname=t.nickname,
            pokernow_id=t.pokernow_id,
            buy_in=t.buy_in,
            net=t.net,
            sessions=t.sessions,
            match=by_name.get(t.nickname.lower()),
        )
        for t in totals.values()
    ]
    if len(players) < 2:
        raise PokerNowError(gettext("A night needs at least two players; the file has fewer."))
    total = sum(p.net for p in players)
    if total != 0:
        raise PokerNowError(
            gettext(
                "The nets in the file sum to %(total)s, not zero: chips would be created or "
                "lost. Check the file."
            )
            % {"total": total}
        )
    for p in players:
        if p.buy_in < 1 or p.buy_in + p.net < 0:
            raise PokerNowError(
                gettext(
                    "%(name)s lost more than they bought in (%(buy_in)s chips in, net "
                    "%(net)s): the file does not add up."
                )
                % {"name": p.nickname, "buy_in": p.buy_in, "net": p.net}
            )
    return players


def _refuse_if_imported(group_id: int, digest: str) -> None:
    done = (
        Transaction.objects.filter(group_id=group_id, idempotency_key=start_key(digest))
        .select_related("night")
        .first()
    )
    if done is not None and done.night is not None:
        raise PokerNowError(
            gettext("This PokerNow ledger was already imported: the night of %(date)s.")
            % {"date": done.night.date.isoformat()}
        )


def import_night(
    *,
    group_id: int,
    by: User,
    text: str,
    choices: Sequence[int | None],
    season_id: int | None = None,
) -> Night:
    """Book the file as a closed night; ``choices`` names the group's player for each
    PokerNow player of :func:`read` (None: a new player with the nickname)."""
    membership = membership_for(by, group_id)
    if membership.role != Role.HOST:
        raise PermissionDenied("only the host may import a PokerNow ledger")
    group = membership.group
    with transaction.atomic():
        preview = read(text, group=group)
        ids = _chosen(group, preview.players, choices, by)
        night = services.create_night(
            group_id=group.pk,
            by=by,
            date=preview.date,
            season_id=season_id,
            place=PLACE,
            starting_stack=max(p.buy_in for p in preview.players),
        )
        key = start_key(preview.digest)
        buy_ins = {pid: p.buy_in for pid, p in zip(ids, preview.players, strict=True)}
        started = services.start_night(
            night_id=night.pk, by=by, key=key, players=ids, buy_ins=buy_ins
        )
        if started.night_id != night.pk:
            # Another confirm of the same file got there first (its key is the same).
            _refuse_if_imported(group.pk, preview.digest)
        nets = {pid: p.net for pid, p in zip(ids, preview.players, strict=True)}
        _book_nets(night, by, key, nets)
        for pid in ids:
            services.leave(night_id=night.pk, by=by, key=f"{key}-out-{pid}", player_id=pid)
        services.end_night(night_id=night.pk, by=by)
    night.refresh_from_db()
    return night


def _chosen(
    group: Group, players: list[PokerNowPlayer], choices: Sequence[int | None], by: User
) -> list[int]:
    """The group's player ids for the file's players, new players made as needed."""
    if len(choices) != len(players):
        raise PokerNowError(
            gettext("Choose a player for every PokerNow player: the page is out of date.")
        )
    mine = set(Player.objects.filter(group=group).values_list("pk", flat=True))
    taken: dict[int, str] = {}
    for choice, p in zip(choices, players, strict=True):
        if choice is None:
            continue
        if choice not in mine:
            raise PokerNowError(
                gettext("The player chosen for %(name)s is not a player of this group.")
                % {"name": p.nickname}
            )
        if choice in taken:
            raise PokerNowError(
                gettext("%(first)s and %(second)s are both booked to one player: choose another.")
                % {"first": taken[choice], "second": p.nickname}
            )
        taken[choice] = p.nickname
    return [
        choice
        if choice is not None
        else services.add_player(group_id=group.pk, by=by, name=p.nickname).pk
        for choice, p in zip(choices, players, strict=True)
    ]


def _book_nets(night: Night, by: User, key: str, nets: dict[int, int]) -> Transaction:
    """One transaction: every player's net on their stack (the nets sum to zero)."""

    def build(locked: Night) -> Draft:
        players = {p.pk: p for p in Player.objects.filter(pk__in=nets)}
        legs = [
            Leg(stack(locked, players[pid]), net, NET_MEMO)
            for pid, net in sorted(nets.items(), key=lambda item: -item[1])
        ]
        return Draft(kind=TransactionKind.TABLE_HAND, legs=legs, summary=SUMMARY)

    return post(
        night_id=night.pk,
        by=by,
        key=f"{key}-nets",
        kind=TransactionKind.TABLE_HAND,
        payload={"nets": sorted(nets.items())},
        build=build,
    )
