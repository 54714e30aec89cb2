"""Each scheduled job claims its period before a beat sends it (issue 43, `registry.jobs`)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('registry', '0023_document_copies'),
    ]

    operations = [
        migrations.AddField(
            model_name='scheduledjob',
            name='claimed_at',
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='scheduledjob',
            name='claimed_by',
            field=models.CharField(blank=True, max_length=200),
        ),
        migrations.AddField(
            model_name='scheduledjob',
            name='claimed_period',
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='scheduledjob',
            name='last_skip_note',
            field=models.TextField(blank=True),
        ),
        migrations.AddField(
            model_name='scheduledjob',
            name='last_skipped',
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='scheduledjob',
            name='skips',
            field=models.PositiveIntegerField(default=0),
        ),
    ]
