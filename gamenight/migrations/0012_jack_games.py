"""The group's list of games a jack may switch to (Jack the Shifter, ruling 16).

Every group, old or new, starts with every game a jack may switch to: until now a
night's Jack the Shifter offered the whole stud family, and the night's own
options still narrow it.
"""

from __future__ import annotations

from django.db import migrations, models

import gamenight.models.groups


class Migration(migrations.Migration):
    dependencies = [("gamenight", "0011_three_card_guts")]

    operations = [
        migrations.AddField(
            model_name="group",
            name="jack_games",
            field=models.JSONField(
                default=gamenight.models.groups.default_jack_games,
                verbose_name="games a jack may switch to",
            ),
        ),
    ]
