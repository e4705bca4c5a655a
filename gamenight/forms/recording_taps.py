"""The taps of the record form: the state control, the finishing order, the steppers.

static/js/record_form.js makes these changes in the page; without JavaScript each
tap posts the form (``act``) and :func:`apply_act` makes the same change to the
posted data before the form is drawn again.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from django.utils.translation import pgettext_lazy
from django_stubs_ext import StrPromise

from gamenight.models import MAX_CHIPS
from gamenight.request_numbers import signed_number, whole_number


class State(StrEnum):
    """The one control of a row: in the hand, folded, all-in, or sat out (present at
    the table but not dealt in: no ante, no cards, not in the hand at all)."""

    IN = "in"
    FOLDED = "folded"
    ALL_IN = "allin"
    OUT = "out"


STATE_LABELS: dict[State, StrPromise] = {
    State.IN: pgettext_lazy("player state", "in"),
    State.FOLDED: pgettext_lazy("player state", "folded"),
    State.ALL_IN: pgettext_lazy("player state", "all-in"),
    State.OUT: pgettext_lazy("player state", "sat out"),
}


def next_state(value: str) -> State:
    """The state a tap on the control moves to: in, folded, all-in, sat out, in..."""
    states = list(State)
    current = State(value) if value in states else State.IN
    return states[(states.index(current) + 1) % len(states)]


def parse_order(text: str, known: set[int]) -> tuple[tuple[int, ...], ...]:
    """``"12 15=17"``: 12 first, 15 and 17 tied second. Unknown or repeated ids are
    dropped (the order is rebuilt by taps, never typed)."""
    groups: list[tuple[int, ...]] = []
    seen: set[int] = set()
    for token in text.split():
        group = []
        for part in token.split("="):
            pid = whole_number(part)
            if pid is not None and pid in known and pid not in seen:
                seen.add(pid)
                group.append(pid)
        if group:
            groups.append(tuple(group))
    return tuple(groups)


def tap_order(text: str, pid: int, *, tie: bool = False) -> str:
    """The order after a tap on ``pid``'s name: appended (to the last group if ``tie``),
    or taken out if it was there."""
    groups = [g.split("=") for g in text.split()]
    name = str(pid)
    if any(name in g for g in groups):
        groups = [[p for p in g if p != name] for g in groups]
    elif tie and groups:
        groups[-1].append(name)
    else:
        groups.append([name])
    return " ".join("=".join(g) for g in groups if g)


def apply_step(data: Any, step: str, bet: int = 1) -> None:
    """``chips_12:-1`` changes the field by that many bets, never below 0."""
    name, _sep, amount = step.partition(":")
    delta = signed_number(amount)
    current = whole_number(data.get(name) or "0")
    if delta is None or current is None:
        return
    data[name] = str(max(0, min(MAX_CHIPS, current + delta * bet)))


def posted_state(data: Any, pid: int) -> State:
    """A row's state as posted (a missing or unknown one is "in", as the form reads it)."""
    value = str(data.get(f"state_{pid}") or "")
    return State(value) if value in list(State) else State.IN


def fill_chips(state: State, *, call: int, ante: int, stack: int) -> int | None:
    """What "Everyone antes and calls" puts in front of a player: the call for one still
    in, the ante alone for one who folded (they never called), at most the stack for
    one all-in (or folded short), nothing for one who sat out (None: left as it is)."""
    if state is State.OUT:
        return None
    if state is State.FOLDED:
        return min(ante, stack)
    if state is State.ALL_IN:
        return min(call, stack, MAX_CHIPS)
    return min(call, MAX_CHIPS)


def fill(data: Any, *, stacks: dict[int, int], ante: int) -> None:
    """Everyone antes and calls ``data["call"]``, each by their state (:func:`fill_chips`);
    ``filled`` tells the bar to say what the tap did."""
    call = whole_number(data.get("call") or "0") or 0
    for pid, stack in stacks.items():
        chips = fill_chips(posted_state(data, pid), call=call, ante=ante, stack=stack)
        if chips is not None:
            data[f"chips_{pid}"] = str(chips)
    data["filled"] = "1"


def apply_act(data: Any, act: str, *, bet: int, ante: int, stacks: dict[int, int]) -> None:
    """A tap without JavaScript, done here as record_form.js does it in the page:
    ``chips_12:1`` a stepper, ``same:12`` the highest bet, ``fill`` everyone antes and
    calls ``call``, ``cycle:12`` the state control, ``tap:12`` a name in the finishing
    order, ``tie:12`` a name tied with the one before. ``stacks``: each row's stack, by
    player id, in the rows' order."""
    verb, _sep, arg = act.partition(":")
    pid = whole_number(arg)
    ids = list(stacks)
    if verb.startswith("chips_") or verb == "call":
        apply_step(data, act, bet)
    elif verb == "same" and pid in ids:
        bets = [whole_number(data.get(f"chips_{p}") or "0") or 0 for p in ids]
        data[f"chips_{pid}"] = str(max(bets, default=0))
    elif verb == "fill":
        fill(data, stacks=stacks, ante=ante)
    elif verb == "cycle" and pid in ids:
        data[f"state_{pid}"] = next_state(str(data.get(f"state_{pid}") or "")).value
    elif verb == "tap" and pid in ids:
        tie = bool(data.pop("tie", None))
        data["order"] = tap_order(str(data.get("order") or ""), pid, tie=tie)
