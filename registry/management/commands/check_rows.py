from django.core.management.base import BaseCommand

from registry.services.storedrows import rows_check


class Command(BaseCommand):
    help = (
        "Find stored values the ingestion doors now refuse (dates outside the sane window, "
        "NaN or Infinity, NUL in text) and, with --repair, repair them. Reports only by default."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--repair", action="store_true", help="Write the repairs (default: report only)."
        )

    def handle(self, *args, **options):
        findings = rows_check(repair=options["repair"])
        for found in findings:
            done = f": {found.repaired} repaired" if options["repair"] else ""
            note = f" ({found.note})" if found.note else ""
            self.stdout.write(
                f"{found.table}.{found.column}: {found.rows} rows, {found.problem}{done}{note}"
            )
        if not findings:
            self.stdout.write("No stored value outside what the doors let in.")
        elif not options["repair"]:
            self.stdout.write("Report only: run with --repair to repair them.")
