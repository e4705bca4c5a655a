from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("gamenight", "0021_player_login")]

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
    ]
