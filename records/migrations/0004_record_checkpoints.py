# Issue 44: checkpoints of each topic's counts, from which a record as of an instant starts
# (records.known, records.services.record_checkpoints_take).

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('records', '0003_mirror_current_states'),
        ('registry', '0026_document_ingested_at'),
    ]

    operations = [
        migrations.CreateModel(
            name='RecordCheckpoint',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('at', models.DateTimeField()),
                ('documents', models.PositiveIntegerField(help_text='Documents of the topic stored by `at`.')),
                ('counts', models.JSONField()),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='checkpoints', to='registry.event')),
            ],
            options={
                'constraints': [models.UniqueConstraint(fields=('event', 'at'), name='record_checkpoint_unique')],
            },
        ),
    ]
