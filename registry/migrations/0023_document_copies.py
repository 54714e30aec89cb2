# Issue 39: a copy is not an origin. Documents name the original they copy (`copy_of`) and
# originals keep their body's LSH bands (`BodyBand`). Existing rows stay originals with no
# bands: nothing is recomputed (see docs/decisions.md, "A copy is not an origin").
# On SQLite a nullable column is added by ALTER TABLE, so the documents table is not rebuilt and
# keeps its full-text triggers.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("registry", "0022_vertical_pace"),
    ]

    operations = [
        migrations.AddField(
            model_name="document",
            name="copy_of",
            field=models.ForeignKey(
                blank=True,
                db_index=False,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="copies",
                to="registry.document",
            ),
        ),
        migrations.AddIndex(
            model_name="document",
            index=models.Index(
                condition=models.Q(("copy_of__isnull", False)),
                fields=["copy_of"],
                name="document_copies",
            ),
        ),
        migrations.CreateModel(
            name="BodyBand",
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
