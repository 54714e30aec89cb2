"""What the read benchmarks share: Django set up on the 1,000,000-document database."""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATABASE = "postgres://postgres@127.0.0.1:5432/svc_bench"


def django_on_bench_database(database: str = DATABASE) -> None:
    """The service's settings plus the trivial view, on `database` (`svc_bench` unless named),
    migrated, local cache."""
    os.environ.update(DATABASE_URL=database, DJANGO_SETTINGS_MODULE="bench.settings")
    os.environ.pop("REDIS_URL", None)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
