from django.db import migrations, models

# The words the seeded cost quantity gained after it was first seeded: added to a database's
# row where it lacks them (a curator's own words are kept).
COST_WORDS = {"en": ["investment"], "es": ["inversión"], "de": ["investition"],
              "fr": ["investissement"], "pt": ["investimento"], "ja": ["投資額"],
              "ar": ["استثمار"]}  # fmt: skip


def seed(apps, schema_editor):
    """Revenue, capacity, profit and balance join the seeded quantities (the last two
    with the words for each gone the other way); cost gains "investment"."""
    from registry.kinds import OPPOSITES, nouns, quantities_seed

    model = apps.get_model("registry", "Quantity")
    quantities_seed(model)
    # An earlier migration's seed made these rows before the field was there: given here, where
    # a curator has given none.
    for row in model.objects.filter(slug__in=list(OPPOSITES)):
        if not row.opposite_words:
            row.opposite_words = nouns(OPPOSITES[row.slug])
            row.save(update_fields=["opposite_words"])
    for cost in model.objects.filter(slug="cost"):
        words = dict(cost.words or {})
        for language, added in COST_WORDS.items():
            held = list(words.get(language, []))
            words[language] = held + [w for w in added if w not in held]
        cost.words = words
        cost.save(update_fields=["words"])


class Migration(migrations.Migration):
    dependencies = [
        ("registry", "0036_animal_kind"),
    ]

    operations = [
        migrations.AddField(
            model_name="quantity",
            name="opposite_words",
            field=models.JSONField(
                blank=True,
                default=dict,
                help_text='Per language, the words that name this quantity gone the other way '
                '({"en": ["loss", "net loss"]} of a profit): a question taking one for granted '
                '("why did it post a loss") while the rows give the quantity itself is '
                "corrected with it.",
            ),
        ),
        migrations.RunPython(seed, migrations.RunPython.noop),
    ]
