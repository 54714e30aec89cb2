"""PostgreSQL plans read in tests: a statement's EXPLAIN as JSON, and the scans in it."""

import json

from django.db import connection


def explained(sql: str, *, analyze: bool = False) -> dict:
    """The root node of `sql`'s plan (run, when `analyze`, for its actual rows)."""
    options = "ANALYZE, FORMAT JSON" if analyze else "FORMAT JSON"
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN ({options}) {sql}")
        plan = cursor.fetchone()[0]
    plan = json.loads(plan) if isinstance(plan, str) else plan
    return plan[0]["Plan"]


def scans(node: dict, relation: str | None = None) -> list[dict]:
    """Every scan node under `node`, or only those reading `relation`."""
    found = [node] if "Scan" in node["Node Type"] else []
    for child in node.get("Plans", []):
        found += scans(child)
    return [s for s in found if relation is None or s.get("Relation Name") == relation]
