"""Seasons, nights with their house rules, and who sits where."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import models
from django.utils.translation import gettext_lazy as _

from gamenight.models.groups import Group
from gamenight.models.players import Player

if TYPE_CHECKING:
    from gamenight.house_rules import HouseRules

# The largest starting stack a night takes (a CHECK constraint in the database;
# the night form and create_night refuse more, so the constraint is never what says no).
MAX_STARTING_STACK = 1_000_000


class Season(models.Model):
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(_("name"), max_length=60)
    starts_on = models.DateField(_("starts on"))
    ends_on = models.DateField(_("ends on"), null=True, blank=True)
    scoring = models.JSONField(_("scoring rule"), default=dict, blank=True)
    """A :class:`~gamenight.services.scoring.ScoringRule` as JSON; empty: rank by chips."""

    class Meta:
        ordering = ["-starts_on"]
        constraints = [
            models.UniqueConstraint(fields=["group", "name"], name="season_name_unique_in_group"),
        ]

    def __str__(self) -> str:
        return self.name


class LimitStructure(models.TextChoices):
    SPREAD = "spread", _("spread limit")
    FIXED = "fixed", _("fixed limit")
    POT = "pot", _("pot limit")


class NightStatus(models.TextChoices):
    PLANNED = "planned", _("planned")
    RUNNING = "running", _("running")
    CLOSED = "closed", _("closed")
    # Called off before it started: kept (with its answers) so that whoever had
    # answered is told, until its day has passed; deleted only by the host.
    CANCELLED = "cancelled", _("cancelled")


class Night(models.Model):
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="nights")
    season = models.ForeignKey(
        Season, null=True, blank=True, on_delete=models.PROTECT, related_name="nights"
    )
    date = models.DateField(_("date"))
    place = models.CharField(_("place"), max_length=100, blank=True)
    # The next night as planned ahead (gamenight/services/next_night.py): when it
    # starts (none: the day only) and a word from the host to the players.
    starts_at = models.TimeField(_("start time"), null=True, blank=True)
    note = models.CharField(_("note"), max_length=300, blank=True)
    # House rules.
    ante = models.PositiveIntegerField(_("ante"), default=1)
    limit_structure = models.CharField(
        max_length=10, choices=LimitStructure.choices, default=LimitStructure.SPREAD
    )
    allowed_games = models.JSONField(_("games allowed"), default=list, blank=True)
    game_options = models.JSONField(_("game options"), default=dict, blank=True)
    starting_stack = models.PositiveIntegerField(_("starting stack"), default=100)
    carry_over = models.BooleanField(
        _("stacks carry over from the last night of the season"), default=False
    )
    status = models.CharField(
        max_length=10, choices=NightStatus.choices, default=NightStatus.PLANNED
    )
    dealer = models.ForeignKey(
        "gamenight.Seat", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    started_at = models.DateTimeField(null=True, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-date", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(starting_stack__lte=MAX_STARTING_STACK),
                name="night_starting_stack_sane",
            ),
            models.CheckConstraint(
                condition=models.Q(carry_over=False) | models.Q(season__isnull=False),
                name="night_carry_over_needs_season",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.group} {self.date}"

    @property
    def is_closed(self) -> bool:
        return self.status == NightStatus.CLOSED

    @property
    def is_cancelled(self) -> bool:
        return self.status == NightStatus.CANCELLED

    @property
    def house_rules(self) -> HouseRules:
        """The house rules read from the columns and JSON fields above, typed."""
        # Imported here: the module reads LimitStructure from this one.
        from gamenight.house_rules import HouseRules

        return HouseRules.of(self)


class Seat(models.Model):
    """A player at a night's table; ``position`` runs clockwise, as the engine counts seats."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveIntegerField()
    seated = models.BooleanField(default=True)
    arrived_at = models.DateTimeField(auto_now_add=True)
    left_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["night", "player"], name="seat_player_once_per_night"),
            models.UniqueConstraint(fields=["night", "position"], name="seat_position_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.player} at seat {self.position}"


class NightChange(models.Model):
    """One change to a night's plan or house rules: the night's log (who, when, what).

    Written once and never edited. ``changes`` lists ``{"what", "before", "after"}``
    in JSON values (gamenight/services/night_plan.py writes them, and
    gamenight/pages/night_log.py reads them in the reader's language). ``made_by``
    is the login's name as it was: the log reads the same after the login is gone,
    and a group's export carries it without carrying logins.
    """

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="changes")
    made_at = models.DateTimeField()
    made_by = models.CharField(max_length=150)
    changes = models.JSONField(default=list)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"change of night {self.night_id} by {self.made_by}"
