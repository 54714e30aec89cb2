from django.core.management.base import BaseCommand
from tqdm import tqdm

from ingestion import feed_fetch
from registry.models import Feed


class Command(BaseCommand):
    help = "Read every active feed now (or the ones named) and ingest new documents."

    def add_arguments(self, parser):
        parser.add_argument("--feed", type=int, action="append", help="A feed id; repeatable.")

    def handle(self, *args, **options):
        feeds = Feed.objects.filter(active=True).order_by("pk")
        if options["feed"]:
            feeds = Feed.objects.filter(pk__in=options["feed"]).order_by("pk")
        totals = {"new": 0, "duplicates": 0, "skipped": 0, "failed": 0, "not modified": 0}
        for feed in tqdm(list(feeds), unit="feed", disable=None):
            run = feed_fetch(feed_id=feed.pk)
            if run.error:
                totals["failed"] += 1
                self.stderr.write(f"{feed.url}: {run.error}")
                continue
            totals["not modified"] += run.not_modified
            for key in ("new", "duplicates", "skipped"):
                totals[key] += getattr(run.report, key)
        self.stdout.write(", ".join(f"{value} {key}" for key, value in totals.items()))
