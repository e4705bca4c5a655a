"""A hand to JSON and back, deck order included, so a restored hand continues identically.

The rules are stored as the game's name and options and rebuilt with
:func:`~engine.games.catalog.make_rules`; a changed catalogue therefore changes
old hands too, which is why the data carries a version number. A hand saved as
``guts`` with the option ``three_cards`` (before three-card Guts was a game of
its own) is read as the catalogue names it now (``guts3``).

Version 2 saves each step's typed state under its key (``steps``) and the
hand's carry, wild cards and first shower as fields of their own. Version 1
(before issue 12) kept all of it in one ``phase`` dict of string keys; the web
stores hands in progress, so a version 1 hand is still read: each step state
takes its own old keys (:meth:`~engine.games.steps.actions.StepState.from_old_phase`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from engine.betting import BettingRound, Blinds, limit_from_dict, limit_to_dict
from engine.cards import Deck
from engine.errors import EngineError
from engine.games.catalog import current_form, make_rules
from engine.games.events import Event
from engine.games.hand_actions import Decision
from engine.games.rules import Face
from engine.games.state import HandState
from engine.games.steps.actions import StepState, step_state_from_dict

VERSION: Final = 2
READABLE: Final = (1, 2)


def hand_to_dict(state: HandState) -> dict[str, Any]:
    decision = state.decision
    return {
        "version": VERSION,
        "game": state.rules.name,
        "options": dict(state.rules.options),
        "names": list(state.names),
        "dealer": state.dealer,
        "ante": state.ante,
        "limit": limit_to_dict(state.limit),
        "raise_cap": state.raise_cap,
        "seed": str(state.seed),
        "deck": state.deck.codes(),
        "stacks": list(state.stacks),
        "put_in": list(state.put_in),
        "folded": list(state.folded),
        "cards": [[[card, up] for card, up in held] for held in state.cards],
        "step_index": state.step_index,
        "step_begun": state.step_begun,
        "steps": {key: kept.to_dict() for key, kept in state.step_states.items()},
        "carry": _copy(state.carry),
        "carry_out": _copy(state.carry_out),
        "wild": None if state.wild is None else list(state.wild),
        "wild_cards": list(state.wild_cards),
        "show_first": state.show_first,
        "table": list(state.table),
        "to_deal": [[seat, face] for seat, face in state.to_deal],
        "betting": state.betting.to_dict() if state.betting is not None else None,
        "decision": None
        if decision is None
        else {
            "kind": decision.kind,
            "seat": decision.seat,
            "chips": decision.chips,
            "face": decision.face,
        },
        "pay_cards_seen": state.pay_cards_seen,
        "voids": state.voids,
        "payouts": state.payouts,
        "shown": list(state.shown),
        "history": [event.to_dict() for event in state.history],
        "departed": list(state.departed),
        # Only when set, so that a home-style hand saves as it did before blinds.
        **({"blinds": state.blinds.to_dict()} if state.blinds is not None else {}),
    }


def _copy(carry: Mapping[str, int] | None) -> dict[str, int] | None:
    return None if carry is None else {str(key): int(chips) for key, chips in carry.items()}


def _kept_fields(data: Mapping[str, Any]) -> dict[str, Any]:
    """The step states and the hand's own fields of what the steps keep."""
    if data["version"] == 1:
        return _from_old_phase(data["phase"])
    wild = data["wild"]
    return {
        "step_states": {
            str(key): step_state_from_dict(str(key), kept) for key, kept in data["steps"].items()
        },
        "carry": _copy(data["carry"]),
        "carry_out": _copy(data["carry_out"]),
        "wild": None if wild is None else [int(r) for r in wild],
        "wild_cards": [int(c) for c in data["wild_cards"]],
        "show_first": None if data["show_first"] is None else int(data["show_first"]),
    }


def _from_old_phase(phase: Mapping[str, Any]) -> dict[str, Any]:
    """A version 1 ``phase``: each step state reads its own keys, the hand the rest."""
    states: dict[str, StepState] = {}
    for key, kind in StepState.kinds.items():
        kept = kind.from_old_phase(phase)
        if kept is not None:
            states[key] = kept
    wild = phase.get("wild")
    show_first = phase.get("show_first")
    return {
        "step_states": states,
        "carry": _copy(phase.get("carry")),
        "carry_out": _copy(phase.get("carry_out")),
        "wild": None if wild is None else [int(r) for r in wild],
        "wild_cards": [int(c) for c in phase.get("wild_cards", [])],
        "show_first": None if show_first is None else int(show_first),
    }


def hand_from_dict(data: Mapping[str, Any]) -> HandState:
    if data.get("version") not in READABLE:
        raise EngineError(
            f"cannot read a saved hand of version {data.get('version')!r}",
            code="saved_state_broken",
        )
    try:
        decision = data["decision"]
        payouts = data["payouts"]
        game, options = current_form(str(data["game"]), data["options"])
        return HandState(
            **_kept_fields(data),
            rules=make_rules(game, options),
            names=tuple(str(n) for n in data["names"]),
            dealer=int(data["dealer"]),
            ante=int(data["ante"]),
            limit=limit_from_dict(data["limit"]),
            raise_cap=None if data["raise_cap"] is None else int(data["raise_cap"]),
            blinds=Blinds.from_dict(data["blinds"]) if data.get("blinds") else None,
            seed=int(data["seed"]),
            deck=Deck.from_codes([int(c) for c in data["deck"]]),
            stacks=[int(v) for v in data["stacks"]],
            put_in=[int(v) for v in data["put_in"]],
            folded=[bool(v) for v in data["folded"]],
            cards=[[(int(card), bool(up)) for card, up in held] for held in data["cards"]],
            step_index=int(data["step_index"]),
            step_begun=bool(data["step_begun"]),
            table=[int(c) for c in data["table"]],
            to_deal=[(int(seat), _face(face)) for seat, face in data["to_deal"]],
            betting=None if data["betting"] is None else BettingRound.from_dict(data["betting"]),
            decision=None
            if decision is None
            else Decision(
                kind="pay_pot" if decision["kind"] == "pay_pot" else "buy_walk",
                seat=int(decision["seat"]),
                chips=int(decision["chips"]),
                face=_face(decision["face"]),
            ),
            pay_cards_seen=int(data["pay_cards_seen"]),
            voids=int(data["voids"]),
            payouts=None if payouts is None else [int(v) for v in payouts],
            shown=[int(s) for s in data["shown"]],
            history=[Event.from_dict(e) for e in data["history"]],
            # Hands saved before players could leave mid-hand have no such list.
            departed=[int(s) for s in data.get("departed", [])],
        )
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        if isinstance(exc, EngineError):
            raise
        raise EngineError(f"not a saved hand: {exc}", code="saved_state_broken") from exc


def _face(value: object) -> Face:
    if value == "up":
        return "up"
    if value == "down":
        return "down"
    raise EngineError(f"a card is dealt up or down, not {value!r}", code="saved_state_broken")


def hand_to_json(state: HandState) -> str:
    return json.dumps(hand_to_dict(state), separators=(",", ":"))


def hand_from_json(text: str) -> HandState:
    return hand_from_dict(json.loads(text))
