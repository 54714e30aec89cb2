from django.apps import AppConfig
from django.db.models.signals import post_migrate


class RegistryConfig(AppConfig):
    name = "registry"
    verbose_name = "Registry"

    def ready(self) -> None:
        from registry import generation

        generation.connect()  # every curation write moves the generation other machines read
        post_migrate.connect(_kinds_proposed, sender=self)


def _kinds_proposed(sender, apps=None, **kwargs) -> None:
    """After `migrate`, every topic without a kind gets a proposed identity (a registry upgraded
    from before topic kinds, or rows loaded without one), for a curator to confirm: until then
    the Answer Engine could hold its questions to its words only."""
    try:
        historical = apps.get_model("registry", "Event") if apps else None
    except LookupError:
        return
    if historical is None or "kind" not in {f.name for f in historical._meta.get_fields()}:
        return  # migrated to a state before topic kinds
    from registry.models import Event
    from registry.services.identity import identities_propose

    kindless = Event.objects.filter(kind__isnull=True).select_related("lead_entity", "kind")
    if kindless.exists():
        identities_propose(events=kindless, save=True)
