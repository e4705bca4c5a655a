"""Digital hands at a real table: three phones, one TV, the host's panel, the ledger.

Anna, Ben and Carla (100 chips each, ante 1, spread limit 1 to 5) sit at a
running night; the host deals from the night page's panel, each player taps
on their own phone (390x844) opened from their seat link, and a TV-sized page
shows the table, updated by its poller (never reloaded within a hand).

The app shuffles with the system's random source; here the hands are dealt
from decks chosen in the test: the service's ``start_hand`` takes a ``deck``
for tests (the views never pass one), and the test wraps it so the host's tap
deals the next deck of the queue. Each deck is found by playing the hand with
the engine in-process (same players, stacks, dealer, options and carry as the
service) under a fixed plan until the hand has what the test needs:

(a) No-Peek Baseball with a walk (a flipped 4 brings an extra card) and a
    betting round (a bet of 2, a call, a fold);
(b) Baseball with a pay-the-pot decision on a face-up 3 (paid), then a bet that
    the others fold to;
(c) three deals of Guts carrying the pot: all in, all in, then one alone takes
    the pot, which leaves the middle empty so the night can close.

The phones replay that plan through their big buttons. After every tap, no
phone's page contains a face-down card of another seat (nor, in No Peek, its
own). At the end the night page's stacks and the season's standings show the
pinned chips.
"""

from __future__ import annotations

import datetime
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from browser_steps import (
    deal_on_the_phones,
    fits_phone,
    log_in,
    night_pots,
    seat_links,
    stacks,
    tap,
)
from playwright.sync_api import expect

from engine.cards import ALL_CARDS, FOUR, THREE, Deck
from engine.games import ActionName, HandState, make_rules
from engine.games.events import EventKind
from gamenight.models import DigitalHand, HandStatus, Night
from gamenight.services import digital as digital_service
from gamenight.services.digital_booking import carry_accounts, carry_in_hand
from gamenight.services.table import seated_table

NAMES = ("Anna", "Ben", "Carla")
TV = {"width": 1280, "height": 720}
SEEDS = 4000


# ---------------------------------------------------------------- the night


@dataclass(frozen=True)
class DigitalNight:
    night: Any
    host: Any


@pytest.fixture
def digital_night(live_db: None) -> DigitalNight:
    """Anna, Ben and Carla at a running night of a season (made by the services)."""
    from django.contrib.auth.models import User

    from gamenight import services

    host = User.objects.create_user(username="host", password="felt-table-4-chips")
    group = services.create_group(name="Friday Felt", host=host)
    season = services.create_season(
        group_id=group.pk, by=host, name="Spring", starts_on=datetime.date(2025, 3, 1)
    )
    players = [services.add_player(group_id=group.pk, by=host, name=n) for n in NAMES]
    night = services.create_night(
        group_id=group.pk,
        by=host,
        date=datetime.date(2025, 3, 14),
        season_id=season.pk,
        allowed_games=["no-peek-baseball", "baseball", "guts"],
        starting_stack=100,
    )
    services.start_night(night_id=night.pk, by=host, key="start", players=[p.pk for p in players])
    night.refresh_from_db()
    return DigitalNight(night=night, host=host)


@pytest.fixture
def stacked_decks(monkeypatch: pytest.MonkeyPatch) -> list[Deck]:
    """Decks the next hands are dealt from, first in first out (else a shuffled one)."""
    decks: list[Deck] = []
    real = digital_service.start_hand

    def start_hand(**kwargs: Any) -> DigitalHand:
        return real(**kwargs, deck=decks.pop(0) if decks else None)

    monkeypatch.setattr(digital_service, "start_hand", start_hand)
    return decks


# ---------------------------------------------------------------- planning a hand

Move = tuple[int, ActionName, int | None]
Policy = Callable[[HandState, dict[str, Any]], tuple[ActionName, int | None]]


def _engine_start(night: Night, game: str, deck: Deck) -> HandState:
    """The hand the service would deal from ``deck`` now (as ``digital._start`` builds it)."""
    accounts = carry_accounts(night, game)
    table = seated_table(night, extra=list(accounts.values()))
    in_hand = [s for s in table.seats if s.stack > 0]
    positions = [s.position for s in in_hand]
    before = [i for i, p in enumerate(positions) if p <= table.dealer_position]
    limit, raise_cap = digital_service.night_limit(night)
    return HandState.start(
        make_rules(game, digital_service.game_settings(night, game)),
        names=[s.name for s in in_hand],
        stacks=[s.stack for s in in_hand],
        dealer=before[-1] if before else len(positions) - 1,
        deck=deck,
        ante=night.ante,
        limit=limit,
        raise_cap=raise_cap,
        carry=carry_in_hand(night, game, accounts, [s.seat for s in in_hand]),
    )


def _play(state: HandState, policy: Policy) -> list[Move]:
    memo: dict[str, Any] = {}
    moves: list[Move] = []
    while not state.is_over:
        seat = state.actor
        assert seat is not None
        action, amount = policy(state, memo)
        moves.append((seat, action, amount))
        state.act(seat=seat, action=action, **({"amount": amount} if amount else {}))
    return moves


@dataclass(frozen=True)
class Plan:
    seed: int
    moves: list[Move]
    state: HandState

    def deck(self) -> Deck:
        return Deck(random.Random(self.seed))


def plan(
    night: Night,
    game: str,
    policy: Policy,
    wanted: Callable[[HandState, list[Move]], bool],
    *,
    most_moves: int,
) -> Plan:
    """The first deck (by seed) on which ``policy`` plays a hand that has what is wanted."""
    night = Night.objects.get(pk=night.pk)
    for seed in range(SEEDS):
        state = _engine_start(night, game, Deck(random.Random(seed)))
        moves = _play(state, policy)
        if len(moves) <= most_moves and wanted(state, moves):
            return Plan(seed=seed, moves=moves, state=state)
    raise AssertionError(f"no deck among {SEEDS} gives the {game} hand the test needs")


def _kinds(state: HandState) -> set[ActionName]:
    return {a.kind for a in state.legal_actions()}


def no_peek_policy(state: HandState, memo: dict[str, Any]) -> tuple[ActionName, int | None]:
    """Flip; the first bet of the hand is 2, called once and then folded to; else check."""
    kinds = _kinds(state)
    if ActionName.FLIP in kinds:
        return ActionName.FLIP, None
    if ActionName.BET in kinds and not memo.get("bet"):
        memo["bet"] = True
        return ActionName.BET, 2
    if ActionName.CALL in kinds:
        memo["facing"] = memo.get("facing", 0) + 1
        return (ActionName.CALL if memo["facing"] == 1 else ActionName.FOLD), None
    return ActionName.CHECK, None


def baseball_policy(state: HandState, memo: dict[str, Any]) -> tuple[ActionName, int | None]:
    """Check until a 3 comes up and is paid for; then a bet of 1 that everyone folds to."""
    kinds = _kinds(state)
    if ActionName.PAY_POT in kinds:
        memo["paid"] = True
        return ActionName.PAY_POT, None
    if ActionName.CALL in kinds:
        return ActionName.FOLD, None
    if memo.get("paid") and ActionName.BET in kinds:
        return ActionName.BET, 1
    return ActionName.CHECK, None


def guts_policy(ins: set[int] | None) -> Policy:
    """Everyone in (``ins`` None), or only the given engine seats."""

    def policy(state: HandState, memo: dict[str, Any]) -> tuple[ActionName, int | None]:
        inside = ins is None or state.actor in ins
        return (ActionName.DECLARE_IN if inside else ActionName.DECLARE_OUT), None

    return policy


def walked(state: HandState, moves: list[Move]) -> bool:
    """A flipped 4 brought its flipper an extra card, and there was a bet, a call and a fold."""
    history = state.history
    walk = any(
        e.kind is EventKind.FLIP
        and ALL_CARDS[e.card].rank == FOUR
        and i + 1 < len(history)
        and history[i + 1].kind is EventKind.DEAL
        and history[i + 1].seat == e.seat
        for i, e in enumerate(history)
    )
    done = {a for _s, a, _n in moves}
    return walk and {ActionName.BET, ActionName.CALL, ActionName.FOLD} <= done


def paid_the_pot(state: HandState, moves: list[Move]) -> bool:
    return any(a is ActionName.PAY_POT for _s, a, _n in moves) and any(
        e.kind is EventKind.DEAL and e.face_up and ALL_CARDS[e.card].rank == THREE
        for e in state.history
    )


# ---------------------------------------------------------------- the screens


def card_face(code: int) -> str:
    """A card as the English pages print it (the ``card_face`` filter)."""
    return ALL_CARDS[code].format(symbols=True).replace("T", "10", 1)


def secrets_of(hand: DigitalHand, viewer: int) -> set[str]:
    """The cards a seat's phone must not show: others' face-down cards not shown down
    (and in No Peek its own too)."""
    hand.refresh_from_db()
    state = digital_service.hand_state(hand)
    hidden = set()
    for seat in range(state.seat_count):
        if seat in state.shown or (seat == viewer and state.rules.peek):
            continue
        hidden |= {card_face(card) for card, up in state.cards[seat] if not up}
    return hidden


def check_no_leak(phones: list[Any]) -> None:
    """No phone shows a card that is face down (to it) in the hand the phone shows.

    The page is read first: a card only ever turns up, so what is secret after is
    secret before. The hand is the one in the page's poll tag (a phone may still
    show the last hand, whose shown cards are in the new deck again).
    """
    for seat, phone in enumerate(phones):
        html = phone.content()
        shown = re.search(r"-h-(\d+)-v-\d+-", html)
        if shown is None:
            continue
        hand = DigitalHand.objects.get(pk=int(shown.group(1)))
        leaked = sorted(card for card in secrets_of(hand, seat) if card in html)
        assert not leaked, f"{NAMES[seat]}'s phone shows face-down cards {leaked}"


def play_on_phones(
    phones: list[Any], hand: DigitalHand, moves: list[Move], *, each: Callable[[int], None]
) -> None:
    for version, (seat, action, amount) in enumerate(moves):
        tap(phones[seat], action.value, version=version, amount=amount)
        check_no_leak(phones)
        each(version)


def open_table(tv: Any) -> None:
    """The host's panel → the hand's TV page; a mark that a reload would wipe."""
    tv.locator("#digital").get_by_role("link", name="Table view (TV)").click()
    expect(tv.locator("#live.tv")).to_be_visible()
    tv.evaluate("window.stillTheSamePage = true")


def not_reloaded(tv: Any) -> None:
    assert tv.evaluate("window.stillTheSamePage === true"), "the table page was reloaded"


def night_page(tv: Any, night: Night) -> None:
    tv.goto(f"/nights/{night.pk}/")
    expect(tv.get_by_role("heading", name="Table")).to_be_visible()


# ---------------------------------------------------------------- the evening

# The chips, pinned: the stacks after each hand, the Guts pot each deal leaves.
AFTER_NO_PEEK = {"Anna": 99, "Ben": 97, "Carla": 104}
AFTER_BASEBALL = {"Anna": 98, "Ben": 96, "Carla": 106}
GUTS_POTS = [6, 12, 0]
AFTER_GUTS = {"Anna": 100, "Ben": 98, "Carla": 102}
NETS = {"Anna": 0, "Ben": -2, "Carla": 2}


def _just_walked(hand: DigitalHand) -> int | None:
    """The seat whose flip of a 4 just brought an extra card (the hand's last two events)."""
    hand.refresh_from_db()
    history = digital_service.hand_state(hand).history
    if len(history) < 2:
        return None
    flip, extra = history[-2], history[-1]
    if (
        flip.kind is EventKind.FLIP
        and ALL_CARDS[flip.card].rank == FOUR
        and extra.kind is EventKind.DEAL
        and extra.seat == flip.seat
    ):
        return flip.seat
    return None


def test_three_phones_and_a_tv_play_digital_hands(
    open_phone: Any, digital_night: DigitalNight, stacked_decks: list[Deck], live_server: Any
) -> None:
    night, host = digital_night.night, digital_night.host
    tv = open_phone()
    tv.set_viewport_size(TV)
    log_in(tv, host, live_server.url)
    night_page(tv, night)

    # ---- (a) No-Peek Baseball: a walk and a betting round.
    a = plan(night, "no-peek-baseball", no_peek_policy, walked, most_moves=16)
    stacked_decks.append(a.deck())
    deal_on_the_phones(tv, "No-Peek Baseball")
    links = seat_links(tv)
    assert sorted(links) == sorted(NAMES)
    phones = []
    for name in NAMES:
        phone = open_phone()
        phone.goto(links[name])
        expect(phone.get_by_text(f"Seat of {name}")).to_be_visible()
        fits_phone(phone)
        phones.append(phone)
    hand = DigitalHand.objects.get(night=night, status=HandStatus.RUNNING)
    seats = night.seats.filter(seated=True).order_by("position")
    assert hand.seat_ids == [s.pk for s in seats]  # engine seats: Anna, Ben, Carla
    open_table(tv)
    check_no_leak(phones)
    walks = []

    def after_no_peek_move(version: int) -> None:
        _seat, action, amount = a.moves[version]
        if action is ActionName.BET:
            # The table sees the bet by polling: the bet to match.
            expect(tv.locator("#live .tv-bet")).to_contain_text(f"bet to match {amount}")
        walker = _just_walked(hand)
        if walker is not None:
            # The walk on the TV: the flipped 4 face up in the walker's seat.
            four = card_face(digital_service.hand_state(hand).history[-2].card)
            row = tv.locator(f"#live .tv-seat.tv-p{walker}")
            expect(row).to_contain_text(NAMES[walker])
            expect(row.locator(".pcard", has_text=four)).to_be_visible()
            walks.append(walker)

    play_on_phones(phones, hand, a.moves, each=after_no_peek_move)
    assert walks, "no walk was seen on the table"
    expect(tv.locator("#live")).to_contain_text("The hand is over.")
    not_reloaded(tv)
    for name, phone in zip(NAMES, phones, strict=True):
        expect(phone.locator(".dme")).to_contain_text(f"{AFTER_NO_PEEK[name]} chips behind")
    night_page(tv, night)
    assert stacks(tv) == AFTER_NO_PEEK == dict(zip(NAMES, a.state.stacks, strict=True))

    # ---- (b) Baseball: a face-up 3, paid for.
    b = plan(night, "baseball", baseball_policy, paid_the_pot, most_moves=12)
    stacked_decks.append(b.deck())
    deal_on_the_phones(tv, "Baseball")
    hand = DigitalHand.objects.get(night=night, status=HandStatus.RUNNING)
    open_table(tv)
    paid = [(v, s) for v, (s, act, _n) in enumerate(b.moves) if act is ActionName.PAY_POT]

    def after_baseball_move(version: int) -> None:
        for pay_version, payer in paid:
            if version == pay_version:
                expect(tv.locator("#live .tv-banner")).to_contain_text(
                    f"{NAMES[payer]} pays the pot"
                )

    for pay_version, payer in paid:
        # The payer's phone offers the decision as two big buttons.
        if pay_version == 0:
            decision = phones[payer].locator("form.daction button[type=submit]")
            expect(decision).to_have_text([re.compile("^Pay the pot"), "Fold"])
    play_on_phones(phones, hand, b.moves, each=after_baseball_move)
    expect(tv.locator("#live")).to_contain_text("The hand is over.")
    not_reloaded(tv)
    night_page(tv, night)
    assert stacks(tv) == AFTER_BASEBALL == dict(zip(NAMES, b.state.stacks, strict=True))

    # ---- (c) Guts: three deals carrying the pot; Ben alone in takes it at the end.
    for number, ins in enumerate((None, None, {1})):
        c = plan(night, "guts", guts_policy(ins), lambda _s, _m: True, most_moves=3)
        stacked_decks.append(c.deck())
        deal_on_the_phones(tv, "Guts")
        hand = DigitalHand.objects.get(night=night, status=HandStatus.RUNNING)
        open_table(tv)
        play_on_phones(phones, hand, c.moves, each=lambda _v: None)
        expect(tv.locator("#live")).to_contain_text("The hand is over.")
        not_reloaded(tv)
        assert c.state.carry_out["pot"] == GUTS_POTS[number]
        night_page(tv, night)
        pot = GUTS_POTS[number]
        assert night_pots(tv) == ({"Guts pot": pot} if pot else {}), f"deal {number + 1}"
        assert stacks(tv) == dict(zip(NAMES, c.state.stacks, strict=True)), f"deal {number + 1}"
    assert stacks(tv) == AFTER_GUTS

    # ---- The night closes; the standings show each player's net.
    tv.get_by_role("button", name="End the night", exact=True).click()
    tv.get_by_role("button", name="Yes, end the night").click()
    expect(tv.get_by_text("The night is over.")).to_be_visible()
    tv.goto(f"/groups/{night.group_id}/seasons/{night.season_id}/standings/")
    expect(tv.get_by_role("heading", name="Standings: Spring")).to_be_visible()
    rows = tv.locator("#standings-table tbody tr")
    nets = {
        row.locator("td.name a").inner_text(): int(row.locator("td.net").inner_text())
        for row in rows.all()
    }
    assert nets == NETS
