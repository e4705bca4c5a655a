"""What the event streams push (issue 25): each screen's new live part, and only its own.

In-process, against the hub's round (gamenight/live/screens.py) that the
streams of a web process run after each announced change; the streams
themselves are tested over HTTP under `make run` (tests/web/test_live_events.py).
Written against a seat's own phone, another phone, a phone that lost its seat
to a new one, and the TV.
"""

from __future__ import annotations

import asyncio
from html import unescape
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import translation
from ledger_helpers import Table
from seat_phones import link_of, phone, post_move, seat_url, start

from engine.games import ActionName
from gamenight.engine_words.cards import card_text
from gamenight.live import hub as hub_module
from gamenight.live import publish
from gamenight.live.screens import (
    GONE,
    Push,
    SeatScreen,
    TableScreen,
    TvScreen,
    bring_up_to_date,
)
from gamenight.models import DigitalHand, SeatLink
from gamenight.services import digital, seat_binding, seat_moves
from gamenight.services.table_links import live_table_link

HX = {"HTTP_HX_REQUEST": "true"}
# The moves tried first: a fold ends the hand soonest; a bring-in is the forced first move.
CALM = (ActionName.FOLD, ActionName.BRING_IN, ActionName.CHECK, ActionName.CALL)


def screen_of(link: SeatLink, language: str = "en") -> SeatScreen:
    link.refresh_from_db()
    return SeatScreen(
        token=link.token, device_hash=link.device_hash, language=language, csrf_token="t" * 64
    )


def fold_first(hand: DigitalHand, key: str) -> Any:
    hand.refresh_from_db()
    state = digital.hand_state(hand)
    link = link_of(hand, state.actor)
    legal = {a.kind: a for a in state.legal_actions()}
    chosen = next(legal[k] for k in (*CALM, *legal) if k in legal)
    data = {"action": chosen.kind.value, "version": str(hand.version), "key": key}
    if chosen.min_amount is not None:
        data["amount"] = str(chosen.min_amount)
    return post_move(phone(link), link, data)


def test_a_move_that_ends_the_hand_is_announced_once(
    table: Table, django_capture_on_commit_callbacks: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 24: the action, the hand's booking and the deal's end are one announcement."""
    hand = start(table)
    for seat in range(len(hand.seat_ids)):
        phone(link_of(hand, seat))
    announced: list[int] = []
    monkeypatch.setattr(publish, "announce", announced.append)
    moves = 0
    while hand.status == "running":
        announced.clear()
        # What the last commit did (the test's own transaction never commits).
        connection.run_on_commit.clear()
        with django_capture_on_commit_callbacks(execute=True):
            assert fold_first(hand, f"k{moves}").status_code == 302
        hand.refresh_from_db()
        assert announced == [table.night.pk], (moves, hand.status)
        moves += 1
    assert moves >= 2


def test_each_seat_is_pushed_its_own_part_as_its_fetch_renders_it(table: Table) -> None:
    hand = start(table)
    links = [link_of(hand, seat) for seat in range(len(hand.seat_ids))]
    for link in links:
        phone(link)
    screens = {screen_of(link): "" for link in links}
    pushes = bring_up_to_date(screens)
    assert set(pushes) == set(screens)
    for link in links:
        pushed = pushes[screen_of(link)]
        fetched = phone(link).get(seat_url(link, "seat_state"), **HX)
        assert pushed.kind == "live"
        assert pushed.tag == fetched.headers["ETag"]
        # The same part: the same cards, names and chips (request keys differ).
        assert _cards(pushed.html) == _cards(fetched.content.decode())
        assert pushed.html.count('name="key"') == fetched.content.decode().count('name="key"')
        # The forms carry this phone's own CSRF token, as the page's do.
        if 'name="key"' in pushed.html:
            assert 'name="csrfmiddlewaretoken" value="' + "t" * 64 in pushed.html


def test_one_round_gives_each_seat_its_own_face_down_cards_and_no_other_seats(
    table: Table,
) -> None:
    """The players' rows and the last moves are rendered once a round for every screen
    that shows them alike (gamenight/pages/fragments.py): each phone, English or German,
    still gets its own face-down cards and none of another seat's."""
    hand = start(table)
    links = [link_of(hand, seat) for seat in range(len(hand.seat_ids))]
    for link in links:
        phone(link)
    for move in range(3):
        hand.refresh_from_db()
        state = digital.hand_state(hand)
        down = [{c for c, up in state.cards[seat] if not up} for seat in range(len(links))]
        assert all(down)
        screens = {screen_of(link, ("en", "de")[seat % 2]): "" for seat, link in enumerate(links)}
        pushes = bring_up_to_date(screens)
        for seat, screen in enumerate(screens):
            with translation.override(screen.language):
                own = {card_text(c) for c in down[seat]}
                others = {card_text(c) for s, cards in enumerate(down) if s != seat for c in cards}
            shown = set(_cards(pushes[screen].html))
            assert own <= shown, (move, seat)
            assert not others & shown, (move, seat, others & shown)
        assert fold_first(hand, f"round{move}").status_code == 302


def test_a_screen_that_shows_the_current_state_is_sent_nothing(table: Table) -> None:
    hand = start(table)
    link = link_of(hand, 0)
    phone(link)
    tag = phone(link).get(seat_url(link, "seat_state"), **HX).headers["ETag"]
    assert bring_up_to_date({screen_of(link): tag}) == {}
    # Until the hand moves: then the new part.
    assert fold_first(hand, "m1").status_code == 302
    pushed = bring_up_to_date({screen_of(link): tag})[screen_of(link)]
    assert pushed.kind == "live"
    assert pushed.tag != tag


def test_a_german_phone_is_pushed_its_part_in_german(table: Table) -> None:
    hand = start(table)
    link = link_of(hand, 0)
    phone(link)
    pushed = bring_up_to_date({screen_of(link, "de"): ""})[screen_of(link, "de")]
    assert "Deine Karten" in unescape(pushed.html)
    assert pushed.tag.endswith('-de"')


def test_another_phone_is_pushed_nothing_of_the_seat(table: Table) -> None:
    hand = start(table)
    link = link_of(hand, 0)
    phone(link)
    stranger = SeatScreen(
        token=link.token,
        device_hash=seat_binding.secret_hash("not-the-phone"),
        language="en",
        csrf_token="",
    )
    assert bring_up_to_date({stranger: ""}) == {stranger: GONE}


def test_a_phone_that_lost_its_seat_is_told_gone_and_sent_no_more(table: Table) -> None:
    hand = start(table)
    link = link_of(hand, 0)
    phone(link)
    old = screen_of(link)
    assert bring_up_to_date({old: ""})[old].kind == "live"
    new_phone = Client()
    assert (
        new_phone.post(
            reverse("seat_request_ask", args=[live_table_link(table.night).token]),
            {"seat": str(link.seat_id)},
        ).status_code
        == 302
    )
    move = seat_moves.night_moves(table.night)[0][0]
    seat_moves.approve_move(night_id=table.night.pk, by=table.owner, move_id=move.pk)
    assert bring_up_to_date({old: ""}) == {old: GONE}
    # The seat's new link is another screen: the old phone's stream cannot name it.
    new_link = link_of(hand, 0)
    assert new_link.token != old.token


def test_the_tv_and_the_members_table_are_pushed_the_table_view(table: Table) -> None:
    hand = start(table)
    tv = TvScreen(token=live_table_link(table.night).token, language="en")
    member = TableScreen(night_id=table.night.pk, hand_id=hand.pk, language="en")
    pushes = bring_up_to_date({tv: "", member: ""})
    assert pushes[tv].kind == pushes[member].kind == "live"
    fetched = Client().get(reverse("tv_state", args=[tv.token]), **HX)
    assert pushes[tv].tag == fetched.headers["ETag"]
    assert _cards(pushes[tv].html) == _cards(fetched.content.decode())
    # The member's page shows one hand: once the next is dealt, it fetches and follows.
    digital.abandon_hand(night_id=table.night.pk, hand_id=hand.pk, by=table.owner, key="stop")
    start(table, key="next")
    assert bring_up_to_date({member: pushes[member].tag})[member].kind == "changed"


def _cards(html: str) -> list[str]:
    import re

    return re.findall(r'<span class="pcard[^"]*">([^<]*)</span>', unescape(html))


class _SlowLayer:
    """A channel layer whose calls take a turn of the event loop, as Redis's do."""

    def __init__(self) -> None:
        self.made: list[str] = []
        self.added: dict[str, str] = {}
        self.read: list[str] = []

    async def new_channel(self) -> str:
        await asyncio.sleep(0.01)
        self.made.append(f"channel-{len(self.made)}")
        return self.made[-1]

    async def group_add(self, group: str, channel: str) -> None:
        await asyncio.sleep(0)
        self.added[group] = channel

    async def receive(self, channel: str) -> dict[str, Any]:
        self.read.append(channel)
        await asyncio.Event().wait()  # nothing comes
        raise AssertionError("unreachable")


def test_the_first_streams_of_a_process_joining_at_once_share_one_listened_channel(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Phones arriving together at a fresh server: every night's announcements must
    reach the channel the hub reads (two channels made by racing joins lost the
    first's nights under Redis: a move reached 2 of 7 screens)."""

    async def no_render(screens: Any) -> dict[Any, Any]:
        return {}

    monkeypatch.setattr(hub_module, "render", no_render)

    async def arrive() -> _SlowLayer:
        hub = hub_module.Hub()
        layer = hub.layer = _SlowLayer()
        await asyncio.gather(
            *(
                hub.join(hub_module.Listener(night, TvScreen(token=f"t{night}", language="en")))
                for night in range(1, 6)
            )
        )
        await asyncio.sleep(0)  # the reader starts
        if hub._reader is not None:
            hub._reader.cancel()
        return layer

    layer = asyncio.run(arrive())
    assert len(layer.made) == 1
    assert set(layer.added.values()) == set(layer.read) == {layer.made[0]}


def test_a_round_after_a_move_is_not_undone_by_the_slower_first_render_of_a_reconnect(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A phone reconnects as its queued move lands: the stream's first render read the
    hand before the move, the move's round after it, and the round finished first.
    The page must end with the part after the move (it once got the older one last)."""
    tv = TvScreen(token="t", language="en")
    before, after = Push("live", tag="before"), Push("live", tag="after")
    first_render_may_end = asyncio.Event()
    calls: list[str] = []

    async def render(screens: Any) -> dict[Any, Push]:
        calls.append("render")
        if len(calls) == 1:  # the reconnect's own render: slow, and from before the move
            await first_render_may_end.wait()
            return {tv: before}
        return {tv: after}

    monkeypatch.setattr(hub_module, "render", render)

    async def reconnect() -> list[str]:
        hub = hub_module.Hub()
        hub.layer = _SlowLayer()
        listener = hub_module.Listener(7, tv, seen="older")
        joining = asyncio.create_task(hub.join(listener))
        while not calls:
            await asyncio.sleep(0)
        hub.changed(7)  # the move's announcement
        while listener.queue.empty():
            await asyncio.sleep(0)
        first_render_may_end.set()
        await joining
        if hub._reader is not None:
            hub._reader.cancel()
        return [listener.queue.get_nowait().tag for _ in range(listener.queue.qsize())]

    assert asyncio.run(reconnect()) == ["after"]
