# Issue 44: answers that replay. A ticket keeps the instant its answer reads as of, and a kept
# vector when it was kept; vectors kept before (no stamp) stay readable by every answer.

import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("answers", "0004_embedding_documents"),
    ]

    operations = [
        migrations.AddField(
            model_name="askticket",
            name="as_of",
            field=models.DateTimeField(
                blank=True,
                help_text="The instant its answer reads as of: the one asked for, else its "
                "submission (every attempt reads the same rows). Empty for asks made before it "
                "was kept.",
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="embedding",
            name="kept_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AlterField(
            model_name="embedding",
            name="kept_at",
            field=models.DateTimeField(blank=True, default=django.utils.timezone.now, null=True),
        ),
    ]
