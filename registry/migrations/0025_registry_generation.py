"""The registry's generation: one number every curation write moves (issue 43, `registry.generation`)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('registry', '0024_scheduled_job_claims'),
    ]

    operations = [
        migrations.CreateModel(
            name='RegistryGeneration',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('generation', models.BigIntegerField(default=0)),
                ('changed_at', models.DateTimeField(blank=True, null=True)),
            ],
        ),
    ]
