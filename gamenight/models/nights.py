"""Seasons, nights with their house rules, and who sits where."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from gamenight.models.groups import Group
from gamenight.models.players import Player

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
