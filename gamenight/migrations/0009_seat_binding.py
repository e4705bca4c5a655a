"""A seat link belongs to the phone that first opened it (its cookie's hash)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("gamenight", "0008_ledger_guards")]

    operations = [
        migrations.AddField(
            model_name="seatlink",
            name="device_hash",
            field=models.CharField(blank=True, default="", max_length=64),
        ),
        migrations.AddField(
            model_name="seatlink",
            name="claimed_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
    ]
