"""The night's table link: a TV opens the table read-only without a login (issue 16)."""

import django.db.models.deletion
import gamenight.models.digital
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('gamenight', '0014_report_language'),
    ]

    operations = [
        migrations.CreateModel(
            name='TableLink',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('token', models.CharField(default=gamenight.models.digital.new_seat_token, max_length=64, unique=True)),
                ('revoked', models.BooleanField(default=False)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('night', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='table_links', to='gamenight.night')),
            ],
            options={
                'ordering': ['id'],
                'constraints': [models.UniqueConstraint(condition=models.Q(('revoked', False)), fields=('night',), name='table_link_one_live_per_night')],
            },
        ),
    ]
