from django.db import migrations

from search import fulltext


def create(apps, schema_editor):
    fulltext.create(schema_editor)


def drop(apps, schema_editor):
    fulltext.drop(schema_editor)


class Migration(migrations.Migration):
    """Full-text search over documents: a GIN index on PostgreSQL, an FTS5 table on SQLite.

    Database-specific, so written as code (`search.fulltext`) rather than a model index.
    """

    dependencies = [("registry", "0007_entity_day_window_index")]

    operations = [migrations.RunPython(create, drop)]
