"""Issue 27: tournament nights. A night's tournament (setup, structure, payout table
and clock), its entrants and knockouts, and the two kinds of ledger transaction a
tournament books (gamenight/tournaments/ledger.py): only new choices of
``Transaction.kind``, no change to the ledger's tables, constraints or triggers.

Numbered after 0023 (the integration branch's last): the lead renumbers it if
other branches' migrations come first.
"""

import django.db.models.deletion
from django.db import migrations, models

KINDS = [
    ("buy_in", "buy-in"),
    ("carry", "stack carried over"),
    ("rebuy", "rebuy"),
    ("cash_out", "cash-out"),
    ("table_hand", "hand dealt at the table"),
    ("guts_deal", "Guts deal"),
    ("shelby_round", "Shelby round"),
    ("pot_split", "split of the night's pots"),
    ("tourney_entry", "paid into the tournament"),
    ("tourney_payout", "paid out by the tournament"),
    ("reversal", "reversal"),
]


class Migration(migrations.Migration):
    dependencies = [("gamenight", "0027_money")]

    operations = [
        # Choices only: no SQL (Django leaves the column as it is).
        migrations.AlterField(
            model_name="transaction",
            name="kind",
            field=models.CharField(choices=KINDS, max_length=20),
        ),
        migrations.CreateModel(
            name="Tournament",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("setup", models.JSONField(default=dict)),
                ("structure", models.JSONField(default=list)),
                ("payouts", models.JSONField(default=list)),
                ("clock_running", models.BooleanField(default=False)),
                ("clock_elapsed_ms", models.BigIntegerField(default=0)),
                ("clock_anchor", models.DateTimeField(blank=True, null=True)),
                ("version", models.PositiveIntegerField(default=1)),
                ("tables_in_play", models.PositiveSmallIntegerField(default=1)),
                ("finished_at", models.DateTimeField(blank=True, null=True)),
                ("chop", models.JSONField(blank=True, default=dict)),
                (
                    "prizes",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="gamenight.transaction",
                    ),
                ),
                (
                    "night",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="tournament",
                        to="gamenight.night",
                    ),
                ),
            ],
            options={
                "constraints": [
                    models.CheckConstraint(
                        condition=models.Q(clock_elapsed_ms__gte=0),
                        name="tournament_clock_not_negative",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(tables_in_play__gte=1) & models.Q(tables_in_play__lte=2),
                        name="tournament_one_or_two_tables",
                    ),
                ],
            },
        ),
        migrations.CreateModel(
            name="Entrant",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("table", models.PositiveSmallIntegerField(default=1)),
                ("seat", models.PositiveSmallIntegerField(default=1)),
                ("registered_at", models.DateTimeField()),
                ("rebuys", models.PositiveSmallIntegerField(default=0)),
                ("add_on", models.BooleanField(default=False)),
                ("chips", models.BigIntegerField(default=0)),
                ("out_number", models.PositiveIntegerField(blank=True, null=True)),
                ("place", models.PositiveSmallIntegerField(blank=True, null=True)),
                ("prize", models.PositiveIntegerField(default=0)),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="gamenight.player",
                    ),
                ),
                (
                    "tournament",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="entrants",
                        to="gamenight.tournament",
                    ),
                ),
            ],
            options={
                "ordering": ["table", "seat", "id"],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("tournament", "player"), name="entrant_once_per_tournament"
                    ),
                    models.CheckConstraint(
                        condition=models.Q(chips__gte=0), name="entrant_chips_not_negative"
                    ),
                ],
            },
        ),
        migrations.CreateModel(
            name="Knockout",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("number", models.PositiveIntegerField()),
                ("at", models.DateTimeField()),
                ("undone_at", models.DateTimeField(blank=True, null=True)),
                (
                    "bounty",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="gamenight.transaction",
                    ),
                ),
                (
                    "by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="knocked_out",
                        to="gamenight.entrant",
                    ),
                ),
                (
                    "out",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="knockouts",
                        to="gamenight.entrant",
                    ),
                ),
                (
                    "tournament",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="knockouts",
                        to="gamenight.tournament",
                    ),
                ),
            ],
            options={
                "ordering": ["number"],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("tournament", "number"), name="knockout_number_unique"
                    ),
                    models.CheckConstraint(
                        condition=~models.Q(by=models.F("out")), name="knockout_not_self"
                    ),
                ],
            },
        ),
    ]
