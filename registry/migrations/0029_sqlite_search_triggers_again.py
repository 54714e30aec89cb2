from django.db import migrations

from search import fulltext


def sqlite_search_again(apps, schema_editor):
    """0026 made `ingested_at` required, which SQLite does by rebuilding the document table: the
    triggers keeping the FTS5 index in step went with the old table, so documents stored since
    were never searchable. The index and its triggers made again (the index rebuilt from the
    table); PostgreSQL's GIN index is the table's own and was never lost."""
    if schema_editor.connection.vendor == "sqlite":
        fulltext.drop(schema_editor)
        fulltext.create(schema_editor)


class Migration(migrations.Migration):
    dependencies = [
        ("registry", "0028_curators_words_and_switches"),
    ]

    operations = [migrations.RunPython(sqlite_search_again, migrations.RunPython.noop)]
