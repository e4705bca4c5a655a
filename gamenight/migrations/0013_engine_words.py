"""A ledger row's words as codes and parameters beside its English text (issue 15).

``Entry.words`` and ``Transaction.summary_words`` keep what the engine said (a
table hand's reason, a Guts deal's explanation) so that a report words it in its
reader's language. Old rows keep NULL: their English follows fixed patterns that
:mod:`gamenight.engine_words.ledger` reads back at display time (the rows are
append-only, so they are not rewritten).

Both columns are nullable without a default: SQLite then adds them with ALTER
TABLE ADD COLUMN instead of rebuilding the tables, which would drop the
append-only triggers of migration 0002.
"""

from __future__ import annotations

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("gamenight", "0012_jack_games")]

    operations = [
        migrations.AddField(
            model_name="entry",
            name="words",
            field=models.JSONField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="transaction",
            name="summary_words",
            field=models.JSONField(blank=True, null=True),
        ),
    ]
