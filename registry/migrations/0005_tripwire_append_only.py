"""On PostgreSQL the database refuses UPDATE and DELETE on tripwire alerts too."""

from django.db import migrations

from registry.appendonly import append_only


class Migration(migrations.Migration):
    dependencies = [("registry", "0004_tripwire_alerts")]

    operations = [append_only("registry_tripwirealert")]
