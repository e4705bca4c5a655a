"""Issue 23: a planned night may be cancelled, and a night keeps a log of the changes
to its plan and house rules (who, when, what)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("gamenight", "0022_ledger_guards_worker_heartbeat"),
    ]

    operations = [
        migrations.AlterField(
            model_name="night",
            name="status",
            field=models.CharField(
                choices=[
                    ("planned", "planned"),
                    ("running", "running"),
                    ("closed", "closed"),
                    ("cancelled", "cancelled"),
                ],
                default="planned",
                max_length=10,
            ),
        ),
        migrations.CreateModel(
            name="NightChange",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("made_at", models.DateTimeField()),
                ("made_by", models.CharField(max_length=150)),
                ("changes", models.JSONField(default=list)),
                (
                    "night",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="changes",
                        to="gamenight.night",
                    ),
                ),
            ],
            options={
                "ordering": ["id"],
            },
        ),
    ]
