"""A finished digital hand again: its frames move by move, and its downloads.

Rebuilt from the hand's first snapshot by applying its logged actions again
(:mod:`engine.games.replay`) and checked against the stored end, so a replay
never shows a table the hand did not have. Only public information is in a
frame or a download: face-down cards appear only for the players who showed
them at the showdown (and never a draw's discards).

A hand that came in a group file has no cards to rebuild from: its replay is
the public record the file carried (:mod:`gamenight.services.public_hand`),
which is exactly what the replay of the hand where it was dealt showed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.cards import ALL_CARDS
from engine.errors import EngineError
from engine.games.phh import hand_to_phh, phh_refusal, with_hand_label
from engine.games.replay import (
    Frame,
    LoggedMove,
    check_same_end,
    rebuild_initial,
    replay,
)
from engine.games.serialise import hand_from_dict
from engine.games.state import HandState
from gamenight.models import DigitalHand, HandStatus
from gamenight.services.public_hand import encode_views, frames_of

REPLAY_FORMAT = "gamenight-hand-replay"
REPLAY_VERSION = 1


class ReplayUnavailable(Exception):
    """The hand cannot be replayed: ``reason`` is ``running``, ``abandoned`` or ``old``
    (dealt before its first snapshot was kept, and not dealt again from its log)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class HandReplay:
    """``end`` is the engine's end of the hand, for a hand dealt here; a hand from a
    group file has none and carries its ``public`` record instead."""

    hand: DigitalHand
    frames: list[Frame]
    names: list[str]
    phh_refusal: str | None
    # Frame by frame (the first, as dealt, included): the login of a host who made
    # that move for a player away from the phone; "" where the player's phone did.
    stand_ins: list[str]
    end: HandState | None = None
    public: Mapping[str, Any] | None = None


def hand_replay(hand: DigitalHand) -> HandReplay:
    """The frames of finished ``hand``; :class:`ReplayUnavailable` otherwise."""
    if hand.status == HandStatus.RUNNING:
        raise ReplayUnavailable("running")
    if hand.status != HandStatus.FINISHED:
        raise ReplayUnavailable("abandoned")
    if hand.state is None:
        return _from_record(hand)
    rows = [
        row
        for row in hand.actions.select_related("by_user").order_by("version")
        if row.seat is not None
    ]
    moves = [
        LoggedMove(
            action=row.action,
            seat=int(row.seat),
            amount=row.amount,
            cards=tuple(int(c) for c in row.cards or ()),
            game=row.game or None,
        )
        for row in rows
        if row.seat is not None
    ]
    stored = hand_from_dict(hand.state)
    try:
        initial = (
            hand_from_dict(hand.initial_state)
            if hand.initial_state is not None
            # Dealt before the first snapshot was kept: dealt again from its log.
            else rebuild_initial(stored, start_stacks=[int(v) for v in hand.start_stacks])
        )
        frames, end = replay(initial, moves)
        check_same_end(end, stored)
    except EngineError:  # a replay that does not end as stored (ReplayError) included
        raise ReplayUnavailable("old") from None
    return HandReplay(
        hand=hand,
        frames=frames,
        end=end,
        names=list(end.names),
        phh_refusal=phh_refusal(end),
        stand_ins=["", *(row.by_user.get_username() if row.by_user else "" for row in rows)],
    )


def _from_record(hand: DigitalHand) -> HandReplay:
    """The replay a group file carried (checked when it was imported)."""
    record = hand.public_record
    if not isinstance(record, dict):
        raise ReplayUnavailable("old")  # imported without one: it could not be replayed
    frames = frames_of(record)
    moves = record["replay"]["moves"]
    return HandReplay(
        hand=hand,
        frames=frames,
        names=[str(seat["name"]) for seat in record["replay"]["seats"]],
        phh_refusal=record["phh_refusal"],
        stand_ins=["", *(str(move.get("stand_in") or "") for move in moves)],
        public=record,
    )


def public_record(hand: DigitalHand) -> dict[str, Any] | None:
    """What a group file carries of ``hand``: its replay, for a finished hand that has
    one (:mod:`gamenight.services.public_hand`); ``None`` for any other, whose cards
    were never all shown and so stay where they were dealt."""
    if hand.public_record is not None:
        return dict(hand.public_record)  # imported: on as it came
    try:
        data = hand_replay(hand)
    except ReplayUnavailable:
        return None
    end = data.end
    assert end is not None
    phh = hand_to_phh(end, start_stacks=[int(v) for v in hand.start_stacks])
    return {
        "replay": public_log(data),
        "views": encode_views([frame.view for frame in data.frames]),
        "phh": phh,
        "phh_refusal": data.phh_refusal,
    }


def replay_json(data: HandReplay) -> dict[str, Any]:
    """The public event log of the hand, for the JSON download."""
    record = data.public["replay"] if data.public is not None else public_log(data)
    return {
        "format": REPLAY_FORMAT,
        "version": REPLAY_VERSION,
        "hand": data.hand.pk,
        "night": data.hand.night_id,
        **record,
    }


def public_log(data: HandReplay) -> dict[str, Any]:
    """The JSON download's public log of a hand dealt here, without the ids that name
    it in this database (a group file carries it as it is)."""
    end = data.end
    assert end is not None
    hand = data.hand
    moves = []
    for step, frame in enumerate(data.frames[1:], start=1):
        move = frame.move
        assert move is not None  # every frame but the first follows a move
        moves.append(
            {
                "step": step,
                "seat": move.seat,
                "name": data.names[move.seat],
                "action": move.action,
                # A draw's discards are private: only how many.
                "amount": move.amount,
                "cards_thrown": len(move.cards) if move.action == "draw" else None,
                "game": move.game,
                # A host's login where a host made the move for a player away.
                "stand_in": data.stand_ins[step] or None,
                "events": frame.events,
            }
        )
    last = data.frames[-1].view
    return {
        "game": end.rules.name,
        "dealer": end.dealer,
        "ante": end.ante,
        # Hold'em and Omaha dealt with blinds: the level ({"small", "big", "ante"}).
        **({"blinds": end.blinds.to_dict()} if end.blinds is not None else {}),
        "seats": [
            {"seat": seat, "name": name, "start_stack": int(hand.start_stacks[seat])}
            for seat, name in enumerate(data.names)
        ],
        "dealt": data.frames[0].events,
        "moves": moves,
        "board": [str(ALL_CARDS[c]) for c in end.table],
        "up_cards": [[str(ALL_CARDS[c]) for c in end.up_cards(s)] for s in range(end.seat_count)],
        "showdown": [
            {
                "seat": s,
                "name": data.names[s],
                "cards": [card["card"] for card in last["players"][s]["cards"]],
            }
            for s in end.shown
        ],
        "results": {
            "payouts": end.payouts,
            "end_stacks": list(end.stacks),
            "net": [end.stacks[s] - int(hand.start_stacks[s]) for s in range(end.seat_count)],
        },
    }


def replay_phh(data: HandReplay) -> str | None:
    """The PokerKit hand history, where the hand maps onto a PHH variant."""
    label = str(data.hand.pk)
    if data.public is not None:
        text = data.public["phh"]
        return None if text is None else with_hand_label(str(text), label)
    assert data.end is not None
    return hand_to_phh(
        data.end,
        start_stacks=[int(v) for v in data.hand.start_stacks],
        hand_label=label,
    )
