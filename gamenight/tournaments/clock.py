"""The tournament clock as arithmetic on server timestamps.

The server keeps three facts: whether the clock runs, how much running time had
passed (``elapsed_ms``) at one moment (``anchor``), and the structure's item
lengths. Everything a screen shows follows from them: the running time now,
hence the level (item) in play, the time left in it and what comes next. No
timer runs on the server and no level change is written: every screen that
knows the same three facts and the time works out the same level at the same
second. A pause stores the running time and stops; a resume sets a new anchor;
moving a level sets the running time to the start of that level.

After the last item the clock stays on it with no time left: a structure
should be longer than the tournament (its expected length says so).
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import accumulate


@dataclass(frozen=True)
class ClockState:
    running: bool = False
    elapsed_ms: int = 0
    anchor: datetime.datetime | None = None
    """When ``elapsed_ms`` was the running time (None: never started)."""

    @property
    def started(self) -> bool:
        return self.anchor is not None


@dataclass(frozen=True)
class Position:
    index: int
    """The structure's item in play."""
    into_ms: int
    left_ms: int
    elapsed_ms: int


def elapsed_at(state: ClockState, now: datetime.datetime) -> int:
    """The running time at ``now`` (a paused clock stands still)."""
    if not state.running or state.anchor is None:
        return state.elapsed_ms
    return state.elapsed_ms + max(0, _ms(now - state.anchor))


def _ms(delta: datetime.timedelta) -> int:
    return delta.days * 86_400_000 + delta.seconds * 1000 + delta.microseconds // 1000


def starts(durations_ms: Sequence[int]) -> list[int]:
    """The running time at which each item starts."""
    return [0, *accumulate(durations_ms)][: len(durations_ms)]


def position(durations_ms: Sequence[int], elapsed_ms: int) -> Position:
    """The item in play after ``elapsed_ms`` of running time, and its time in and left.

    >>> position([1000, 500, 2000], 1700)
    Position(index=2, into_ms=200, left_ms=1800, elapsed_ms=1700)
    """
    if not durations_ms:
        raise ValueError("a structure has at least one item")
    begin = 0
    for index, length in enumerate(durations_ms):
        if elapsed_ms < begin + length:
            return Position(index, elapsed_ms - begin, begin + length - elapsed_ms, elapsed_ms)
        begin += length
    last = len(durations_ms) - 1
    return Position(last, durations_ms[last], 0, elapsed_ms)


def start(state: ClockState, now: datetime.datetime) -> ClockState:
    """Start (or resume) the clock at ``now``; a running clock is left as it is."""
    if state.running:
        return state
    return ClockState(running=True, elapsed_ms=state.elapsed_ms, anchor=now)


def pause(state: ClockState, now: datetime.datetime) -> ClockState:
    """Stop the clock at ``now``, keeping the running time; a paused one is left."""
    if not state.running:
        return state
    return ClockState(running=False, elapsed_ms=elapsed_at(state, now), anchor=now)


def jump(
    state: ClockState, now: datetime.datetime, durations_ms: Sequence[int], index: int
) -> ClockState:
    """The clock at the start of item ``index`` (clamped to the structure), running or
    paused as it was."""
    index = max(0, min(index, len(durations_ms) - 1))
    return replace(state, elapsed_ms=starts(durations_ms)[index], anchor=now)


def step(
    state: ClockState, now: datetime.datetime, durations_ms: Sequence[int], by: int
) -> ClockState:
    """The start of the item ``by`` items after (before, when negative) the one in play.
    Back always means the item before, never the start of this one, so that each tap
    moves one level and two hosts' taps are two moves."""
    here = position(durations_ms, elapsed_at(state, now)).index
    return jump(state, now, durations_ms, here + by)
