"""On PostgreSQL the database itself refuses UPDATE and DELETE on state transitions."""

from django.db import migrations

from registry.appendonly import install_trigger_sql, remove_trigger_sql

TABLE = "records_statetransition"


def install(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(install_trigger_sql(TABLE), params=None)


def remove(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(remove_trigger_sql(TABLE), params=None)


class Migration(migrations.Migration):
    dependencies = [("records", "0001_initial")]

    operations = [migrations.RunPython(install, remove)]
