"""Build a demo group night by night, every chip through the services.

Each game is recorded with :func:`~gamenight.services.record_table_hand`,
:func:`~gamenight.services.record_guts_deal` or
:func:`~gamenight.services.record_shelby_round`, so the ledger is the one a host
would have produced by tapping through the forms: every transaction balances,
every balance is the sum of its entries. A whole night is written in one
database transaction (the services' own become savepoints), which keeps
SQLite from syncing to disk after every game.

The same ``seed`` gives the same group: players, seatings, games, bets and
winners come from one :class:`random.Random`.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypedDict

from django.contrib.auth.models import User
from django.db import transaction

from engine.errors import EngineError
from engine.hands.showdown import HostRanking
from gamenight import services
from gamenight.games import recorded_games
from gamenight.models import (
    NIGHT_POTS,
    Account,
    AccountKind,
    Group,
    LimitStructure,
    Membership,
    Night,
    NightStatus,
    Player,
    Season,
    Seat,
)
from gamenight.services import LedgerError, TableHandInput

PLAYER_NAMES = (
    "Anna",
    "Ben",
    "Carla",
    "Dan",
    "Eva",
    "Felix",
    "Greta",
    "Hannes",
    "Ines",
    "Jonas",
    "Klara",
    "Lukas",
    "Mia",
    "Noah",
    "Olga",
    "Paul",
)
PLACES = ("Anna's kitchen", "Ben's cellar", "The back room", "Carla's balcony", "Dan's garage")
# Games recorded from the table with chips and folds (the spit card too), and one
# game each of the night's pots, all from the engine's catalogue.
STUD_GAMES = (*recorded_games("stud"), *recorded_games("spit"))
GUTS_GAME, SHELBY_GAME = recorded_games("guts")[0], recorded_games("shelby")[0]
NIGHT_GAMES = (GUTS_GAME, SHELBY_GAME)
FIRST_SEASON = 2021


@dataclass(frozen=True)
class SeedOptions:
    seed: int = 1
    seasons: int = 5
    nights: int = 50
    games: int = 30
    players: int = 10
    group_name: str = "Demo poker night"
    username: str = "demo-host"
    password: str = "demo-password"
    fresh: bool = False
    running_night: bool = False
    """Leave one more night started (seated, bought in, no games) after the seasons."""

    @classmethod
    def small(cls, **overrides: Any) -> SeedOptions:
        return replace(cls(seasons=2, nights=3, games=6, players=5), **overrides)


@dataclass
class DemoResult:
    group: Group
    host: User
    password: str
    seasons: list[Season] = field(default_factory=list)
    nights: int = 0
    games: int = 0
    fallbacks: int = 0
    """Guts or Shelby deals the engine refused (e.g. a stack too short) that were
    recorded as a table hand instead."""
    running_night: Night | None = None


class DemoExistsError(Exception):
    """The group name is taken; ``fresh`` retires the old one."""


def seed_demo(options: SeedOptions, *, progress: Callable[[str], None] | None = None) -> DemoResult:
    if options.players < 2:
        raise ValueError("a poker night needs at least 2 players")
    if options.players > len(PLAYER_NAMES):
        raise ValueError(f"at most {len(PLAYER_NAMES)} players")
    rng = random.Random(options.seed)
    host = _host(options)
    _retire_old(options, host)
    group = services.create_group(name=options.group_name, host=host)
    result = DemoResult(group=group, host=host, password=options.password)
    players = [
        services.add_player(group_id=group.pk, by=host, name=name)
        for name in PLAYER_NAMES[: options.players]
    ]
    for s in range(options.seasons):
        year = FIRST_SEASON + s
        season = services.create_season(
            group_id=group.pk,
            by=host,
            name=f"Season {year}",
            starts_on=datetime.date(year, 1, 8),
        )
        result.seasons.append(season)
        for n in range(options.nights):
            date = season.starts_on + datetime.timedelta(days=7 * n)
            with transaction.atomic():
                night = _play_night(rng, options, host, group, season, players, date, result)
            result.nights += 1
            if progress is not None and (n + 1) % 10 == 0:
                progress(f"{season.name}: {n + 1} nights, {result.games} games so far")
            del night
    if options.running_night:
        result.running_night = start_bench_night(group=group, host=host, seed=options.seed)
    return result


def start_bench_night(*, group: Group, host: User, seed: int = 1) -> Night:
    """A running night of the group's latest season, everyone seated with a deep stack."""
    season = Season.objects.filter(group=group).order_by("-starts_on").first()
    players = list(Player.objects.filter(group=group).order_by("pk"))
    night = services.create_night(
        group_id=group.pk,
        by=host,
        date=datetime.date(FIRST_SEASON + 50, 1, 1),
        season_id=season.pk if season else None,
        place="Benchmark table",
        allowed_games=list(STUD_GAMES),
        starting_stack=1_000_000,
    )
    services.start_night(
        night_id=night.pk,
        by=host,
        key=f"bench-start-{night.pk}-{seed}",
        players=[p.pk for p in players],
    )
    night.refresh_from_db()
    return night


# ---------------------------------------------------------------- set-up


def _host(options: SeedOptions) -> User:
    host, created = User.objects.get_or_create(username=options.username)
    if created or not host.check_password(options.password):
        host.set_password(options.password)
        host.save(update_fields=["password"])
    return host


def _retire_old(options: SeedOptions, host: User) -> None:
    """Refuse a second demo group of the same name, unless ``fresh``: then the old one
    is renamed aside (the ledger is append-only, so it is not deleted)."""
    old = Group.objects.filter(name=options.group_name).order_by("pk")
    if not old.exists():
        return
    if not options.fresh:
        raise DemoExistsError(
            f"a group called {options.group_name!r} exists already: "
            "use --fresh to replace it, or --group-name for another"
        )
    for group in old:
        stamp = group.created_at.strftime("%Y-%m-%d %H:%M:%S")
        group.name = f"{options.group_name} (replaced, made {stamp}, #{group.pk})"[:100]
        group.save(update_fields=["name"])
        Membership.objects.filter(group=group, user=host).delete()


# ---------------------------------------------------------------- one night


class HouseRules(TypedDict):
    """A night's rules as :func:`services.create_night` takes them."""

    ante: int
    limit_structure: LimitStructure
    allowed_games: list[str]
    game_options: dict[str, Any]
    starting_stack: int


def _house_rules(rng: random.Random) -> HouseRules:
    ante = rng.choice((1, 1, 1, 2))
    stud = rng.sample(STUD_GAMES, k=rng.randint(5, len(STUD_GAMES)))
    night_games = [g for g in NIGHT_GAMES if rng.random() < 0.7]
    options: dict[str, Any] = {}
    if GUTS_GAME in night_games:
        options[GUTS_GAME] = {"limit": rng.choice((None, 20, 30))}
    if SHELBY_GAME in night_games and rng.random() < 0.5:
        options[SHELBY_GAME] = {"limit": 10}
    return {
        "ante": ante,
        "limit_structure": rng.choice(list(LimitStructure)),
        "allowed_games": stud + night_games,
        "game_options": options,
        "starting_stack": rng.choice((100, 100, 150, 200)),
    }


def _play_night(
    rng: random.Random,
    options: SeedOptions,
    host: User,
    group: Group,
    season: Season,
    players: Sequence[Player],
    date: datetime.date,
    result: DemoResult,
) -> Night:
    rules = _house_rules(rng)
    night = services.create_night(
        group_id=group.pk,
        by=host,
        date=date,
        season_id=season.pk,
        place=rng.choice(PLACES),
        **rules,
    )
    least = max(2, len(players) - 2) if len(players) > 3 else len(players)
    present = rng.sample(list(players), k=rng.randint(least, len(players)))
    late = present.pop() if len(present) > 3 and rng.random() < 0.3 else None
    services.start_night(
        night_id=night.pk,
        by=host,
        key=f"demo-{night.pk}-start",
        players=[p.pk for p in present],
        draw=rng,
    )
    keys = _Keys(night.pk)
    leaver_at = rng.randrange(options.games) if rng.random() < 0.3 else None
    for number in range(options.games):
        if late is not None and number == options.games // 3:
            services.arrive(night_id=night.pk, by=host, key=keys(), player_id=late.pk)
        if number == leaver_at:
            _someone_leaves(rng, night, host, keys)
        _rebuy_the_broke(night, host, keys)
        _play_game(rng, night, host, keys, rules, result)
        result.games += 1
    _split_pots(night, host, keys)
    return services.end_night(night_id=night.pk, by=host)


class _Keys:
    """Deterministic idempotency keys: demo-<night>-<n>."""

    def __init__(self, night_id: int) -> None:
        self.night_id, self.n = night_id, 0

    def __call__(self) -> str:
        self.n += 1
        return f"demo-{self.night_id}-{self.n}"


def _seated(night: Night) -> list[tuple[int, int]]:
    """(player id, stack) of every seated player, in seat order."""
    seats = Seat.objects.filter(night=night, seated=True).order_by("position")
    ids = list(seats.values_list("player_id", flat=True))
    stacks = dict(
        Account.objects.filter(night=night, kind=AccountKind.STACK, player_id__in=ids).values_list(
            "player_id", "balance"
        )
    )
    return [(pid, stacks.get(pid, 0)) for pid in ids]


def _someone_leaves(rng: random.Random, night: Night, host: User, keys: _Keys) -> None:
    seated = _seated(night)
    if len(seated) > 3:
        player_id, _stack = rng.choice(seated)
        services.leave(night_id=night.pk, by=host, key=keys(), player_id=player_id)


def _rebuy_the_broke(night: Night, host: User, keys: _Keys) -> None:
    """A player short of chips for a game buys the starting stack again."""
    for player_id, chips in _seated(night):
        if chips < 4 * night.ante + 2:
            services.rebuy(
                night_id=night.pk,
                by=host,
                key=keys(),
                player_id=player_id,
                amount=night.starting_stack,
            )


def _ranking(rng: random.Random, ids: Sequence[int]) -> HostRanking:
    order = list(ids)
    rng.shuffle(order)
    if len(order) > 2 and rng.random() < 0.05:  # a split pot now and then
        return HostRanking(groups=((order[0], order[1]), *((p,) for p in order[2:])))
    return HostRanking(groups=tuple((p,) for p in order))


def _play_game(
    rng: random.Random,
    night: Night,
    host: User,
    keys: _Keys,
    rules: HouseRules,
    result: DemoResult,
) -> None:
    allowed = list(rules["allowed_games"])
    night_games = [g for g in allowed if g in NIGHT_GAMES]
    game = rng.choice(night_games) if night_games and rng.random() < 0.15 else None
    if game is None:
        _table_hand(rng, night, host, keys, [g for g in allowed if g not in NIGHT_GAMES])
        return
    seated = [pid for pid, chips in _seated(night) if chips > 0]
    holders = rng.sample(seated, k=rng.choice((0, 1, 1, 2, 2, 3)) if len(seated) > 3 else 1)
    showdown = _ranking(rng, holders) if len(holders) > 1 else None
    key = keys()
    try:
        if game == GUTS_GAME:
            services.record_guts_deal(
                night_id=night.pk, by=host, key=key, in_players=holders, showdown=showdown
            )
        else:
            services.record_shelby_round(
                night_id=night.pk, by=host, key=key, holders=holders, showdown=showdown
            )
    except (LedgerError, EngineError):
        result.fallbacks += 1
        _table_hand(rng, night, host, keys, [g for g in allowed if g not in NIGHT_GAMES])


def _table_hand(
    rng: random.Random, night: Night, host: User, keys: _Keys, games: Sequence[str]
) -> None:
    """Everyone antes; some fold along the way, the rest put in the same (or go all-in)."""
    in_hand = [(pid, chips) for pid, chips in _seated(night) if chips > 0]
    ante = night.ante
    live_count = max(2, len(in_hand) - rng.randint(0, len(in_hand) - 1))
    live = set(rng.sample([pid for pid, _ in in_hand], k=live_count))
    bet = ante + rng.choice((0, 2, 4, 6, 8, 10, 15, 20, 30))
    put_in: dict[int, int] = {}
    folded: set[int] = set()
    all_in: set[int] = set()
    for pid, chips in in_hand:
        if pid in live:
            put_in[pid] = min(bet, chips)
            if chips <= bet:
                all_in.add(pid)
        else:
            folded.add(pid)
            put_in[pid] = min(chips, ante + rng.randint(0, max(0, bet - ante) // 2))
    hand = TableHandInput(
        game=rng.choice(list(games) or list(STUD_GAMES)),
        put_in=put_in,
        folded=frozenset(folded),
        all_in=frozenset(all_in),
        showdown=_ranking(rng, sorted(live)),
    )
    services.record_table_hand(night_id=night.pk, by=host, key=keys(), hand=hand)


def _split_pots(night: Night, host: User, keys: _Keys) -> None:
    """Chips left in the Guts pot, reserve or Shelby pot are shared before the night ends."""
    held = Account.objects.filter(night=night, kind__in=NIGHT_POTS, balance__gt=0).exists()
    if held:
        players = [pid for pid, _chips in _seated(night)]
        services.split_night_pots(night_id=night.pk, by=host, key=keys(), players=players)


def night_status_counts(group: Group) -> dict[str, int]:
    """How many nights of the group are planned, running and closed."""
    return {
        status: Night.objects.filter(group=group, status=status).count()
        for status in NightStatus.values
    }
