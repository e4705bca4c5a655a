"""A login is tied to at most one player of a group (services/player_logins.py)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("gamenight", "0020_player_people"),
    ]

    operations = [
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                condition=models.Q(("user__isnull", False)),
                fields=("group", "user"),
                name="player_login_once_in_group",
            ),
        ),
    ]
