"""PostgreSQL triggers that make a history table append-only at the database level."""

_FUNCTION = """
CREATE OR REPLACE FUNCTION svc_refuse_history_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
"""


def install_trigger_sql(table: str) -> str:
    return (
        f"{_FUNCTION}\n"
        f"DROP TRIGGER IF EXISTS {table}_append_only ON {table};\n"
        f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
        f"FOR EACH ROW EXECUTE FUNCTION svc_refuse_history_change();"
    )


def remove_trigger_sql(table: str) -> str:
    return f"DROP TRIGGER IF EXISTS {table}_append_only ON {table};"


def append_only(*tables: str):
    """A migration operation that installs the trigger on `tables` (PostgreSQL only).

    SQLite, the embedded default, relies on the model-level guard.
    """
    from django.db import migrations

    def install(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            for table in tables:
                schema_editor.execute(install_trigger_sql(table), params=None)

    def remove(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            for table in tables:
                schema_editor.execute(remove_trigger_sql(table), params=None)

    return migrations.RunPython(install, remove)
