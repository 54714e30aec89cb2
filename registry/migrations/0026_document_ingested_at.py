# Issue 44: a document records when the service stored it, not only when it was published and
# fetched, so a record or an answer as of an instant reads only what was held by then. Stored
# documents are backfilled with their fetch time: the fetch and the store are one task, and no
# earlier stamp exists. A topic's mentions carry that instant and what their days count
# (reporting or a market page, an assertion verb or none), so the record as of an instant
# counts a topic's days from one index (docs/decisions/0043-issue-44-the-record-as-of-an-
# instant-and-answers-that-replay.md).

import django.utils.timezone
from django.db import migrations, models

BACKFILL = {
    "postgresql": (
        "UPDATE registry_eventmention AS m SET ingested_at = d.ingested_at, "
        "counted = NOT d.is_market_question_page, "
        "asserting = jsonb_array_length(d.verbs) > 0 "
        "FROM registry_document AS d WHERE d.id = m.document_id"
    ),
    "sqlite": (
        "UPDATE registry_eventmention SET "
        "(ingested_at, counted, asserting) = (SELECT d.ingested_at, NOT d.is_market_question_page,"
        " json_array_length(d.verbs) > 0 FROM registry_document AS d "
        "WHERE d.id = registry_eventmention.document_id)"
    ),
}


NAMED = {
    "postgresql": (
        "UPDATE registry_entitymention AS n SET ingested_at = d.ingested_at "
        "FROM registry_document AS d WHERE d.id = n.document_id"
    ),
    "sqlite": (
        "UPDATE registry_entitymention SET ingested_at = (SELECT d.ingested_at FROM "
        "registry_document AS d WHERE d.id = registry_entitymention.document_id)"
    ),
}


def backfill(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    with schema_editor.connection.cursor() as cursor:
        cursor.execute("UPDATE registry_document SET ingested_at = fetched_at")
        cursor.execute(BACKFILL[vendor])
        cursor.execute(NAMED[vendor])
        if vendor == "postgresql":  # the planner's picture of the rewritten tables
            cursor.execute("ANALYZE registry_document, registry_eventmention, registry_entitymention")


class Migration(migrations.Migration):
    dependencies = [
        ("registry", "0025_registry_generation"),
    ]

    operations = [
        migrations.AddField(
            model_name="document",
            name="ingested_at",
            field=models.DateTimeField(null=True),
        ),
        migrations.AddField(
            model_name="eventmention",
            name="ingested_at",
            field=models.DateTimeField(null=True),
        ),
        migrations.AddField(
            model_name="entitymention",
            name="ingested_at",
            field=models.DateTimeField(null=True),
        ),
        migrations.AddField(
            model_name="eventmention",
            name="counted",
            field=models.BooleanField(default=True),
        ),
        migrations.AddField(
            model_name="eventmention",
            name="asserting",
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name="marketquestion",
            name="resolved_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(backfill, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="document",
            name="ingested_at",
            field=models.DateTimeField(default=django.utils.timezone.now),
        ),
        migrations.AlterField(
            model_name="eventmention",
            name="ingested_at",
            field=models.DateTimeField(),
        ),
        migrations.AlterField(
            model_name="entitymention",
            name="ingested_at",
            field=models.DateTimeField(),
        ),
        migrations.RemoveIndex(model_name="entitymention", name="entity_mention_newest"),
        migrations.AddIndex(
            model_name="entitymention",
            index=models.Index(
                fields=["entity", "day", "document"],
                include=("ingested_at",),
                name="entity_mention_newest",
            ),
        ),
        migrations.AddIndex(
            model_name="eventmention",
            index=models.Index(
                fields=["event", "ingested_at"],
                include=("day", "document", "counted", "asserting"),
                name="event_mention_learned",
            ),
        ),
    ]
