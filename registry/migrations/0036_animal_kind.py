"""The seeded kind `animal` (issue 51): a racehorse, a zoo's elephant, a tagged whale sharing a
tracked name is another thing of that name. Added only where a database lacks it."""

from django.db import migrations


def seed(apps, schema_editor):
    from registry.kinds import kinds_seed

    kinds_seed(apps.get_model("registry", "TopicKind"))


class Migration(migrations.Migration):
    dependencies = [("registry", "0035_policy_rate_quantity")]

    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
