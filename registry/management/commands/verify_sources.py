from django.core.management.base import BaseCommand
from tqdm import tqdm

from ingestion import sources_verify
from registry.models import PrimarySource


class Command(BaseCommand):
    help = "Re-verify every primary source now (the daily run, by hand), with progress."

    def handle(self, *args, **options):
        with tqdm(total=PrimarySource.objects.count(), unit="source", disable=None) as bar:

            def report(reading):
                bar.update(1)
                if not reading.ok:
                    self.stderr.write(f"{reading.source.slug}: {reading.error}")

            counts = sources_verify(on_reading=report)
        self.stdout.write(f"{counts['confirmed']} confirmed, {counts['failed']} failed")
