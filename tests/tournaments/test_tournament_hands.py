"""Digital Hold'em and Omaha hands on a tournament night (issue 27): the level's
blinds, the tournament's chips, one table's players, the ledger untouched.

The levels are READY[1]'s (the standard home structure): level 1 is 25/50, the
break after level 4 keeps level 4's 150/300, level 5 is 200/400 with an ante of 50.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from django.test import Client
from django.urls import reverse
from helpers.clients import client_for
from tourney_hands import chips, deal, ledger_rows, move_clock, play_out
from tourney_helpers import plan_tourney, stacks, start

from engine.betting import Blinds, NoLimit
from engine.cards import Deck
from engine.games import ActionName
from gamenight import services
from gamenight.models import DigitalHand, Entrant, SeatLink
from gamenight.reports.build import build_night
from gamenight.reports.night import night_figures
from gamenight.services import LedgerError, digital
from gamenight.services.group_export import export_group
from gamenight.services.group_import import import_group, parse
from gamenight.services.ledger_check import find_violations
from gamenight.tournaments import play
from gamenight.tournaments.chopping import chop, chop_preview
from gamenight.tournaments.errors import TournamentError
from gamenight.tournaments.hooks import record_stacks
from gamenight.tournaments.setup import Setup
from gamenight.tournaments.structures import READY

pytestmark = pytest.mark.django_db

FOUR = ("Anna", "Ben", "Carla", "Dan")
PASSIVE = (ActionName.CHECK, ActionName.CALL, ActionName.ALL_IN, ActionName.FOLD)


def _tourney(names: tuple[str, ...] = FOUR, setup: Setup | None = None):  # type: ignore[no-untyped-def]
    t = plan_tourney(structure=READY[1].structure, setup=setup)
    start(t, names)
    move_clock(t, "start")
    return t


def _seat_pages(hand: DigitalHand, seat: int) -> tuple[str, str]:
    """The seat's page on its phone (the first to open the link keeps it), in English
    and in German."""
    link = SeatLink.objects.get(seat_id=hand.seat_ids[seat], hand=None, revoked=False)
    phone, url = Client(), reverse("seat_page", args=[link.token])
    english = phone.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    return english, phone.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()


# ---------------------------------------------------------------- 1. the level's blinds


def test_a_hand_takes_the_level_in_play_and_the_tournament_chips() -> None:
    t = _tourney()
    page = client_for(t.owner).get(reverse("tournaments:page", args=[t.night.pk]))
    assert "tplayer-chips" not in page.content.decode()  # real cards: no chips known
    record_stacks(t.night, {t.id("Anna"): 8_000, t.id("Ben"): 2_000})
    move_clock(t, "next")  # level 2: 50/100
    state = digital.hand_state(deal(t, "h1"))
    assert state.blinds == Blinds(small=50, big=100, ante=0)
    assert (state.limit, state.raise_cap) == (NoLimit(min_bet=100), None)
    dealt = dict(zip(state.names, state.stacks, strict=True))
    put = dict(zip(state.names, state.put_in, strict=True))
    assert {n: dealt[n] + put[n] for n in FOUR} == {
        "Anna": 8_000,
        "Ben": 2_000,
        "Carla": 5_000,
        "Dan": 5_000,
    }
    assert sum(put.values()) == 150


def test_an_ante_level_deals_its_ante_and_a_break_the_last_level() -> None:
    t = _tourney()
    for _ in range(4):
        move_clock(t, "next")  # the break after level 4
    state = digital.hand_state(deal(t, "h1"))
    assert state.blinds == Blinds(small=150, big=300, ante=0)
    hand = DigitalHand.objects.get()
    digital.abandon_hand(night_id=t.night.pk, hand_id=hand.pk, by=t.owner, key="a")
    move_clock(t, "next")  # level 5
    state = digital.hand_state(deal(t, "h2"))
    assert state.blinds == Blinds(small=200, big=400, ante=50)
    assert sum(state.put_in) == 4 * 50 + 200 + 400


@pytest.mark.parametrize("game", ["seven-card-stud", "baseball", "guts", "five-card-draw"])
def test_a_game_without_blinds_is_refused_on_a_tournament_night(game: str) -> None:
    t = _tourney()
    with pytest.raises(TournamentError) as refused:
        deal(t, "h1", game)
    assert "is not dealt in a tournament: its hands are Hold'em and Omaha" in str(refused.value)
    assert not DigitalHand.objects.exists()


def test_the_refusal_reads_in_german_on_the_night_page() -> None:
    t = _tourney()
    url = reverse("digital_start", args=[t.night.pk])
    page = client_for(t.owner, HTTP_ACCEPT_LANGUAGE="de").post(
        url, {"key": "k1", "game": "seven-card-stud"}
    )
    assert page.status_code == 422
    html = page.content.decode()
    assert "wird in einem Turnier nicht gegeben" in html
    assert not DigitalHand.objects.exists()


def test_the_deal_picker_offers_holdem_and_omaha_with_the_levels_blinds() -> None:
    t = _tourney()
    for _ in range(5):
        move_clock(t, "next")  # level 5: 200/400, ante 50
    html = client_for(t.owner).get(reverse("night_detail", args=[t.night.pk])).content.decode()
    picker = html.split('<select name="game">')[1].split("</select>")[0]
    assert re.findall(r'<option value="([^"]+)">', picker) == [
        "texas-holdem",
        "omaha",
        "omaha-hi-lo",
    ]
    assert "Texas Hold&#x27;em (blinds 200/400, ante 50)" in picker
    german = client_for(t.owner, HTTP_ACCEPT_LANGUAGE="de").get(
        reverse("night_detail", args=[t.night.pk])
    )
    assert "(Blinds 200/400, Ante 50)" in german.content.decode()


# ---------------------------------------------------------------- 2. who is dealt in


def test_players_out_or_without_chips_are_not_dealt_in() -> None:
    t = _tourney(("Anna", "Ben", "Carla", "Dan", "Eva"))
    play.knock_out(
        night_id=t.night.pk, by=t.owner, key="k1", player_id=t.id("Eva"), by_player_id=None
    )
    record_stacks(t.night, {t.id("Dan"): 0})
    state = digital.hand_state(deal(t, "h1"))
    assert sorted(state.names) == ["Anna", "Ben", "Carla"]


def test_two_tables_deal_one_table_at_a_time() -> None:
    setup = Setup(buy_in=20, starting_chips=5_000, tables=2)
    t = _tourney(("Anna", "Ben", "Carla", "Dan", "Eva", "Finn"), setup=setup)
    at = {e.player.name: e.table for e in Entrant.objects.select_related("player")}
    hand = deal(t, "h2", table=2)
    assert sorted(digital.hand_state(hand).names) == sorted(n for n, x in at.items() if x == 2)
    with pytest.raises(TournamentError) as busy:
        deal(t, "h1", table=1)
    assert "A hand is still being played at table 2" in str(busy.value)
    with pytest.raises(TournamentError) as missing:
        deal(t, "h3", table=3)
    assert "There is no table 3 in play." in str(missing.value)
    play_out(hand, random.Random(2))
    first = digital.hand_state(deal(t, "h1", table=1))
    assert sorted(first.names) == sorted(n for n, x in at.items() if x == 1)


def test_the_night_page_has_a_start_per_table_and_a_bad_table_changes_nothing() -> None:
    setup = Setup(buy_in=20, starting_chips=5_000, tables=2)
    t = _tourney(("Anna", "Ben", "Carla", "Dan"), setup=setup)
    host = client_for(t.owner)
    html = host.get(reverse("night_detail", args=[t.night.pk])).content.decode()
    assert 'name="table" value="1"' in html
    assert 'name="table" value="2"' in html
    url = reverse("digital_start", args=[t.night.pk])
    for bad in ("x", "\u0662", "-1", "9"):
        page = host.post(url, {"key": f"k{bad}", "game": "texas-holdem", "table": bad})
        assert page.status_code == 422
        assert "There is no table" in page.content.decode()
    assert not DigitalHand.objects.exists()
    assert host.post(url, {"key": "ok", "game": "omaha", "table": "2"}).status_code == 302
    assert DigitalHand.objects.get().deal.game == "omaha"


def test_the_button_moves_on_at_the_table() -> None:
    t = _tourney()
    rng = random.Random(5)
    dealers = []
    for n in range(3):
        hand = deal(t, f"h{n}")
        dealers.append(digital.hand_state(hand).dealer)
        play_out(hand, rng, key=f"p{n}")
        record_stacks(t.night, {t.id(name): 5_000 for name in FOUR})
    assert dealers == [0, 1, 2]


# ---------------------------------------------------------------- 3. the end of a hand


def test_a_hand_books_tournament_chips_and_never_the_ledger() -> None:
    t = _tourney()
    ledger = ledger_rows(t)
    money = stacks(t.night)
    hand = play_out(deal(t, "h1", "omaha-hi-lo"), random.Random(11))
    assert hand.status == "finished"
    assert hand.settlement is None
    state = digital.hand_state(hand)
    assert chips(t) == dict(zip(state.names, state.stacks, strict=True))
    assert sum(chips(t).values()) == 4 * 5_000
    assert ledger_rows(t) == ledger
    assert stacks(t.night) == money
    assert find_violations() == []
    html = client_for(t.owner).get(reverse("tournaments:page", args=[t.night.pk])).content.decode()
    for name, count in chips(t).items():
        row = html.split(f'<span class="tplayer-name">{name}</span>')[1].split("</li>")[0]
        assert f'<span class="tplayer-chips">{count:,} chips</span>' in row


def test_random_hands_conserve_the_tournament_chips() -> None:
    """Forty hands at random tables of 2 to 6, Hold'em and both Omahas, random levels."""
    t = _tourney(("Anna", "Ben", "Carla", "Dan", "Eva", "Finn"))
    ledger = ledger_rows(t)
    rng = random.Random(27)
    total = sum(chips(t).values())
    for n in range(40):
        if rng.random() < 0.2:
            move_clock(t, "next")
        dealt = rng.sample(list(t.players.values())[:6], rng.randint(2, 6))
        split = [rng.randint(1, 50) for _ in dealt]
        amounts = [total * s // sum(split) for s in split]
        amounts[0] += total - sum(amounts)
        everyone = {t.id(name): 0 for name in ("Anna", "Ben", "Carla", "Dan", "Eva", "Finn")}
        record_stacks(t.night, everyone | {p.pk: a for p, a in zip(dealt, amounts, strict=True)})
        assert sum(chips(t).values()) == total
        game = rng.choice(["texas-holdem", "omaha", "omaha-hi-lo"])
        play_out(deal(t, f"h{n}", game), rng, key=f"p{n}")
        assert sum(chips(t).values()) == total
    assert ledger_rows(t) == ledger


def test_a_double_tap_on_the_last_move_books_once() -> None:
    t = _tourney(("Anna", "Ben"))
    hand = deal(t, "h1")
    state = digital.hand_state(hand)
    seat = state.actor
    assert seat is not None
    move = digital.Move(action=ActionName.FOLD)
    for _ in range(2):
        digital.act(hand_id=hand.pk, seat=seat, move=move, version=hand.version, key="fold")
    folded = state.names[seat]
    assert chips(t)[folded] == 5_000 - 25
    assert sum(chips(t).values()) == 10_000


def test_a_knockout_during_the_hand_stops_its_end_with_a_message() -> None:
    """Three players: the first hand's button is seat 0, so seat 1 posts the small blind
    (25). The host knocks seat 1 out meanwhile (their chips go to 0); when everyone
    folds to the big blind, the 25 cannot come off 0: the end is refused, nothing moves."""
    t = _tourney(("Anna", "Ben", "Carla"))
    hand = deal(t, "h1")
    state = digital.hand_state(hand)
    small = state.names[1]
    play.knock_out(
        night_id=t.night.pk, by=t.owner, key="k", player_id=t.id(small), by_player_id=None
    )
    before = chips(t)
    fold = digital.Move(action=ActionName.FOLD)
    hand = digital.act(hand_id=hand.pk, seat=0, move=fold, version=hand.version, key="f0")
    with pytest.raises(LedgerError) as refused:
        digital.act(hand_id=hand.pk, seat=1, move=fold, version=hand.version, key="f1")
    assert f"{small} was knocked out while this hand was played" in str(refused.value)
    hand.refresh_from_db()
    assert hand.status == "running"
    assert chips(t) == before


# ---------------------------------------------------------------- 4. an emptied stack


def test_a_player_a_hand_empties_stays_in_and_is_offered_first_for_the_knockout() -> None:
    """Carla has less than a big blind; everyone checks or calls every hand down until
    she has lost (a hand she wins gives her more: the next one is dealt). Decks
    seeded, so the test plays the same hands each time."""
    t = _tourney(("Anna", "Ben", "Carla"))
    record_stacks(t.night, {t.id("Carla"): 30})
    for n in range(40):
        if chips(t)["Carla"] == 0:
            break
        hand = deal(t, f"h{n}", deck=Deck(random.Random(n)))
        for step in range(60):
            hand.refresh_from_db()
            state = digital.hand_state(hand)
            if state.is_over:
                break
            actor = state.actor
            assert actor is not None
            kinds = {a.kind for a in state.legal_actions()}
            kind = next(k for k in PASSIVE if k in kinds)
            digital.act(
                hand_id=hand.pk,
                seat=actor,
                move=digital.Move(action=kind),
                version=hand.version,
                key=f"c{n}-{step}",
            )
    assert chips(t)["Carla"] == 0
    assert not Entrant.objects.get(player_id=t.id("Carla")).is_out
    html = client_for(t.owner).get(reverse("tournaments:page", args=[t.night.pk])).content.decode()
    options = html.split('name="player"')[1].split("</select>")[0]
    assert options.index("Carla (0 chips)") < options.index("Anna")
    german = client_for(t.owner, HTTP_ACCEPT_LANGUAGE="de").get(
        reverse("tournaments:page", args=[t.night.pk])
    )
    assert "Carla (0 Chips)" in german.content.decode()
    assert "Carla" not in digital.hand_state(deal(t, "after")).names


# ---------------------------------------------------------------- 5. the phones and the TV


def test_a_level_change_during_a_hand_leaves_its_blinds_and_the_next_takes_the_new() -> None:
    t = _tourney()
    hand = deal(t, "h1")
    move_clock(t, "next")
    move_clock(t, "next")  # level 3: 100/200
    state = digital.hand_state(hand)
    assert state.blinds == Blinds(small=25, big=50, ante=0)
    big = (state.dealer + 2) % 4
    html, german = _seat_pages(hand, big)
    assert '<span class="badge">big blind 50</span>' in html
    assert '<span class="badge">Big Blind 50</span>' in german
    tv = client_for(t.owner).get(reverse("digital_table", args=[t.night.pk, hand.pk]))
    assert '<span class="badge">big blind 50</span>' in tv.content.decode()
    play_out(hand, random.Random(3))
    assert digital.hand_state(deal(t, "h2")).blinds == Blinds(small=100, big=200, ante=0)


def test_a_hand_all_in_by_the_blinds_is_over_as_dealt_and_booked() -> None:
    """Heads-up at 25/50 with 10 and 20 chips: both are all in by their blinds, the
    board is run out as dealt, and the hand is booked at once (it used to stay
    "running" with nobody to act, and its chips never moved)."""
    t = _tourney(("Anna", "Ben"))
    record_stacks(t.night, {t.id("Anna"): 10, t.id("Ben"): 20})
    ledger = ledger_rows(t)
    hand = deal(t, "h1")
    assert hand.status == "finished"
    hand.refresh_from_db()
    assert hand.status == "finished"
    state = digital.hand_state(hand)
    assert state.is_over
    assert chips(t) == dict(zip(state.names, state.stacks, strict=True))
    assert sum(chips(t).values()) == 30
    assert ledger_rows(t) == ledger


def test_a_night_with_tournament_hands_chops_ends_reports_and_travels() -> None:
    """Three hands, the knockout of anyone they emptied, a chop by the chips the hands
    left, the end of the night: the ledger checks out, the report builds, and the
    group file carries the hands."""
    t = _tourney(("Anna", "Ben", "Carla"))
    rng = random.Random(4)
    for n in range(3):
        play_out(deal(t, f"h{n}", deck=Deck(random.Random(n))), rng, key=f"p{n}")
    for name, count in chips(t).items():
        if not count:  # emptied by a hand: the host taps the knockout
            play.knock_out(
                night_id=t.night.pk, by=t.owner, key=name, player_id=t.id(name), by_player_id=None
            )
    ids = {e.player.name: e.pk for e in Entrant.objects.select_related("player")}
    counts = {ids[name]: count for name, count in chips(t).items() if count}
    assert len(counts) == 3  # the seeds leave all three in
    if len(counts) > 1:
        _shares, version = chop_preview(t.night, kind="icm", chips=counts)
        chop(night_id=t.night.pk, by=t.owner, key="chop", kind="icm", chips=counts, version=version)
    services.end_night(night_id=t.night.pk, by=t.owner)
    t.night.refresh_from_db()
    assert find_violations(group_id=t.group.pk) == []
    assert night_figures(t.night, chip_value_cents=10).data["tournament"]
    assert build_night(t.night.pk)
    copy = import_group(parse(json.dumps(export_group(t.group))), host=t.owner)
    assert DigitalHand.objects.filter(night__group=copy, status="finished").count() == 3
    assert find_violations(group_id=copy.pk) == []
