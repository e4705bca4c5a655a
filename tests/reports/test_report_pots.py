"""Biggest pots are pot sizes from every kind of deal; undone deals are left out.

One night, recorded through the services with known chips: a table hand, a
digital hand, a digital Guts deal, a table Guts deal, a Shelby round, and a
big table hand that is then undone. The report must list the pots as pots (not
the winner's net), include the digital ones, and leave the undone deal (and its
undo) out of the chart, the game mix, the dealer counts and the pots.
"""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass
from typing import Any

import pytest
from report_people import People, make_people

from engine.games import ActionName, HandState
from engine.hands.showdown import HostRanking
from gamenight import services
from gamenight.models import DigitalHand, HandStatus, Night, NightReport, Transaction
from gamenight.reports import build
from gamenight.reports.night import night_figures
from gamenight.services import TableHandInput, digital
from gamenight.services.digital import Move


@dataclass
class Played:
    night: Night
    pots: dict[int, int]  # the expected pot of each counted deal, by transaction id
    undone_tx: int
    undone_deal: int


def _play_digital(people: People, night: Night, game: str, key: str, seed: int) -> DigitalHand:
    """Random legal moves, as the phones would send them, until the hand is over."""
    rng = random.Random(seed)
    hand = digital.start_hand(night_id=night.pk, by=people.owner, key=key, game=game)
    for n in range(500):
        hand.refresh_from_db()
        if hand.status != HandStatus.RUNNING:
            return hand
        state: HandState = digital.hand_state(hand)
        choice = rng.choice([a for a in state.legal_actions() if a.kind is not ActionName.FOLD])
        amount = choice.min_amount
        digital.act(
            hand_id=hand.pk,
            seat=state.actor,
            move=Move(action=choice.kind, amount=amount, game=choice.game),
            version=hand.version,
            key=f"{key}-{n}",
        )
    raise AssertionError("the hand did not end")


def _guts_taken(hand: DigitalHand) -> int:
    """What the engine's history says the winners took (the test's own reading)."""
    names = hand.state["names"]
    taken = 0
    for event in hand.state["history"]:
        if event["kind"] == "settle" and event["chips"]:
            target = event["text"].split(":", 1)[0].split(" → ")[1]
            if target in names:
                taken += event["chips"]
    return taken


def _played(people: People) -> Played:
    a, b, c = people.ids[:3]
    owner = people.owner
    night = services.create_night(
        group_id=people.group.pk,
        by=owner,
        date=datetime.date(2026, 11, 6),
        starting_stack=100,
        allowed_games=["seven-card-stud", "five-card-draw", "guts", "shelby"],
    )
    services.start_night(night_id=night.pk, by=owner, key="start", players=[a, b, c])
    pots: dict[int, int] = {}

    # A table hand: 10 + 10 + 3 in the middle, Anna takes 23 (her net is 13).
    tx = services.record_table_hand(
        night_id=night.pk,
        by=owner,
        key="t1",
        hand=TableHandInput(
            game="seven-card-stud",
            put_in={a: 10, b: 10, c: 3},
            folded=frozenset({c}),
            showdown=HostRanking(groups=((a,), (b,))),
        ),
    )
    pots[tx.pk] = 23

    # A digital hand: its pot is every chip put in, not the winner's net.
    hand = _play_digital(people, night, "seven-card-stud", "d1", seed=7)
    assert hand.settlement_id is not None
    pots[hand.settlement_id] = sum(hand.state["put_in"])
    assert pots[hand.settlement_id] > max(
        e.amount for e in Transaction.objects.get(pk=hand.settlement_id).entries.all()
    ), "the winner's net is less than the pot"

    # A digital Guts deal someone won: its pot is what the winners took.
    for n in range(10):
        guts = _play_digital(people, night, "guts", f"g{n}", seed=n)
        if guts.settlement_id is not None and _guts_taken(guts):
            pots[guts.settlement_id] = _guts_taken(guts)
            break
    else:
        raise AssertionError("no digital Guts deal was won")

    # A table Guts deal: Anna and Ben in, Anna wins the pot.
    before = _guts_pot(night)
    tx = services.record_guts_deal(
        night_id=night.pk,
        by=owner,
        key="gt",
        in_players=[a, b],
        showdown=HostRanking(groups=((a,), (b,))),
    )
    pots[tx.pk] = before or 3  # an empty pot is anted first: three antes of 1

    # A Shelby round: Anna and Ben hold, Ben loses and pays Anna the pot (the three antes).
    tx = services.record_shelby_round(
        night_id=night.pk,
        by=owner,
        key="s1",
        holders=[a, b],
        showdown=HostRanking(groups=((a,), (b,))),
    )
    pots[tx.pk] = 3

    # The biggest hand of the night, then undone: it must not show anywhere.
    big = services.record_table_hand(
        night_id=night.pk,
        by=owner,
        key="t2",
        hand=TableHandInput(
            game="five-card-draw",
            put_in={a: 40, b: 40, c: 40},
            showdown=HostRanking(groups=((c,), (a,), (b,))),
        ),
    )
    assert big.deal is not None
    services.undo(night_id=night.pk, by=owner, key="u", transaction_id=big.pk)
    services.split_night_pots(night_id=night.pk, by=owner, key="split", players=[a, b, c])
    services.end_night(night_id=night.pk, by=owner)
    night.refresh_from_db()
    return Played(night=night, pots=pots, undone_tx=big.pk, undone_deal=big.deal.number)


def _guts_pot(night: Night) -> int:
    from gamenight.models import Account, AccountKind

    account = Account.objects.filter(night=night, kind=AccountKind.GUTS_POT).first()
    return account.balance if account else 0


@pytest.fixture
def played(db: None, django_capture_on_commit_callbacks: Any) -> tuple[Played, NightReport]:
    people = make_people(players=3)
    with django_capture_on_commit_callbacks(execute=False):
        played = _played(people)
    assert build.build_night(played.night.pk) == "built"
    return played, NightReport.objects.get(night=played.night)


def test_biggest_pots_are_pot_sizes_from_every_kind_of_deal(
    played: tuple[Played, NightReport],
) -> None:
    game, report = played
    listed = {p["transaction"]: p["pot"] for p in report.data["biggest_pots"]}
    expected = sorted(game.pots.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
    assert listed == dict(expected)
    assert [p["pot"] for p in report.data["biggest_pots"]] == [pot for _tx, pot in expected]


def test_an_undone_deal_is_not_a_pot_a_game_nor_a_point_of_the_chart(
    played: tuple[Played, NightReport],
) -> None:
    game, report = played
    data = report.data
    assert game.undone_tx not in {p["transaction"] for p in data["biggest_pots"]}
    assert "five-card-draw" not in {m["game"] for m in data["game_mix"]}
    counted = len(game.pots)
    assert data["games"] == counted
    assert sum(m["count"] for m in data["game_mix"]) == counted
    assert sum(d["total"] for d in data["dealers"]) == counted
    chart = night_figures(game.night, chip_value_cents=None)  # what the PNG plots
    labels = chart.timeline_labels
    assert f"#{game.undone_deal}" not in labels
    assert not [label for label in labels if "undo" in label]
    # start, the five counted deals and the split of the pots
    assert len(labels) == 1 + counted + 1
    for points in chart.timeline.values():
        assert len(points) == len(labels)
        assert max(points) < 140, "the undone hand's 120-chip pot is not plotted"
    assert not [h for h in data["guts_history"] if h["undo"]]


def test_results_leave_the_undone_deal_out_and_still_add_up(
    played: tuple[Played, NightReport],
) -> None:
    _game, report = played
    results = report.data["results"]
    assert sum(r["result"] for r in results) == 0
    for row in results:
        assert row["final_stack"] == row["bought_in"] + row["rebuys"] + row["result"]
