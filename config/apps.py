from django.apps import AppConfig


class ConfigConfig(AppConfig):
    name = "config"
    verbose_name = "Service configuration"

    def ready(self):
        from config import checks  # noqa: F401  (registers the deploy checks)
