"""Issue 28, money among friends: the group's currency and time zone, shared costs
(append-only, refused by the database on UPDATE and DELETE as the ledger's rows
are, migration 0002) and how each player likes to be paid."""

import django.db.models.deletion
import gamenight.models.groups
from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps


TABLES = ("gamenight_expense", "gamenight_expenseshare")
MESSAGE = "shared costs are append-only: take the expense back"

SQLITE = [
    f"""CREATE TRIGGER {table}_no_{op.lower()} BEFORE {op} ON {table}
    BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END"""
    for table in TABLES
    for op in ("UPDATE", "DELETE")
]
SQLITE_DROP = [f"DROP TRIGGER IF EXISTS {t}_no_{op}" for t in TABLES for op in ("update", "delete")]

POSTGRES = [
    f"""CREATE FUNCTION gamenight_expense_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        RAISE EXCEPTION '{MESSAGE} (% on % refused)', TG_OP, TG_TABLE_NAME
            USING ERRCODE = 'integrity_constraint_violation';
    END $$""",
    *(
        f"""CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table}
        FOR EACH ROW EXECUTE FUNCTION gamenight_expense_refuse()"""
        for table in TABLES
    ),
]
POSTGRES_DROP = [
    *(f"DROP TRIGGER IF EXISTS {t}_append_only ON {t}" for t in TABLES),
    "DROP FUNCTION IF EXISTS gamenight_expense_refuse()",
]


def _run(schema_editor: BaseDatabaseSchemaEditor, statements: dict[str, list[str]]) -> None:
    vendor = schema_editor.connection.vendor
    if vendor not in statements:
        raise RuntimeError(
            f"the expense triggers are written for sqlite and postgresql, not {vendor}"
        )
    for sql in statements[vendor]:
        schema_editor.execute(sql, params=None)


def create_triggers(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    _run(schema_editor, {"sqlite": SQLITE, "postgresql": POSTGRES})


def drop_triggers(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    _run(schema_editor, {"sqlite": SQLITE_DROP, "postgresql": POSTGRES_DROP})


class Migration(migrations.Migration):
    dependencies = [
        ("gamenight", "0026_seat_moves"),
    ]

    operations = [
        migrations.AddField(
            model_name="group",
            name="currency",
            field=models.CharField(default="EUR", max_length=3, verbose_name="currency"),
        ),
        migrations.AddField(
            model_name="group",
            name="time_zone",
            field=models.CharField(
                default=gamenight.models.groups.default_time_zone,
                max_length=64,
                verbose_name="time zone",
            ),
        ),
        migrations.CreateModel(
            name="Expense",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("what", models.CharField(max_length=100, verbose_name="what")),
                ("amount", models.PositiveIntegerField(verbose_name="amount")),
                ("recorded_by", models.CharField(max_length=150)),
                ("recorded_at", models.DateTimeField(auto_now_add=True)),
                (
                    "night",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="expenses",
                        to="gamenight.night",
                    ),
                ),
                (
                    "paid_by",
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
                        to="gamenight.expense",
                    ),
                ),
            ],
            options={
                "ordering": ["id"],
            },
        ),
        migrations.CreateModel(
            name="ExpenseShare",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("amount", models.PositiveIntegerField()),
                (
                    "expense",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="shares",
                        to="gamenight.expense",
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="gamenight.player",
                    ),
                ),
            ],
            options={
                "ordering": ["id"],
            },
        ),
        migrations.CreateModel(
            name="PaymentDetails",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "holder",
                    models.CharField(blank=True, max_length=70, verbose_name="account holder"),
                ),
                ("iban", models.CharField(blank=True, max_length=34, verbose_name="IBAN")),
                (
                    "paypal_me",
                    models.CharField(blank=True, max_length=50, verbose_name="PayPal.me name"),
                ),
                (
                    "link",
                    models.URLField(
                        blank=True, max_length=300, verbose_name="another payment link"
                    ),
                ),
                ("updated_at", models.DateTimeField(auto_now=True)),
                (
                    "player",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="payment",
                        to="gamenight.player",
                    ),
                ),
            ],
        ),
        migrations.AddConstraint(
            model_name="expense",
            constraint=models.CheckConstraint(
                condition=models.Q(("amount__gt", 0), ("amount__lte", 10000000)),
                name="expense_amount_sane",
            ),
        ),
        migrations.AddConstraint(
            model_name="expenseshare",
            constraint=models.UniqueConstraint(
                fields=("expense", "player"), name="expense_share_once"
            ),
        ),
        migrations.RunPython(create_triggers, drop_triggers),
    ]
