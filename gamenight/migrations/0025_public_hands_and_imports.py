import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("gamenight", "0024_shelby_game_deals"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        # A hand from a group file has no cards (its state stayed where it was dealt),
        # only what the table saw of it.
        migrations.AlterField(
            model_name="digitalhand",
            name="state",
            field=models.JSONField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="digitalhand",
            name="public_record",
            field=models.JSONField(blank=True, null=True),
        ),
        # An uploaded group file, imported by the worker in batches.
        migrations.CreateModel(
            name="GroupImport",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("queued", "waiting for its turn"),
                            ("checking", "checking the file"),
                            ("writing", "writing"),
                            ("done", "imported"),
                            ("failed", "refused"),
                        ],
                        default="queued",
                        max_length=10,
                    ),
                ),
                ("size", models.PositiveIntegerField(default=0)),
                ("language", models.CharField(blank=True, max_length=10)),
                ("total", models.PositiveIntegerField(default=0)),
                ("written", models.PositiveIntegerField(default=0)),
                ("error", models.TextField(blank=True)),
                ("longest_batch_ms", models.PositiveIntegerField(default=0)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("started_at", models.DateTimeField(blank=True, null=True)),
                ("finished_at", models.DateTimeField(blank=True, null=True)),
                (
                    "group",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to="gamenight.group",
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={"ordering": ["-id"]},
        ),
        migrations.CreateModel(
            name="GroupImportChunk",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("index", models.PositiveIntegerField()),
                ("data", models.BinaryField()),
                (
                    "job",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="chunks",
                        to="gamenight.groupimport",
                    ),
                ),
            ],
            options={
                "ordering": ["job", "index"],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("job", "index"), name="group_import_chunk_once"
                    )
                ],
            },
        ),
    ]
