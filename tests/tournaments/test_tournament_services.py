"""A tournament night through the services: entries, rebuys, add-ons, knockouts with
bounties, the finish and the chop, booked in the ledger so that it adds up.

The figures are worked by hand in each test's docstring.
"""

from __future__ import annotations

import pytest
from tourney_helpers import plan_tourney, stacks, start

from gamenight import services
from gamenight.models import Entrant, Knockout, NightStatus, Transaction, TransactionKind
from gamenight.reports.night import night_figures
from gamenight.services.ledger_check import find_violations
from gamenight.services.recording import record_guts_deal
from gamenight.services.scoring import ScoringRule
from gamenight.services.standings import season_standings
from gamenight.tournaments import play
from gamenight.tournaments.chopping import chop, chop_preview
from gamenight.tournaments.errors import TournamentError
from gamenight.tournaments.setup import Setup

pytestmark = pytest.mark.django_db

BOUNTY_SETUP = Setup(
    buy_in=20,
    starting_chips=5_000,
    rebuy=20,
    rebuy_chips=5_000,
    rebuy_until=2,
    add_on=10,
    add_on_chips=5_000,
    add_on_until=4,
    bounty=5,
)


def _out(t, name: str, by: str | None, key: str) -> None:  # type: ignore[no-untyped-def]
    play.knock_out(
        night_id=t.night.pk,
        by=t.owner,
        key=key,
        player_id=t.id(name),
        by_player_id=t.id(by) if by else None,
    )


def _results(t) -> dict[str, int]:  # type: ignore[no-untyped-def]
    t.night.refresh_from_db()
    figures = night_figures(t.night, chip_value_cents=10)
    return {r["name"]: r["result"] for r in figures.data["results"]}


def test_a_bounty_tournament_pays_out_what_was_paid_in() -> None:
    """7 entries of 20 + 5 bounty, Ben rebuys once (20 + 5), Anna and Carla take the
    add-on (10 each): pool 7*20 + 20 + 2*10 = 180, bounties 8*5 = 40.
    Payouts for 7 entries: 50/30/20 % of 180 = 90, 54, 36.
    Knockouts (out, by): Greta by Anna, Ben by Anna (Ben rebuys), Finn by Carla,
    Ben by Carla, Eva by Anna, Dan by Carla, Carla by Anna: Anna wins.
    Places: Anna 1, Carla 2, Dan 3, Eva 4, Ben 5, Finn 6, Greta 7.
    Anna: 90 prize + 4 bounties (Greta, Ben, Eva, Carla) 20 + own 5 = 115, paid 25 + 10.
    Carla: 54 + 3 bounties 15 = 69, paid 25 + 10. Dan: 36, paid 25.
    """
    t = plan_tourney(setup=BOUNTY_SETUP)
    start(t)
    _out(t, "Greta", "Anna", "k1")
    _out(t, "Ben", "Anna", "k2")
    play.take_rebuy(night_id=t.night.pk, by=t.owner, key="r1", player_id=t.id("Ben"))
    for name in ("Anna", "Carla"):
        play.add_on(night_id=t.night.pk, by=t.owner, key=f"a-{name}", player_id=t.id(name))
    _out(t, "Finn", "Carla", "k3")
    _out(t, "Ben", "Carla", "k4")
    _out(t, "Eva", "Anna", "k5")
    _out(t, "Dan", "Carla", "k6")
    _out(t, "Carla", "Anna", "k7")

    entrants = {e.player.name: e for e in Entrant.objects.select_related("player")}
    places = {name: e.place for name, e in entrants.items()}
    assert places == {
        "Anna": 1, "Carla": 2, "Dan": 3, "Eva": 4, "Ben": 5, "Finn": 6, "Greta": 7,
    }  # fmt: skip
    assert stacks(t.night) == {
        "Anna": 115, "Carla": 69, "Dan": 36, "Eva": 0, "Ben": 0, "Finn": 0, "Greta": 0,
    }  # fmt: skip
    services.end_night(night_id=t.night.pk, by=t.owner)
    t.night.refresh_from_db()
    assert t.night.status == NightStatus.CLOSED
    assert _results(t) == {
        "Anna": 115 - 35, "Carla": 69 - 35, "Dan": 36 - 25, "Eva": -25, "Ben": -50,
        "Finn": -25, "Greta": -25,
    }  # fmt: skip
    # Settled up at 10 cents a chip: the losers' 125 chips (12.50) go to the winners.
    transfers = night_figures(t.night, chip_value_cents=10).data["settle_up"]["transfers"]
    assert sum(tr["cents"] for tr in transfers) == (25 + 50 + 25 + 25) * 10
    assert len(transfers) <= 6
    report = night_figures(t.night, chip_value_cents=10).data["tournament"]
    assert [(r["place"], r["name"], r["prize"], r["knockouts"]) for r in report["places"]] == [
        (1, "Anna", 115, 4),
        (2, "Carla", 69, 3),
        (3, "Dan", 36, 0),
        (4, "Eva", 0, 0),
        (5, "Ben", 0, 0),
        (6, "Finn", 0, 0),
        (7, "Greta", 0, 0),
    ]
    assert find_violations(group_id=t.group.pk) == []


def test_the_night_does_not_end_while_the_tournament_is_on() -> None:
    t = plan_tourney()
    start(t, ("Anna", "Ben", "Carla"))
    with pytest.raises(TournamentError, match="still on"):
        services.end_night(night_id=t.night.pk, by=t.owner)
    _out(t, "Carla", None, "k1")
    _out(t, "Ben", None, "k2")
    services.end_night(night_id=t.night.pk, by=t.owner)


def test_a_knockout_is_refused_twice_and_for_a_knocker_who_is_out() -> None:
    t = plan_tourney(setup=BOUNTY_SETUP)
    start(t)
    _out(t, "Greta", "Anna", "k1")
    with pytest.raises(TournamentError, match="Greta is out already"):
        _out(t, "Greta", "Anna", "k2")
    with pytest.raises(TournamentError, match="Greta is out and cannot"):
        _out(t, "Ben", "Greta", "k3")
    with pytest.raises(TournamentError, match="Say who knocked Ben out"):
        _out(t, "Ben", None, "k4")
    # The same request again books nothing twice.
    _out(t, "Greta", "Anna", "k1")
    assert Knockout.objects.count() == 1
    assert stacks(t.night)["Anna"] == 5


def test_undo_takes_back_the_last_knockout_and_its_bounty() -> None:
    t = plan_tourney(setup=BOUNTY_SETUP)
    start(t)
    _out(t, "Greta", "Anna", "k1")
    t.night.tournament.refresh_from_db()
    play.undo_last(night_id=t.night.pk, by=t.owner, key="u1", version=t.night.tournament.version)
    assert stacks(t.night)["Anna"] == 0
    assert not Entrant.objects.get(player__name="Greta").is_out
    reversal = Transaction.objects.get(kind=TransactionKind.REVERSAL)
    assert reversal.reverses is not None
    assert reversal.reverses.kind == TransactionKind.TOURNAMENT_PAYOUT


def test_undo_of_the_last_knockout_reopens_a_finished_tournament() -> None:
    t = plan_tourney()
    start(t, ("Anna", "Ben", "Carla"))
    _out(t, "Carla", None, "k1")
    _out(t, "Ben", None, "k2")
    t.night.tournament.refresh_from_db()
    assert t.night.tournament.finished_at is not None
    assert stacks(t.night) == {"Anna": 60, "Ben": 0, "Carla": 0}
    play.undo_last(night_id=t.night.pk, by=t.owner, key="u1", version=t.night.tournament.version)
    t.night.tournament.refresh_from_db()
    assert t.night.tournament.finished_at is None
    assert stacks(t.night) == {"Anna": 0, "Ben": 0, "Carla": 0}
    assert [e.place for e in Entrant.objects.all()] == [None, None, None]


def test_an_icm_chop_shares_the_open_prizes_by_chip_count() -> None:
    """10 entries of 100 (pool 1000; 50/30/20 % for 7-10 entries: 500, 300, 200).
    Seven out; the last three chop by ICM with 5000, 3000 and 2000 chips of 10,000:
    their equities in (500, 300, 200) are 383.93, 327.50, 288.57 (test_icm.py works
    them out), in whole chips 384, 327, 289."""
    names = tuple("ABCDEFGHIJ")
    t = plan_tourney(setup=Setup(buy_in=100, starting_chips=1_000), names=names)
    start(t)
    for n, name in enumerate("DEFGHIJ"):
        _out(t, name, None, f"k{n}")
    ids = {e.player.name: e.pk for e in Entrant.objects.select_related("player")}
    chips = {ids["A"]: 5000, ids["B"]: 3000, ids["C"]: 2000}
    shares, version = chop_preview(t.night, kind="icm", chips=chips)
    assert [(s.entrant.player.name, s.place, s.prize) for s in shares[:3]] == [
        ("A", 1, 384),
        ("B", 2, 327),
        ("C", 3, 289),
    ]
    chop(night_id=t.night.pk, by=t.owner, key="chop", kind="icm", chips=chips, version=version)
    assert stacks(t.night) == dict.fromkeys("DEFGHIJ", 0) | {"A": 384, "B": 327, "C": 289}
    services.end_night(night_id=t.night.pk, by=t.owner)
    assert find_violations(group_id=t.group.pk) == []


def test_a_chop_on_a_stale_preview_is_refused() -> None:
    t = plan_tourney(names=("A", "B", "C", "D"))
    start(t)
    ids = {e.player.name: e.pk for e in Entrant.objects.select_related("player")}
    _shares, version = chop_preview(t.night, kind="equal", chips={})
    _out(t, "D", None, "k1")
    with pytest.raises(TournamentError, match="changed since you looked"):
        chop(night_id=t.night.pk, by=t.owner, key="c", kind="equal", chips={}, version=version)
    assert ids


def test_the_standings_count_the_finishing_places() -> None:
    """Three players, 20 each, winner takes all (up to 3 entries): Anna +40, Ben and
    Carla -20. With the TD linear formula (n - r + 1): Anna 3, Carla (2nd) 2, Ben 1."""
    t = plan_tourney(names=("Anna", "Ben", "Carla"), scoring={"formula": "linear"})
    start(t)
    _out(t, "Ben", None, "k1")
    _out(t, "Carla", None, "k2")
    services.end_night(night_id=t.night.pk, by=t.owner)
    t.season.refresh_from_db()
    standings = season_standings(t.season, rule=ScoringRule.from_json(t.season.scoring))
    assert [(r.name, r.points, r.net) for r in standings.rows] == [
        ("Anna", 3, 40),
        ("Carla", 2, -20),
        ("Ben", 1, -20),
    ]
    assert standings.rows[0].nights_won == 1


def test_recording_a_game_on_a_tournament_night_is_refused() -> None:
    t = plan_tourney()
    start(t, ("Anna", "Ben"))
    with pytest.raises(TournamentError, match="games are not recorded"):
        record_guts_deal(night_id=t.night.pk, by=t.owner, key="g", in_players=[t.id("Anna")])
