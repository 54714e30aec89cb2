import json

from django.core.management.base import BaseCommand, CommandError

from answers import tasks


class Command(BaseCommand):
    help = (
        "Requeue asks a dead worker left running and send again those left queued whose "
        "message was lost (a broker outage), answering them here if the broker is still down; "
        "at the attempts cap fail them, refunding once. The beat does this every 5 minutes; run "
        "it by hand after a crash or an outage."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--stale-minutes",
            type=int,
            default=None,
            help="How long a ticket may run, or wait queued, before it counts as abandoned "
            "(default: SVC_ASK_STALE_MINUTES). 0 reaps every unfinished ticket: only when no "
            "worker lives.",
        )

    def handle(self, *args, **options):
        minutes = options["stale_minutes"]
        if minutes is not None and minutes < 0:
            raise CommandError("--stale-minutes: must be 0 or more", returncode=2)
        self.stdout.write(json.dumps(tasks.reap_tickets(stale_minutes=minutes)))
