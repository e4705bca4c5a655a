"""A finished digital hand again: its frames move by move, and its downloads.

Rebuilt from the hand's first snapshot by applying its logged actions again
(:mod:`engine.games.replay`) and checked against the stored end, so a replay
never shows a table the hand did not have. Only public information is in a
frame or a download: face-down cards appear only for the players who showed
them at the showdown (and never a draw's discards).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.cards import ALL_CARDS
from engine.errors import EngineError
from engine.games.phh import hand_to_phh, phh_refusal
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


class ReplayUnavailable(Exception):
    """The hand cannot be replayed: ``reason`` is ``running``, ``abandoned`` or ``old``
    (dealt before its first snapshot was kept, and not dealt again from its log)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class HandReplay:
    hand: DigitalHand
    frames: list[Frame]
    end: HandState
    names: list[str]
    phh_refusal: str | None


def hand_replay(hand: DigitalHand) -> HandReplay:
    """The frames of finished ``hand``; :class:`ReplayUnavailable` otherwise."""
    if hand.status == HandStatus.RUNNING:
        raise ReplayUnavailable("running")
    if hand.status != HandStatus.FINISHED:
        raise ReplayUnavailable("abandoned")
    moves = [
        LoggedMove(
            action=row.action,
            seat=int(row.seat),
            amount=row.amount,
            cards=tuple(int(c) for c in row.cards or ()),
            game=row.game or None,
        )
        for row in hand.actions.order_by("version")
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
    )


def replay_json(data: HandReplay) -> dict[str, Any]:
    """The public event log of the hand, for the JSON download."""
    end = data.end
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
                "events": frame.events,
            }
        )
    last = data.frames[-1].view
    return {
        "format": "gamenight-hand-replay",
        "version": 1,
        "hand": hand.pk,
        "night": hand.night_id,
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
    return hand_to_phh(
        data.end,
        start_stacks=[int(v) for v in data.hand.start_stacks],
        hand_label=str(data.hand.pk),
    )
