"""Migration 0004 gives every delivery made before it an id of its own, and the deliveries stay
append-only: on PostgreSQL the table's trigger, set aside for that one UPDATE, is back."""

import re
from datetime import UTC, datetime

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("watches", "0003_plural_names")]


def migrated_to(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets or executor.loader.graph.leaf_nodes())
    return executor.loader.project_state(targets).apps if targets else None


@pytest.mark.django_db(transaction=True)
def test_earlier_deliveries_get_ids_and_the_table_stays_append_only():
    apps = migrated_to(BEFORE)
    try:
        key = apps.get_model("billing", "ApiKey").objects.create(
            digest="d" * 64, prefix="svc_live_ab"
        )
        watch = apps.get_model("watches", "Watch").objects.create(
            watch_id="w_earlier", key=key, webhook_url="https://hooks.example.org/in"
        )
        version = apps.get_model("watches", "WatchVersion").objects.create(
            watch=watch, version=1, base="current-signals", coordinates={}
        )
        reading = apps.get_model("watches", "WatchReading").objects.create(
            watch=watch,
            version=version,
            scheduled_for=datetime(2026, 11, 1, 9, tzinfo=UTC),
            reading={},
            changes={},
        )
        Delivery = apps.get_model("watches", "WatchDelivery")
        for attempt in (1, 2, 3):
            Delivery.objects.create(reading=reading, attempt=attempt, status=503, error="not 2xx")
    finally:
        migrated_to(None)
    from watches.models import WatchDelivery

    ids = list(WatchDelivery.objects.values_list("delivery_id", flat=True))
    assert len(ids) == len(set(ids)) == 3
    assert all(re.fullmatch(r"d_[0-9a-f]{20}", delivery_id) for delivery_id in ids)
    if connection.vendor == "postgresql":
        for statement in ("UPDATE watches_watchdelivery SET attempt = attempt",
                          "DELETE FROM watches_watchdelivery"):  # fmt: skip
            with (
                pytest.raises(IntegrityError, match="append-only"),
                transaction.atomic(),
                connection.cursor() as cursor,
            ):
                cursor.execute(statement)
