"""A seat link belongs to the phone that opened it first.

Nobody else sees a face-down card: not the host, a co-host, a member who may
only view, an outsider, an anonymous browser, nor a second phone with the same
link. The host's page shows an unclaimed seat's link (to hand out) and a
claimed one only as "on a phone since", with no way to take it over: only its
player moves it (tests/web/test_seat_moves.py).
"""

from __future__ import annotations

import random
import re
from html import unescape
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from helpers.clients import client_for
from helpers.profiles import spacing
from ledger_helpers import Table, assert_ledger_consistent, make_table, run_together
from seat_phones import link_of, random_move, seat_url, start

from engine.cards import ALL_CARDS, parse_card
from engine.games import GAMES, ActionName, HandState, seat_view, table_view
from gamenight.models import DigitalHand, HandAction, HandStatus, SeatLink
from gamenight.services import digital, seat_binding

HX = {"HTTP_HX_REQUEST": "true"}
ELSEWHERE = (
    "This seat is open on another phone. To play it on this phone, open the table link "
    "(the QR code of the TV), tap “This is my seat” and show the host your code."
)
ELSEWHERE_DE = (
    "Dieser Platz ist auf einem anderen Handy offen. Um ihn auf diesem Handy zu spielen, "
    "öffne den Tisch-Link (den QR-Code des Fernsehers), tippe auf „Das ist mein Platz“ "
    "und zeig dem Gastgeber deinen Code."
)


@pytest.fixture
def night(table: Table) -> Table:
    table.night.allowed_games = list(GAMES)
    table.night.save()
    return table


def claimed_phone(link: SeatLink) -> Client:
    """A phone that opened the link first: it holds the seat."""
    phone = Client()
    assert phone.get(seat_url(link)).status_code == 200
    return phone


def night_page(client: Client, table: Table, **extra: Any) -> str:
    return client.get(reverse("night_detail", args=[table.night.pk]), **extra).content.decode()


def a_legal_move(state: HandState, version: int) -> dict[str, Any]:
    """The actor's first legal move (a fold once the hand is over), as its form posts it."""
    legal = (state.legal_actions() or [None])[0]
    kind = ActionName.FOLD if legal is None else legal.kind
    data: dict[str, Any] = {"action": kind.value, "version": str(version), "key": "m"}
    if legal is not None and kind in (ActionName.BET, ActionName.RAISE_BY):
        data["amount"] = str(legal.min_amount)
    return data


# ---------------------------------------------------------------------- claiming


def test_the_first_open_claims_the_seat_and_another_phone_sees_nothing(night: Table) -> None:
    hand = start(night)
    link = link_of(hand, 0)
    phone = claimed_phone(link)
    link.refresh_from_db()
    assert link.claimed_at is not None
    assert len(link.device_hash) == 64
    cookie = phone.cookies[seat_binding.COOKIE]
    assert cookie["httponly"]
    assert cookie["samesite"] == "Lax"
    assert cookie.value not in link.device_hash  # only the secret's hash is stored
    assert phone.get(seat_url(link)).status_code == 200  # the same phone again
    for other in (Client(), client_for(night.owner), client_for(night.cohost)):
        response = other.get(seat_url(link))
        assert response.status_code == 403
        html = response.content.decode()
        assert ELSEWHERE in html
        assert "Your cards" not in html
        assert 'name="action"' not in html
    german = Client(HTTP_ACCEPT_LANGUAGE="de").get(seat_url(link))
    assert german.status_code == 403
    assert ELSEWHERE_DE in german.content.decode()


def test_a_forged_or_borrowed_cookie_does_not_open_the_seat(night: Table) -> None:
    hand = start(night)
    first, second = link_of(hand, 0), link_of(hand, 1)
    phone = claimed_phone(first)
    other = claimed_phone(second)
    forged = Client()
    forged.cookies[seat_binding.COOKIE] = "made-up"
    assert forged.get(seat_url(first)).status_code == 403
    # The signed value under another cookie's name is no secret at all.
    renamed = Client()
    renamed.cookies["gn_seat_1"] = phone.cookies[seat_binding.COOKIE].value
    assert renamed.get(seat_url(first)).status_code == 403
    # The phone holding another seat opens only its own.
    assert other.get(seat_url(first)).status_code == 403
    assert other.get(seat_url(second)).status_code == 200


def test_the_poll_from_another_phone_is_refused_even_with_the_tag(night: Table) -> None:
    hand = start(night, game="no-peek")
    link = link_of(hand, 0)
    phone = claimed_phone(link)
    tag = phone.get(seat_url(link, "seat_state"), **HX).headers["ETag"]
    assert phone.get(seat_url(link, "seat_state"), HTTP_IF_NONE_MATCH=tag, **HX).status_code == 304
    other = Client().get(seat_url(link, "seat_state"), HTTP_IF_NONE_MATCH=tag, **HX)
    assert other.status_code == 403
    assert "ETag" not in other.headers
    assert ELSEWHERE in other.content.decode()


def test_a_move_from_a_phone_that_did_not_claim_the_seat_changes_nothing(night: Table) -> None:
    hand = start(night)
    state = digital.hand_state(hand)
    link = link_of(hand, state.actor)
    move = a_legal_move(state, 0)
    # Before anyone opened the seat: a move needs the seat's page opened first.
    unopened = Client().post(seat_url(link, "seat_act"), move, **HX)
    assert unopened.status_code == 403
    assert "Open this seat on your phone first." in unopened.content.decode()
    claimed_phone(link)
    for other in (Client(), client_for(night.owner), client_for(night.cohost)):
        response = other.post(seat_url(link, "seat_act"), move, **HX)
        assert response.status_code == 403
        assert ELSEWHERE in response.content.decode()
    german = Client(HTTP_ACCEPT_LANGUAGE="de").post(seat_url(link, "seat_act"), move)
    assert german.status_code == 403
    assert ELSEWHERE_DE in german.content.decode()
    hand.refresh_from_db()
    assert hand.version == 0
    assert not HandAction.objects.exists()


# ---------------------------------------------------------------------- the host's page


def test_the_host_page_offers_an_unclaimed_link_and_hides_a_claimed_one(night: Table) -> None:
    hand = start(night)
    links = [link_of(hand, s) for s in range(3)]
    for user in (night.owner, night.cohost):
        page = night_page(client_for(user), night)
        assert all(link.token in page for link in links)
    claimed_phone(links[0])
    links[0].refresh_from_db()
    assert links[0].claimed_at is not None
    since = timezone.localtime(links[0].claimed_at).strftime("%H:%M")
    revoke = reverse("digital_revoke_link", args=[night.night.pk, links[0].pk])
    for user in (night.owner, night.cohost):
        for extra in ({}, HX):
            page = night_page(client_for(user), night, **extra)
            assert links[0].token not in page
            assert links[1].token in page
            assert links[2].token in page
            assert f"On a phone since {since}" in page
            # No button takes a claimed seat over (issue 22): only its player moves it.
            assert revoke not in page
            assert "Move to a new phone" not in page
    viewer = night_page(client_for(night.viewer), night)
    assert not any(link.token in viewer for link in links)
    host = night_page(client_for(night.owner), night)
    assert "the first phone that opens a link keeps the seat" in host
    assert "A player with a new phone opens the table link and taps “This is my seat”" in host
    german = night_page(client_for(night.owner), night, HTTP_ACCEPT_LANGUAGE="de")
    assert "das erste Handy, das einen Link öffnet, behält den Platz" in german
    assert f"Auf einem Handy seit {since}" in german
    assert "tippt auf „Das ist mein Platz“" in german


def test_the_host_cannot_give_a_claimed_seat_a_new_link(night: Table) -> None:
    """The old way to move a seat made a fresh link on the host's page: whoever opened
    it first got the seat, the host's own phone included. Now it is refused."""
    hand = start(night)
    old = link_of(hand, 0)
    phone = claimed_phone(old)
    revoke = reverse("digital_revoke_link", args=[night.night.pk, old.pk])
    for user, lang, message in (
        (night.owner, "en", "Anna's seat is on a phone: only Anna can move it"),
        (night.cohost, "de", "Der Platz von Anna ist auf einem Handy: nur Anna kann ihn"),
    ):
        response = client_for(user).post(revoke, HTTP_ACCEPT_LANGUAGE=lang, **HX)
        assert response.status_code == 409
        assert message in unescape(response.content.decode())
    old.refresh_from_db()
    assert not old.revoked
    assert SeatLink.objects.filter(seat=old.seat).count() == 1
    assert phone.get(seat_url(old, "seat_state"), **HX).status_code == 200


def test_a_link_nobody_opened_can_still_be_renewed(night: Table) -> None:
    hand = start(night)
    old = link_of(hand, 0)
    host = client_for(night.owner)
    assert (
        host.post(reverse("digital_revoke_link", args=[night.night.pk, old.pk])).status_code == 302
    )
    assert Client().get(seat_url(old)).status_code == 404
    new = link_of(hand, 0)
    assert new.token != old.token
    assert not new.device_hash
    assert new.token in night_page(host, night)
    new_phone = claimed_phone(new)
    assert new.token not in night_page(host, night)
    assert new_phone.get(seat_url(new, "seat_state"), **HX).status_code == 200


def test_of_two_claims_only_one_wins(night: Table) -> None:
    link = link_of(start(night), 0)
    twin = SeatLink.objects.get(pk=link.pk)
    assert seat_binding.claim(link, "a" * 64)
    assert not seat_binding.claim(twin, "b" * 64)  # it read the link before the first claim
    link.refresh_from_db()
    assert link.device_hash == "a" * 64


# ---------------------------------------------------------------------- nothing private leaks


def _faces(card: int) -> list[re.Pattern[str]]:
    """Every way a page could write the card: the faces the card_face filter prints
    (English 10♠ and the engine's T♠, German D♠ ...), the code (Qs) as an attribute's
    value, a tag's text or an image's name, and the Unicode playing-card character."""
    c = ALL_CARDS[card]
    faces = {
        c.format(symbols=True),
        c.format(symbols=True).replace("T", "10", 1),
        c.format(lang="de"),
    }
    patterns = [re.compile(rf"(?<![0-9A-Za-z]){re.escape(face)}") for face in faces]
    code = re.escape(str(c))
    # Not after a space: "extra cards for 4s" names a rank, not a card.
    patterns.append(re.compile(rf"[\"'>=(,]{code}(?:[\"'<,)]|\.(?:png|svg|webp))"))
    patterns.append(re.compile(rf"/{code}\.(?:png|svg|webp)", re.IGNORECASE))
    suit_base = (0x1F0A0, 0x1F0B0, 0x1F0C0, 0x1F0D0)[c.suit]
    value = c.rank + 2  # 2..14; the Unicode block has the ace first, a knight after the jack
    offset = 1 if value == 14 else value + (1 if value >= 12 else 0)
    patterns.append(re.compile(re.escape(chr(suit_base + offset))))
    return patterns


def _found(body: str, cards: set[int]) -> list[str]:
    return [
        f"{ALL_CARDS[c]} as {m.group(0)!r}"
        for c in sorted(cards)
        for p in _faces(c)
        if (m := p.search(body))
    ]


def _face_down(state: HandState, *, own: int | None) -> dict[int, set[int]]:
    """Each seat's face-down cards not shown down; a seat's own count as seen by it
    only where the game lets a player peek."""
    hidden: dict[int, set[int]] = {}
    for seat, held in enumerate(state.cards):
        if seat in state.shown or (seat == own and state.rules.peek):
            continue
        hidden[seat] = {card for card, up in held if not up}
    return hidden


def _seen_face_up(view: dict[str, Any]) -> set[int]:
    """What the view shows openly: a card that was face up before (a voided Rainy Day
    deal puts it back in the deck) may be a face-down card now and still be named."""
    codes = {c["card"] for p in view["players"] for c in p["cards"]} | set(view["table"])
    codes |= {e["card"] for e in view["log"] if e["card"]}
    return {int(parse_card(code)) for code in codes}


def _secrets(state: HandState, viewer: int | None) -> set[int]:
    view = seat_view(state, viewer) if viewer is not None else table_view(state)
    hidden = set().union(*_face_down(state, own=viewer).values()) if state.cards else set()
    return hidden - _seen_face_up(view)


def _assert_clean(body: bytes, secret: set[int], where: str) -> None:
    leaked = _found(body.decode(), secret)
    assert not leaked, f"{where}: {leaked}"


class Onlookers:
    """Everyone but a seat's own phone: the host, a co-host, a viewer, an outsider,
    an anonymous browser and a second phone that tries the same links."""

    def __init__(self, table: Table, lang: str) -> None:
        self.logged_in = {
            "host": client_for(table.owner),
            "co-host": client_for(table.cohost),
            "viewer": client_for(table.viewer),
            "outsider": client_for(table.outsider),
        }
        self.all = {**self.logged_in, "anonymous": Client(), "second phone": Client()}
        self.lang = {"HTTP_ACCEPT_LANGUAGE": lang}


def _check(
    hand: DigitalHand,
    links: list[SeatLink],
    phones: list[Client],
    onlookers: Onlookers,
    tags: dict[int, str],
) -> None:
    hand.refresh_from_db()
    state = digital.hand_state(hand)
    lang = onlookers.lang
    table_secret = _secrets(state, None)
    for seat, (link, phone) in enumerate(zip(links, phones, strict=True)):
        mine = _secrets(state, seat)
        page = phone.get(seat_url(link), **lang)
        assert page.status_code == 200
        _assert_clean(page.content, mine, f"seat {seat}'s own page")
        live = phone.get(seat_url(link, "seat_state"), **lang, **HX)
        _assert_clean(live.content, mine, f"seat {seat}'s own poll")
        tags[seat] = live.headers["ETag"]
        same = phone.get(seat_url(link, "seat_state"), HTTP_IF_NONE_MATCH=tags[seat], **lang, **HX)
        assert same.status_code == 304
        assert same.content == b""
        stale = {**a_legal_move(state, hand.version), "version": str(hand.version + 99)}
        refused = phone.post(seat_url(link, "seat_act"), stale, **lang, **HX)
        assert refused.status_code == 422
        _assert_clean(refused.content, mine, f"seat {seat}'s own refused move")
        # The detector is not blind: the seat's own peeked cards are on its page.
        own = {card for card, up in state.cards[seat] if not up} if state.rules.peek else set()
        if own and seat not in state.shown:
            assert _found(page.content.decode(), own), f"seat {seat}'s page hides its cards"
        for who, other in onlookers.all.items():
            where = f"{who} at seat {seat}"
            responses = [
                other.get(seat_url(link), **lang),
                other.get(seat_url(link), **lang, **HX),
                other.get(seat_url(link, "seat_state"), **lang, **HX),
                other.get(
                    seat_url(link, "seat_state"), HTTP_IF_NONE_MATCH=tags[seat], **lang, **HX
                ),
                other.post(seat_url(link, "seat_act"), a_legal_move(state, hand.version), **lang),
                other.post(seat_url(link, "seat_act"), a_legal_move(state, hand.version), **HX),
            ]
            for response in responses:
                _assert_clean(response.content, table_secret, where)
                assert response.status_code == 403, where
    for who, other in onlookers.all.items():
        for name in ("digital_table", "digital_table_state"):
            response = other.get(reverse(name, args=[hand.night_id, hand.pk]), **lang)
            _assert_clean(response.content, table_secret, f"{who}: {name}")
            tag = response.headers.get("ETag")
            if tag:
                again = other.get(
                    reverse(name, args=[hand.night_id, hand.pk]), HTTP_IF_NONE_MATCH=tag, **lang
                )
                _assert_clean(again.content, table_secret, f"{who}: {name} again")
        for extra in ({}, HX):
            response = other.get(reverse("night_detail", args=[hand.night_id]), **lang, **extra)
            body = response.content.decode()
            _assert_clean(response.content, table_secret, f"{who}: night page")
            assert not any(link.token in body for link in links), f"{who}: a claimed link"
    assert HandAction.objects.filter(hand=hand).count() == hand.version


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_one_but_the_seat_s_own_phone_sees_its_face_down_cards(night: Table, game: str) -> None:
    rng = random.Random(sum(map(ord, game)) + 7)
    lang = ("en", "de")[len(game) % 2]
    hand = start(night, game=game, key=game)
    links = [link_of(hand, s) for s in range(len(hand.seat_ids))]
    phones = [claimed_phone(link) for link in links]
    onlookers = Onlookers(night, lang)
    tags: dict[int, str] = {}
    # Each check is some 200 requests against one move's one: every 5th move in
    # CI, every 50th in `make test` (the deal and the end always).
    every = spacing(5)
    for step in range(400):
        if step % every == 0:
            _check(hand, links, phones, onlookers, tags)
        if hand.status != HandStatus.RUNNING:
            break
        state = digital.hand_state(hand)
        data = random_move(state, rng)
        data.update(hand=str(hand.pk), version=str(hand.version), key=f"{game}-{step}")
        response = phones[state.actor].post(seat_url(links[state.actor], "seat_act"), data)
        assert response.status_code == 302, response.content.decode()[:2000]
        hand.refresh_from_db()
    else:
        raise AssertionError("the hand did not end")
    _check(hand, links, phones, onlookers, tags)
    assert hand.status == HandStatus.FINISHED
    assert_ledger_consistent(night.group)


@pytest.mark.postgres
def test_phones_opening_a_link_at_once_on_postgres_one_gets_the_seat(on_postgres: None) -> None:
    table = make_table()
    table.night.allowed_games = ["seven-card-stud"]
    table.night.save()
    link = link_of(start(table), 0)
    phones = [Client() for _ in range(6)]
    results = run_together([lambda p=p: p.get(seat_url(link)).status_code for p in phones])
    assert sorted(results) == [200] + [403] * 5, results
    holder = phones[results.index(200)]
    assert holder.get(seat_url(link, "seat_state"), **HX).status_code == 200
    link.refresh_from_db()
    assert link.device_hash
