"""A tournament as every screen shows it at one moment: the level in play and the time
left, the blinds now and next, players left, chips in play and the average stack,
the prize pool and what each paid place would win, and which windows are open.

Read from the tournament's row and its entrants; the clock's figures come from
gamenight/tournaments/clock.py at the moment given, so a page and the
``current_blinds`` hook agree with the TV to the millisecond.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

from django.conf import settings

from gamenight.models import Entrant, Tournament
from gamenight.tournaments.clock import ClockState, Position, elapsed_at, position, starts
from gamenight.tournaments.payouts import PayoutTable, prizes, table_from_json
from gamenight.tournaments.setup import Setup
from gamenight.tournaments.structures import Level, Structure, structure_from_json


def minute_ms() -> int:
    """One structure minute in milliseconds (settings.TOURNAMENT_MINUTE_MS, 60,000)."""
    return max(1, int(settings.TOURNAMENT_MINUTE_MS))


def durations_ms(structure: Structure) -> list[int]:
    unit = minute_ms()
    return [item.minutes * unit for item in structure.items]


def clock_state(tournament: Tournament) -> ClockState:
    return ClockState(
        running=tournament.clock_running,
        elapsed_ms=tournament.clock_elapsed_ms,
        anchor=tournament.clock_anchor,
    )


def save_clock(tournament: Tournament, state: ClockState) -> None:
    tournament.clock_running = state.running
    tournament.clock_elapsed_ms = state.elapsed_ms
    tournament.clock_anchor = state.anchor


@dataclass(frozen=True)
class Snapshot:
    tournament: Tournament
    setup: Setup
    structure: Structure
    payout_table: PayoutTable
    clock: ClockState
    durations: tuple[int, ...]
    position: Position
    now: datetime.datetime
    entries: int
    rebuys: int
    add_ons: int
    players_left: int

    @property
    def item(self) -> Level:
        return self.structure.items[self.position.index]

    @property
    def level_number(self) -> int:
        """The level in play: a break counts as the level before it (0 before level 1)."""
        return self.structure.level_number_at(self.position.index)

    @property
    def next_item(self) -> Level | None:
        index = self.position.index + 1
        return self.structure.items[index] if index < len(self.structure.items) else None

    @property
    def next_level(self) -> Level | None:
        """The next level with blinds (past any break)."""
        return next(
            (i for i in self.structure.items[self.position.index + 1 :] if not i.is_break), None
        )

    @property
    def started(self) -> bool:
        return self.clock.started

    @property
    def finished(self) -> bool:
        return self.tournament.finished_at is not None

    @property
    def pool(self) -> int:
        return self.setup.pool(entries=self.entries, rebuys=self.rebuys, add_ons=self.add_ons)

    @property
    def percents(self) -> tuple[int, ...]:
        return self.payout_table.percents_for(self.entries)

    @property
    def prizes(self) -> list[int]:
        """What each paid place wins now (the pool may still grow)."""
        return prizes(self.pool, self.percents)

    @property
    def chips_in_play(self) -> int:
        return self.setup.chips_in_play(
            entries=self.entries, rebuys=self.rebuys, add_ons=self.add_ons
        )

    @property
    def average_stack(self) -> int:
        return self.chips_in_play // self.players_left if self.players_left else 0

    @property
    def bounties_open(self) -> int:
        """Bounties in the bank: one per player still in (the rest were paid out)."""
        return self.players_left * self.setup.bounty

    @property
    def late_open(self) -> bool:
        if self.finished:
            return False
        return not self.started or self.level_number <= self.setup.late_until

    @property
    def rebuy_open(self) -> bool:
        return (
            not self.finished
            and self.setup.rebuys_allowed
            and self.level_number <= self.setup.rebuy_until
        )

    @property
    def add_on_open(self) -> bool:
        return (
            not self.finished
            and self.setup.add_on_allowed
            and self.level_number <= self.setup.add_on_until
        )

    @property
    def level_starts_ms(self) -> list[int]:
        return starts(self.durations)


def snapshot(
    tournament: Tournament, entrants: Sequence[Entrant], now: datetime.datetime
) -> Snapshot:
    structure = structure_from_json(tournament.structure)
    durations = tuple(durations_ms(structure))
    clock = clock_state(tournament)
    return Snapshot(
        tournament=tournament,
        setup=Setup.from_json(tournament.setup),
        structure=structure,
        payout_table=table_from_json(tournament.payouts),
        clock=clock,
        durations=durations,
        position=position(durations, elapsed_at(clock, now)),
        now=now,
        entries=len(entrants),
        rebuys=sum(e.rebuys for e in entrants),
        add_ons=sum(1 for e in entrants if e.add_on),
        players_left=sum(1 for e in entrants if e.out_number is None),
    )
