from django.db import migrations


def mirror(apps, schema_editor):
    """Give existing events the states their latest transitions recorded."""
    Event = apps.get_model("registry", "Event")
    StateTransition = apps.get_model("records", "StateTransition")
    columns = {"coverage state": "coverage_state", "wire tier": "wire_tier"}
    latest = {}
    for transition in StateTransition.objects.order_by("at", "id").iterator():
        latest[(transition.event_id, transition.field)] = transition.to_value
    for (event_id, field), value in latest.items():
        Event.objects.filter(pk=event_id).update(**{columns[field]: value})


class Migration(migrations.Migration):
    dependencies = [
        ("records", "0002_transitions_append_only"),
        ("registry", "0006_event_rollups_and_current_states"),
    ]

    operations = [migrations.RunPython(mirror, migrations.RunPython.noop)]
