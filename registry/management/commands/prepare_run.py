import time

from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from worlds.demo import demo_present


class Command(BaseCommand):
    help = (
        "What `make run` does before it serves, in one process, each step skipped when it has "
        "nothing to do: apply pending migrations; load the demo registry unless every row it "
        "defines is there (`manage.py load_demo` reloads it whatever is there), with every "
        "passage vector the beat would keep for it, so a question asked in the first minute "
        "gets the answer it gets once every background job has run."
    )

    def handle(self, *args, **options):
        started = time.perf_counter()
        executor = MigrationExecutor(connection)
        pending = executor.migration_plan(executor.loader.graph.leaf_nodes())
        if pending:
            call_command("migrate", interactive=False, stdout=self.stdout)
        else:
            self.stdout.write("migrations: none pending")
        if demo_present():
            self.stdout.write("demo registry: present, not reloaded (manage.py load_demo does)")
        else:
            call_command("load_demo", stdout=self.stdout)
            # The beat's embed-documents keeps 512 passages a run, every five minutes: without
            # them now, answers changed for the first ten minutes as its runs filled them in.
            call_command("embed_registry", stdout=self.stdout)
        self.stdout.write(f"prepared in {time.perf_counter() - started:.1f} s")
