"""The group the language crawl walks through (tests/web/test_language_crawl.py).

Everything a person of a group can meet: a season with an ended night (every
game family recorded at the table, an undo, a rebuy, the night's pots split, its
report and the season's built), a running night with the same, and one running
digital hand of each engine family, each a few moves in, at a night of its own
(a night runs one digital hand at a time). The people: the host, a co-host, a
member who may only view, a phone holding a seat link of each hand, and a new
phone asking for a seat from the table link (issue 22).
"""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass, field

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from helpers.people import make_members
from seat_phones import link_of, phone, post_move, random_move

from engine.games.catalog import ENTRIES
from engine.hands.showdown import HostRanking
from gamenight import services
from gamenight.models import (
    Answer,
    DigitalHand,
    Group,
    GroupImport,
    HandStatus,
    ImportStatus,
    MailStatus,
    Night,
    NightReport,
    Player,
    Season,
    SeasonReport,
    Transaction,
)
from gamenight.reports import build
from gamenight.services import TableHandInput, digital, night_plan, player_links, table_links
from gamenight.services import next_night as planned

NAMES = ("Anna", "Ben", "Carla", "Dan")
LATE = "Eva"  # in the group, not at the running night: "sit down" is offered
# Places and the season's name are typed by people: words of neither language.
PLACE = "Kitchen 4B"
SEASON = "Saison 2026"


@dataclass
class Crawl:
    group: Group
    owner: User
    cohost: User
    viewer: User
    players: list[Player]
    season: Season
    ended: Night
    running: Night
    hands: dict[str, DigitalHand] = field(default_factory=dict)
    """A running digital hand by engine family."""
    finished: dict[str, DigitalHand] = field(default_factory=dict)
    """A digital hand played to its end, by engine family."""
    withdrawn_link: str = ""
    """The token of a player link the host withdrew."""
    phones: dict[str, Client] = field(default_factory=dict)
    """The phone holding a seat link of each hand, by engine family."""
    asking_phone: Client | None = None
    """A new phone waiting for the host to give it a seat (its page offers to withdraw)."""
    table_link: str = ""
    """The token of the table link the asking phone asked from."""
    undone: Transaction | None = None
    tourneys: list[Night] = field(default_factory=list)
    """Tournament nights (issue 27): one running, one ended by a chop."""

    @property
    def ids(self) -> list[int]:
        return [p.pk for p in self.players]

    def names(self) -> list[str]:
        return [p.name for p in self.players] + [
            u.username for u in (self.owner, self.cohost, self.viewer)
        ]


def _record_every_family(night: Night, by: User, ids: list[int], tag: str) -> Transaction:
    """One game of each way of recording at the table; returns the first, to undo it."""
    anna, ben, carla, dan = ids
    keys = iter(range(1, 100))

    def key() -> str:
        return f"{tag}-{next(keys)}"

    def table_hand(game: str, **extra: object) -> Transaction:
        hand = TableHandInput(
            game=game,
            put_in={anna: 5, ben: 5, carla: 3, dan: 1},
            folded=frozenset({carla, dan}),
            showdown=HostRanking(groups=((anna,), (ben,))),
            **extra,  # type: ignore[arg-type]
        )
        return services.record_table_hand(night_id=night.pk, by=by, key=key(), hand=hand)

    first = table_hand("seven-card-stud")
    for game in ("baseball", "spit-in-the-ocean", "texas-holdem", "no-peek", "sequence"):
        table_hand(game)
    services.record_guts_deal(
        night_id=night.pk,
        by=by,
        key=key(),
        in_players=[anna, ben],
        showdown=HostRanking(groups=((anna,), (ben,))),
    )
    services.record_shelby_round(
        night_id=night.pk,
        by=by,
        key=key(),
        holders=[carla, dan],
        showdown=HostRanking(groups=((dan,), (carla,))),
    )
    services.rebuy(night_id=night.pk, by=by, key=key(), player_id=carla, amount=20)
    return first


def _night(crawl_group: Group, by: User, ids: list[int], day: int, season: Season) -> Night:
    night = services.create_night(
        group_id=crawl_group.pk,
        by=by,
        date=datetime.date(2026, 12, day),
        season_id=season.pk,
        place=PLACE,
        allowed_games=[e.name for e in ENTRIES],
        game_options={"guts": {"limit": 20}},
        starting_stack=100,
    )
    services.start_night(night_id=night.pk, by=by, key=f"start-{night.pk}", players=ids)
    night.refresh_from_db()
    return night


# One game of each engine family, dealt digitally.
DIGITAL = {
    "stud": "seven-card-stud",
    "no-peek": "no-peek",
    "spit": "spit-in-the-ocean",
    "guts": "guts",
    "shelby": "shelby",
    "variants": "good-bad-ugly",
    "holdem": "texas-holdem",
}


def _moves(
    crawl: Crawl, hand: DigitalHand, tag: str, moves: int, *, folds: bool = False
) -> DigitalHand:
    """Up to ``moves`` random moves from the players' phones; folds only when ``folds``."""
    rng = random.Random(tag)
    for n in range(moves):
        hand.refresh_from_db()
        if hand.status != HandStatus.RUNNING:
            break
        state = digital.hand_state(hand)
        if state.actor is None:
            break
        link = link_of(hand, state.actor)
        data = {**random_move(state, rng), "version": str(hand.version), "key": f"{tag}-{n}"}
        # A fold ends a hand early: only as a last resort, unless asked for.
        if data["action"] == "fold" and not folds:
            other = [a for a in state.legal_actions() if a.kind.value != "fold"]
            if other:
                data["action"] = other[0].kind.value
                data.pop("amount", None)
                if other[0].min_amount is not None:
                    data["amount"] = str(other[0].min_amount)
        post_move(phone(link), link, data)
    hand.refresh_from_db()
    return hand


def _deal(crawl: Crawl, family: str, game: str, night: Night, moves: int) -> None:
    """A hand played to its end (its showdown and payouts are in its log), then one
    left running ``moves`` moves in."""
    done = digital.start_hand(night_id=night.pk, by=crawl.owner, key=f"done-{family}", game=game)
    done = _moves(crawl, done, f"done-{family}", 400)
    assert done.status == HandStatus.FINISHED, (family, done.status)
    crawl.finished[family] = done
    hand = digital.start_hand(night_id=night.pk, by=crawl.owner, key=f"deal-{family}", game=game)
    hand = _moves(crawl, hand, family, moves)
    crawl.hands[family] = hand
    state = digital.hand_state(hand)
    seat = state.actor if state.actor is not None else 0
    crawl.phones[family] = phone(link_of(hand, seat))


def _seat_asked_for(crawl: Crawl) -> None:
    """At the first digital hand's night Eva sits down late: her seat link waits on the
    host's page, unopened (a link the host may renew), and a new phone asks for her
    seat from the table link (the host's prompt, the asking phone's own page)."""
    night = next(iter(crawl.hands.values())).night
    eva = next(p for p in crawl.players if p.name == LATE)
    services.arrive(night_id=night.pk, by=crawl.owner, key="eva-late", player_id=eva.pk)
    seat = night.seats.get(player=eva)
    crawl.table_link = table_links.live_table_link(night).token
    crawl.asking_phone = Client()
    asked = crawl.asking_phone.post(
        reverse("seat_request_ask", args=[crawl.table_link]), {"seat": str(seat.pk)}
    )
    assert asked.status_code == 302, asked.content.decode()[:500]


def _tournaments(crawl: Crawl, ids: list[int]) -> None:
    """Tournament nights: one planned (its start form), one in play (two tables of two
    seats, bounties, rebuys, the add-on and late registration open, the clock
    running, table 2 knocked out: a player should move over), one in play with one
    player left at each table (the final table is due), and one the last two
    chopped, ended and reported. Finn plays only there: Eva may still register."""
    from gamenight.models import Tournament
    from gamenight.tournaments import clock_moves, play
    from gamenight.tournaments.chopping import chop
    from gamenight.tournaments.payouts import DEFAULT_TABLE
    from gamenight.tournaments.setup import Setup
    from gamenight.tournaments.structures import READY

    setup = Setup(
        buy_in=20,
        starting_chips=5_000,
        rebuy=20,
        rebuy_chips=5_000,
        rebuy_until=6,
        add_on=10,
        add_on_chips=5_000,
        add_on_until=6,
        bounty=5,
        late_until=6,
        tables=2,
        seats_per_table=2,
    )
    owner, group = crawl.owner, crawl.group
    finn = services.add_player(group_id=group.pk, by=owner, name="Finn")
    crawl.players.append(finn)
    for day, tag in ((5, "ended"), (21, "running"), (22, "final"), (24, "planned")):
        night = services.create_night(
            group_id=group.pk,
            by=owner,
            date=datetime.date(2026, 11, day),
            season_id=crawl.season.pk,
            place=PLACE,
        )
        play.set_up(
            night_id=night.pk,
            by=owner,
            setup=setup,
            structure=READY[1].structure,
            table=DEFAULT_TABLE,
        )
        crawl.tourneys.append(night)
        if tag == "planned":
            continue
        players = {"running": [*ids, finn.pk], "final": ids}.get(tag, ids[:3])
        play.start_tournament(
            night_id=night.pk, by=owner, key=f"{tag}-t", players=players, rng=random.Random(4)
        )
        version = Tournament.objects.get(night=night).version
        clock_moves.move_clock(night_id=night.pk, by=owner, move="start", version=version)
        entrants = list(Tournament.objects.get(night=night).entrants.all())
        knocker = next(e.player_id for e in entrants if e.table == 1)
        # "final": one player out at each table of two, the two left fit at one.
        outs = [e for e in entrants if e.table == 2]
        if tag == "final":
            outs = [next(e for e in entrants if e.table == t and e.seat == 2) for t in (1, 2)]
            knocker = next(e.player_id for e in entrants if e.table == 1 and e.seat == 1)
        for n, out in enumerate(outs):
            play.knock_out(
                night_id=night.pk,
                by=owner,
                key=f"{tag}-k{n}",
                player_id=out.player_id,
                by_player_id=knocker,
            )
        if tag == "ended":
            tournament = Tournament.objects.get(night=night)
            chips = {e.pk: 6_000 + 1_000 * n for n, e in enumerate(tournament.entrants.all())}
            chop(
                night_id=night.pk,
                by=owner,
                key="chop",
                kind="icm",
                chips=chips,
                version=tournament.version,
            )
            services.end_night(night_id=night.pk, by=owner)
            build.build_night(night.pk)


def _next_night(crawl: Crawl) -> None:
    """The next night planned with a start time and a note, one answer given; Anna has
    her own link (the host's player page shows it), Carla one withdrawn. A night called
    off before it, with Ben's answer: its notice and calendar file."""
    off = night_plan.plan_next(
        group_id=crawl.group.pk,
        by=crawl.owner,
        date=timezone.localdate() + datetime.timedelta(days=1),
        starts_at=None,
        place=PLACE,
        note="",
    )
    planned.answer(night_id=off.pk, player=crawl.players[1], answer=Answer.COMING)
    night_plan.cancel_night(night_id=off.pk, by=crawl.owner)
    night = night_plan.plan_next(
        group_id=crawl.group.pk,
        by=crawl.owner,
        date=timezone.localdate() + datetime.timedelta(days=3),
        starts_at=datetime.time(19, 30),
        place=PLACE,
        note="",
    )
    planned.answer(night_id=night.pk, player=crawl.players[1], answer=Answer.COMING)
    anna, carla = crawl.players[0], crawl.players[2]
    player_links.make_link(group_id=crawl.group.pk, by=crawl.owner, player_id=anna.pk)
    old = player_links.make_link(group_id=crawl.group.pk, by=crawl.owner, player_id=carla.pk)
    player_links.revoke_link(
        group_id=crawl.group.pk, by=crawl.owner, player_id=carla.pk, link_id=old.pk
    )
    crawl.withdrawn_link = old.token


def seed_crawl() -> Crawl:
    members = make_members()
    group, owner = members.group, members.owner
    players = [
        services.add_player(
            group_id=group.pk, by=owner, name=name, email=f"{name.lower()}@example.com"
        )
        for name in NAMES
    ]
    ids = [p.pk for p in players]
    players.append(services.add_player(group_id=group.pk, by=owner, name=LATE))
    group.chip_value_cents = 10
    group.save(update_fields=["chip_value_cents"])
    season = services.create_season(
        group_id=group.pk, by=owner, name=SEASON, starts_on=datetime.date(2026, 9, 1)
    )
    ended = _night(group, owner, ids, 4, season)
    first = _record_every_family(ended, owner, ids, "ended")
    services.undo(night_id=ended.pk, by=owner, key="ended-undo", transaction_id=first.pk)
    services.split_night_pots(night_id=ended.pk, by=owner, key="ended-split", players=ids)
    services.end_night(night_id=ended.pk, by=owner)
    ended.refresh_from_db()
    build.build_night(ended.pk)
    build.build_season(season.pk)
    # A mail that failed: the report offers "send again".
    for report in (NightReport.objects.get(night=ended), SeasonReport.objects.get(season=season)):
        report.mail_status = MailStatus.FAILED
        report.mail_error = "550 5.1.1"
        report.save(update_fields=["mail_status", "mail_error"])

    running = _night(group, owner, ids, 11, season)
    crawl = Crawl(
        group=group,
        owner=owner,
        cohost=members.cohost,
        viewer=members.viewer,
        players=players,
        season=season,
        ended=ended,
        running=running,
    )
    first = _record_every_family(running, owner, ids, "running")
    crawl.undone = first
    services.undo(night_id=running.pk, by=owner, key="running-undo", transaction_id=first.pk)
    # A night planned on a day gone by (to be recorded afterwards): planned, not "next".
    services.create_night(
        group_id=group.pk, by=owner, date=datetime.date(2026, 11, 20), season_id=season.pk
    )
    _next_night(crawl)
    _tournaments(crawl, ids)
    # The running night keeps no hand of its own: it offers "deal a hand".
    for n, (family, game) in enumerate(DIGITAL.items()):
        _deal(crawl, family, game, _night(group, owner, ids, 12 + n, season), moves=3)
    # Group files the host uploaded (issue 22): one imported, one being written.
    GroupImport.objects.create(
        user=owner, status=ImportStatus.DONE, size=4096, total=90, written=90, group=group
    )
    GroupImport.objects.create(user=owner, status=ImportStatus.WRITING, size=8192, total=90)
    _seat_asked_for(crawl)
    return crawl
