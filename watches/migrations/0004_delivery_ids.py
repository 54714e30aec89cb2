"""Every webhook delivery gets an id of its own (a receiver refuses one it has seen), and a
re-send names the delivery it sends again.

Deliveries made before get an id here. The table is append-only: on PostgreSQL its trigger
refuses the UPDATE that gives them one, so the trigger is set aside for that one statement, in
this migration's transaction, and is back before it commits.
"""

import django.db.models.deletion
from django.db import migrations, models

TABLE = "watches_watchdelivery"
# The same shape as new ids (watches.services): "d_" and 20 hex digits.
NEW_ID = {
    "postgresql": "'d_' || substr(md5(random()::text || id::text), 1, 20)",
    "sqlite": "'d_' || lower(hex(randomblob(10)))",
}


def ids_for_earlier_deliveries(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor not in NEW_ID:
        raise RuntimeError(f"no id expression for {vendor}")
    fill = f"UPDATE {TABLE} SET delivery_id = {NEW_ID[vendor]} WHERE delivery_id IS NULL"
    if vendor == "postgresql":
        trigger = f"{TABLE}_append_only"
        schema_editor.execute(f"ALTER TABLE {TABLE} DISABLE TRIGGER {trigger}", params=None)
        schema_editor.execute(fill, params=None)
        schema_editor.execute(f"ALTER TABLE {TABLE} ENABLE TRIGGER {trigger}", params=None)
    else:
        schema_editor.execute(fill, params=None)


class Migration(migrations.Migration):
    dependencies = [("watches", "0003_plural_names")]

    operations = [
        migrations.AddField(
            model_name="watchdelivery",
            name="delivery_id",
            field=models.CharField(max_length=40, null=True),
        ),
        migrations.AddField(
            model_name="watchdelivery",
            name="resend_of",
            field=models.ForeignKey(
                blank=True,
                help_text="The delivery its owner asked to send again, if this is a re-send.",
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="resends",
                to="watches.watchdelivery",
            ),
        ),
        migrations.RunPython(ids_for_earlier_deliveries, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="watchdelivery",
            name="delivery_id",
            field=models.CharField(max_length=40, unique=True),
        ),
    ]
