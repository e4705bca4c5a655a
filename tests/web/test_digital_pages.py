"""The pages of digital hands: a player's seat by its link, the table, the host's panel.

Written against the host (owner), a co-host, a member who may only view, an
outsider (host of another group) and a phone with nothing but a seat link.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from helpers.clients import client_for
from helpers.profiles import spacing
from ledger_helpers import Table, assert_ledger_consistent, stacks
from seat_phones import link_of, phone, post_move, random_move, seat_url, start

from engine.cards import ALL_CARDS
from engine.games import GAMES, ActionName, HandState, seat_view
from gamenight import services
from gamenight.live.screens import SeatScreen, TvScreen, bring_up_to_date
from gamenight.models import DigitalHand, HandAction, HandStatus, Player, SeatLink, Transaction
from gamenight.services import digital
from gamenight.services.table_links import live_table_link

HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def night(table: Table) -> Table:
    table.night.allowed_games = list(GAMES)
    table.night.save()
    return table


# ---------------------------------------------------------------------- the seat


def test_the_seat_page_shows_my_cards_and_my_moves(night: Table) -> None:
    hand = start(night)
    state = digital.hand_state(hand)
    actor = state.actor
    link = link_of(hand, actor)
    response = phone(link).get(seat_url(link))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Your turn" in html
    for legal in state.legal_actions():
        assert f'value="{legal.kind.value}"' in html
    assert response.headers["ETag"]
    assert 'hx-trigger="every 1s"' in html


def test_a_bet_has_a_stepper_with_its_limits(night: Table) -> None:
    hand = start(night, game="five-card-draw")
    state = digital.hand_state(hand)
    link = link_of(hand, state.actor)
    html = phone(link).get(seat_url(link)).content.decode()
    bet = next(a for a in state.legal_actions() if a.kind is ActionName.BET)
    assert f'min="{bet.min_amount}" max="{bet.max_amount}"' in html
    assert 'class="stepper"' in html


def test_a_move_from_the_seat_applies_and_redirects(night: Table) -> None:
    hand = start(night)
    state = digital.hand_state(hand)
    link = link_of(hand, state.actor)
    # A member logged in on the phone may hold the seat of the player they log in as.
    Player.objects.filter(pk=link.seat.player_id).update(user=night.viewer)
    response = post_move(
        phone(link, client_for(night.viewer)), link, {"action": "fold", "version": "0", "key": "k1"}
    )
    if not any(a.kind is ActionName.FOLD for a in state.legal_actions()):
        response = post_move(phone(link), link, {"action": "check", "version": "0", "key": "k1"})
    assert response.status_code == 302
    hand.refresh_from_db()
    assert hand.version == 1


def test_a_double_tap_applies_once(night: Table) -> None:
    hand = start(night, game="no-peek")
    link = link_of(hand, digital.hand_state(hand).actor)
    data = {"action": "flip", "version": "0", "key": "tap"}
    first = post_move(phone(link), link, data, **HX)
    again = post_move(phone(link), link, data, **HX)
    assert first.status_code == again.status_code == 200
    assert HandAction.objects.filter(hand=hand).count() == 1


def test_an_old_version_says_the_hand_moved_on(night: Table) -> None:
    hand = start(night, game="no-peek")
    link = link_of(hand, digital.hand_state(hand).actor)
    post_move(phone(link), link, {"action": "flip", "version": "0", "key": "a"})
    hand.refresh_from_db()
    state = digital.hand_state(hand)
    link = link_of(hand, state.actor)
    response = post_move(phone(link), link, {"action": "flip", "version": "0", "key": "b"}, **HX)
    assert response.status_code == 422
    assert "moved on" in response.content.decode()
    hand.refresh_from_db()
    assert hand.version == 1


def test_a_move_out_of_turn_is_refused_in_the_page(night: Table) -> None:
    hand = start(night)
    other = (digital.hand_state(hand).actor + 1) % 3
    link = link_of(hand, other)
    response = post_move(phone(link), link, {"action": "check", "version": "0", "key": "x"}, **HX)
    assert response.status_code == 422
    assert 'role="alert"' in response.content.decode()
    assert not HandAction.objects.exists()


@pytest.mark.parametrize(
    "data",
    [
        {"action": "nonsense", "version": "0", "key": "k"},
        {"action": "bet", "version": "0", "key": "k", "amount": "-3"},
        {"action": "bet", "version": "0", "key": "k", "amount": "many"},
        {"action": "bet", "version": "0", "key": "k", "amount": "99999999999"},
        {"action": "check", "version": "x", "key": "k"},
        {"action": "check", "version": "0", "key": ""},
        {"action": "draw", "version": "0", "key": "k", "cards": ["Zz"]},
    ],
)
def test_bad_input_is_refused_in_the_page(night: Table, data: dict[str, Any]) -> None:
    hand = start(night, game="five-card-draw")
    link = link_of(hand, digital.hand_state(hand).actor)
    response = post_move(phone(link), link, data, **HX)
    assert response.status_code == 422
    assert not HandAction.objects.exists()


def test_the_state_answers_304_while_nothing_changed(night: Table) -> None:
    hand = start(night, game="no-peek")
    link = link_of(hand, digital.hand_state(hand).actor)
    url = seat_url(link, "seat_state")
    first = phone(link).get(url, **HX)
    etag = first.headers["ETag"]
    assert first.status_code == 200
    unchanged = phone(link).get(url, HTTP_IF_NONE_MATCH=etag, **HX)
    assert unchanged.status_code == 304
    assert unchanged.content == b""
    assert unchanged.headers["HX-Reswap"] == "none"
    post_move(phone(link), link, {"action": "flip", "version": "0", "key": "f"})
    moved = phone(link).get(url, HTTP_IF_NONE_MATCH=etag, **HX)
    assert moved.status_code == 200
    assert moved.headers["ETag"] != etag


def test_the_etag_differs_between_seats(night: Table) -> None:
    hand = start(night)
    links = [link_of(hand, s) for s in range(3)]
    tags = {phone(link).get(seat_url(link, "seat_state")).headers["ETag"] for link in links}
    assert len(tags) == 3


def test_an_unknown_token_is_404(night: Table) -> None:
    start(night)
    assert Client().get("/s/not-a-token/").status_code == 404
    assert Client().get("/s/not-a-token/state/").status_code == 404
    assert Client().post("/s/not-a-token/act/", {"action": "fold"}).status_code == 404


def test_a_revoked_link_is_404_and_a_new_one_works(night: Table) -> None:
    hand = start(night)
    link = link_of(hand, 0)
    host = client_for(night.owner)
    response = host.post(reverse("digital_revoke_link", args=[night.night.pk, link.pk]))
    assert response.status_code == 302
    assert Client().get(seat_url(link)).status_code == 404
    assert Client().get(seat_url(link, "seat_state")).status_code == 404
    fresh = link_of(hand, 0)
    assert fresh.token != link.token
    assert Client().get(seat_url(fresh)).status_code == 200


def test_a_link_expires_with_the_night(night: Table) -> None:
    hand = start(night)
    link = link_of(hand, 0)
    digital.abandon_hand(night_id=night.night.pk, hand_id=hand.pk, by=night.owner, key="ab")
    services.end_night(night_id=night.night.pk, by=night.owner)
    # The link opens no seat any more: its page says the night is over (issue 16).
    page = Client().get(seat_url(link)).content.decode()
    assert "The night is over" in page
    assert "Your cards" not in page


def test_only_hosts_revoke_links(night: Table) -> None:
    hand = start(night)
    link = link_of(hand, 0)
    url = reverse("digital_revoke_link", args=[night.night.pk, link.pk])
    assert client_for(night.viewer).post(url).status_code == 403
    assert client_for(night.outsider).post(url).status_code == 404
    link.refresh_from_db()
    assert not link.revoked


def test_a_seat_link_follows_its_player_to_the_next_hand(night: Table) -> None:
    hand = start(night)
    link = link_of(hand, 1)
    digital.abandon_hand(night_id=night.night.pk, hand_id=hand.pk, by=night.owner, key="ab")
    assert "stopped this hand" in phone(link).get(seat_url(link)).content.decode()
    second = start(night, game="no-peek", key="again")
    assert link_of(second, 1).pk == link.pk
    assert "no peek" in phone(link).get(seat_url(link)).content.decode().lower()


# ---------------------------------------------------------------------- the table


def test_members_see_the_table_and_others_get_404(night: Table) -> None:
    hand = start(night, game="no-peek")
    url = reverse("digital_table", args=[night.night.pk, hand.pk])
    for user in (night.owner, night.cohost, night.viewer):
        response = client_for(user).get(url)
        assert response.status_code == 200
        assert "to win" in response.content.decode()  # No Peek: everyone's odds
    assert client_for(night.outsider).get(url).status_code == 404
    assert Client().get(url).status_code == 302  # to the login


def test_another_groups_hand_is_404(night: Table) -> None:
    hand = start(night)
    other = services.create_night(group_id=night.group.pk, by=night.owner, date=night.night.date)
    wrong_night = reverse("digital_table", args=[other.pk, hand.pk])
    assert client_for(night.owner).get(wrong_night).status_code == 404
    outsider_group = services.group_for_viewing(
        night.outsider, night.outsider.memberships.get().group_id
    )
    outsider_night = services.create_night(
        group_id=outsider_group.pk, by=night.outsider, date=night.night.date
    )
    url = reverse("digital_table", args=[outsider_night.pk, hand.pk])
    assert client_for(night.outsider).get(url).status_code == 404
    abandon = reverse("digital_abandon", args=[night.night.pk, hand.pk])
    assert client_for(night.outsider).post(abandon, {"key": "x"}).status_code == 404


def test_the_table_state_answers_304_while_nothing_changed(night: Table) -> None:
    hand = start(night)
    client = client_for(night.viewer)
    url = reverse("digital_table_state", args=[night.night.pk, hand.pk])
    etag = client.get(url).headers["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_no_peek_odds_are_cached_per_version(night: Table) -> None:
    hand = start(night, game="no-peek")
    state = digital.hand_state(hand)
    first = digital.table_odds(hand, state)
    assert first is not None
    assert abs(sum(first.values()) - 1) < 1e-9
    assert digital.table_odds(hand, state) == first


def test_a_bet_that_shows_no_new_card_reuses_the_odds(
    night: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The simulation runs once for what shows, not once a move (the TV's update)."""
    hand = start(night, game="seven-card-stud")
    state = digital.hand_state(hand)
    first = digital.table_odds(hand, state)
    assert first is not None
    runs: list[object] = []
    real = digital.odds
    monkeypatch.setattr(digital, "odds", lambda *a, **k: runs.append(a) or real(*a, **k))
    showing = [state.up_cards(seat) for seat in state.live_seats]
    calm = [a for a in state.legal_actions() if a.kind in (ActionName.CHECK, ActionName.CALL)]
    bet = calm[0] if calm else next(a for a in state.legal_actions() if a.min_amount)
    state.act(bet.kind, seat=state.actor, amount=bet.min_amount)
    hand.version += 1  # as a move's write does
    assert [state.up_cards(seat) for seat in state.live_seats] == showing  # the same street
    assert digital.table_odds(hand, state) == first
    assert runs == []
    # A fold changes who is in: worked out anew (after a bet, so that folding is legal).
    if not state.can(ActionName.FOLD, seat=state.actor):
        raise_ = next(a for a in state.legal_actions() if a.kind is not ActionName.CHECK)
        state.act(raise_.kind, seat=state.actor, amount=raise_.min_amount)
        hand.version += 1
        assert digital.table_odds(hand, state) == first
    state.act(ActionName.FOLD, seat=state.actor)
    hand.version += 1
    assert digital.table_odds(hand, state) is not None
    assert len(runs) == 1


# ---------------------------------------------------------------------- the host's panel


def test_the_host_starts_a_hand_from_the_night_page(night: Table) -> None:
    host = client_for(night.owner)
    page = host.get(reverse("night_detail", args=[night.night.pk])).content.decode()
    assert "Deal on the phones" in page
    response = host.post(
        reverse("digital_start", args=[night.night.pk]), {"key": "s1", "game": "no-peek"}
    )
    assert response.status_code == 302
    page = host.get(reverse("night_detail", args=[night.night.pk])).content.decode()
    assert "<svg" in page  # the seat links as QR codes
    assert "style=" not in page.split('id="digital"')[1].split("</section>")[0]
    assert "Stop this hand" in page
    assert DigitalHand.objects.get().status == HandStatus.RUNNING


def test_a_viewer_cannot_start_a_hand(night: Table) -> None:
    url = reverse("digital_start", args=[night.night.pk])
    assert client_for(night.viewer).post(url, {"key": "v", "game": "no-peek"}).status_code == 403
    assert client_for(night.outsider).post(url, {"key": "o", "game": "no-peek"}).status_code == 404
    page = client_for(night.viewer).get(reverse("night_detail", args=[night.night.pk]))
    assert "Deal on the phones" not in page.content.decode()
    assert not DigitalHand.objects.exists()


def test_a_game_not_allowed_shows_a_message(night: Table) -> None:
    night.night.allowed_games = ["no-peek"]
    night.night.save()
    response = client_for(night.owner).post(
        reverse("digital_start", args=[night.night.pk]), {"key": "s", "game": "guts"}, **HX
    )
    assert response.status_code == 422
    assert "guts" in response.content.decode()
    assert not DigitalHand.objects.exists()


def test_the_host_flips_for_an_absent_player(night: Table) -> None:
    hand = start(night, game="no-peek")
    actor = digital.hand_state(hand).actor
    host = client_for(night.owner)
    response = host.post(
        reverse("digital_act_for", args=[night.night.pk, hand.pk]),
        {"key": "h", "seat": str(actor), "action": "flip", "version": "0"},
    )
    assert response.status_code == 302
    hand.refresh_from_db()
    assert hand.version == 1
    bet = host.post(
        reverse("digital_act_for", args=[night.night.pk, hand.pk]),
        {"key": "h2", "seat": "0", "action": "bet", "version": "1"},
        **HX,
    )
    assert bet.status_code == 422


def test_the_host_abandons_a_hand_and_no_chip_moves(night: Table) -> None:
    hand = start(night)
    before = stacks(night.night)
    transactions = Transaction.objects.count()
    response = client_for(night.cohost).post(
        reverse("digital_abandon", args=[night.night.pk, hand.pk]), {"key": "ab", "confirm": "1"}
    )
    assert response.status_code == 302
    hand.refresh_from_db()
    assert hand.status == HandStatus.ABANDONED
    assert stacks(night.night) == before
    assert Transaction.objects.count() == transactions
    assert (
        client_for(night.viewer)
        .post(reverse("digital_abandon", args=[night.night.pk, hand.pk]), {"key": "v"})
        .status_code
        == 403
    )


# ---------------------------------------------------------------------- nothing private leaks


def _notations(card: int) -> list[re.Pattern[str]]:
    """The card as the templates write it: a symbol face (English and German) or a code."""
    c = ALL_CARDS[card]
    faces = {c.format(symbols=True).replace("T", "10", 1), c.format(lang="de")}
    patterns = [re.compile(rf"(?<![0-9A-Za-z]){re.escape(face)}") for face in faces]
    patterns.append(re.compile(rf"[\">]{re.escape(str(c))}[\"<]"))
    return patterns


def _seen(view: dict[str, Any]) -> set[str]:
    cards = {c["card"] for p in view["players"] for c in p["cards"]}
    cards |= set(view["table"])
    cards |= {e["card"] for e in view["log"] if e["card"]}
    return cards


def _assert_private(html: str, allowed: set[str], where: str) -> None:
    for code in range(52):
        if str(ALL_CARDS[code]) in allowed:
            continue
        for pattern in _notations(code):
            found = pattern.search(html)
            assert found is None, f"{where}: {ALL_CARDS[code]} shows as {found.group(0)!r}"


def _hidden_from(state: HandState, viewer: int | None) -> set[str]:
    """Face-down cards of the other seats (and in No Peek one's own) before any showdown."""
    hidden = set()
    for seat, held in enumerate(state.cards):
        if seat in state.shown:
            continue
        own = seat == viewer and state.rules.peek
        hidden |= {str(ALL_CARDS[card]) for card, up in held if not up and not own}
    return hidden


def _check_every_view(
    hand: DigitalHand, links: list[SeatLink], viewer: Client, lang: str, *, full: bool = True
) -> None:
    hand.refresh_from_db()
    state = digital.hand_state(hand)
    for seat, link in enumerate(links):
        view = seat_view(state, seat)
        allowed = _seen(view)
        # The log may name a card seen face up in a deal voided since (Rainy Day).
        held = {c["card"] for p in view["players"] for c in p["cards"]} | set(view["table"])
        assert not (_hidden_from(state, seat) & held), f"seat {seat} sees a hidden card"
        for name in ("seat_page", "seat_state") if full else ("seat_state",):
            response = phone(link).get(seat_url(link, name), HTTP_ACCEPT_LANGUAGE=lang)
            assert response.status_code == 200
            _assert_private(response.content.decode(), allowed, f"{name} of seat {seat}")
    _check_pushes(hand, links, state, lang)
    table = viewer.get(reverse("digital_table_state", args=[hand.night_id, hand.pk]))
    from engine.games import table_view

    _assert_private(table.content.decode(), _seen(table_view(state)), "table")
    # The TV by the night's table link (no login) shows the same table.
    tv = Client().get(reverse("tv_state", args=[live_table_link(hand.night).token]))
    _assert_private(tv.content.decode(), _seen(table_view(state)), "table link")
    if not full:
        return
    table = viewer.get(reverse("digital_table", args=[hand.night_id, hand.pk]))
    _assert_private(table.content.decode(), _seen(table_view(state)), "table page")
    host = client_for(hand.started_by).get(reverse("night_detail", args=[hand.night_id]))
    _assert_private(host.content.decode(), _seen(table_view(state)), "night page")


def _check_pushes(hand: DigitalHand, links: list[SeatLink], state: HandState, lang: str) -> None:
    """What the event streams push (gamenight/live/screens.py): each seat's stream its own
    part, holding no card of another seat that is face down; the TV the table's view."""
    from engine.games import table_view

    screens: dict[Any, str] = {
        SeatScreen(token=s.token, device_hash=s.device_hash, language=lang, csrf_token=""): ""
        for s in SeatLink.objects.filter(pk__in=[link.pk for link in links])
    }
    tv = TvScreen(token=live_table_link(hand.night).token, language=lang)
    screens[tv] = ""
    pushes = bring_up_to_date(screens)
    assert set(pushes) == set(screens)
    by_token = {screen.token: screen for screen in screens if isinstance(screen, SeatScreen)}
    for seat, link in enumerate(links):
        pushed = pushes[by_token[link.token]]
        assert pushed.kind == "live"
        _assert_private(pushed.event(), _seen(seat_view(state, seat)), f"pushed part of {seat}")
    _assert_private(pushes[tv].event(), _seen(table_view(state)), "pushed TV part")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_face_down_card_of_another_seat_reaches_any_page(night: Table, game: str) -> None:
    rng = random.Random(sum(map(ord, game)))
    viewer = client_for(night.viewer)
    for number in range(2):
        lang = ("en", "de")[number % 2]
        try:
            hand = start(night, game=game, key=f"{game}-{number}")
        except digital.DigitalHandError:
            # Out of chips for this game's antes: give everyone chips and deal again.
            for player in night.players:
                services.rebuy(
                    night_id=night.night.pk,
                    by=night.owner,
                    key=f"r{number}{player.pk}",
                    player_id=player.pk,
                    amount=50,
                )
            hand = start(night, game=game, key=f"{game}-{number}-again")
        links = [link_of(hand, s) for s in range(len(hand.seat_ids))]
        # Every 4th move in CI (every 12th in full), every 40th in `make test`;
        # the deal and the end always.
        every = spacing(4)
        for step in range(400):
            if step % every == 0:
                _check_every_view(hand, links, viewer, lang, full=step % (3 * every) == 0)
            if hand.status != HandStatus.RUNNING:
                break
            state = digital.hand_state(hand)
            data = random_move(state, rng)
            data.update(version=str(hand.version), key=f"{number}-{step}")
            response = post_move(phone(links[state.actor]), links[state.actor], data)
            assert response.status_code == 302, response.content.decode()[:2000]
            hand.refresh_from_db()
        else:
            raise AssertionError("the hand did not end")
        _check_every_view(hand, links, viewer, lang)
        assert hand.status == HandStatus.FINISHED
    assert_ledger_consistent(night.group)
