"""The closed list of topic kinds, seeded (`registry.kinds`); curators extend it in the admin.

The seed is read from `registry.kinds` rather than copied here: one list, also laid again by every
world's load after a flush. It only adds kinds a database lacks, so a later edit of that module
never changes a kind a curator has kept.
"""

from django.db import migrations


def seed(apps, schema_editor):
    from registry.kinds import kinds_seed

    kinds_seed(apps.get_model("registry", "TopicKind"))


class Migration(migrations.Migration):
    dependencies = [("registry", "0030_topic_identity")]

    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
