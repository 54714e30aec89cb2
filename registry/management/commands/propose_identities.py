from django.core.management.base import BaseCommand

from registry.models import Event
from registry.services.identity import identities_propose


class Command(BaseCommand):
    help = (
        "Propose an identity (kind, name, edition, period, place, organisation, outcome) for "
        "every topic that has no kind, from its title, lead entity, terms, market questions and "
        "issuers; saved as proposed, for a curator to check and confirm in the admin. --dry-run "
        "prints the proposals only; --topic prints the proposal for the topics named, kinds or not "
        "(one with a kind keeps it)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--dry-run", action="store_true", help="Print; save nothing.")
        parser.add_argument("--topic", action="append", default=[], help="A topic's slug.")

    def handle(self, *args, **options):
        topics = Event.objects.select_related("lead_entity", "kind").order_by("subject")
        named = options["topic"]
        topics = topics.filter(subject__in=named) if named else topics.filter(kind__isnull=True)
        proposals = identities_propose(events=topics, save=not options["dry_run"])
        for subject, proposal in proposals:
            kind = proposal.kind.slug if proposal.kind else "(no kind found)"
            told = ", ".join(
                f"{name} {value!r}"
                for name, value in proposal.fields().items()
                if value and name not in ("kind", "name", "aliases")
            )
            self.stdout.write(f"{subject}: {kind}; {proposal.name!r}; {told or 'no attributes'}")
        saved = "proposed (not saved)" if options["dry_run"] else "saved as proposed"
        self.stdout.write(f"{len(proposals)} identities {saved}; confirm them in the admin.")
