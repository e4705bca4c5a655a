"""The language a report is built and mailed in (issue 15)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("gamenight", "0013_engine_words")]

    operations = [
        migrations.AddField(
            model_name=model,
            name="language",
            field=models.CharField(blank=True, default="", max_length=10),
        )
        for model in ("nightreport", "seasonreport")
    ]
