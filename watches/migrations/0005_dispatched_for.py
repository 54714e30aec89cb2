"""A Watch's reading of one period is queued for delivery once (issue 43): each Watch keeps the
newest scheduled time it handed over. A Watch delivered before starts from its newest reading
that has a delivery, so a run of an earlier period redelivered after the upgrade sends nothing.
"""

from django.db import migrations, models
from django.db.models import Max, OuterRef, Subquery


def from_earlier_deliveries(apps, schema_editor):
    Watch = apps.get_model("watches", "Watch")
    WatchReading = apps.get_model("watches", "WatchReading")
    newest = (
        WatchReading.objects.filter(watch=OuterRef("pk"), deliveries__isnull=False)
        .values("watch")
        .annotate(newest=Max("scheduled_for"))
        .values("newest")
    )
    Watch.objects.update(dispatched_for=Subquery(newest))


class Migration(migrations.Migration):
    dependencies = [("watches", "0004_delivery_ids")]

    operations = [
        migrations.AddField(
            model_name="watch",
            name="dispatched_for",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(from_earlier_deliveries, migrations.RunPython.noop),
    ]
