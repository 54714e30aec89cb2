import json

from django.core.management.base import BaseCommand

from answers.measure import calibrate


class Command(BaseCommand):
    help = (
        "Measure the source check's meaning floor: the engine's sentences against the rows they "
        "cite, against other rows of their topic and against another topic's rows, on both "
        "evaluation registries (loaded in a transaction that is rolled back)."
    )

    def handle(self, *args, **options):
        self.stdout.write(json.dumps(calibrate(), indent=2))
