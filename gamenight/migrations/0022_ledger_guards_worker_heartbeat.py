"""The ledger loopholes 0002 and 0008 left open, closed in the database; and the
report worker's heartbeat (gamenight/reports/worker_seen.py), a table of one row.

- **A transaction whose legs do not sum to zero, on SQLite** (a one-legged one
  included). PostgreSQL checks the sum at commit since 0002 (a constraint trigger,
  DEFERRABLE INITIALLY DEFERRED). SQLite defers no trigger, and a transaction's
  first leg is always unbalanced until its second arrives, but it does defer a
  foreign key (``DEFERRABLE INITIALLY DEFERRED``) to COMMIT. So an entry trigger
  keeps, for every transaction whose entries do not sum to zero yet, a row in
  ``gamenight_ledger_unbalanced`` whose foreign key points at no transaction (the
  negative of its id; ids are positive), and deletes it once they do. A COMMIT
  with such a row left fails ("FOREIGN KEY constraint failed") and Django rolls
  the transaction back; a statement outside a transaction is its own and fails
  at its end. The app's own writes (the transaction, then its legs in one
  INSERT, as ``gamenight.services.posting`` and the group import write them)
  leave no row. A transaction without entries (a player leaves with an empty
  stack) has nothing to balance. The check costs one sum over the transaction's
  own entries per entry.
- **A transaction without a night that moves a night's chips** (on both): an
  entry to an account of a night (a stack, a night pot, or a deal's pot through
  its deal) belongs to a transaction of a night. 0002 and 0008 refuse a
  transaction *of* a closed night, so one without a night could still move a
  closed night's stacks.
- **A closed night's pots** (on both) take no entries at all. A closed night's
  stack still gives its chips to the next night of the season (carried over,
  written by the next night's buy-in) and takes them back if that buy-in is
  undone.

As in 0008, whoever can write the SQLite file can drop any of this: the SQLite
guards stop mistakes, not attacks.
"""

from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

NIGHTLESS_MESSAGE = (
    "an entry to a night''s chips belongs to a transaction of that night: record it there"
)
CLOSED_POT_MESSAGE = "the night is closed: nothing more can be recorded in its pots"
# The night an account belongs to: its own, or its deal's (a deal's pot).
ACCOUNT_NIGHT = """SELECT COALESCE(a.night_id, d.night_id) FROM gamenight_account a
    LEFT JOIN gamenight_deal d ON d.id = a.deal_id WHERE a.id = NEW.account_id"""
CLOSED_POT = """EXISTS (SELECT 1 FROM gamenight_account a
    LEFT JOIN gamenight_deal d ON d.id = a.deal_id
    JOIN gamenight_night n ON n.id = COALESCE(a.night_id, d.night_id)
    WHERE a.id = NEW.account_id AND a.kind <> 'stack' AND n.status = 'closed')"""
TX_NIGHT = "SELECT night_id FROM gamenight_transaction WHERE id = NEW.transaction_id"
ENTRIES_SUM = "SELECT SUM(amount) FROM gamenight_entry WHERE transaction_id = NEW.transaction_id"

SQLITE = [
    """CREATE TABLE gamenight_ledger_unbalanced (
        transaction_id integer NOT NULL PRIMARY KEY,
        dangling integer NOT NULL CHECK (dangling < 0)
            REFERENCES gamenight_transaction (id) DEFERRABLE INITIALLY DEFERRED
    )""",
    f"""CREATE TRIGGER gamenight_entry_balanced AFTER INSERT ON gamenight_entry
    BEGIN
        INSERT OR IGNORE INTO gamenight_ledger_unbalanced (transaction_id, dangling)
        VALUES (NEW.transaction_id, -NEW.transaction_id);
        DELETE FROM gamenight_ledger_unbalanced
        WHERE transaction_id = NEW.transaction_id AND ({ENTRIES_SUM}) = 0;
    END""",
    f"""CREATE TRIGGER gamenight_entry_night_accounts BEFORE INSERT ON gamenight_entry
    BEGIN
        SELECT RAISE(ABORT, '{NIGHTLESS_MESSAGE}')
        WHERE ({ACCOUNT_NIGHT}) IS NOT NULL AND ({TX_NIGHT}) IS NULL;
        SELECT RAISE(ABORT, '{CLOSED_POT_MESSAGE}') WHERE {CLOSED_POT};
    END""",
]

POSTGRES = [
    f"""CREATE FUNCTION gamenight_entry_night_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF ({ACCOUNT_NIGHT}) IS NOT NULL AND ({TX_NIGHT}) IS NULL THEN
            RAISE EXCEPTION '{NIGHTLESS_MESSAGE}'
                USING ERRCODE = 'integrity_constraint_violation';
        END IF;
        IF {CLOSED_POT} THEN
            RAISE EXCEPTION '{CLOSED_POT_MESSAGE}'
                USING ERRCODE = 'integrity_constraint_violation';
        END IF;
        RETURN NEW;
    END $$""",
    """CREATE TRIGGER gamenight_entry_night_accounts BEFORE INSERT ON gamenight_entry
    FOR EACH ROW EXECUTE FUNCTION gamenight_entry_night_accounts()""",
]

SQLITE_DROP = [
    "DROP TRIGGER IF EXISTS gamenight_entry_night_accounts",
    "DROP TRIGGER IF EXISTS gamenight_entry_balanced",
    "DROP TABLE IF EXISTS gamenight_ledger_unbalanced",
]

POSTGRES_DROP = [
    "DROP TRIGGER IF EXISTS gamenight_entry_night_accounts ON gamenight_entry",
    "DROP FUNCTION IF EXISTS gamenight_entry_night_accounts()",
]


def _run(schema_editor: BaseDatabaseSchemaEditor, statements: dict[str, list[str]]) -> None:
    vendor = schema_editor.connection.vendor
    if vendor not in statements:
        raise RuntimeError(f"the ledger guards are written for sqlite and postgresql, not {vendor}")
    for sql in statements[vendor]:
        schema_editor.execute(sql, params=None)


def create_guards(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    _run(schema_editor, {"sqlite": SQLITE, "postgresql": POSTGRES})


def drop_guards(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    _run(schema_editor, {"sqlite": SQLITE_DROP, "postgresql": POSTGRES_DROP})


class Migration(migrations.Migration):
    dependencies = [("gamenight", "0021_player_login")]

    operations = [
        migrations.RunPython(create_guards, drop_guards),
        migrations.CreateModel(
            name="WorkerHeartbeat",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("seen_at", models.DateTimeField()),
            ],
        ),
    ]
