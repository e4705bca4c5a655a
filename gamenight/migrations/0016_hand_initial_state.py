from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("gamenight", "0015_table_links")]

    operations = [
        migrations.AddField(
            model_name="digitalhand",
            name="initial_state",
            field=models.JSONField(blank=True, null=True),
        ),
    ]
