from django.db import migrations

# The seeded words pointed at "the address on the terms page", which had none; they now name
# the contact address ({contact}, replaced by SVC_CONTACT_EMAIL when served). Rows a curator
# has rewritten are left as they are.
REWORDED = {
    "watch": (
        "Write to the address on the terms page (section 4a); a paid slot is granted to your key.",
        "Write to {contact}; a paid slot is granted to your key.",
    ),
    "ask": (
        "More asks are not on sale yet: write to the address on the terms page.",
        "More asks are not on sale yet: write to {contact}.",
    ),
}


def reword(apps, schema_editor):
    Price = apps.get_model("billing", "Price")
    for unit, (before, after) in REWORDED.items():
        Price.objects.filter(unit=unit, how_to_buy=before).update(how_to_buy=after)


def unword(apps, schema_editor):
    Price = apps.get_model("billing", "Price")
    for unit, (before, after) in REWORDED.items():
        Price.objects.filter(unit=unit, how_to_buy=after).update(how_to_buy=before)


class Migration(migrations.Migration):
    dependencies = [("billing", "0004_verification_mails_per_mailbox")]

    operations = [migrations.RunPython(reword, unword)]
