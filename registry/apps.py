from django.apps import AppConfig


class RegistryConfig(AppConfig):
    name = "registry"
    verbose_name = "Registry"

    def ready(self) -> None:
        from registry import generation

        generation.connect()  # every curation write moves the generation other machines read
