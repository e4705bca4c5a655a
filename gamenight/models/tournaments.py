"""A tournament night: its settings, structure and clock, who entered, who went out.

The money is in the ledger (gamenight/tournaments/ledger.py says how); these rows
hold the rest: the setup, the blind structure and payout table as JSON (read by
gamenight/tournaments/setup.py, structures.py and payouts.py), the clock's three
facts (gamenight/tournaments/clock.py), each entrant's table, seat and whether
they are out, and every knockout with the bounty it paid.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from gamenight.models.ledger import Transaction
from gamenight.models.nights import Night
from gamenight.models.players import Player


class Tournament(models.Model):
    night = models.OneToOneField(Night, on_delete=models.CASCADE, related_name="tournament")
    setup = models.JSONField(default=dict)
    structure = models.JSONField(default=list)
    payouts = models.JSONField(default=list)
    # The clock: whether it runs, and the running time (ms) at the anchor moment.
    clock_running = models.BooleanField(default=False)
    clock_elapsed_ms = models.BigIntegerField(default=0)
    clock_anchor = models.DateTimeField(null=True, blank=True)
    # Bumped by every change a screen shows (the clock's pages' ETag, stale forms).
    version = models.PositiveIntegerField(default=1)
    # Two tables until the final table is drawn (gamenight/tournaments/seating.py).
    tables_in_play = models.PositiveSmallIntegerField(default=1)
    finished_at = models.DateTimeField(null=True, blank=True)
    # The transaction that paid the prizes (undone with the knockout that finished it).
    prizes = models.ForeignKey(
        Transaction, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    # How it ended when the last players chopped: {"kind": "icm" | "equal", "chips": {...}}.
    chop = models.JSONField(default=dict, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(clock_elapsed_ms__gte=0), name="tournament_clock_not_negative"
            ),
            models.CheckConstraint(
                condition=Q(tables_in_play__gte=1) & Q(tables_in_play__lte=2),
                name="tournament_one_or_two_tables",
            ),
        ]

    def __str__(self) -> str:
        return f"tournament of {self.night}"


class Entrant(models.Model):
    """A player registered for the tournament."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entrants")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    table = models.PositiveSmallIntegerField(default=1)
    seat = models.PositiveSmallIntegerField(default=1)
    registered_at = models.DateTimeField()
    rebuys = models.PositiveSmallIntegerField(default=0)
    add_on = models.BooleanField(default=False)
    # Tournament chips as last known (a chip count typed for the chop; the digital
    # hands' stacks, see gamenight/tournaments/hooks.py).
    chips = models.BigIntegerField(default=0)
    # Out, and when: the number of their knockout in the tournament (later is better).
    out_number = models.PositiveIntegerField(null=True, blank=True)
    # Set when the tournament finishes: the place and the prize in the group's chips.
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    prize = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["table", "seat", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"], name="entrant_once_per_tournament"
            ),
            models.CheckConstraint(condition=Q(chips__gte=0), name="entrant_chips_not_negative"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.tournament}"

    @property
    def is_out(self) -> bool:
        return self.out_number is not None


class Knockout(models.Model):
    """One player out: who knocked them out, and the bounty's transaction (if any).

    Never changed but for ``undone_at``: an undone knockout stays, marked, with the
    reversal of its bounty in the ledger.
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="knockouts")
    number = models.PositiveIntegerField()
    out = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="knockouts")
    by = models.ForeignKey(
        Entrant, null=True, blank=True, on_delete=models.CASCADE, related_name="knocked_out"
    )
    at = models.DateTimeField()
    bounty = models.ForeignKey(
        Transaction, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    undone_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="knockout_number_unique"),
            models.CheckConstraint(condition=~Q(by=models.F("out")), name="knockout_not_self"),
        ]

    def __str__(self) -> str:
        return f"knockout {self.number} of {self.tournament}"
