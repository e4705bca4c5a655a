"""Trust in digital hands: leaving during a hand, ending the night with a hand in play,
and a request meant for an earlier hand.

Each test reproduces a reported defect: the chips in the pot cashed out by a
leaving player, a hand dropped by the end of the night, an old seat request
applied to the next hand. Written against the host (owner), a viewer and a
phone with nothing but its seat link.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from helpers.clients import client_for
from ledger_helpers import Table, assert_ledger_consistent, make_table, stacks
from seat_phones import link_of, phone, start

from engine.games import ActionName
from gamenight import services
from gamenight.models import (
    AccountKind,
    DigitalHand,
    HandAction,
    HandStatus,
    NightStatus,
    Seat,
    Transaction,
)
from gamenight.services import digital
from gamenight.services.digital import Move

HX = {"HTTP_HX_REQUEST": "true"}
GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}


@pytest.fixture
def night(table: Table) -> Table:
    table.night.allowed_games = ["seven-card-stud", "no-peek", "guts", "baseball"]
    table.night.save()
    return table


def player_of(hand: DigitalHand, seat: int) -> int:
    return Seat.objects.get(pk=hand.seat_ids[seat]).player_id


def bet(hand: DigitalHand, key: str) -> int:
    """The actor bets the smallest bet; their engine seat."""
    hand.refresh_from_db()
    state = digital.hand_state(hand)
    actor = state.actor
    assert actor is not None
    legal = {a.kind: a for a in state.legal_actions()}
    amount = legal[ActionName.BET].min_amount
    digital.act(
        hand_id=hand.pk,
        seat=actor,
        move=Move(action=ActionName.BET, amount=amount),
        version=hand.version,
        key=key,
    )
    hand.refresh_from_db()
    return actor


def play_out(hand: DigitalHand, rng: random.Random) -> DigitalHand:
    """Check, call or fold at random (never raise) until the hand is over."""
    for n in range(300):
        hand.refresh_from_db()
        if hand.status != HandStatus.RUNNING:
            return hand
        state = digital.hand_state(hand)
        kinds = [a.kind for a in state.legal_actions()]
        calm = [k for k in kinds if k in (ActionName.CHECK, ActionName.CALL, ActionName.FOLD)]
        digital.act(
            hand_id=hand.pk,
            seat=state.actor,
            move=Move(action=rng.choice(calm or kinds)),
            version=hand.version,
            key=f"p{hand.pk}-{n}",
        )
    raise AssertionError("the hand did not end")


def bank_balance(table: Table) -> int:
    from gamenight.models import Account

    return Account.objects.get(group=table.group, kind=AccountKind.BANK).balance


# ---------------------------------------------------------------------- defect 2: leaving


def test_leaving_during_a_hand_is_refused_and_names_the_hand(night: Table) -> None:
    hand = start(night)
    bettor = bet(hand, "b1")
    player = player_of(hand, bettor)
    before = stacks(night.night)
    transactions = Transaction.objects.count()
    response = client_for(night.owner).post(
        reverse("night_leave", args=[night.night.pk]), {"key": "l1", "player": player}, **HX
    )
    assert response.status_code == 422
    html = response.content.decode()
    name = digital.hand_state(hand).names[bettor]
    assert f"Hand #{hand.deal.number} (Seven-card stud) is still running" in html
    # The other way out: fold the player and cash out, posted with the hand it means.
    assert reverse("night_fold_leave", args=[night.night.pk]) in html
    assert f"Fold {name} and cash out" in html
    assert f'name="hand" value="{hand.pk}"' in html
    assert stacks(night.night) == before
    assert Transaction.objects.count() == transactions
    assert Seat.objects.get(night=night.night, player_id=player).seated
    hand.refresh_from_db()
    assert hand.status == HandStatus.RUNNING


def test_the_refusal_to_leave_is_german_on_a_german_page(night: Table) -> None:
    hand = start(night)
    player = player_of(hand, bet(hand, "b1"))
    client = Client(**GERMAN)
    client.force_login(night.owner)
    response = client.post(
        reverse("night_leave", args=[night.night.pk]), {"key": "l1", "player": player}, **HX
    )
    assert response.status_code == 422
    html = response.content.decode()
    assert f"Spiel Nr. {hand.deal.number}" in html
    assert "läuft noch" in html
    assert "is still running" not in html


def test_fold_and_cash_out_keeps_the_pot_in_the_hand(night: Table) -> None:
    hand = start(night)
    bettor = bet(hand, "b1")
    player = player_of(hand, bettor)
    state = digital.hand_state(hand)
    in_pot = state.put_in[bettor]
    behind = state.stacks[bettor]
    bank = bank_balance(night)
    response = client_for(night.owner).post(
        reverse("night_fold_leave", args=[night.night.pk]),
        {"key": "fl1", "player": player, "hand": hand.pk},
    )
    assert response.status_code == 302
    hand.refresh_from_db()
    assert hand.status == HandStatus.RUNNING
    assert digital.hand_state(hand).folded[bettor]
    fold = HandAction.objects.get(hand=hand, action="forfeit")
    assert fold.seat == bettor
    assert fold.by_user == night.owner
    seat = Seat.objects.get(night=night.night, player_id=player)
    assert not seat.seated
    # Only the chips behind left the table; the pot's chips are still the hand's.
    assert bank_balance(night) == bank + behind
    name = state.names[bettor]
    assert stacks(night.night)[name] == in_pot
    hand = play_out(hand, random.Random(4))
    assert hand.status == HandStatus.FINISHED
    final = digital.hand_state(hand)
    assert (final.payouts or [])[bettor] == 0
    assert stacks(night.night)[name] == 0
    others = sum(v for k, v in stacks(night.night).items() if k != name)
    assert others == 150 - behind
    assert_ledger_consistent(night.group)


def test_fold_and_cash_out_twice_applies_once(night: Table) -> None:
    hand = start(night)
    player = player_of(hand, bet(hand, "b1"))
    url = reverse("night_fold_leave", args=[night.night.pk])
    data = {"key": "fl1", "player": player, "hand": hand.pk}
    host = client_for(night.owner)
    assert host.post(url, data).status_code == 302
    transactions = Transaction.objects.count()
    assert host.post(url, data).status_code == 302
    assert Transaction.objects.count() == transactions
    assert HandAction.objects.filter(hand=hand, action="forfeit").count() == 1


def test_a_fold_that_ends_the_hand_settles_it_first(db: None) -> None:
    table = make_table(names=("Anna", "Ben"))
    table.night.allowed_games = ["seven-card-stud"]
    table.night.save()
    hand = start(table)
    bettor = bet(hand, "b1")
    other = 1 - bettor
    pot = digital.hand_state(hand).pot
    response = client_for(table.owner).post(
        reverse("night_fold_leave", args=[table.night.pk]),
        {"key": "fl1", "player": player_of(hand, other), "hand": hand.pk},
    )
    assert response.status_code == 302
    hand.refresh_from_db()
    assert hand.status == HandStatus.FINISHED
    assert hand.settlement is not None
    state = digital.hand_state(hand)
    assert (state.payouts or [])[bettor] == pot
    names = state.names
    left = stacks(table.night)
    assert left[names[other]] == 0
    assert left[names[bettor]] == 50 + state.put_in[other]
    assert_ledger_consistent(table.group)


def test_fold_and_cash_out_of_an_ended_hand_changes_nothing(night: Table) -> None:
    hand = start(night)
    player = player_of(hand, bet(hand, "b1"))
    digital.abandon_hand(night_id=night.night.pk, hand_id=hand.pk, by=night.owner, key="ab")
    transactions = Transaction.objects.count()
    response = client_for(night.owner).post(
        reverse("night_fold_leave", args=[night.night.pk]),
        {"key": "fl1", "player": player, "hand": hand.pk},
        **HX,
    )
    assert response.status_code == 409
    assert "is over" in response.content.decode()
    assert Transaction.objects.count() == transactions
    assert Seat.objects.get(night=night.night, player_id=player).seated


def test_fold_and_cash_out_is_for_hosts_only(night: Table) -> None:
    hand = start(night)
    player = player_of(hand, bet(hand, "b1"))
    url = reverse("night_fold_leave", args=[night.night.pk])
    data = {"key": "fl1", "player": player, "hand": hand.pk}
    assert client_for(night.viewer).post(url, data).status_code == 403
    assert client_for(night.outsider).post(url, data).status_code == 404
    assert not HandAction.objects.filter(action="forfeit").exists()


@pytest.mark.parametrize(
    "data",
    [
        {"key": "k", "player": "", "hand": ""},
        {"key": "k", "hand": "x"},
        {"key": "", "hand": "1"},
    ],
)
def test_fold_and_cash_out_with_bad_input_changes_nothing(
    night: Table, data: dict[str, Any]
) -> None:
    hand = start(night)
    player = player_of(hand, bet(hand, "b1"))
    data = {**data, "player": data.get("player", player)}
    response = client_for(night.owner).post(
        reverse("night_fold_leave", args=[night.night.pk]), data, **HX
    )
    assert 400 <= response.status_code < 500
    assert not HandAction.objects.filter(action="forfeit").exists()


def test_guts_cannot_fold_a_player_out_and_says_to_wait(night: Table) -> None:
    hand = start(night, game="guts")
    player = player_of(hand, 0)
    leave = client_for(night.owner).post(
        reverse("night_leave", args=[night.night.pk]), {"key": "l1", "player": player}, **HX
    )
    assert leave.status_code == 422
    html = leave.content.decode()
    assert f"Hand #{hand.deal.number} (Guts) is still running" in html
    assert "finish or abandon it first" in html
    assert reverse("night_fold_leave", args=[night.night.pk]) not in html  # no way but waiting
    assert reverse("digital_abandon", args=[night.night.pk, hand.pk]) in html
    response = client_for(night.owner).post(
        reverse("night_fold_leave", args=[night.night.pk]),
        {"key": "fl1", "player": player, "hand": hand.pk},
        **HX,
    )
    assert response.status_code == 422
    assert "finish or abandon it first" in response.content.decode()
    assert Seat.objects.get(night=night.night, player_id=player).seated
    hand.refresh_from_db()
    assert hand.version == 0


def test_a_departed_seat_cannot_act(night: Table) -> None:
    hand = start(night)
    bettor = bet(hand, "b1")
    link = link_of(hand, bettor)
    services.fold_and_leave(
        night_id=night.night.pk,
        by=night.owner,
        key="fl1",
        player_id=player_of(hand, bettor),
        hand_id=hand.pk,
    )
    hand.refresh_from_db()
    version = hand.version
    response = phone(link).post(
        reverse("seat_act", args=[link.token]),
        {"action": "fold", "version": str(version), "key": "late", "hand": hand.pk},
        **HX,
    )
    assert response.status_code == 409
    assert "You left the table" in response.content.decode()
    page = phone(link).get(reverse("seat_page", args=[link.token]))
    assert "You left the table" in page.content.decode()
    hand.refresh_from_db()
    assert hand.version == version


# ---------------------------------------------------------------------- defect 3: the night's end


def test_ending_the_night_waits_for_the_running_hand(night: Table) -> None:
    hand = start(night)
    bet(hand, "b1")
    with pytest.raises(services.LedgerError, match=r"Hand #1 \(Seven-card stud\) is still running"):
        services.end_night(night_id=night.night.pk, by=night.owner)
    night.night.refresh_from_db()
    assert night.night.status == NightStatus.RUNNING


def test_the_end_refused_for_a_running_hand_links_to_finish_or_abandon(night: Table) -> None:
    hand = start(night, game="no-peek")
    response = client_for(night.owner).post(
        reverse("night_end", args=[night.night.pk]), {"key": "e1"}, **HX
    )
    assert response.status_code == 422
    html = response.content.decode()
    end = html.split('id="end"')[1]
    assert f"Hand #{hand.deal.number} (No Peek) is still running" in end
    assert reverse("digital_table", args=[night.night.pk, hand.pk]) in end
    assert reverse("digital_abandon", args=[night.night.pk, hand.pk]) in end
    night.night.refresh_from_db()
    assert night.night.status == NightStatus.RUNNING
    hand.refresh_from_db()
    assert hand.status == HandStatus.RUNNING
    # Abandoned, the hand no longer holds the night open.
    digital.abandon_hand(night_id=night.night.pk, hand_id=hand.pk, by=night.owner, key="ab")
    services.end_night(night_id=night.night.pk, by=night.owner)
    night.night.refresh_from_db()
    assert night.night.status == NightStatus.CLOSED


def test_the_end_refused_for_a_running_hand_in_german(night: Table) -> None:
    start(night)
    client = Client(**GERMAN)
    client.force_login(night.owner)
    response = client.post(reverse("night_end", args=[night.night.pk]), {"key": "e1"}, **HX)
    assert response.status_code == 422
    html = response.content.decode()
    assert "läuft noch" in html
    assert "is still running" not in html


# ---------------------------------------------------------------------- defect 4: the hand's id


def _second_hand_at_the_same_version(night: Table) -> tuple[DigitalHand, DigitalHand]:
    first = start(night, game="no-peek")
    digital.abandon_hand(night_id=night.night.pk, hand_id=first.pk, by=night.owner, key="ab")
    second = start(night, game="no-peek", key="again")
    return first, second


def test_a_seat_request_for_the_last_hand_is_not_applied_to_the_next(night: Table) -> None:
    first, second = _second_hand_at_the_same_version(night)
    actor = digital.hand_state(second).actor
    link = link_of(second, actor)
    # The phone slept on hand one at version 0; hand two is at version 0 too.
    response = phone(link).post(
        reverse("seat_act", args=[link.token]),
        {"action": "flip", "version": "0", "key": "old", "hand": str(first.pk)},
        **HX,
    )
    assert response.status_code == 409
    assert "That hand is over" in response.content.decode()
    second.refresh_from_db()
    assert second.version == 0
    assert not HandAction.objects.filter(hand=second).exists()


def test_a_seat_request_without_its_hand_is_refused(night: Table) -> None:
    hand = start(night, game="no-peek")
    link = link_of(hand, digital.hand_state(hand).actor)
    response = phone(link).post(
        reverse("seat_act", args=[link.token]),
        {"action": "flip", "version": "0", "key": "k"},
        **HX,
    )
    assert response.status_code == 422
    assert not HandAction.objects.exists()


def test_the_seat_page_names_its_hand_in_every_move(night: Table) -> None:
    hand = start(night, game="no-peek")
    link = link_of(hand, digital.hand_state(hand).actor)
    html = phone(link).get(reverse("seat_page", args=[link.token])).content.decode()
    forms = html.count('class="daction"')
    assert forms >= 1
    assert html.count(f'name="hand" value="{hand.pk}"') == forms


def test_the_hosts_move_for_the_last_hand_is_not_applied_to_the_next(night: Table) -> None:
    first, second = _second_hand_at_the_same_version(night)
    actor = digital.hand_state(second).actor
    response = client_for(night.owner).post(
        reverse("digital_act_for", args=[night.night.pk, first.pk]),
        {"key": "h", "seat": str(actor), "action": "flip", "version": "0"},
        **HX,
    )
    assert 400 <= response.status_code < 500
    second.refresh_from_db()
    assert second.version == 0


def test_a_seat_poll_of_the_last_hand_gets_the_next_one(night: Table) -> None:
    first = start(night, game="no-peek")
    link = link_of(first, 0)
    url = reverse("seat_state", args=[link.token])
    etag = phone(link).get(url, **HX).headers["ETag"]
    digital.abandon_hand(night_id=night.night.pk, hand_id=first.pk, by=night.owner, key="ab")
    second = start(night, game="no-peek", key="again")
    second.refresh_from_db()
    assert second.version == 0
    moved = phone(link).get(url, HTTP_IF_NONE_MATCH=etag, **HX)
    assert moved.status_code == 200
    assert f'name="hand" value="{second.pk}"' in moved.content.decode() or (
        digital.hand_state(second).actor != 0
    )


def test_the_table_poll_of_a_finished_hand_moves_to_the_next(night: Table) -> None:
    first = start(night, game="no-peek")
    client = client_for(night.viewer)
    url = reverse("digital_table_state", args=[night.night.pk, first.pk])
    etag = client.get(url, **HX).headers["ETag"]
    digital.abandon_hand(night_id=night.night.pk, hand_id=first.pk, by=night.owner, key="ab")
    second = start(night, game="no-peek", key="again")
    moved = client.get(url, HTTP_IF_NONE_MATCH=etag, **HX)
    assert moved.status_code == 200
    assert moved.headers["HX-Redirect"] == reverse(
        "digital_table", args=[night.night.pk, second.pk]
    )


def _act(hand: DigitalHand, action: ActionName, key: str, amount: int | None = None) -> int:
    hand.refresh_from_db()
    seat = digital.hand_state(hand).actor
    assert seat is not None
    digital.act(
        hand_id=hand.pk,
        seat=seat,
        move=Move(action=action, amount=amount),
        version=hand.version,
        key=key,
    )
    hand.refresh_from_db()
    return seat


def test_chips_nobody_matched_go_to_the_bank_with_the_player_who_left(night: Table) -> None:
    from gamenight.reports.night import night_figures

    anna, ben, carla = night.players
    # Anna and Carla come back with 3 chips each: after the ante they can call 2.
    for n, short in enumerate((anna, carla)):
        services.leave(night_id=night.night.pk, by=night.owner, key=f"l{n}", player_id=short.pk)
        services.arrive(
            night_id=night.night.pk, by=night.owner, key=f"a{n}", player_id=short.pk, buy_in=3
        )
    hand = start(night)
    ben_seat = [player_of(hand, s) for s in range(3)].index(ben.pk)
    bank = bank_balance(night)
    behind = 0
    for n in range(40):
        hand.refresh_from_db()
        if hand.status != HandStatus.RUNNING:
            break
        state = digital.hand_state(hand)
        legal = {a.kind: a for a in state.legal_actions()}
        if state.actor == ben_seat and not behind:
            kind = ActionName.BET if ActionName.BET in legal else ActionName.RAISE_BY
            _act(hand, kind, f"ben{n}", amount=legal[kind].max_amount)
            behind = digital.hand_state(hand).stacks[ben_seat]
            services.fold_and_leave(
                night_id=night.night.pk, by=night.owner, key="fl", player_id=ben.pk, hand_id=hand.pk
            )
            assert bank_balance(night) == bank + behind
            continue
        kind = ActionName.CALL if ActionName.CALL in legal else ActionName.CHECK
        _act(hand, kind, f"short{n}")
    hand.refresh_from_db()
    assert hand.status == HandStatus.FINISHED
    state = digital.hand_state(hand)
    # The two short stacks went all-in for 3; Ben's chips above that, matched by
    # nobody, come back to him, and he is not at the table to take them.
    returned = (state.payouts or [])[ben_seat]
    assert returned == state.put_in[ben_seat] - 3 > 0
    assert stacks(night.night)["Ben"] == 0
    assert bank_balance(night) == bank + behind + returned
    assert_ledger_consistent(night.group)
    services.end_night(night_id=night.night.pk, by=night.owner)
    night.night.refresh_from_db()
    figures = night_figures(night.night, chip_value_cents=None).data["results"]
    row = next(r for r in figures if r["name"] == "Ben")
    # The report's final stack is what he took home, chip for chip.
    assert row["final_stack"] == row["cashed_out"] == behind + returned


def test_a_seat_poll_shows_that_the_player_left(night: Table) -> None:
    hand = start(night, game="no-peek")
    link = link_of(hand, 0)
    url = reverse("seat_state", args=[link.token])
    digital.abandon_hand(night_id=night.night.pk, hand_id=hand.pk, by=night.owner, key="ab")
    etag = phone(link).get(url, **HX).headers["ETag"]
    services.leave(night_id=night.night.pk, by=night.owner, key="l", player_id=player_of(hand, 0))
    moved = phone(link).get(url, HTTP_IF_NONE_MATCH=etag, **HX)
    assert moved.status_code == 200
    assert "You left the table" in moved.content.decode()


# ---------------------------------------------------------------------- at once, on PostgreSQL


@pytest.mark.postgres
def test_fold_and_cash_out_racing_the_players_tap_and_a_second_host(on_postgres: None) -> None:
    from ledger_helpers import run_together

    table = make_table()
    table.night.allowed_games = ["seven-card-stud"]
    table.night.save()
    hand = start(table)
    bet(hand, "b1")
    state = digital.hand_state(hand)
    caller = state.actor
    assert caller is not None
    player = player_of(hand, caller)
    bank = bank_balance(table)

    def tap() -> Any:
        return digital.act(
            hand_id=hand.pk,
            seat=caller,
            move=Move(action=ActionName.CALL),
            version=hand.version,
            key="phone",
        )

    def host(by: Any, key: str) -> Any:
        return services.fold_and_leave(
            night_id=table.night.pk, by=by, key=key, player_id=player, hand_id=hand.pk
        )

    results = run_together(
        [tap, lambda: host(table.owner, "host"), lambda: host(table.cohost, "cohost")]
    )
    cash_outs = [r for r in results if isinstance(r, Transaction)]
    assert len(cash_outs) == 1, results
    assert all(isinstance(r, (Transaction, DigitalHand, services.LedgerError)) for r in results)
    assert not Seat.objects.get(night=table.night, player_id=player).seated
    hand = play_out(hand, random.Random(2))
    final = digital.hand_state(hand)
    name = final.names[caller]
    # Whether the call came before the fold or not: what he put in stayed in the hand,
    # the rest went home with him, and every chip is somewhere.
    assert stacks(table.night)[name] == 0
    assert bank_balance(table) == bank + 50 - final.put_in[caller] + (final.payouts or [])[caller]
    assert sum(stacks(table.night).values()) + bank_balance(table) - bank == 150
    assert_ledger_consistent(table.group)
