# Issue 39: a copy is not an origin. A copy names the original it counts as (`Copy`) and
# originals keep their body's fingerprints (`BodyPrint`), both beside the documents table,
# which is not altered. Existing documents stay originals with no fingerprints: nothing is
# recomputed (see docs/decisions.md, "A copy is not an origin").

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("registry", "0022_vertical_pace"),
    ]

    operations = [
        migrations.CreateModel(
            name="Copy",
            fields=[
                (
                    "document",
                    models.OneToOneField(
                        db_constraint=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="copy",
                        serialize=False,
                        to="registry.document",
                    ),
                ),
                (
                    "original",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="copies",
                        to="registry.document",
                    ),
                ),
            ],
        ),
        migrations.CreateModel(
            name="BodyPrint",
            fields=[
                (
                    "pk",
                    models.CompositePrimaryKey(
                        "hash",
                        "day",
                        "document",
                        blank=True,
                        editable=False,
                        primary_key=True,
                        serialize=False,
                    ),
                ),
                ("hash", models.BigIntegerField()),
                ("day", models.DateField()),
                (
                    "document",
                    models.ForeignKey(
                        db_constraint=False,
                        db_index=False,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="registry.document",
                    ),
                ),
            ],
        ),
    ]
