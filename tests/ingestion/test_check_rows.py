"""`manage.py check_rows`: rows stored before the doors checked their values, found and repaired.

The bad rows are written the way they were stored before (straight past today's doors), then the
command runs as an operator runs it, and the reads are made again.
"""

import math
from datetime import UTC, date, datetime

import pytest
from django.core.management import call_command
from django.db import connection

from registry.models import Document, EntityDay, MarketPrice, MarketQuestion, PrimarySource
from tests.factories import (
    DocumentFactory,
    EventFactory,
    MarketQuestionFactory,
    PrimarySourceFactory,
)

pytestmark = pytest.mark.django_db
FETCHED = datetime(2026, 11, 20, 9, tzinfo=UTC)


def store(table, column, value, pk):
    """Write a value as the code before this fix could store it: no door in the way."""
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {table} SET {column} = %s WHERE id = %s", [value, pk])  # noqa: S608


@pytest.fixture
def bad_rows(fed):
    """A question due in year 1, a document published then (counted on that day), a source
    whose issuer dated its words in year 9999, and a price whose volume is infinite."""
    question = MarketQuestionFactory()
    question.events.add(EventFactory())
    store("registry_marketquestion", "deadline", "0001-01-01 00:00:00+00", question.pk)
    document = DocumentFactory(fetched_at=FETCHED, published_at=FETCHED, day=FETCHED.date())
    document.entities.add(fed, through_defaults={"day": date(1, 1, 1), "ingested_at": FETCHED})
    EntityDay.objects.create(entity=fed, vertical=document.vertical, day=date(1, 1, 1),
                             documents=1)  # fmt: skip
    store("registry_document", "published_at", "0001-01-01 00:00:00+00", document.pk)
    store("registry_document", "day", "0001-01-01", document.pk)
    source = PrimarySourceFactory()
    store("registry_primarysource", "observed_date", "9999-12-31", source.pk)
    MarketPrice.objects.create(question=question, captured_at=FETCHED, probability_pct=40,
                               volume_24h=math.inf)  # fmt: skip
    return question, document, source


def test_by_default_it_reports_and_changes_nothing(bad_rows, capsys):
    question, document, _ = bad_rows
    call_command("check_rows")
    out = capsys.readouterr().out
    assert "registry_marketquestion.deadline: 1 rows, date outside the years 1900 to 2999" in out
    assert "registry_document.published_at: 1 rows" in out
    assert "registry_document.day: 1 rows" in out
    assert "registry_primarysource.observed_date: 1 rows" in out
    assert "registry_marketprice.volume_24h: 1 rows, not a finite number" in out
    assert "Report only: run with --repair" in out
    assert MarketQuestion.objects.get(pk=question.pk).deadline.year == 1
    assert Document.objects.get(pk=document.pk).day == date(1, 1, 1)


def test_repair_writes_the_one_true_value_of_each_and_reads_show_it(bad_rows, api, capsys):
    question, document, source = bad_rows
    call_command("check_rows", "--repair")
    out = capsys.readouterr().out
    assert "registry_marketquestion.deadline: 1 rows, date outside the years 1900 to 2999: " \
           "1 repaired (set to null: nothing is known of it)" in out  # fmt: skip
    assert "registry_document.day: 1 rows, date outside the years 1900 to 2999: 1 repaired " \
           "(set to the day it was fetched; the day rollups rebuilt)" in out  # fmt: skip
    assert "registry_marketprice.volume_24h: 1 rows, not a finite number: 0 repaired (kept: " \
           "an append-only log is never rewritten; its readers show null)" in out  # fmt: skip
    assert MarketQuestion.objects.get(pk=question.pk).deadline is None
    repaired = Document.objects.get(pk=document.pk)
    assert (repaired.published_at, repaired.day) == (None, FETCHED.date())
    assert PrimarySource.objects.get(pk=source.pk).observed_date is None
    assert "registry_entitymention.day: 1 rows" in out
    assert "registry_entityday.day: 1 rows, date outside the years 1900 to 2999: 1 repaired " \
           "(rebuilt from the mentions)" in out  # fmt: skip
    days = EntityDay.objects.filter(entity__slug="federal-reserve").values_list("day", flat=True)
    assert list(days) == [FETCHED.date()]
    assert api.get("/api/v1/markets").status_code == 200
    call_command("check_rows")
    again = capsys.readouterr().out
    assert again.splitlines()[:1] == [
        "registry_marketprice.volume_24h: 1 rows, not a finite number"
    ]


def test_a_clean_registry_says_so(db, capsys):
    DocumentFactory(fetched_at=FETCHED, published_at=FETCHED, day=FETCHED.date())
    call_command("check_rows")
    assert capsys.readouterr().out.strip() == "No stored value outside what the doors let in."


@pytest.mark.skipif(connection.vendor != "sqlite", reason="PostgreSQL never stored a NUL")
def test_a_nul_stored_in_text_is_taken_out(db, capsys):
    question = MarketQuestionFactory(question="Will it\x00 rain?")
    call_command("check_rows", "--repair")
    assert "registry_marketquestion.question: 1 rows, text holding NUL: 1 repaired" in (
        capsys.readouterr().out
    )
    assert MarketQuestion.objects.get(pk=question.pk).question == "Will it rain?"
