"""The clock from server timestamps: the same facts give every screen the same level
and second."""

from __future__ import annotations

import datetime

from gamenight.tournaments.clock import (
    ClockState,
    elapsed_at,
    jump,
    pause,
    position,
    start,
    step,
)

T0 = datetime.datetime(2026, 11, 27, 20, 0, tzinfo=datetime.UTC)
DURATIONS = [60_000, 60_000, 30_000, 60_000]  # level, level, break, level


def at(seconds: float) -> datetime.datetime:
    return T0 + datetime.timedelta(seconds=seconds)


def test_a_running_clock_moves_through_the_items() -> None:
    clock = start(ClockState(), T0)
    assert position(DURATIONS, elapsed_at(clock, at(59.999))).index == 0
    assert position(DURATIONS, elapsed_at(clock, at(60))).index == 1
    here = position(DURATIONS, elapsed_at(clock, at(135)))
    assert (here.index, here.into_ms, here.left_ms) == (2, 15_000, 15_000)


def test_after_the_last_item_the_clock_stays_on_it() -> None:
    clock = start(ClockState(), T0)
    here = position(DURATIONS, elapsed_at(clock, at(3600)))
    assert (here.index, here.left_ms) == (3, 0)


def test_a_pause_stops_the_time_and_a_resume_goes_on_from_there() -> None:
    clock = pause(start(ClockState(), T0), at(50))
    assert elapsed_at(clock, at(500)) == 50_000
    clock = start(clock, at(500))
    assert elapsed_at(clock, at(515)) == 65_000
    assert position(DURATIONS, elapsed_at(clock, at(515))).index == 1
    assert pause(clock, at(600)) == pause(pause(clock, at(600)), at(700))


def test_next_and_back_go_to_the_start_of_the_item() -> None:
    clock = start(ClockState(), T0)
    moved = step(clock, at(30), DURATIONS, 1)
    assert moved.running
    assert elapsed_at(moved, at(30)) == 60_000
    back = step(moved, at(40), DURATIONS, -1)
    assert elapsed_at(back, at(40)) == 0
    assert elapsed_at(step(back, at(41), DURATIONS, -1), at(41)) == 0  # not before the start
    last = jump(clock, at(1), DURATIONS, 99)
    assert position(DURATIONS, elapsed_at(last, at(1))).index == 3


def test_a_paused_clock_moved_stays_paused() -> None:
    clock = pause(start(ClockState(), T0), at(10))
    moved = step(clock, at(20), DURATIONS, 2)
    assert not moved.running
    assert elapsed_at(moved, at(999)) == 120_000
