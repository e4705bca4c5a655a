"""Digital hands in the group file (issue 22): only what the table saw travels.

The probe exports a group in the middle of a digital hand and looks for the
hand's deck and stored state in the file; a finished hand's file must name no
card that was face down and never shown; and the imported group's replays must
be the replays of the group it came from.
"""

from __future__ import annotations

import copy
import json
import random
from io import StringIO
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.urls import reverse
from helpers.clients import client_for
from ledger_helpers import Table
from test_digital_replay import GAMES_WALKED, hidden_faces, play

from engine.cards import ALL_CARDS, Deck
from engine.games import GAMES
from gamenight.models import DigitalHand, Group, HandStatus, Membership, Night
from gamenight.reports.pots import digital_pots
from gamenight.services import digital, seat_links
from gamenight.services.group_export import export_group
from gamenight.services.group_import import GroupImportError, import_group, parse
from gamenight.services.public_hand import decode_views
from gamenight.services.replay import hand_replay


@pytest.fixture
def night(table: Table) -> Table:
    table.night.allowed_games = list(GAMES)
    table.night.save()
    return table


def _faces(codes: list[int]) -> set[str]:
    """Cards as a page or a file could write them: ``K♠``/``10♥`` and ``"Ks"``."""
    faces = set()
    for code in codes:
        card = ALL_CARDS[code]
        faces |= {card.format(symbols=True).replace("T", "10", 1), f'"{card}"'}
    return faces


def _download(table: Table) -> str:
    response = client_for(table.owner).get(reverse("group_export", args=[table.group.pk]))
    assert response.status_code == 200
    return response.content.decode()


def _command(table: Table) -> str:
    out = StringIO()
    call_command("export_group", str(table.group.pk), stdout=out)
    return out.getvalue()


def _half_played(table: Table, seed: int) -> DigitalHand:
    """A Hold'em hand after the flop: hole cards dealt, the turn and river in the deck."""
    hand = digital.start_hand(
        night_id=table.night.pk,
        by=table.owner,
        key=f"half-{seed}",
        game="texas-holdem",
        deck=Deck(random.Random(seed)),
    )
    for step in range(40):
        hand.refresh_from_db()
        state = digital.hand_state(hand)
        if len(state.table) >= 3:
            return hand
        digital.act(
            hand_id=hand.pk,
            seat=state.actor,
            move=digital.Move(action=state.legal_actions()[0].kind),
            version=hand.version,
            key=f"half-{seed}-{step}",
        )
    raise AssertionError("no flop")


@pytest.mark.parametrize("source", [_download, _command])
def test_a_group_exported_mid_hand_holds_neither_the_deck_nor_the_stored_state(
    night: Table, source: Any
) -> None:
    hand = _half_played(night, 7)
    state = digital.hand_state(hand)
    assert hand.state is not None
    deck = state.deck.codes()
    assert len(deck) > 30
    hole = [card for seat in state.cards for card, up in seat if not up]
    text = source(night)
    data = json.loads(text)
    # The stored state, or any recognisable part of it, is nowhere in the file.
    for piece in (hand.state, hand.initial_state):
        assert json.dumps(piece) not in text
    assert json.dumps(deck) not in text
    assert json.dumps(deck[:5]) not in text  # the turn, the river and beyond
    assert str(hand.state["seed"]) not in text
    for key in ('"deck"', '"seed"', '"state"', '"initial_state"', '"history"'):
        assert key not in text, key
    # Not one of the face-down cards nor the cards still to come, by name.
    leaked = [face for face in _faces(hole + deck) if face in text]
    assert not leaked, leaked
    [row] = data["models"]["gamenight.DigitalHand"]
    assert row["status"] == HandStatus.RUNNING
    assert row["public_record"] is None  # "running, not included"
    assert all("cards" not in row for row in data["models"]["gamenight.HandAction"])


@pytest.mark.parametrize("game", GAMES_WALKED)
def test_a_finished_hand_in_the_file_names_no_card_that_was_never_shown(
    night: Table, game: str
) -> None:
    hand = play(night, game, 3)
    secrets = hidden_faces(hand)
    assert secrets
    text = _download(night)
    assert not [face for face in secrets if face in text]
    # What the hand carries is its replay's own download, ids aside.
    record = json.loads(text)["models"]["gamenight.DigitalHand"][0]["public_record"]
    download = client_for(night.viewer).get(
        reverse("digital_replay_json", args=[hand.night_id, hand.pk])
    )
    public = json.loads(download.content)
    assert {k: v for k, v in public.items() if k not in ("format", "version", "hand", "night")} == (
        record["replay"]
    )


def _imported(table: Table) -> Group:
    host = User.objects.create(username=f"importer-{Group.objects.count()}")
    return import_group(parse(json.dumps(export_group(table.group))), host=host)


def _twin(hand: DigitalHand, group: Group) -> DigitalHand:
    return DigitalHand.objects.get(night__group=group, start_key=hand.start_key)


@pytest.mark.parametrize("game", GAMES_WALKED)
def test_the_imported_hand_replays_move_by_move_as_the_original(night: Table, game: str) -> None:
    hand = play(night, game, 2, fold_first=False)
    copied = _imported(night)
    twin = _twin(hand, copied)
    assert twin.state is None
    original, imported = hand_replay(hand), hand_replay(twin)
    assert [f.view for f in imported.frames] == [f.view for f in original.frames]
    assert [f.events for f in imported.frames] == [f.events for f in original.frames]
    assert imported.names == original.names
    host = Membership.objects.get(group=copied).user
    client = client_for(host)
    steps = len(original.frames) - 1
    for step in range(steps + 1):
        page = client.get(reverse("digital_replay", args=[twin.night_id, twin.pk]), {"step": step})
        assert page.status_code == 200
        assert f"Move {step} of {steps}" in page.content.decode()
    for name in ("digital_replay_json", "digital_replay_phh"):
        before = client_for(night.viewer).get(reverse(name, args=[hand.night_id, hand.pk]))
        after = client.get(reverse(name, args=[twin.night_id, twin.pk]))
        assert after.status_code == before.status_code
        if name == "digital_replay_json":
            ids = ("hand", "night")
            old, new = json.loads(before.content), json.loads(after.content)
            assert {k: v for k, v in new.items() if k not in ids} == {
                k: v for k, v in old.items() if k not in ids
            }
            assert (new["hand"], new["night"]) == (twin.pk, twin.night_id)
        elif before.status_code == 200:
            assert after.content.decode() == before.content.decode().replace(
                f'hand = "{hand.pk}"', f'hand = "{twin.pk}"'
            )
    # The report's biggest pots read the same pot from the record as from the cards.
    assert twin.settlement_id is not None
    assert hand.settlement_id is not None
    pot = digital_pots([hand.settlement_id])[hand.settlement_id]
    assert pot > 0
    assert digital_pots([twin.settlement_id]) == {twin.settlement_id: pot}


def test_the_imported_hand_replays_in_german(night: Table) -> None:
    hand = play(night, "texas-holdem", 5, fold_first=False)
    twin = _twin(hand, _imported(night))
    host = Membership.objects.get(group=twin.night.group).user
    url = reverse("digital_replay", args=[twin.night_id, twin.pk])
    last = len(hand_replay(hand).frames) - 1
    original = client_for(night.viewer).get(
        reverse("digital_replay", args=[hand.night_id, hand.pk]),
        {"step": last},
        HTTP_ACCEPT_LANGUAGE="de",
    )
    page = client_for(host).get(url, {"step": last}, HTTP_ACCEPT_LANGUAGE="de")
    assert "Zug 0 von" not in page.content.decode()
    html = page.content.decode()
    assert f"Zug {last} von {last}" in html
    section = html[html.index('class="list replay-players"') :]
    before = original.content.decode()
    assert section[: section.index("</ul>")] in before


def test_the_night_pages_of_an_imported_night_show_its_hands_without_cards(night: Table) -> None:
    """The night is still running in the file: the night page, the TV and a new seat
    link all show its last hand (over, or stopped) from what the file carried."""
    play(night, "texas-holdem", 1)
    copied = _imported(night)
    host = Membership.objects.get(group=copied).user
    twin_night = Night.objects.get(group=copied)
    client = client_for(host)
    hand = DigitalHand.objects.filter(night=twin_night).get()
    for url in (
        reverse("night_detail", args=[twin_night.pk]),
        reverse("digital_table", args=[twin_night.pk, hand.pk]),
        reverse("digital_table_state", args=[twin_night.pk, hand.pk]),
    ):
        assert client.get(url).status_code == 200, url
    seat = twin_night.seats.filter(seated=True).first()
    assert seat is not None
    link = seat_links.make_link(night_id=twin_night.pk, by=host, seat_id=seat.pk)
    assert client_for(None).get(reverse("seat_page", args=[link.token])).status_code == 200
    # Then the same with the last hand stopped on the way (running in the file).
    _half_played(night, 9)
    copied = _imported(night)
    host = Membership.objects.get(group=copied).user
    twin_night = Night.objects.get(group=copied)
    stopped = DigitalHand.objects.filter(night=twin_night).order_by("-pk").first()
    assert stopped is not None
    assert stopped.status == HandStatus.ABANDONED
    client = client_for(host)
    page = client.get(reverse("night_detail", args=[twin_night.pk]))
    assert page.status_code == 200
    assert "stopped, no chips moved" in page.content.decode()
    tv = client.get(reverse("digital_table", args=[twin_night.pk, stopped.pk]))
    assert tv.status_code == 200
    assert "The host stopped this hand. No chips moved." in tv.content.decode()
    replay = client.get(reverse("digital_replay", args=[twin_night.pk, stopped.pk]))
    assert replay.status_code == 409
    seat = twin_night.seats.filter(seated=True).first()
    assert seat is not None
    link = seat_links.make_link(night_id=twin_night.pk, by=host, seat_id=seat.pk)
    assert client_for(None).get(reverse("seat_page", args=[link.token])).status_code == 200
    # A new hand is dealt on the imported night as on any other.
    dealt = digital.start_hand(night_id=twin_night.pk, by=host, key="next", game="texas-holdem")
    assert dealt.is_running


def _file_with_a_hand(night: Table) -> dict[str, Any]:
    play(night, "seven-card-stud", 6, fold_first=True)
    return json.loads(json.dumps(export_group(night.group)))


def _refusal(data: dict[str, Any]) -> str:
    groups = Group.objects.count()
    with pytest.raises(GroupImportError) as refused:
        import_group(data, host=User.objects.create(username=f"u{random.random()}"))
    assert Group.objects.count() == groups, "a refused file wrote a group"
    return str(refused.value)


def _record(data: dict[str, Any]) -> dict[str, Any]:
    record = data["models"]["gamenight.DigitalHand"][0]["public_record"]
    assert isinstance(record, dict)
    return record


def test_a_record_that_names_a_face_down_card_is_refused(night: Table) -> None:
    data = _file_with_a_hand(night)
    hole = next(
        e for e in _record(data)["replay"]["dealt"] if e["kind"] == "deal" and not e["face_up"]
    )
    hole["card"] = "As"  # a hole card named in the log
    assert "face down and never shown" in _refusal(data)
    data = _file_with_a_hand(night)
    record = _record(data)
    last = decode_views(record["views"])[-1]
    folded = next(s for s, p in enumerate(last["players"]) if p["folded"])
    # The folded player's hole card, shown at the end though they never showed.
    player = {**last["players"][folded], "cards": [{"card": "2c", "up": False}]}
    record["views"][-1].setdefault("changed_players", []).append([folded, player])
    assert "face down and never shown" in _refusal(data)


@pytest.mark.parametrize(
    "damage",
    [
        lambda r: r.pop("views"),
        lambda r: r["views"].pop(),
        lambda r: r["replay"]["dealt"][0].update(card="Zz", face_up=True),
        lambda r: r["replay"]["dealt"][0].update(seat=99),
        lambda r: r["replay"]["moves"][0].update(seat="1"),
        lambda r: r["replay"]["moves"][0].update(action="teleport"),
        lambda r: r["views"][0].update(players=[]),
        lambda r: r["views"][0]["players"][0].update(stack=None),
        lambda r: r["views"][1].update(changed_players=[[7, {}]]),
        lambda r: r["replay"]["results"].update(net=[1]),
        lambda r: r.update(phh=None, phh_refusal=None),
        lambda r: r["replay"]["moves"][-1]["events"].append(
            {
                "kind": "show",
                "seat": 0,
                "chips": 0,
                "card": None,
                "face_up": True,
                "all_in": False,
                "text": "x",
                "code": "hand",
                "params": {"hand": {"category": 3, "ranks": [99, 98]}},
            }
        ),
        lambda r: r.update(extra=1),
    ],
)
def test_a_damaged_hand_record_is_refused_and_writes_nothing(night: Table, damage: Any) -> None:
    data = _file_with_a_hand(night)
    damage(_record(data))
    assert "damaged" in _refusal(data)


def test_a_hand_row_with_its_state_or_a_running_hand_with_a_record_is_refused(
    night: Table,
) -> None:
    data = _file_with_a_hand(night)
    hand = DigitalHand.objects.get(night=night.night)
    data["models"]["gamenight.DigitalHand"][0]["state"] = hand.state
    assert "unknown field state" in _refusal(data)
    data = _file_with_a_hand(night)
    data["models"]["gamenight.HandAction"][0]["cards"] = [1, 2]
    assert "unknown field cards" in _refusal(data)
    data = _file_with_a_hand(night)
    data["models"]["gamenight.DigitalHand"][0]["status"] = HandStatus.RUNNING
    assert "damaged" in _refusal(data)
    data = _file_with_a_hand(night)
    data["models"]["gamenight.DigitalHand"][0]["start_stacks"] = [1]
    assert "damaged" in _refusal(data)


def test_deep_nesting_is_refused_with_a_message(night: Table) -> None:
    with pytest.raises(GroupImportError, match="nested far too deeply"):
        parse("[" * 100_000 + "]" * 100_000)
    with pytest.raises(GroupImportError, match="nested far too deeply"):
        parse('{"a":' * 100_000 + "1" + "}" * 100_000)
    data = _file_with_a_hand(night)
    deep: Any = 1
    for _ in range(40):
        deep = [deep]
    data["models"]["gamenight.Night"][0]["game_options"] = {"x": deep}
    assert "nested too deeply" in _refusal(copy.deepcopy(data))
    data["models"]["gamenight.Night"][0]["game_options"] = {}
    data["models"]["gamenight.Night"][0]["place"] = [[["kitchen"]]]
    assert "not a plain value" in _refusal(data)
