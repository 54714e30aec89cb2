"""On PostgreSQL the database itself refuses UPDATE and DELETE on state transitions."""

from django.db import migrations

from registry.appendonly import append_only


class Migration(migrations.Migration):
    dependencies = [("records", "0001_initial")]

    operations = [append_only("records_statetransition")]
