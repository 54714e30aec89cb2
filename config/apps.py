from django.apps import AppConfig
from django.db.backends.signals import connection_created


class ConfigConfig(AppConfig):
    name = "config"
    verbose_name = "Service configuration"

    def ready(self):
        from config import checks  # noqa: F401  (registers the deploy checks)

        connection_created.connect(_tolerant_reads, dispatch_uid="config.tolerant_reads")


def _tolerant_reads(sender, connection, **kwargs):
    """Every PostgreSQL connection reads a stored value Python cannot hold as null, never 500."""
    if connection.vendor == "postgresql":
        from config.storedvalues import tolerant_reads_install

        tolerant_reads_install(connection.connection)
