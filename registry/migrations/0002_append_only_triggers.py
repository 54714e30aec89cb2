"""On PostgreSQL the database itself refuses UPDATE and DELETE on append-only logs.

The models refuse too, but a trigger also stops raw SQL, a shell session or a future bug.
"""

from django.db import migrations

from registry.appendonly import append_only


class Migration(migrations.Migration):
    dependencies = [("registry", "0001_initial")]

    operations = [append_only("registry_sourcereading", "registry_marketprice")]
