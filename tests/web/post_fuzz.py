"""The POST fuzz's machinery: every POST endpoint and every seat action of every game,
fed malformed values.

The endpoints come from walking the URL resolver, so a new one is fuzzed without
touching the tests. Each gets its URL filled with the right ids, another group's
ids, 0, a number too large for the database and junk tokens; its form fields
(read from the forms the app itself shows, plus the fields the views read
directly) each get negative, zero, huge, non-numeric, NUL and 10 kB values, go
missing or come twice; every field gets one of the Unicode digits (the house
options: each kind of them gets every bad value and every digit, see variants). Posted as the
host, as the host of another group and anonymously.

After every request: no 5xx; a refused request (4xx) wrote nothing (a snapshot
of every table a person can change is the same); and at the end every group's
ledger still adds up, so no chip was created or lost, and no text of the
malformed values was stored.

Three test files use it, each whole on one process under ``--dist loadfile``, so
that they spread over the two: test_fuzz_post_endpoints.py (every endpoint, on
SQLite), test_fuzz_nul_on_postgres.py (a NUL byte in every field, on PostgreSQL)
and test_fuzz_seat_actions.py (every action of every game at a seat).
"""

from __future__ import annotations

import datetime
import itertools
import random
import re
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any
from urllib.parse import unquote

from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, resolve
from django.urls.exceptions import Resolver404
from helpers.clients import client_for
from ledger_helpers import Table, assert_ledger_consistent

from engine.games import GAMES, ActionName
from gamenight import services
from gamenight.models import (
    Account,
    Deal,
    DigitalHand,
    Group,
    HandAction,
    HandStatus,
    Membership,
    Night,
    NightReport,
    Player,
    PlayerLink,
    PlayerMerge,
    Rsvp,
    Season,
    SeasonReport,
    Seat,
    SeatLink,
    Transaction,
    TransferMark,
)
from gamenight.services import digital, player_links

HUGE = "9" * 25
BAD_VALUES: tuple[str, ...] = (
    "-1",
    "0",
    "2147483648",
    HUGE,
    "abc",
    "\u00b2",
    "\u0661\u0662",
    "1.5",
    "\x00",
    "7\x00",
    " ",
    "x" * 10_240,
)
# Digits to str.isdigit() that int() refuses: a 500 wherever isdigit() guarded an
# int() (47 of them in the record forms' order and the merge page). Every field of
# every endpoint, shown or read directly, gets one of them (in turn: each does).
UNICODE_DIGITS: tuple[str, ...] = ("\u00b2", "1\u00b2", "\u2460", "7\u2079")
# The fields every view of the app reads straight from request.POST, beside its forms.
READ_DIRECTLY = ("key", "action", "version", "amount", "seat", "game", "cards", "next", "step")
# Fields worth every bad value; any other field gets a few, in turn, to keep the run short.
CORE = frozenset(
    {
        *READ_DIRECTLY,
        "player",
        "players",
        "name",
        "starting_stack",
        "ante",
        "role",
        "chip_value",
        "date",
        "username",
        "password1",
        "language",
    }
)
# The prefix of a house option's field (gamenight/forms/nights.py NightForm.option_name).
OPTION = "opt__"
# Endpoints that end something the later requests need: fuzzed last.
LAST = ("digital_abandon", "digital_revoke_link", "night_split", "night_end", "logout")


# ---------------------------------------------------------------------- the world


@dataclass
class World:
    mine: Table
    other_night: Night
    other_hand: DigitalHand
    season: Season
    planned: Night


def other_group_night(table: Table) -> tuple[Night, DigitalHand]:
    """A running night with a running hand in the outsider's own group."""
    group = Group.objects.get(name="Other group")
    players = [
        services.add_player(group_id=group.pk, by=table.outsider, name=n) for n in ("Xe", "Yo")
    ]
    night = services.create_night(
        group_id=group.pk, by=table.outsider, date=datetime.date(2026, 11, 27), starting_stack=40
    )
    night.allowed_games = list(GAMES)
    night.save()
    services.start_night(
        night_id=night.pk, by=table.outsider, key="o", players=[p.pk for p in players]
    )
    hand = digital.start_hand(night_id=night.pk, by=table.outsider, key="o", game="guts")
    return night, hand


def build_world(table: Table) -> World:
    table.night.allowed_games = list(GAMES)
    table.night.save()
    season = services.create_season(
        group_id=table.group.pk, by=table.owner, name="Winter", starts_on=datetime.date(2026, 1, 1)
    )
    planned = services.create_night(
        group_id=table.group.pk, by=table.owner, date=datetime.date(2026, 12, 4), starting_stack=20
    )
    other_night, other_hand = other_group_night(table)
    # A player's own link: its answer endpoint is fuzzed with a live token too.
    player_links.make_link(group_id=table.group.pk, by=table.owner, player_id=table.players[0].pk)
    # A tie a refused request must leave as it is (the login endpoint is fuzzed too).
    Player.objects.filter(pk=table.players[1].pk).update(user=table.viewer)
    # Someone entered twice who never sat down: the merge page's confirmation (and its
    # hidden "other") is shown for them, so it is fuzzed too.
    services.add_player(group_id=table.group.pk, by=table.owner, name="Anna B")
    return World(table, other_night, other_hand, season, planned)


def running_hand(world: World) -> DigitalHand | None:
    return DigitalHand.objects.filter(night=world.mine.night, status=HandStatus.RUNNING).first()


def ids_of(world: World) -> dict[str, list[str]]:
    """For each URL argument: this group's value first, then the values to try besides."""
    table = world.mine
    hand = running_hand(world) or DigitalHand.objects.filter(night=table.night).last()
    link = SeatLink.objects.filter(night=table.night, revoked=False).first()
    other_link = SeatLink.objects.filter(night=world.other_night).first()
    junk_int = ["0", HUGE]
    junk_token = ["nope", "a\x00b", "x" * 300]
    last_tx = Transaction.objects.filter(night=table.night).order_by("pk").last()
    other_tx = Transaction.objects.filter(night=world.other_night).first()
    # The fuzz may have removed the viewer already (the remove endpoint is fuzzed too).
    membership = (
        Membership.objects.filter(group=table.group).exclude(role="host").order_by("pk").first()
    )
    other_membership = Membership.objects.filter(user=table.outsider).first()
    other_player = Player.objects.exclude(group=table.group).first()
    return {
        "group_id": [str(table.group.pk), str(world.other_night.group_id), *junk_int],
        "night_id": [str(table.night.pk), str(world.other_night.pk), *junk_int],
        "hand_id": [str(hand.pk if hand else 1), str(world.other_hand.pk), *junk_int],
        "link_id": [str(link.pk if link else 1), str(other_link.pk if other_link else 1), "0"],
        "membership_id": [str(_pk(membership)), str(_pk(other_membership)), *junk_int],
        "player_id": [str(table.players[0].pk), str(_pk(other_player)), *junk_int],
        "season_id": [str(world.season.pk), *junk_int],
        "transaction_id": [str(_pk(last_tx)), str(_pk(other_tx)), *junk_int],
        "token": [
            link.token if link else "nope",
            other_link.token if other_link else "x",
            *PlayerLink.objects.values_list("token", flat=True)[:1],
            *junk_token,
        ],
        "game": ["guts", "no-such-game", "x" * 300],
    }


def _pk(row: Any) -> int:
    return int(row.pk) if row is not None else 1


# ---------------------------------------------------------------------- endpoints


@dataclass(frozen=True)
class Endpoint:
    name: str
    route: str  # e.g. "nights/<int:night_id>/end/"
    args: tuple[str, ...]


def walk(patterns: list[Any], prefix: str = "") -> Iterator[Endpoint]:
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from walk(pattern.url_patterns, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern):
            route = prefix + str(pattern.pattern)
            args = tuple(re.findall(r"<(?:\w+:)?(\w+)>", route))
            if "(?P<" in route:  # the admin's regex routes: named groups as arguments
                args = tuple(re.findall(r"\(\?P<(\w+)>", route))
            yield Endpoint(pattern.name or route, route, args)


def endpoints() -> list[Endpoint]:
    found = list(walk(get_resolver().url_patterns))
    return sorted(found, key=lambda e: LAST.index(e.name) + 1 if e.name in LAST else 0)


def url_for(endpoint: Endpoint, values: dict[str, str]) -> str:
    if "(?P<" in endpoint.route:
        route = endpoint.route.lstrip("^")
        route = re.sub(r"\(\?P<(\w+)>[^)]*\)", lambda m: values.get(m.group(1), "1"), route)
        return "/" + route.replace("\\Z", "").replace("$", "").replace("\\", "")
    return "/" + re.sub(
        r"<(?:\w+:)?(\w+)>", lambda m: _quote(values.get(m.group(1), "1")), endpoint.route
    )


def _quote(value: str) -> str:
    from urllib.parse import quote

    return quote(value, safe="")


# ---------------------------------------------------------------------- forms as shown


class _Forms(HTMLParser):
    """The POST forms of a page: their action and their fields' names and values."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.page = page
        self.forms: list[tuple[str, dict[str, str]]] = []
        self.kinds: dict[str, str] = {}  # a field's tag and input type: "input:number"
        self._current: dict[str, str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and a.get("method", "").lower() == "post":
            self._current = {}
            self.forms.append((a.get("action") or self.page, self._current))
        elif tag in ("input", "select", "textarea", "button") and self._current is not None:
            name = a.get("name")
            if name and name != "csrfmiddlewaretoken":
                self._current.setdefault(name, a.get("value", ""))
                self.kinds.setdefault(name, f"{tag}:{a.get('type', '')}")

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._current = None


def shown_forms(
    clients: list[Client], urls: list[str]
) -> tuple[dict[str, dict[str, str]], dict[str, str]]:
    """Fields of the forms the app shows, by the URL name they post to (first values win),
    and each field's kind by its name."""
    fields: dict[str, dict[str, str]] = {}
    kinds: dict[str, str] = {}
    for client, url in itertools.product(clients, urls):
        response = client.get(url)
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        parser = _Forms(url)
        parser.feed(response.content.decode())
        kinds = parser.kinds | kinds
        for action, found in parser.forms:
            try:
                name = resolve(action.split("?")[0]).url_name or ""
            except Resolver404:
                continue
            merged = fields.setdefault(name, {})
            for k, v in found.items():
                merged.setdefault(k, v)
    return fields, kinds


# ---------------------------------------------------------------------- what may change


def snapshot() -> tuple[Any, ...]:
    """Every row a person can change through a page, as plain values."""
    return (
        list(Group.objects.values_list("pk", "name", "invite_token", "chip_value_cents")),
        list(Membership.objects.values_list("pk", "role")),
        # With whose login a player is, hidden or merged (issue 17).
        list(
            Player.objects.values_list("pk", "name", "email", "user_id", "hidden", "merged_into_id")
        ),
        list(PlayerMerge.objects.values_list("pk", "kept_id", "merged_id")),
        list(Season.objects.values_list("pk", "name")),
        list(
            Night.objects.values_list(
                "pk", "status", "dealer_id", "starting_stack", "date", "place", "note", "starts_at"
            )
        ),
        list(Seat.objects.values_list("pk", "seated", "position")),
        list(Account.objects.values_list("pk", "balance")),
        Transaction.objects.count(),
        list(Deal.objects.values_list("pk", "status")),
        list(DigitalHand.objects.values_list("pk", "version", "status")),
        HandAction.objects.count(),
        list(SeatLink.objects.values_list("pk", "revoked")),
        list(PlayerLink.objects.values_list("pk", "revoked")),
        list(Rsvp.objects.values_list("pk", "night_id", "player_id", "answer")),
        list(TransferMark.objects.values_list("pk", "night_id", "step", "paid")),
        list(NightReport.objects.values_list("pk", "status")),
        list(SeasonReport.objects.values_list("pk", "status")),
        User.objects.count(),
    )


# The tables snapshot() reads: only a request that wrote to one of them can change it.
SNAPSHOT_MODELS = (
    Group,
    Membership,
    Player,
    PlayerMerge,
    Season,
    Night,
    Seat,
    Account,
    Transaction,
    Deal,
    DigitalHand,
    HandAction,
    SeatLink,
    PlayerLink,
    Rsvp,
    TransferMark,
    NightReport,
    SeasonReport,
    User,
)
WRITES = re.compile(r"^\s*(INSERT|UPDATE|DELETE|TRUNCATE|MERGE)\b", re.IGNORECASE)


@dataclass
class Writes:
    """Whether a statement run through Django wrote to a table snapshot() reads.

    Taking the snapshot after every request (19 queries) was most of the fuzz's time,
    and most requests are refused and write nothing: the snapshot is taken again only
    after a request that wrote to one of its tables, so what it compares is the same.
    """

    # Unquoted: a name inside a longer one ("gamenight_night" in "gamenight_nightreport")
    # only takes a snapshot more, never one less.
    tables: tuple[str, ...] = tuple(m._meta.db_table for m in SNAPSHOT_MODELS)
    seen: bool = False

    def __call__(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        if WRITES.match(sql) and any(table in sql for table in self.tables):
            self.seen = True
        return execute(sql, params, many, context)


@dataclass
class Fuzzer:
    world: World
    values: tuple[str, ...] = BAD_VALUES
    digits: tuple[str, ...] = UNICODE_DIGITS
    # Only the requests that carry this text (in the URL or a value) are sent; "" sends
    # all. The PostgreSQL run sends only those with a NUL byte: the rest (a field
    # missing, another group's id, an outsider's post) is the SQLite run's, the same code.
    carrying: str = ""
    problems: list[str] = field(default_factory=list)
    requests: int = 0
    refused: int = 0

    def __post_init__(self) -> None:
        self.before = snapshot()

    def carries(self, url: str, data: dict[str, Any]) -> bool:
        if not self.carrying or self.carrying in unquote(url):
            return True
        values = [
            v for value in data.values() for v in (value if isinstance(value, list) else [value])
        ]
        return any(self.carrying in str(v) for v in values)

    def post(self, client: Client, url: str, data: dict[str, Any], label: str) -> int:
        writes = Writes()
        with connection.execute_wrapper(writes):
            response = client.post(url, data)
        self.requests += 1
        after = snapshot() if writes.seen else self.before
        status = response.status_code
        shown = {k: (v[:20] if isinstance(v, str) else v) for k, v in data.items()}
        if status >= 500:
            self.problems.append(f"{status} {label} {url[:80]!r} {shown}")
        elif status >= 400 and after != self.before:
            self.problems.append(f"{status} but written: {label} {url[:80]!r} {shown}")
        if status >= 400:
            self.refused += 1
        self.before = after
        return status


def variants(
    base: dict[str, Any],
    shown: set[str],
    bad: tuple[str, ...],
    rng: random.Random,
    digits: tuple[str, ...] = (),
    kinds: dict[str, str] | None = None,
) -> Iterator[dict[str, Any]]:
    """Each field malformed, missing and doubled in turn.

    A core field of the endpoint's own form gets every bad value; its other
    fields, and the fields a view might read directly, one or two in turn
    (across the endpoints every value still meets every kind of field). Every
    field, shown or read directly, also gets one of ``digits``.

    The house options (``opt__<game>__<option>``, 99 on the night's form) come from
    one factory, one form field class a kind (gamenight/forms/nights.py
    ``_option_field``): the options of one kind take every bad value and every
    digit in turn, each value sent once to one of them, and one is doubled. Three
    requests an option (297 posts to the night's edit page, which renders its 118
    fields on each refusal) were a quarter of the fuzz's time by cProfile.
    """
    cycle = itertools.cycle(bad)
    digit = itertools.cycle(digits)
    options: dict[str, list[str]] = {}
    for name in base:
        if name in shown and name.startswith(OPTION) and name not in CORE:
            options.setdefault((kinds or {}).get(name, ""), []).append(name)
    for names in options.values():
        turn = itertools.cycle(names)
        for value in (*bad, *digits):
            yield {**base, next(turn): value}
        name = next(turn)
        yield {**base, name: [base[name] or "1", next(cycle)]}
    grouped = {name for names in options.values() for name in names}
    for name in base:
        if name in grouped:
            continue
        if name in shown and name in CORE:
            for value in bad:
                yield {**base, name: value}
            yield {k: v for k, v in base.items() if k != name}
        elif name in shown:
            yield {**base, name: next(cycle)}
        if digits:
            yield {**base, name: next(digit)}
        yield {**base, name: [base[name] or "1", next(cycle)]}


def fresh_key() -> str:
    return uuid.uuid4().hex


# ---------------------------------------------------------------------- the runs


def fuzz_seat_actions(fuzzer: Fuzzer, rng: random.Random) -> None:
    """Every action of every game, to the seat whose turn it is and to one whose it is not.

    The seat to act gets each action twice with another field broken (fields
    and bad values taken in turn, so across the games every field meets every
    value) and once with a field missing; the other seat gets each action as
    the page would send it.
    """
    world = fuzzer.world
    table = world.mine
    anonymous = Client(raise_request_exception=False)
    fields = ("action", "version", "key", "amount", "game", "cards")
    breakages = itertools.cycle(itertools.product(fields, fuzzer.values + fuzzer.digits))
    for number, game in enumerate(GAMES):
        if (hand := running_hand(world)) is not None:
            digital.abandon_hand(night_id=table.night.pk, hand_id=hand.pk, by=table.owner, key=game)
        hand = digital.start_hand(night_id=table.night.pk, by=table.owner, key=game, game=game)
        fuzzer.before = snapshot()
        links = {
            seat: SeatLink.objects.get(seat_id=seat_id, hand=None, revoked=False).token
            for seat, seat_id in enumerate(hand.seat_ids)
        }
        for index, action in enumerate([*ActionName, "nonsense"]):
            # A move that went through moves the turn on: aim at whoever acts now,
            # and deal again when one ended the hand.
            hand.refresh_from_db()
            if hand.status != HandStatus.RUNNING:
                hand = digital.start_hand(
                    night_id=table.night.pk, by=table.owner, key=f"{game}-{index}", game=game
                )
                fuzzer.before = snapshot()
            actor = digital.hand_state(hand).actor or 0
            actor_url = f"/s/{links[actor]}/act/"
            other_url = f"/s/{links[(actor + 1) % len(links)]}/act/"
            base = {
                "action": str(action),
                "version": str(hand.version),
                "key": fresh_key(),
                "amount": "1",
                "game": rng.choice(list(GAMES)),
                "cards": ["As"],
            }
            for _ in range(2):
                name, value = next(breakages)
                data = {**base, "key": fresh_key(), name: value}
                fuzzer.post(anonymous, actor_url, data, f"seat {game}")
            # Each action meets each missing field in some game.
            gone = fields[(number + index) % len(fields)]
            data = {k: v for k, v in {**base, "key": fresh_key()}.items() if k != gone}
            fuzzer.post(anonymous, actor_url, data, f"seat {game} no {gone}")
            fuzzer.post(anonymous, other_url, base, f"seat {game} not my turn")


def fuzz_endpoints(fuzzer: Fuzzer, rng: random.Random) -> None:
    world = fuzzer.world
    table = world.mine
    host, outsider = (
        client_for(table.owner, raise_request_exception=False),
        client_for(table.outsider, raise_request_exception=False),
    )
    anonymous = Client(raise_request_exception=False)
    all_endpoints = endpoints()
    own = {name: values[0] for name, values in ids_of(world).items()}
    get_urls = [url_for(e, own) for e in all_endpoints if not e.route.startswith("admin/")]
    twice = Player.objects.get(group=table.group, name="Anna B")
    get_urls += [
        f"/nights/{world.planned.pk}/start/",
        f"/nights/{table.night.pk}/record/guts/",
        f"/groups/{table.group.pk}/players/{table.players[0].pk}/merge/?other={twice.pk}",
    ]
    forms, kinds = shown_forms([host, anonymous], get_urls)
    for endpoint in all_endpoints:
        ids = ids_of(world)
        mine = {name: values[0] for name, values in ids.items()}
        shown = forms.get(endpoint.name, {})
        base = dict.fromkeys(READ_DIRECTLY, "") | shown | {"key": fresh_key()}
        url = url_for(endpoint, mine)
        if fuzzer.post(host, url, base, endpoint.name) == 405:
            continue  # GET only: nothing to fuzz but that it says so
        if not endpoint.route.startswith("admin/"):
            for data in variants(base, set(shown), fuzzer.values, rng, fuzzer.digits, kinds):
                if data.get("key") == base["key"]:
                    data = {**data, "key": fresh_key()}
                if not fuzzer.carries(url, data):
                    continue
                fuzzer.post(host, url, data, endpoint.name)
                if endpoint.name == "logout":
                    host = client_for(table.owner, raise_request_exception=False)
        for name in endpoint.args:
            for value in ids.get(name, ["1"])[1:]:
                other = url_for(endpoint, {**mine, name: value})
                if fuzzer.carries(other, base):
                    fuzzer.post(host, other, base, endpoint.name)
        for client in (outsider, anonymous):
            if not fuzzer.carries(url, base):
                continue
            fuzzer.post(client, url, {**base, "key": fresh_key()}, endpoint.name)
            if endpoint.name == "logout" and client is outsider:
                outsider = client_for(table.outsider, raise_request_exception=False)
        if endpoint.name == "logout":
            host = client_for(table.owner, raise_request_exception=False)


def assert_nothing_malformed_stored() -> None:
    texts: list[str] = [
        *Group.objects.values_list("name", flat=True),
        *Player.objects.values_list("name", flat=True),
        *Season.objects.values_list("name", flat=True),
        *Night.objects.values_list("place", flat=True),
        *User.objects.values_list("username", flat=True),
    ]
    assert not [t for t in texts if "\x00" in t or len(t) > 200]


def run(
    world: World,
    fuzz: Callable[[Fuzzer, random.Random], None],
    values: tuple[str, ...] = BAD_VALUES,
    digits: tuple[str, ...] = UNICODE_DIGITS,
    carrying: str = "",
) -> Fuzzer:
    fuzzer = Fuzzer(world, values, digits, carrying)
    fuzz(fuzzer, random.Random(7))
    assert not fuzzer.problems, "\n".join(fuzzer.problems[:40])
    for group in Group.objects.all():
        assert_ledger_consistent(group)
    assert_nothing_malformed_stored()
    return fuzzer
