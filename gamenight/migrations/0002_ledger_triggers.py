"""Ledger rules the database enforces itself, whatever the Python code does.

- Transactions and entries are append-only: UPDATE and DELETE raise.
- Every inserted entry adds its amount to its account's ``balance``; with the
  check constraint ``account_only_bank_below_zero`` no stack or pot can go below
  zero, and ``balance`` always equals the sum of the account's entries.
- PostgreSQL also refuses a direct change of ``balance`` (only the entry trigger
  may change it) and checks at commit that every transaction's entries sum to
  zero (a deferred constraint trigger). SQLite cannot defer a trigger; there the
  Python writer checks the sum before inserting.
- A closed night takes no new transactions, and a night cannot be closed while
  its Guts pot, Guts reserve or Shelby pot hold chips.
"""

from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

APPEND_ONLY = ("gamenight_transaction", "gamenight_entry")
POTS = "('guts_pot', 'guts_reserve', 'shelby_pot')"

SQLITE = [
    *(
        f"""CREATE TRIGGER {table}_no_{op.lower()} BEFORE {op} ON {table}
        BEGIN SELECT RAISE(ABORT, 'the ledger is append-only: record a reversal'); END"""
        for table in APPEND_ONLY
        for op in ("UPDATE", "DELETE")
    ),
    """CREATE TRIGGER gamenight_entry_apply AFTER INSERT ON gamenight_entry
    BEGIN
        UPDATE gamenight_account SET balance = balance + NEW.amount WHERE id = NEW.account_id;
    END""",
    """CREATE TRIGGER gamenight_transaction_night_open BEFORE INSERT ON gamenight_transaction
    WHEN (SELECT status FROM gamenight_night WHERE id = NEW.night_id) = 'closed'
    BEGIN SELECT RAISE(ABORT, 'the night is closed: nothing more can be recorded'); END""",
    f"""CREATE TRIGGER gamenight_night_close_needs_empty_pots BEFORE UPDATE OF status
    ON gamenight_night
    WHEN NEW.status = 'closed' AND EXISTS (
        SELECT 1 FROM gamenight_account
        WHERE night_id = NEW.id AND kind IN {POTS} AND balance <> 0)
    BEGIN SELECT RAISE(ABORT, 'chips are left in the night''s pots: record a split first'); END""",
]

POSTGRES = [
    """CREATE FUNCTION gamenight_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        RAISE EXCEPTION 'the ledger is append-only: % on % refused, record a reversal',
            TG_OP, TG_TABLE_NAME USING ERRCODE = 'integrity_constraint_violation';
    END $$""",
    *(
        f"""CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table}
        FOR EACH ROW EXECUTE FUNCTION gamenight_refuse_change()"""
        for table in APPEND_ONLY
    ),
    """CREATE TRIGGER gamenight_account_balance_by_entries BEFORE UPDATE ON gamenight_account
    FOR EACH ROW WHEN (pg_trigger_depth() = 0 AND OLD.balance IS DISTINCT FROM NEW.balance)
    EXECUTE FUNCTION gamenight_refuse_change()""",
    """CREATE FUNCTION gamenight_apply_entry() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        UPDATE gamenight_account SET balance = balance + NEW.amount WHERE id = NEW.account_id;
        RETURN NEW;
    END $$""",
    """CREATE TRIGGER gamenight_entry_apply AFTER INSERT ON gamenight_entry
    FOR EACH ROW EXECUTE FUNCTION gamenight_apply_entry()""",
    """CREATE FUNCTION gamenight_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE total bigint;
    BEGIN
        SELECT COALESCE(SUM(amount), 0) INTO total
        FROM gamenight_entry WHERE transaction_id = NEW.transaction_id;
        IF total <> 0 THEN
            RAISE EXCEPTION 'transaction % does not balance: its entries sum to %',
                NEW.transaction_id, total USING ERRCODE = 'check_violation';
        END IF;
        RETURN NULL;
    END $$""",
    """CREATE CONSTRAINT TRIGGER gamenight_entry_balanced AFTER INSERT ON gamenight_entry
    DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION gamenight_check_balanced()""",
    """CREATE FUNCTION gamenight_night_open() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF (SELECT status FROM gamenight_night WHERE id = NEW.night_id) = 'closed' THEN
            RAISE EXCEPTION 'the night is closed: nothing more can be recorded'
                USING ERRCODE = 'integrity_constraint_violation';
        END IF;
        RETURN NEW;
    END $$""",
    """CREATE TRIGGER gamenight_transaction_night_open BEFORE INSERT ON gamenight_transaction
    FOR EACH ROW EXECUTE FUNCTION gamenight_night_open()""",
    f"""CREATE FUNCTION gamenight_night_close_check() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF EXISTS (SELECT 1 FROM gamenight_account
                   WHERE night_id = NEW.id AND kind IN {POTS} AND balance <> 0) THEN
            RAISE EXCEPTION 'chips are left in the night''s pots: record a split first'
                USING ERRCODE = 'integrity_constraint_violation';
        END IF;
        RETURN NEW;
    END $$""",
    """CREATE TRIGGER gamenight_night_close_needs_empty_pots BEFORE UPDATE OF status
    ON gamenight_night FOR EACH ROW WHEN (NEW.status = 'closed')
    EXECUTE FUNCTION gamenight_night_close_check()""",
]

SQLITE_DROP = [
    *(f"DROP TRIGGER IF EXISTS {t}_no_{op}" for t in APPEND_ONLY for op in ("update", "delete")),
    "DROP TRIGGER IF EXISTS gamenight_entry_apply",
    "DROP TRIGGER IF EXISTS gamenight_transaction_night_open",
    "DROP TRIGGER IF EXISTS gamenight_night_close_needs_empty_pots",
]

POSTGRES_DROP = [
    *(f"DROP TRIGGER IF EXISTS {t}_append_only ON {t}" for t in APPEND_ONLY),
    "DROP TRIGGER IF EXISTS gamenight_account_balance_by_entries ON gamenight_account",
    "DROP TRIGGER IF EXISTS gamenight_entry_apply ON gamenight_entry",
    "DROP TRIGGER IF EXISTS gamenight_entry_balanced ON gamenight_entry",
    "DROP TRIGGER IF EXISTS gamenight_transaction_night_open ON gamenight_transaction",
    "DROP TRIGGER IF EXISTS gamenight_night_close_needs_empty_pots ON gamenight_night",
    "DROP FUNCTION IF EXISTS gamenight_refuse_change()",
    "DROP FUNCTION IF EXISTS gamenight_apply_entry()",
    "DROP FUNCTION IF EXISTS gamenight_check_balanced()",
    "DROP FUNCTION IF EXISTS gamenight_night_open()",
    "DROP FUNCTION IF EXISTS gamenight_night_close_check()",
]


def _run(schema_editor: BaseDatabaseSchemaEditor, statements: dict[str, list[str]]) -> None:
    vendor = schema_editor.connection.vendor
    if vendor not in statements:
        raise RuntimeError(f"the ledger triggers are written for sqlite and postgresql, not {vendor}")
    for sql in statements[vendor]:
        schema_editor.execute(sql, params=None)


def create_triggers(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    _run(schema_editor, {"sqlite": SQLITE, "postgresql": POSTGRES})


def drop_triggers(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    _run(schema_editor, {"sqlite": SQLITE_DROP, "postgresql": POSTGRES_DROP})


class Migration(migrations.Migration):
    dependencies = [("gamenight", "0001_initial")]

    operations = [migrations.RunPython(create_triggers, drop_triggers)]
