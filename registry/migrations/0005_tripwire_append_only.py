"""On PostgreSQL the database refuses UPDATE and DELETE on tripwire alerts too."""

from django.db import migrations

from registry.appendonly import install_trigger_sql, remove_trigger_sql

TABLE = "registry_tripwirealert"


def install(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(install_trigger_sql(TABLE), params=None)


def remove(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(remove_trigger_sql(TABLE), params=None)


class Migration(migrations.Migration):
    dependencies = [("registry", "0004_tripwire_alerts")]

    operations = [migrations.RunPython(install, remove)]
