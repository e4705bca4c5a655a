"""The ledger's loopholes below the app, closed in the database (after 0002).

On both engines:

- A balance changes only by an entry. SQLite has no trigger depth, so its guard
  checks the result instead of the caller: a balance may only be set to the sum
  of the account's entries. The entry trigger's own update always is (SQLite
  runs a row's AFTER trigger before the next row of a multi-row INSERT); any
  other update either changes nothing or is refused. The sum costs a read of
  the account's entries per entry (measured: about +1 ms for a two-leg
  transaction whose accounts hold 3,000 entries each, next to nothing below a
  few hundred; stacks and pots live one night, the bank gains ~20 a night).
  PostgreSQL keeps 0002's rule (no balance change outside a trigger). An
  account starts at zero.
- An entry goes only into its own, new transaction, written in the same
  database transaction, and never into a transaction of a closed night:
  * PostgreSQL: the entry row and its transaction row carry the same ``xmin``
    (inserted by the same (sub)transaction). A transaction committed earlier has
    another ``xmin``, which no SQL can set, so this cannot be mimicked.
  * SQLite has no ``xmin``. It lets one connection write at a time, so the
    transaction being written is the newest row of ``gamenight_transaction``,
    and the connection's previous INSERT was that transaction or one of its
    entries (``last_insert_rowid()``). Residual gap: the same connection may
    still add entries to the newest transaction right after its entries, and
    an INSERT into another table whose rowid happens to equal the transaction's
    id passes the chain check. SQLite has no roles either: whoever can write the
    file can drop any trigger, so the SQLite guards stop mistakes, not attacks.
- An entry books only to an account of its transaction's group.
- A closed night stays closed: its status and its ``ended_at`` (the closing
  time, which check_ledger compares the entries with) never change again.
- An account never moves: group, kind, player, night and deal are fixed.
- A row the ledger points at is never made anew under its old id: Django's
  foreign keys are checked only at commit, so deleting an account (or a night,
  or, with SQLite's INSERT OR REPLACE, which fires no DELETE trigger, a
  transaction) and inserting it again with a zero balance or a running status
  would pass them. An insert is refused when ledger rows already point at its id.

On PostgreSQL only: TRUNCATE of transactions, entries and accounts is refused
(TRUNCATE fires no row trigger, so 0002's append-only rule missed it).

Not here: a one-legged (unbalanced) transaction on SQLite. SQLite cannot defer
a trigger to the commit, and a transaction's first leg is always unbalanced
until its second arrives; the Python writer checks the sum before inserting,
and ``manage.py check_ledger`` (run after every night's report) finds any that
got in by other means. PostgreSQL checks the sum at commit (0002).
"""

from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

ACCOUNT_PLACE = ("group_id", "kind", "player_id", "night_id", "deal_id")
NO_TRUNCATE = ("gamenight_transaction", "gamenight_entry", "gamenight_account")

MOVED_SQLITE = " OR ".join(f"NEW.{c} IS NOT OLD.{c}" for c in ACCOUNT_PLACE)
MOVED_POSTGRES = " OR ".join(f"NEW.{c} IS DISTINCT FROM OLD.{c}" for c in ACCOUNT_PLACE)

BALANCE_MESSAGE = "the ledger is append-only: a balance changes only with an entry"
OPENED_MESSAGE = "a new account starts at zero chips: record a transaction to fill it"
NEW_TX_MESSAGE = "an entry goes only into the new transaction written with it: record a new one"
CLOSED_MESSAGE = "the night is closed: nothing more can be recorded"
GROUP_MESSAGE = "an entry books only to accounts of its own group, never of another group"
OTHER_GROUP = """(SELECT group_id FROM gamenight_account WHERE id = NEW.account_id)
    IS DISTINCT FROM (SELECT group_id FROM gamenight_transaction WHERE id = NEW.transaction_id)"""
STAYS_CLOSED_MESSAGE = "a closed night stays closed: its status and closing time are final"
MOVE_MESSAGE = "accounts never move: group, kind, player, night and deal are fixed"
ANEW_MESSAGE = "the ledger is append-only: a row the ledger points at cannot be made anew"

# Per table: what points at a row of it in the ledger (the id is NEW.id on insert).
POINTED_AT = {
    "gamenight_account": "EXISTS (SELECT 1 FROM gamenight_entry WHERE account_id = NEW.id)",
    "gamenight_transaction": "EXISTS (SELECT 1 FROM gamenight_entry WHERE transaction_id = NEW.id)",
    "gamenight_night": "EXISTS (SELECT 1 FROM gamenight_transaction WHERE night_id = NEW.id)"
    " OR EXISTS (SELECT 1 FROM gamenight_account WHERE night_id = NEW.id)",
}

SQLITE = [
    f"""CREATE TRIGGER gamenight_account_balance_is_entries BEFORE UPDATE OF balance
    ON gamenight_account
    WHEN NEW.balance IS NOT (
        SELECT COALESCE(SUM(amount), 0) FROM gamenight_entry WHERE account_id = OLD.id)
    BEGIN SELECT RAISE(ABORT, '{BALANCE_MESSAGE}'); END""",
    f"""CREATE TRIGGER gamenight_account_opens_empty BEFORE INSERT ON gamenight_account
    WHEN NEW.balance <> 0
    BEGIN SELECT RAISE(ABORT, '{OPENED_MESSAGE}'); END""",
    f"""CREATE TRIGGER gamenight_account_never_moves BEFORE UPDATE OF {", ".join(ACCOUNT_PLACE)}
    ON gamenight_account WHEN {MOVED_SQLITE}
    BEGIN SELECT RAISE(ABORT, '{MOVE_MESSAGE}'); END""",
    *(
        f"""CREATE TRIGGER {table}_not_made_anew BEFORE INSERT ON {table} WHEN {pointed}
        BEGIN SELECT RAISE(ABORT, '{ANEW_MESSAGE}'); END"""
        for table, pointed in POINTED_AT.items()
    ),
    # One trigger, so that the closed night, the clearer reason, is named first.
    f"""CREATE TRIGGER gamenight_entry_own_transaction BEFORE INSERT ON gamenight_entry
    BEGIN
        SELECT RAISE(ABORT, '{CLOSED_MESSAGE}')
        WHERE (SELECT n.status FROM gamenight_transaction t
               JOIN gamenight_night n ON n.id = t.night_id
               WHERE t.id = NEW.transaction_id) = 'closed';
        SELECT RAISE(ABORT, '{GROUP_MESSAGE}') WHERE {OTHER_GROUP.replace("IS DISTINCT FROM", "IS NOT")};
        SELECT RAISE(ABORT, '{NEW_TX_MESSAGE}')
        WHERE NEW.transaction_id IS NOT (SELECT MAX(id) FROM gamenight_transaction)
           OR NOT (last_insert_rowid() = NEW.transaction_id
                   OR EXISTS (SELECT 1 FROM gamenight_entry
                              WHERE id = last_insert_rowid()
                                AND transaction_id = NEW.transaction_id));
    END""",
    f"""CREATE TRIGGER gamenight_night_stays_closed BEFORE UPDATE OF status, ended_at
    ON gamenight_night
    WHEN OLD.status = 'closed' AND (NEW.status IS NOT 'closed' OR NEW.ended_at IS NOT OLD.ended_at)
    BEGIN SELECT RAISE(ABORT, '{STAYS_CLOSED_MESSAGE}'); END""",
]


def _pg_refusal(name: str, message: str, errcode: str = "integrity_constraint_violation") -> str:
    return f"""CREATE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        RAISE EXCEPTION '{message}' USING ERRCODE = '{errcode}';
    END $$"""


POSTGRES = [
    _pg_refusal("gamenight_refuse_opening_balance", OPENED_MESSAGE),
    """CREATE TRIGGER gamenight_account_opens_empty BEFORE INSERT ON gamenight_account
    FOR EACH ROW WHEN (NEW.balance <> 0) EXECUTE FUNCTION gamenight_refuse_opening_balance()""",
    _pg_refusal("gamenight_refuse_account_move", MOVE_MESSAGE),
    f"""CREATE TRIGGER gamenight_account_never_moves BEFORE UPDATE ON gamenight_account
    FOR EACH ROW WHEN ({MOVED_POSTGRES}) EXECUTE FUNCTION gamenight_refuse_account_move()""",
    f"""CREATE FUNCTION gamenight_entry_night_open() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF (SELECT n.status FROM gamenight_transaction t
            JOIN gamenight_night n ON n.id = t.night_id
            WHERE t.id = NEW.transaction_id) = 'closed' THEN
            RAISE EXCEPTION '{CLOSED_MESSAGE}' USING ERRCODE = 'integrity_constraint_violation';
        END IF;
        IF {OTHER_GROUP} THEN
            RAISE EXCEPTION '{GROUP_MESSAGE}' USING ERRCODE = 'integrity_constraint_violation';
        END IF;
        RETURN NEW;
    END $$""",
    """CREATE TRIGGER gamenight_entry_night_open BEFORE INSERT ON gamenight_entry
    FOR EACH ROW EXECUTE FUNCTION gamenight_entry_night_open()""",
    # AFTER, so that the entry's own row (and its xmin) can be read.
    f"""CREATE FUNCTION gamenight_entry_own_transaction() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF NOT EXISTS (
            SELECT 1 FROM gamenight_entry e JOIN gamenight_transaction t ON t.id = e.transaction_id
            WHERE e.id = NEW.id AND t.xmin = e.xmin) THEN
            RAISE EXCEPTION '{NEW_TX_MESSAGE}' USING ERRCODE = 'integrity_constraint_violation';
        END IF;
        RETURN NULL;
    END $$""",
    """CREATE TRIGGER gamenight_entry_own_transaction AFTER INSERT ON gamenight_entry
    FOR EACH ROW EXECUTE FUNCTION gamenight_entry_own_transaction()""",
    _pg_refusal("gamenight_refuse_reopening", STAYS_CLOSED_MESSAGE),
    """CREATE TRIGGER gamenight_night_stays_closed BEFORE UPDATE ON gamenight_night
    FOR EACH ROW WHEN (OLD.status = 'closed' AND (NEW.status IS DISTINCT FROM 'closed'
                       OR NEW.ended_at IS DISTINCT FROM OLD.ended_at))
    EXECUTE FUNCTION gamenight_refuse_reopening()""",
    *(
        f"""CREATE FUNCTION {table}_not_made_anew() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF {pointed} THEN
                RAISE EXCEPTION '{ANEW_MESSAGE}' USING ERRCODE = 'integrity_constraint_violation';
            END IF;
            RETURN NEW;
        END $$"""
        for table, pointed in POINTED_AT.items()
    ),
    *(
        f"""CREATE TRIGGER {table}_not_made_anew BEFORE INSERT ON {table}
        FOR EACH ROW EXECUTE FUNCTION {table}_not_made_anew()"""
        for table in POINTED_AT
    ),
    # 0002's function names TG_OP and the table in its message.
    *(
        f"""CREATE TRIGGER {table}_no_truncate BEFORE TRUNCATE ON {table}
        FOR EACH STATEMENT EXECUTE FUNCTION gamenight_refuse_change()"""
        for table in NO_TRUNCATE
    ),
]

SQLITE_DROP = [
    "DROP TRIGGER IF EXISTS gamenight_account_balance_is_entries",
    "DROP TRIGGER IF EXISTS gamenight_account_opens_empty",
    "DROP TRIGGER IF EXISTS gamenight_account_never_moves",
    "DROP TRIGGER IF EXISTS gamenight_entry_own_transaction",
    "DROP TRIGGER IF EXISTS gamenight_night_stays_closed",
    *(f"DROP TRIGGER IF EXISTS {table}_not_made_anew" for table in POINTED_AT),
]

POSTGRES_DROP = [
    *(f"DROP TRIGGER IF EXISTS {t}_no_truncate ON {t}" for t in NO_TRUNCATE),
    "DROP TRIGGER IF EXISTS gamenight_account_opens_empty ON gamenight_account",
    "DROP TRIGGER IF EXISTS gamenight_account_never_moves ON gamenight_account",
    "DROP TRIGGER IF EXISTS gamenight_entry_night_open ON gamenight_entry",
    "DROP TRIGGER IF EXISTS gamenight_entry_own_transaction ON gamenight_entry",
    "DROP TRIGGER IF EXISTS gamenight_night_stays_closed ON gamenight_night",
    "DROP FUNCTION IF EXISTS gamenight_refuse_opening_balance()",
    "DROP FUNCTION IF EXISTS gamenight_refuse_account_move()",
    "DROP FUNCTION IF EXISTS gamenight_entry_night_open()",
    "DROP FUNCTION IF EXISTS gamenight_entry_own_transaction()",
    "DROP FUNCTION IF EXISTS gamenight_refuse_reopening()",
    *(f"DROP TRIGGER IF EXISTS {t}_not_made_anew ON {t}" for t in POINTED_AT),
    *(f"DROP FUNCTION IF EXISTS {t}_not_made_anew()" for t in POINTED_AT),
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
    dependencies = [("gamenight", "0007_rate_events")]

    operations = [
        migrations.RunPython(create_guards, drop_guards),
        migrations.AddField(
            model_name="nightreport",
            name="ledger_problem",
            field=models.JSONField(blank=True, default=dict),
        ),
    ]
