"""Players: hidden, merged into another (an alias read as one person), the audit of merges."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('gamenight', '0019_transfer_paid'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='PlayerMerge',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('merged_name', models.CharField(max_length=60)),
                ('kept_name', models.CharField(max_length=60)),
                ('at', models.DateTimeField(auto_now_add=True)),
                ('moved', models.JSONField(default=dict)),
            ],
            options={
                'ordering': ['at', 'id'],
            },
        ),
        migrations.RemoveConstraint(
            model_name='player',
            name='player_name_unique_in_group',
        ),
        migrations.AddField(
            model_name='player',
            name='hidden',
            field=models.BooleanField(default=False, verbose_name='hidden'),
        ),
        migrations.AddField(
            model_name='player',
            name='merged_into',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='merged_players', to='gamenight.player'),
        ),
        migrations.AddConstraint(
            model_name='player',
            constraint=models.UniqueConstraint(condition=models.Q(('merged_into__isnull', True)), fields=('group', 'name'), name='player_name_unique_in_group'),
        ),
        migrations.AddConstraint(
            model_name='player',
            constraint=models.CheckConstraint(condition=models.Q(('merged_into', models.F('pk')), _negated=True), name='player_not_merged_into_itself'),
        ),
        migrations.AddField(
            model_name='playermerge',
            name='by',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL),
        ),
        migrations.AddField(
            model_name='playermerge',
            name='group',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='player_merges', to='gamenight.group'),
        ),
        migrations.AddField(
            model_name='playermerge',
            name='kept',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='merges_kept', to='gamenight.player'),
        ),
        migrations.AddField(
            model_name='playermerge',
            name='merged',
            field=models.OneToOneField(on_delete=django.db.models.deletion.PROTECT, related_name='merge', to='gamenight.player'),
        ),
    ]
