"""Time at the table (issue 16): a turn timer as a house rule of the night, the host
prompted to check or fold for a player whose time ran out, and a seat link at once
for a player who arrives mid-night."""

from __future__ import annotations

import datetime
import re
from typing import Any

import pytest
from django.urls import reverse
from helpers.clients import client_for
from ledger_helpers import Table
from seat_phones import link_of, phone, seat_url, start

from engine.games import GAMES
from gamenight import services
from gamenight.forms.nights import NightForm
from gamenight.models import DigitalHand, HandAction, Night, SeatLink
from gamenight.services import digital


@pytest.fixture
def night(table: Table) -> Table:
    table.night.allowed_games = list(GAMES)
    table.night.save()
    return table


def _with_timer(table: Table, seconds: int) -> None:
    table.night.game_options = {**table.night.game_options, "turn_timer": seconds}
    table.night.save()


def _run_out(hand: DigitalHand, seconds: int) -> None:
    """The turn began ``seconds`` ago (update() leaves auto_now alone)."""
    past = hand.updated_at - datetime.timedelta(seconds=seconds)
    DigitalHand.objects.filter(pk=hand.pk).update(updated_at=past)


def _left(html: str) -> int:
    found = re.search(r'data-turn-timer data-left="(\d+)"', html)
    assert found, "no turn timer"
    return int(found.group(1))


def _night_form(**extra: Any) -> dict[str, Any]:
    shown = NightForm()
    defaults = {
        name: field.initial
        for name, field in shown.fields.items()
        if name.startswith("opt__") and field.initial not in (None, False)
    }
    return {
        **defaults,
        "key": "night-timer",
        "date": datetime.date(2026, 12, 4).isoformat(),
        "ante": "1",
        "limit_structure": "spread",
        "bet_low": "1",
        "bet_high": "5",
        "raise_cap": "3",
        "allowed_games": ["seven-card-stud"],
        "starting_stack": "100",
        **extra,
    }


def test_the_night_form_keeps_the_turn_timer(night: Table) -> None:
    host = client_for(night.owner)
    url = reverse("night_create", args=[night.group.pk])
    assert 'name="turn_timer"' in host.get(url).content.decode()
    response = host.post(url, _night_form(turn_timer="60"))
    assert response.status_code == 302
    planned = Night.objects.exclude(pk=night.night.pk).get()
    assert planned.game_options["turn_timer"] == 60


def test_a_turn_timer_not_on_offer_is_refused(night: Table) -> None:
    host = client_for(night.owner)
    url = reverse("night_create", args=[night.group.pk])
    response = host.post(url, _night_form(turn_timer="7"))
    assert response.status_code == 422
    assert not Night.objects.exclude(pk=night.night.pk).exists()


def test_without_a_timer_no_page_counts_down(night: Table) -> None:
    hand = start(night)
    link = link_of(hand, digital.hand_state(hand).actor)
    assert "data-turn-timer" not in phone(link).get(seat_url(link)).content.decode()


def test_the_seat_and_the_tv_count_down_from_the_servers_deadline(night: Table) -> None:
    _with_timer(night, 60)
    hand = start(night)
    _run_out(hand, 20)
    actor = digital.hand_state(hand).actor
    for seat in (actor, (actor + 1) % 3):
        link = link_of(hand, seat)
        assert 35 <= _left(phone(link).get(seat_url(link)).content.decode()) <= 40
    tv = client_for(night.owner).get(reverse("digital_table", args=[night.night.pk, hand.pk]))
    assert 35 <= _left(tv.content.decode()) <= 40


def test_the_host_is_asked_to_check_or_fold_when_time_runs_out(night: Table) -> None:
    _with_timer(night, 30)
    hand = start(night)
    state = digital.hand_state(hand)
    actor = state.actor
    name = state.names[actor]
    host = client_for(night.owner)
    page = reverse("night_detail", args=[night.night.pk])
    assert "dtimeout" not in host.get(page).content.decode()
    link = link_of(hand, actor)
    assert "Your time is up" not in phone(link).get(seat_url(link)).content.decode()
    _run_out(hand, 31)
    html = host.get(page).content.decode()
    assert f"Time is up for {name}." in html
    seat_html = phone(link).get(seat_url(link)).content.decode()
    assert "Your time is up: the host may check or fold for you." in seat_html
    prompt = re.search(r'<div class="alert dtimeout".*?</div>', html, re.S)
    assert prompt
    offered = re.findall(r'name="action" value="(\w+)"', prompt.group(0))
    # Stud's first round: the bring-in may check (or fold, if a bet is owed): one of them only.
    assert len(offered) == 1
    assert offered[0] in ("check", "fold")
    key = re.search(r'name="key" value="(\w+)"', prompt.group(0))
    assert key
    response = host.post(
        reverse("digital_act_for", args=[night.night.pk, hand.pk]),
        {"key": key.group(1), "seat": str(actor), "action": offered[0], "version": "0"},
    )
    assert response.status_code == 302
    done = HandAction.objects.get(hand=hand, version=0)
    assert done.by_user == night.owner
    assert done.by_link is None
    assert done.action == offered[0]
    # The next player's turn has just begun: no prompt.
    assert "dtimeout" not in host.get(page).content.decode()


def test_a_member_who_only_views_gets_no_prompt(night: Table) -> None:
    _with_timer(night, 30)
    hand = start(night)
    _run_out(hand, 31)
    html = client_for(night.viewer).get(reverse("night_detail", args=[night.night.pk]))
    assert "dtimeout" not in html.content.decode()


def test_a_player_who_arrives_mid_night_gets_a_link_at_once(night: Table) -> None:
    hand = start(night)
    newcomer = services.add_player(group_id=night.group.pk, by=night.owner, name="Dora")
    services.arrive(night_id=night.night.pk, by=night.owner, key="dora", player_id=newcomer.pk)
    link = SeatLink.objects.get(seat__player=newcomer, hand=None, revoked=False)
    html = client_for(night.owner).get(reverse("night_detail", args=[night.night.pk]))
    assert "Dora" in re.search(r'<ul class="list dlinks">.*?</ul>', html.content.decode(), re.S)[0]
    seat_page = phone(link).get(seat_url(link)).content.decode()
    assert "You join at the next hand." in seat_page
    digital.abandon_hand(night_id=night.night.pk, hand_id=hand.pk, by=night.owner, key="stop")
    following = start(night, key="second")
    assert link.seat_id in following.seat_ids
    assert "You are not in this hand" not in phone(link).get(seat_url(link)).content.decode()


def test_the_hosts_prompt_speaks_german(night: Table) -> None:
    _with_timer(night, 30)
    hand = start(night)
    _run_out(hand, 31)
    name = digital.hand_state(hand).names[digital.hand_state(hand).actor]
    host = client_for(night.owner)
    html = host.get(
        reverse("night_detail", args=[night.night.pk]), HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert f"Die Zeit von {name} ist um." in html
    assert "wird als dein Zug eingetragen" in html


def test_the_night_page_names_the_turn_timer(night: Table) -> None:
    page = reverse("night_detail", args=[night.night.pk])
    host = client_for(night.owner)
    assert "Turn timer" not in host.get(page).content.decode()
    _with_timer(night, 120)
    assert "120 seconds" in host.get(page).content.decode()
    german = host.get(page, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Zeit pro Zug" in german
    assert "120 Sekunden" in german
