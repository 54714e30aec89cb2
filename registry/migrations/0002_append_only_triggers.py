"""On PostgreSQL the database itself refuses UPDATE and DELETE on append-only logs.

The models refuse too, but a trigger also stops raw SQL, a shell session or a future bug. SQLite
(the embedded default) relies on the model-level guard.
"""

from django.db import migrations

from registry.appendonly import install_trigger_sql, remove_trigger_sql

TABLES = ["registry_sourcereading", "registry_marketprice"]


def install(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        for table in TABLES:
            schema_editor.execute(install_trigger_sql(table), params=None)


def remove(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        for table in TABLES:
            schema_editor.execute(remove_trigger_sql(table), params=None)


class Migration(migrations.Migration):
    dependencies = [("registry", "0001_initial")]

    operations = [migrations.RunPython(install, remove)]
