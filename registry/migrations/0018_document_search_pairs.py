"""Adjacent word pairs beside the document vector, so a quoted phrase starts from an index."""

from django.db import migrations

from search import fulltext


def forwards(apps, schema_editor):
    fulltext.store_pairs(schema_editor)


def backwards(apps, schema_editor):
    fulltext.drop_pairs(schema_editor)


class Migration(migrations.Migration):
    dependencies = [("registry", "0017_ingest_indexes_once")]

    operations = [migrations.RunPython(forwards, backwards)]
