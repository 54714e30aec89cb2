from django.core.management.base import BaseCommand
from tqdm import tqdm

from ingestion import market_import
from registry.models import MarketQuestion


class Command(BaseCommand):
    help = "Capture a price snapshot of every open market question now."

    def handle(self, *args, **options):
        questions = list(MarketQuestion.objects.filter(is_resolved=False).order_by("pk"))
        captured = failed = 0
        for question in tqdm(questions, unit="market", disable=None):
            if market_import(question_id=question.pk) is None:
                failed += 1
                question.refresh_from_db()
                self.stderr.write(f"{question.venue} {question.external_id}: {question.last_error}")
            else:
                captured += 1
        self.stdout.write(f"{captured} captured, {failed} failed")
