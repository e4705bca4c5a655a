"""Paid marks on settle-up transfers (issue 17): append-only rows, refused by the
database itself on UPDATE and DELETE as the ledger's are (migration 0002)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

TABLE = "gamenight_transfermark"
MESSAGE = "paid marks are append-only: record an unmark"

SQLITE = [
    f"""CREATE TRIGGER {TABLE}_no_{op.lower()} BEFORE {op} ON {TABLE}
    BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END"""
    for op in ("UPDATE", "DELETE")
]
SQLITE_DROP = [f"DROP TRIGGER IF EXISTS {TABLE}_no_{op}" for op in ("update", "delete")]

POSTGRES = [
    f"""CREATE FUNCTION gamenight_transfer_mark_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        RAISE EXCEPTION '{MESSAGE} (% refused)', TG_OP
            USING ERRCODE = 'integrity_constraint_violation';
    END $$""",
    f"""CREATE TRIGGER {TABLE}_append_only BEFORE UPDATE OR DELETE ON {TABLE}
    FOR EACH ROW EXECUTE FUNCTION gamenight_transfer_mark_refuse()""",
]
POSTGRES_DROP = [
    f"DROP TRIGGER IF EXISTS {TABLE}_append_only ON {TABLE}",
    "DROP FUNCTION IF EXISTS gamenight_transfer_mark_refuse()",
]


def _run(schema_editor: BaseDatabaseSchemaEditor, statements: dict[str, list[str]]) -> None:
    vendor = schema_editor.connection.vendor
    if vendor not in statements:
        raise RuntimeError(f"the mark triggers are written for sqlite and postgresql, not {vendor}")
    for sql in statements[vendor]:
        schema_editor.execute(sql, params=None)


def create_triggers(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    _run(schema_editor, {"sqlite": SQLITE, "postgresql": POSTGRES})


def drop_triggers(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    _run(schema_editor, {"sqlite": SQLITE_DROP, "postgresql": POSTGRES_DROP})


class Migration(migrations.Migration):
    dependencies = [
        ("gamenight", "0018_next_night"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="TransferMark",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("cents", models.PositiveIntegerField()),
                ("step", models.PositiveIntegerField()),
                ("paid", models.BooleanField()),
                ("marked_at", models.DateTimeField(auto_now_add=True)),
                (
                    "marked_by",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "night",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="transfer_marks",
                        to="gamenight.night",
                    ),
                ),
                (
                    "payee",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="gamenight.player",
                    ),
                ),
                (
                    "payer",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="gamenight.player",
                    ),
                ),
                (
                    "reverses",
                    models.OneToOneField(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="reversed_by",
                        to="gamenight.transfermark",
                    ),
                ),
            ],
            options={
                "ordering": ["id"],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("night", "payer", "payee", "cents", "step"),
                        name="transfer_mark_step_once",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(
                            models.Q(("paid", True), ("reverses__isnull", True)),
                            models.Q(("paid", False), ("reverses__isnull", False)),
                            _connector="OR",
                        ),
                        name="transfer_mark_unmark_names_mark",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(("cents__gt", 0), ("step__gt", 0)),
                        name="transfer_mark_sane",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(("payer", models.F("payee")), _negated=True),
                        name="transfer_mark_two_people",
                    ),
                ],
            },
        ),
        migrations.RunPython(create_triggers, drop_triggers),
    ]
