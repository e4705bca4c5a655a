"""A season's end date and its scoring rule (points by place, for taking part, best N)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("gamenight", "0016_hand_initial_state")]

    operations = [
        migrations.AddField(
            model_name="season",
            name="ends_on",
            field=models.DateField(blank=True, null=True, verbose_name="ends on"),
        ),
        migrations.AddField(
            model_name="season",
            name="scoring",
            field=models.JSONField(blank=True, default=dict, verbose_name="scoring rule"),
        ),
    ]
