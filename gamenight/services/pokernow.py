"""A PokerNow ledger CSV as a closed night of the group (issue 17).

PokerNow's ledger export has one row per session at the table:
``player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,net``;
a player who rebought has several rows, which are summed. The night is booked
through the ledger's own services, as a host would have recorded it: everyone
buys in what they bought in at PokerNow, one table-hand transaction moves each
player's net (the nets sum to zero, or the file is refused), everyone cashes
out, the night ends. No chip is created or lost; the standings count the nets.

Issue 23: the amounts are PokerNow's, at its scale (1,000-chip stacks, or money
with cents in its cents mode): the host gives the scale and every amount is
divided by it (:mod:`.pokernow_scale`); amounts with cents need one. A person
who played under two PokerNow ids is booked as one player when the host names
the same player for both. The night goes into the season its date falls in
(:func:`.seasons.covering`), or a new season made for it; never a season that
starts after it.

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
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.formats import date_format
from django.utils.translation import gettext

from gamenight import services
from gamenight.models import (
    MAX_CHIPS,
    Group,
    Night,
    Player,
    Role,
    Season,
    Transaction,
    TransactionKind,
)
from gamenight.services.access import User, membership_for
from gamenight.services.errors import REFUSALS, LedgerError
from gamenight.services.pokernow_scale import (
    chips,
    has_cents,
    read_amount,
    whole_buy_in,
    whole_nets,
)
from gamenight.services.posting import Draft, Leg, post
from gamenight.services.seasons import covering, new_season_name, span_for
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
    """One PokerNow id of the file, its sessions summed, in PokerNow's amounts."""

    nickname: str
    pokernow_id: str
    buy_in: Decimal
    net: Decimal
    sessions: int
    match: int | None
    """The group's player of the same name (any case), if there is one."""


@dataclass
class _Sum:
    nickname: str
    pokernow_id: str
    buy_in: Decimal = Decimal(0)
    net: Decimal = Decimal(0)
    sessions: int = 0


@dataclass(frozen=True)
class Preview:
    players: list[PokerNowPlayer]
    date: datetime.date
    digest: str
    cents: bool = False
    """Some amount has cents (PokerNow's cents mode): only a scale makes chips of it."""


Target = int | str | None
"""Who a PokerNow id is booked as: the group's player (id), a new player of that name,
or (None) a new player named as the id's nickname."""


@dataclass(frozen=True)
class Booked:
    """One player of the night as booked: the PokerNow ids taken together, in chips."""

    target: int | str
    name: str
    rows: tuple[int, ...]
    buy_in: int
    net: int
    exact: Fraction
    """The net before rounding to whole chips."""
    nicknames: tuple[str, ...] = field(default=())

    @property
    def rounded(self) -> bool:
        return self.exact != self.net


def digest_of(text: str) -> str:
    """The file's hash, the same however its lines end or whether it starts with a BOM."""
    lines = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").strip()
    return hashlib.sha256(lines.encode()).hexdigest()


def start_key(digest: str) -> str:
    return f"pokernow-{digest[:40]}"


def read(text: str, *, group: Group) -> Preview:
    """The file's players with their summed buy-ins and nets; refused if it cannot be booked."""
    if len(text.encode()) > MAX_BYTES:
        raise PokerNowError(str(REFUSALS["pokernow_too_big"]))
    digest = digest_of(text)
    _refuse_if_imported(group.pk, digest)
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    rows = [r for r in rows if any(cell.strip() for cell in r)]
    if not rows:
        raise PokerNowError(str(REFUSALS["pokernow_no_rows"]))
    header = [c.strip().lower() for c in rows[0]]
    if not set(COLUMNS) <= set(header):
        raise PokerNowError(
            gettext("This is not a PokerNow ledger: the columns %(columns)s are expected.")
            % {"columns": ", ".join(COLUMNS)}
        )
    where = {name: header.index(name) for name in COLUMNS}
    if len(rows) == 1:
        raise PokerNowError(str(REFUSALS["pokernow_no_rows"]))
    totals: dict[str, _Sum] = {}
    starts: list[datetime.datetime] = []
    cents = False
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
        known.buy_in += _amount(cells[4], number)
        known.net += _amount(cells[7], number)
        cents = cents or has_cents(cells[4]) or has_cents(cells[7])
        known.sessions += 1
        moment = parse_datetime(started) if started else None
        if moment is not None:
            starts.append(moment)
    players = _players(group, totals)
    date = timezone.localdate(min(starts)) if starts else timezone.localdate()
    return Preview(players=players, date=date, digest=digest, cents=cents)


def _amount(cell: str, row: int) -> Decimal:
    value = read_amount(cell)
    if value is None:
        raise PokerNowError(
            gettext("Row %(row)s: %(value)s is not an amount of chips.")
            % {"row": row, "value": cell or "''"}
        )
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
        if p.buy_in <= 0 or p.buy_in + p.net < 0:
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


def book(
    group: Group,
    preview: Preview,
    targets: Sequence[Target],
    scale: Decimal | None,
) -> list[Booked]:
    """The night's players as they would be booked: each PokerNow id to its target
    (the ids named as one player summed), the amounts divided by ``scale`` (None: one
    PokerNow chip is one chip) and made whole (:mod:`.pokernow_scale`). Refused, with
    the reason, when it cannot be booked. Reads only; makes no player."""
    players = preview.players
    if len(targets) != len(players):
        raise PokerNowError(
            gettext("Choose a player for every PokerNow player: the page is out of date.")
        )
    if scale is None and preview.cents:
        raise PokerNowError(
            gettext(
                "The amounts have cents (PokerNow's cents mode): give what one of your chips "
                "is worth in them, for instance 0.10."
            )
        )
    if scale is not None and scale <= 0:
        raise PokerNowError(gettext("The chip scale must be more than 0."))
    names = dict(Player.objects.filter(group=group).values_list("pk", "name"))
    groups: dict[int | str, list[int]] = {}
    for index, (target, p) in enumerate(zip(targets, players, strict=True)):
        if isinstance(target, int) and target not in names:
            raise PokerNowError(
                gettext("The player chosen for %(name)s is not a player of this group.")
                % {"name": p.nickname}
            )
        key = p.nickname if target is None else target
        if isinstance(key, str):
            key = key.strip()
            if not key or len(key) > NAME_LENGTH or not key.isprintable():
                raise PokerNowError(
                    gettext("%(name)s cannot be a player's name.") % {"name": key or "''"}
                )
        groups.setdefault(key, []).append(index)
    if len(groups) < 2:
        raise PokerNowError(
            gettext("A night needs at least two players: book the ids as two players or more.")
        )
    per = Decimal(1) if scale is None else scale
    exact = [
        sum((chips(players[i].net, per) for i in rows), Fraction(0)) for rows in groups.values()
    ]
    nets = whole_nets(exact)
    booked = []
    for (key, rows), net, net_exact in zip(groups.items(), nets, exact, strict=True):
        bought = sum((chips(players[i].buy_in, per) for i in rows), Fraction(0))
        buy_in = whole_buy_in(bought, net)
        if max(buy_in, abs(net)) > MAX_CHIPS:
            raise PokerNowError(
                gettext("%(name)s: %(chips)s chips cannot be right: check the chip scale.")
                % {"name": players[rows[0]].nickname, "chips": max(buy_in, abs(net))}
            )
        booked.append(
            Booked(
                target=key,
                name=names[key] if isinstance(key, int) else key,
                rows=tuple(rows),
                buy_in=buy_in,
                net=net,
                exact=net_exact,
                nicknames=tuple(players[i].nickname for i in rows),
            )
        )
    return booked


def import_night(
    *,
    group_id: int,
    by: User,
    text: str,
    choices: Sequence[Target],
    season_id: int | None = None,
    new_season: bool = False,
    scale: Decimal | None = None,
) -> Night:
    """Book the file as a closed night; ``choices`` names the target of each PokerNow
    player of :func:`read` (:data:`Target`), several ids may name the same player.
    ``season_id`` must be a season the night's date falls in; ``new_season`` makes
    one for it (see :func:`season_for`)."""
    membership = membership_for(by, group_id)
    if membership.role != Role.HOST:
        raise PermissionDenied("only the host may import a PokerNow ledger")
    group = membership.group
    with transaction.atomic():
        preview = read(text, group=group)
        booked = book(group, preview, choices, scale)
        season = season_for(group, by, preview.date, season_id=season_id, new=new_season)
        ids = [
            b.target
            if isinstance(b.target, int)
            else services.add_player(group_id=group.pk, by=by, name=b.target).pk
            for b in booked
        ]
        night = services.create_night(
            group_id=group.pk,
            by=by,
            date=preview.date,
            season_id=season.pk if season is not None else None,
            place=PLACE,
            starting_stack=max(b.buy_in for b in booked),
        )
        key = start_key(preview.digest)
        buy_ins = {pid: b.buy_in for pid, b in zip(ids, booked, strict=True)}
        started = services.start_night(
            night_id=night.pk, by=by, key=key, players=ids, buy_ins=buy_ins
        )
        if started.night_id != night.pk:
            # Another confirm of the same file got there first (its key is the same).
            _refuse_if_imported(group.pk, preview.digest)
        nets = {pid: b.net for pid, b in zip(ids, booked, strict=True)}
        _book_nets(night, by, key, nets)
        for pid in ids:
            services.leave(night_id=night.pk, by=by, key=f"{key}-out-{pid}", player_id=pid)
        services.end_night(night_id=night.pk, by=by)
    night.refresh_from_db()
    return night


def season_for(
    group: Group, by: User, day: datetime.date, *, season_id: int | None, new: bool
) -> Season | None:
    """The season an imported night of ``day`` goes into: the one chosen, which must
    cover the day (a season that starts after it, or ended before, is refused); a new
    one from that day when ``new`` and none covers it; else none."""
    seasons = list(Season.objects.filter(group=group))
    if season_id is not None:
        chosen = next((s for s in seasons if s.pk == season_id), None)
        if chosen is None:
            raise PokerNowError(gettext("This season is not one of this group's."))
        if covering([chosen], day) is None:
            raise PokerNowError(
                gettext(
                    "The night of %(date)s is not in the season %(season)s (%(start)s to "
                    "%(end)s): choose the season its date falls in."
                )
                % {
                    "date": date_format(day, "SHORT_DATE_FORMAT"),
                    "season": chosen.name,
                    "start": date_format(chosen.starts_on, "SHORT_DATE_FORMAT"),
                    "end": date_format(chosen.ends_on, "SHORT_DATE_FORMAT")
                    if chosen.ends_on
                    else "…",
                }
            )
        return chosen
    if not new:
        return None
    found = covering(seasons, day)
    if found is not None:
        return found  # made meanwhile, or the form was old: the date's own season
    starts_on, ends_on = span_for(seasons, day)
    return services.create_season(
        group_id=group.pk,
        by=by,
        name=new_season_name(seasons, day),
        starts_on=starts_on,
        ends_on=ends_on,
    )


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
