"""A finished digital hand replayed move by move, and its JSON and PHH downloads.

The leak tests walk every step of a replay (and the downloads) and look for
the face-down cards the table never saw: those of the players who did not show
at the showdown (folded or not) and every draw's discards.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from django.urls import reverse
from helpers.clients import client_for
from ledger_helpers import Table
from pokerkit import HandHistory

from engine.betting import FixedLimit, Limit, PotLimit
from engine.cards import ALL_CARDS, Deck
from engine.games import GAMES, ActionName, EventKind, HandState
from gamenight.models import DigitalHand, HandAction
from gamenight.services import digital

# Games the web deals whose random play finishes quickly.
GAMES_WALKED = ("seven-card-stud", "texas-holdem", "omaha", "five-card-draw", "baseball", "no-peek")


@pytest.fixture
def night(table: Table) -> Table:
    table.night.allowed_games = list(GAMES)
    table.night.save()
    return table


def play(table: Table, game: str, seed: int, *, fold_first: bool = True) -> DigitalHand:
    """Deal ``game`` from a deck shuffled by ``seed`` and play it to its end at random;
    the first player to act folds where they may, so a hand has a folded player."""
    hand = digital.start_hand(
        night_id=table.night.pk,
        by=table.owner,
        key=f"start-{game}-{seed}",
        game=game,
        deck=Deck(random.Random(seed)),
    )
    rng = random.Random(seed)
    for step in range(400):
        hand.refresh_from_db()
        state = digital.hand_state(hand)
        if state.is_over:
            return hand
        seat = state.actor
        assert seat is not None
        move = _random_move(state, rng, fold=fold_first and step == 0)
        digital.act(
            hand_id=hand.pk, seat=seat, move=move, version=hand.version, key=f"m{step}", by=None
        )
    raise AssertionError("the hand did not end")


def _random_move(state: HandState, rng: random.Random, *, fold: bool) -> digital.Move:
    seat = state.actor
    assert seat is not None
    legal = state.legal_actions()
    kinds = [a.kind for a in legal]
    if fold and ActionName.FOLD in kinds:
        return digital.Move(action=ActionName.FOLD)
    choice = rng.choice(legal)
    if choice.kind is ActionName.DRAW:
        held = [card for card, _ in state.cards[seat]]
        picked = rng.sample(held, rng.randint(0, min(3, len(held))))
        if not state.can(ActionName.DRAW, seat=seat, cards=picked):
            picked = []
        return digital.Move(action=choice.kind, cards=tuple(picked))
    if choice.min_amount is not None and choice.max_amount is not None:
        return digital.Move(
            action=choice.kind, amount=rng.randint(choice.min_amount, choice.max_amount)
        )
    return digital.Move(action=choice.kind, game=choice.game)


def hidden_faces(hand: DigitalHand) -> set[str]:
    """Every face-down card the table never saw, as the pages write it (and as a code)."""
    state = digital.hand_state(hand)
    hidden: set[int] = set()
    for seat in range(state.seat_count):
        if seat not in state.shown:
            hidden |= {card for card, up in state.cards[seat] if not up}
    for action in HandAction.objects.filter(hand=hand, action="draw"):
        hidden |= {int(c) for c in action.cards}
    faces = set()
    for code in hidden:
        card = ALL_CARDS[code]
        faces.add(card.format(symbols=True).replace("T", "10", 1))
        faces.add(f'"{card}"')
    return faces


def replay_url(hand: DigitalHand, name: str = "digital_replay") -> str:
    return reverse(name, args=[hand.night_id, hand.pk])


@pytest.mark.parametrize("game", GAMES_WALKED)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_step_of_a_replay_shows_no_hidden_card(night: Table, game: str, seed: int) -> None:
    hand = play(night, game, seed)
    secrets = hidden_faces(hand)
    client = client_for(night.viewer)
    first = client.get(replay_url(hand))
    assert first.status_code == 200
    steps = HandAction.objects.filter(hand=hand).count()
    assert f"Move 0 of {steps}" in first.content.decode()
    for step in range(steps + 1):
        page = client.get(replay_url(hand), {"step": step})
        html = page.content.decode()
        assert page.status_code == 200
        assert f"Move {step} of {steps}" in html
        leaked = [face for face in secrets if face in html]
        assert not leaked, f"step {step} shows {leaked}"
    download = client.get(replay_url(hand, "digital_replay_json"))
    assert download.status_code == 200
    text = download.content.decode()
    assert not [face for face in secrets if face in text]
    data = json.loads(text)
    assert data["game"] == game
    assert len(data["moves"]) == steps
    assert data["results"]["end_stacks"] == digital.hand_state(hand).stacks


def test_a_folded_players_cards_appear_in_no_step(night: Table) -> None:
    """Checked on its own: the first player folded, and their hole cards are never shown."""
    hand = play(night, "texas-holdem", 3)
    state = digital.hand_state(hand)
    folded = [seat for seat in range(state.seat_count) if state.folded[seat]]
    assert folded
    faces = [
        ALL_CARDS[card].format(symbols=True).replace("T", "10", 1)
        for seat in folded
        for card, _ in state.cards[seat]
    ]
    client = client_for(night.viewer)
    for step in range(HandAction.objects.filter(hand=hand).count() + 1):
        html = client.get(replay_url(hand), {"step": step}).content.decode()
        assert not [face for face in faces if face in html]


def test_the_last_step_shows_the_showdown(night: Table) -> None:
    for seed in range(1, 30):
        hand = play(night, "seven-card-stud", seed, fold_first=False)
        state = digital.hand_state(hand)
        if len(state.shown) >= 2:
            break
    else:
        raise AssertionError("no seed reached a showdown")
    steps = HandAction.objects.filter(hand=hand).count()
    html = client_for(night.viewer).get(replay_url(hand), {"step": steps}).content.decode()
    seat = state.shown[0]
    down = [card for card, up in state.cards[seat] if not up]
    assert all(ALL_CARDS[c].format(symbols=True).replace("T", "10", 1) in html for c in down)
    # The same cards are face down and unnamed at the start.
    start = client_for(night.viewer).get(replay_url(hand)).content.decode()
    assert not any(ALL_CARDS[c].format(symbols=True).replace("T", "10", 1) in start for c in down)


@pytest.mark.parametrize("game", ["texas-holdem", "omaha", "omaha-hi-lo"])
def test_the_phh_file_replays_in_pokerkit_to_the_same_stacks(
    night: Table, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seeded hands (stacked decks) at the limit each PHH variant has: PokerKit reads
    our file, plays it again and ends on our engine's stacks."""
    limits: dict[str, Limit] = {"omaha": PotLimit(), "omaha-hi-lo": FixedLimit(amount=2)}
    if game in limits:
        monkeypatch.setattr(digital, "night_limit", lambda _night: (limits[game], 3))
    checked = 0
    for seed in range(1, 12):
        hand = play(night, game, seed, fold_first=False)
        page = client_for(night.viewer).get(replay_url(hand, "digital_replay_phh"))
        if page.status_code == 409:
            continue  # a spread-limit raise that no-limit forbids: JSON only
        assert page.status_code == 200
        pk_state = list(HandHistory.loads(page.content.decode()))[-1]
        state = digital.hand_state(hand)
        assert list(pk_state.stacks) == [state.stacks[s] for s in state.order()]
        checked += 1
        if checked == 3:
            break
    assert checked == 3


@pytest.mark.parametrize("game", ["seven-card-stud", "five-card-draw", "baseball"])
def test_games_without_phh_offer_json_only(night: Table, game: str) -> None:
    hand = play(night, game, 1)
    client = client_for(night.viewer)
    html = client.get(replay_url(hand)).content.decode()
    assert "JSON only" in html
    assert replay_url(hand, "digital_replay_phh") not in html
    assert client.get(replay_url(hand, "digital_replay_phh")).status_code == 409


def test_a_stud_hand_with_the_bring_in_downloads_as_pokerkit_f7s(
    night: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The night's house rule turns the bring-in on; at a fixed limit the hand maps onto
    PokerKit's fixed-limit stud, and PokerKit ends on our stacks."""
    night.night.game_options = {"seven-card-stud": {"bring_in": True}}
    night.night.save()
    monkeypatch.setattr(digital, "night_limit", lambda _night: (FixedLimit(amount=4), 3))
    checked = brought_in = 0
    for seed in range(1, 8):
        hand = play(night, "seven-card-stud", seed, fold_first=False)
        state = digital.hand_state(hand)
        # Third street opens with the bring-in or its completion, never a check.
        first = next(e for e in state.history if e.kind not in (EventKind.ANTE, EventKind.DEAL))
        assert first.kind in (EventKind.BRING_IN, EventKind.BET)
        brought_in += first.kind is EventKind.BRING_IN
        page = client_for(night.viewer).get(replay_url(hand, "digital_replay_phh"))
        if page.status_code == 409:
            continue  # a round with more bets than PokerKit's cap of four: JSON only
        text = page.content.decode()
        assert 'variant = "F7S"' in text
        assert not [face for face in hidden_faces(hand) if face in text]
        pk_state = list(HandHistory.loads(text))[-1]
        assert list(pk_state.stacks) == [state.stacks[s] for s in state.order()]
        checked += 1
    assert checked >= 5
    assert brought_in


@pytest.mark.parametrize(
    ("game", "english", "german"),
    [
        ("five-card-draw", "PokerKit has no five-card draw", "PokerKit kennt kein Five-Card Draw"),
        ("seven-card-stud", "bring-in", "Bring-in"),
    ],
)
def test_the_replay_says_why_a_hand_has_no_phh_file(
    night: Table, game: str, english: str, german: str
) -> None:
    hand = play(night, game, 2)
    client = client_for(night.viewer)
    assert english in client.get(replay_url(hand)).content.decode()
    assert german in client.get(replay_url(hand), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    download = client.get(replay_url(hand, "digital_replay_phh"), HTTP_ACCEPT_LANGUAGE="de")
    assert download.status_code == 409
    assert german in download.content.decode()


def test_another_groups_hand_is_a_404(night: Table) -> None:
    hand = play(night, "texas-holdem", 1)
    client = client_for(night.outsider)
    for name in ("digital_replay", "digital_replay_json", "digital_replay_phh"):
        assert client.get(replay_url(hand, name)).status_code == 404
    # A hand of another night of the group's id in the URL: 404 too.
    wrong = reverse("digital_replay", args=[hand.night_id + 999, hand.pk])
    assert client_for(night.viewer).get(wrong).status_code == 404


def test_a_running_hand_has_no_replay(night: Table) -> None:
    hand = digital.start_hand(
        night_id=night.night.pk, by=night.owner, key="run", game="texas-holdem"
    )
    client = client_for(night.viewer)
    for name in ("digital_replay", "digital_replay_json", "digital_replay_phh"):
        page = client.get(replay_url(hand, name))
        assert page.status_code == 409
        assert "still being played" in page.content.decode()


@pytest.mark.parametrize("step", ["-3", "abc", "99999", ""])
def test_a_bad_step_is_kept_inside_the_hand(night: Table, step: str) -> None:
    hand = play(night, "texas-holdem", 1)
    page = client_for(night.viewer).get(replay_url(hand), {"step": step})
    assert page.status_code == 200


def test_the_night_page_and_the_report_link_the_replay(night: Table) -> None:
    hand = play(night, "texas-holdem", 1)
    client = client_for(night.viewer)
    assert (
        replay_url(hand)
        in client.get(reverse("night_detail", args=[hand.night_id])).content.decode()
    )
    report = client.get(reverse("night_report", args=[hand.night_id])).content.decode()
    assert replay_url(hand) in report


def test_the_replay_speaks_german(night: Table) -> None:
    hand = play(night, "seven-card-stud", 1)
    html = (
        client_for(night.viewer).get(replay_url(hand), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    )
    assert "Zug 0 von" in html
    assert "Weiter" in html


def test_the_showdown_names_the_hands_in_german(night: Table) -> None:
    for seed in range(1, 30):
        hand = play(night, "texas-holdem", seed, fold_first=False)
        state = digital.hand_state(hand)
        if len(state.shown) >= 2:
            break
    else:
        raise AssertionError("no seed reached a showdown")
    steps = HandAction.objects.filter(hand=hand).count()
    url = replay_url(hand)
    html = client_for(night.viewer).get(url, {"step": steps}, HTTP_ACCEPT_LANGUAGE="de")
    english = [e.text for e in state.history if e.kind.value == "show"]
    page = html.content.decode()
    assert english
    assert not [name for name in english if f">{name}<" in page]
    assert "Hauptpot" in page


@pytest.mark.parametrize("game", ["texas-holdem", "seven-card-stud", "five-card-draw"])
def test_a_hand_dealt_before_snapshots_is_dealt_again_from_its_log(night: Table, game: str) -> None:
    hand = play(night, game, 2)
    with_snapshot = client_for(night.viewer).get(replay_url(hand, "digital_replay_json"))
    DigitalHand.objects.filter(pk=hand.pk).update(initial_state=None)
    rebuilt = client_for(night.viewer).get(replay_url(hand, "digital_replay_json"))
    assert rebuilt.status_code == 200
    assert json.loads(rebuilt.content) == json.loads(with_snapshot.content)


def test_a_log_that_does_not_give_the_stored_hand_is_not_replayed(night: Table) -> None:
    hand = play(night, "texas-holdem", 2, fold_first=False)
    DigitalHand.objects.filter(pk=hand.pk).update(initial_state=None)
    # The log changed behind the hand's back: the replay would not end as stored.
    first = HandAction.objects.filter(hand=hand).order_by("version").first()
    assert first is not None
    HandAction.objects.filter(pk=first.pk).update(action="fold")
    page = client_for(night.viewer).get(replay_url(hand))
    assert page.status_code == 409
    assert "before replays were kept" in page.content.decode()


def test_the_last_move_offers_the_start_again_not_a_next_move(night: Table) -> None:
    """Issue 23: the replay offered "Next" on the last move, where there is none."""
    hand = play(night, "texas-holdem", 1)
    steps = HandAction.objects.filter(hand=hand).count()
    client = client_for(night.viewer)
    last = client.get(replay_url(hand), {"step": steps}).content.decode()
    assert "Next →" not in last
    assert re.search(rf"Move {steps} of {steps} · <strong>\w+</strong> · the end of the hand", last)
    assert 'id="replay-again" href="?step=0">↺ From the start<' in last
    before = client.get(replay_url(hand), {"step": steps - 1}).content.decode()
    assert f'id="replay-next" rel="next" href="?step={steps}">Next →<' in before
    assert "From the start" not in before
    german = client.get(replay_url(hand), {"step": steps}, HTTP_ACCEPT_LANGUAGE="de")
    assert "↺ Von vorn" in german.content.decode()
