from decimal import Decimal

from django.db import migrations

PRICES = [
    {
        "unit": "watch",
        "amount": Decimal("20.00"),
        "currency": "USD",
        "per": "saved Watch per month, only if kept",
        "included": "Configuring and unfurling Watches is free; editing a saved Watch makes a "
        "new version at no charge.",
        "opening_offer": "Up to 5 saved Watches at no charge through 2026-12-31, one allowance "
        "per verified e-mail address; no card to start.",
        "how_to_buy": "Write to the address on the terms page (section 4a); a paid slot is "
        "granted to your key.",
    },
    {
        "unit": "ask",
        "amount": None,
        "currency": "USD",
        "per": "ask",
        "included": "25 asks per network address per UTC day without a key; 25 asks for the "
        "life of each free key.",
        "opening_offer": "",
        "how_to_buy": "More asks are not on sale yet: write to the address on the terms page.",
    },
    {
        "unit": "read",
        "amount": Decimal("0.00"),
        "currency": "USD",
        "per": "request",
        "included": "Every read surface, anonymously, within the burst limits.",
        "opening_offer": "",
        "how_to_buy": "Nothing to buy: reads are free. Bulk use needs a commercial licence "
        "(terms, section 4a).",
    },
]


def seed(apps, schema_editor):
    Price = apps.get_model("billing", "Price")
    for row in PRICES:
        Price.objects.update_or_create(unit=row["unit"], defaults=row)


class Migration(migrations.Migration):
    dependencies = [("billing", "0001_keys_asks_slots_prices")]

    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
