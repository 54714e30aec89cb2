from django.db import migrations


def seed(apps, schema_editor):
    """The policy-rate quantity joins the seeded ones (a curator's rows are kept)."""
    from registry.kinds import quantities_seed

    quantities_seed(apps.get_model("registry", "Quantity"))


class Migration(migrations.Migration):

    dependencies = [
        ("registry", "0034_quantity_agreed"),
    ]

    operations = [
        migrations.RunPython(seed, migrations.RunPython.noop),
    ]
