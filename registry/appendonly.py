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
