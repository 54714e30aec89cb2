from django.db import migrations, models

from aggregates import tally


def create(apps, schema_editor):
    tally.create(schema_editor)


def drop(apps, schema_editor):
    tally.drop(schema_editor)


class Migration(migrations.Migration):
    """PostgreSQL: exact document and cluster counts kept by statement-level triggers, so
    `/api/v1/stats` no longer scans the history (see `aggregates.tally`). SQLite counts directly."""

    dependencies = [("registry", "0010_document_search_vector")]

    operations = [
        migrations.CreateModel(
            name="Tally",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("name", models.CharField(max_length=40)),
                ("delta", models.BigIntegerField()),
            ],
            options={"verbose_name_plural": "tallies"},
        ),
        migrations.RunPython(create, drop),
    ]
