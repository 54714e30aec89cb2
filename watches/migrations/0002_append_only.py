"""On PostgreSQL the database refuses UPDATE and DELETE on versions, readings and deliveries."""

from django.db import migrations

from registry.appendonly import append_only


class Migration(migrations.Migration):
    dependencies = [("watches", "0001_saved_watches")]

    operations = [
        append_only("watches_watchversion", "watches_watchreading", "watches_watchdelivery")
    ]
