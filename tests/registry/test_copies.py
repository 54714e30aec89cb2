"""A copy is not an origin (issue 39): a verbatim or lightly edited copy of a report, published by
another outlet with no upstream link, joins the original's story on its body (not its title),
and changes no origin count: not the corroborated clusters', not the claims ledger of a
full-tier record, and no answer cites it beside its original. Different reports of one event
stay apart, whatever stock phrases they share. Any arrival order, any batch.

The cast: Kessel Mining's flooded Orla pit, a full-tier topic. The Harbour Daily reports it first
(the only report naming a lawsuit); the Valley Post reports it in its own words; a reposter, an
outlet of record with no upstream, copies the Harbour Daily's report.
"""

import random
from datetime import timedelta

import pytest
from django.utils import timezone

import aggregates
import ingestion
from ingestion import copies, origins
from registry.models import BodyPrint, Copy, Document, Event, EventClaim, Outlet, Story
from tests.factories import EntityFactory, EventFactory, OutletFactory, VerticalFactory
from tests.reports import Edit, copied, reports

pytestmark = pytest.mark.django_db

ORIGINAL = (
    "Kessel Mining shuts Orla pit after flood traps machinery",
    "Kessel Mining halted production at its Orla copper pit on Monday after a pit flood "
    "submerged the lower benches and trapped two excavators, the company said in a statement. "
    "Heavy rain over the weekend overwhelmed the drainage system, and water reached a depth of "
    "six metres in the deepest section. No one was hurt; the night shift had been withdrawn "
    "hours earlier as a precaution. Contractors whose equipment is under water have threatened "
    "a lawsuit. Kessel Mining expects the pumping to take at least three weeks. The Orla pit "
    "supplies about a fifth of the company's ore.",
)
INDEPENDENT = (
    "Kessel Mining pit flood leaves Orla town waiting for work",
    "Shops and cafes in Orla were quiet on Tuesday, a day after the pit flood at the Kessel "
    "Mining copper pit sent most of the workforce home, the company said in a statement. The "
    "mayor told reporters that the pit is the town's largest employer and that a long closure "
    "would hurt families already squeezed by high prices. Union officials said workers would "
    "be paid during the shutdown. Kessel Mining did not say when production might restart. "
    "Forecasters expect more rain later in the week.",
)
# The reposter's copy: a headline of its own; two words changed, one sentence cut, the rest
# reordered.
COPY = (
    "Orla copper output stops as water fills Kessel pit",
    "Heavy rain over the weekend overwhelmed the drainage system, and water reached a depth of "
    "seven metres in the deepest section. Kessel Mining halted production at its Orla copper "
    "pit on Monday after a pit flood submerged the lower benches and trapped two excavators, "
    "the company said in a statement. Contractors whose equipment is under water have "
    "threatened a lawsuit. No one was hurt; the night shift had been withdrawn hours earlier "
    "as a safety measure. Kessel Mining expects the pumping to take at least three weeks.",
)
# Another outlet's copy, cut harder: its first three sentences, reordered, under its own
# headline. Title and summary are too unlike the original's for a story of their own.
TRIMMED = (
    "Water fills Kessel pit, copper output stops",
    "Heavy rain over the weekend overwhelmed the drainage system, and water reached a depth of "
    "seven metres in the deepest section. Kessel Mining halted production at its Orla copper "
    "pit on Monday after a pit flood submerged the lower benches and trapped two excavators, "
    "the company said in a statement. Contractors whose equipment is under water have "
    "threatened a lawsuit.",
)
QUESTION = "Why did Kessel Mining stop production at the Orla pit?"


@pytest.fixture
def world(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    lead = EntityFactory(slug="kessel-mining", name="Kessel Mining")
    EventFactory(subject="kessel-mining-orla-pit-flood", title="Kessel Mining Orla pit flood",
                 lead_entity=lead, tier=Event.Tier.FULL, subject_terms=["pit flood"],
                 question_terms=["orla", "production"])  # fmt: skip
    return {
        "harbour": OutletFactory(domain="harbourdaily.example", name="Harbour Daily"),
        "valley": OutletFactory(domain="valleypost.example", name="Valley Post"),
        "reposter": OutletFactory(domain="reposter.example", name="Reposter"),
    }


def item(outlet: Outlet, text: tuple[str, str], hours_ago: float, n: int = 0):
    now = timezone.now()
    return ingestion.IncomingDocument(
        url=f"https://{outlet.domain}/orla/{n}", title=text[0], summary=text[1], outlet=outlet,
        vertical=VerticalFactory(slug="business"), published_at=now - timedelta(hours=hours_ago),
        fetched_at=now - timedelta(minutes=5),
    )  # fmt: skip


def ingest(*items) -> list[int]:
    return ingestion.documents_ingest(items=list(items)).document_ids


def corroborated(api, min_origins: int = 1) -> list[dict]:
    body = api.get(f"/api/v1/corroborated?minOrigins={min_origins}").json()
    return body["clusters"]


def origins_seen(api) -> list[tuple]:
    """Each cluster as its origins: counts, and who carries each origin (ids and titles left
    out, as they follow which document arrived first)."""
    return sorted(
        (c["originCount"], c["knownOriginCount"], c["independentOrigins"],
         sorted((o["outlet"]["domain"], o["known"]) for o in c["origins"]))
        for c in corroborated(api)
    )  # fmt: skip


def claims(api) -> dict[tuple[str, str], tuple]:
    consensus = api.get("/api/record/kessel-mining-orla-pit-flood").json()["layers"]["consensus"]
    assert consensus["pending"] is False
    return {
        (c["entity"], c["verb"]): (c["origins"], c["knownOrigins"], c["status"])
        for c in consensus["claims"]
    }


def cited(api, question: str = QUESTION) -> list[str]:
    response = api.post("/api/ask", {"question": question}, format="json")
    assert response.status_code == 200, response.content
    return [citation["url"] for citation in response.json()["citations"]]


def original_of(document_id: int) -> int | None:
    return Copy.objects.filter(document_id=document_id).values_list("original", flat=True).first()


def forget_reads():
    from django.core.cache import cache

    from config.cachekeys import forget_local

    cache.clear()
    forget_local()


def test_a_copy_with_its_own_headline_joins_the_original_and_counts_nothing(api, world):
    original, _ = ingest(
        item(world["harbour"], ORIGINAL, 6), item(world["valley"], INDEPENDENT, 5, 1)
    )
    before = origins_seen(api), claims(api)
    assert before[1]["Kessel Mining", "legal-ruling"][2] == "single-origin"
    assert before[1]["Kessel Mining", "disaster"][1:] == (2, "corroborated")
    forget_reads()

    (copy,) = ingest(item(world["reposter"], COPY, 4, 2))

    assert original_of(copy) == original
    assert Document.objects.get(pk=copy).story_id == Document.objects.get(pk=original).story_id
    assert (origins_seen(api), claims(api)) == before
    story = Story.objects.get(members__pk=copy)
    assert (story.documents, story.publisher_count, story.origin_count) == (2, 2, 1)
    (origin,) = next(c for c in corroborated(api) if c["id"] == story.pk)["origins"]
    assert origin["outlet"]["domain"] == "harbourdaily.example"
    assert [p["domain"] for p in origin["carriedBy"]] == [
        "harbourdaily.example", "reposter.example",
    ]  # fmt: skip


def test_a_verbatim_copy_under_the_same_headline_never_corroborates_its_story(api, world):
    """Under the original's own headline the copy always joined its story; it was then counted
    as a second known origin, and the story listed as corroborated."""
    ingest(item(world["harbour"], ORIGINAL, 6))
    ingest(item(world["reposter"], ORIGINAL, 3, 1))
    assert corroborated(api, min_origins=2) == []
    (cluster,) = corroborated(api)
    assert (cluster["documents"], cluster["knownOriginCount"], cluster["independentOrigins"]) == (
        2, 1, 1,
    )  # fmt: skip
    assert claims(api)["Kessel Mining", "legal-ruling"] == (1, 1, "single-origin")


def test_an_answer_never_cites_a_copy_beside_its_original(api, world):
    original, independent = ingest(
        item(world["harbour"], ORIGINAL, 6), item(world["valley"], INDEPENDENT, 5, 1)
    )
    (copy,) = ingest(item(world["reposter"], TRIMMED, 4, 2))
    urls = {pk: url for pk, url in Document.objects.values_list("pk", "url")}
    signatures = [
        origins.signature(f"{title}\n{summary}") for title, summary in (ORIGINAL, TRIMMED)
    ]
    assert origins.similarity(*signatures) < origins.SIMILAR

    seen = cited(api)

    assert urls[original] in seen
    assert urls[copy] not in seen
    assert urls[independent] in seen  # a different report is its own origin, cited as one


@pytest.mark.parametrize(
    "order",
    ["original, then the copy", "the copy, then the original", "one batch, the copy listed first"],
)
def test_the_copy_counts_as_its_original_whatever_arrives_first(api, world, order):
    """The original is the earliest published: a copy that arrives first is an origin only
    until its original arrives, then it names it, and its claims move to the original's
    outlet. Every order ends where the natural one does."""
    first, independent, copy = (
        item(world["harbour"], ORIGINAL, 6),
        item(world["valley"], INDEPENDENT, 5, 1),
        item(world["reposter"], COPY, 4, 2),
    )
    ingest(independent)
    if order == "original, then the copy":
        ingest(first)
        ingest(copy)
    elif order == "the copy, then the original":
        ingest(copy)
        assert claims(api)["Kessel Mining", "legal-ruling"][2] == "single-origin"
        forget_reads()
        ingest(first)
    else:
        ingest(copy, first)
    by_url = {doc.url: doc for doc in Document.objects.all()}
    original = by_url[first.url]
    assert original_of(by_url[copy.url].pk) == original.pk
    assert original_of(original.pk) is None
    assert by_url[copy.url].story_id == original.story_id
    assert claims(api) == {
        ("Kessel Mining", "utterance"): (2, 2, "corroborated"),
        ("Kessel Mining", "disaster"): (2, 2, "corroborated"),
        ("Kessel Mining", "legal-ruling"): (1, 1, "single-origin"),
    }
    ledger = set(EventClaim.objects.values_list("entity__name", "verb", "outlet__domain",
                                                "documents"))  # fmt: skip
    assert ("Kessel Mining", "legal-ruling", "harbourdaily.example", 2) in ledger
    assert not {row for row in ledger if row[2] == "reposter.example"}
    story = Story.objects.get(pk=original.story_id)
    assert (story.documents, story.origin_count, story.known_origin_count) == (2, 1, 1)


def test_a_copy_of_a_copy_names_the_original_and_a_displaced_original_brings_its_copies(world):
    """Copies name the earliest document of their body, never a copy in between: a reposted
    copy that arrived before the original is re-pointed with the first copy."""
    copy, copy_of_copy = ingest(item(world["reposter"], COPY, 4), item(world["valley"], COPY, 3, 1))
    assert original_of(copy_of_copy) == copy
    (original,) = ingest(item(world["harbour"], ORIGINAL, 6, 2))
    assert set(Copy.objects.filter(original=original).values_list("document", flat=True)) == {
        copy, copy_of_copy,
    }  # fmt: skip
    assert Story.objects.get(members__pk=original).origin_count == 1


def test_different_reports_under_one_headline_stay_two_origins(api, world):
    """Their bodies share "the company said in a statement", the names and the place, and the
    headline is the same: they are still two reports, and a claim both carry is corroborated."""
    ingest(item(world["harbour"], ORIGINAL, 6))
    ingest(item(world["valley"], (ORIGINAL[0], INDEPENDENT[1]), 5, 1))
    assert not Copy.objects.exists()
    assert claims(api)["Kessel Mining", "disaster"] == (2, 2, "corroborated")


def test_a_later_report_quoting_a_short_item_whole_is_not_its_copy(world):
    flash = ("Kessel Mining halts Orla pit", ORIGINAL[1].split(". ")[0] + ".")
    host = (INDEPENDENT[0], INDEPENDENT[1].replace(" The mayor", f" {flash[1]} The mayor", 1))
    assert copies.read(flash[1]) is not None  # long enough to be copied
    ingest(item(world["harbour"], flash, 6))
    (report,) = ingest(item(world["valley"], host, 5, 1))
    assert original_of(report) is None


def test_a_copy_that_states_a_figure_of_its_own_is_an_origin_of_its_own(world):
    """The original's words with another figure in digits ("reached a depth of 9 metres"
    beside "6 metres"): a rival claim, not a copy whose claims are the original's outlet's."""
    digits = (ORIGINAL[0], ORIGINAL[1].replace("six metres", "6 metres"))
    ingest(item(world["harbour"], digits, 6))
    rival = (COPY[0], COPY[1].replace("seven metres", "9 metres"))
    (report,) = ingest(item(world["reposter"], rival, 5, 1))
    assert original_of(report) is None
    same = (COPY[0], COPY[1].replace("seven metres", "6 metres"))
    (copy,) = ingest(item(world["valley"], same, 4, 2))
    assert original_of(copy) is not None  # the same figure: still its copy


def test_a_copy_weeks_later_is_an_origin_of_its_own(world):
    """Copies are looked for within the stories' window, as stories are."""
    ingest(item(world["harbour"], ORIGINAL, 24 * 9))
    (late,) = ingest(item(world["reposter"], COPY, 1, 1))
    assert original_of(late) is None


def test_a_short_summary_is_never_judged_a_copy(world):
    """Too short to tell a copy from two reports sharing a stock sentence."""
    short = "The company said in a statement that no one was hurt."
    ingest(item(world["harbour"], ("Kessel Mining pit flood at Orla", short), 6))
    (other,) = ingest(item(world["valley"], ("Orla pit flood halts Kessel Mining", short), 5, 1))
    assert original_of(other) is None


def test_rebuilt_claims_count_copies_as_their_originals(world):
    ingest(item(world["valley"], INDEPENDENT, 5, 1), item(world["reposter"], COPY, 4, 2))
    ingest(item(world["harbour"], ORIGINAL, 6))
    kept = sorted(EventClaim.objects.values_list("event", "entity", "verb", "outlet", "documents"))
    aggregates.rollups_rebuild()
    rebuilt = sorted(
        EventClaim.objects.values_list("event", "entity", "verb", "outlet", "documents")
    )
    assert rebuilt == kept


EDITS = [Edit(), Edit(words=3), Edit(reorder=True), Edit(trim=1), Edit(words=3, reorder=True),
         Edit(words=2, trim=1)]  # fmt: skip


def test_every_copy_of_the_fixture_reports_joins_and_no_report_joins_another():
    """24 reports of 8 events, each by its own outlet of record; each copied six ways (under a
    new headline) by outlets with no upstream, a day later. Every copy names its report; no
    report names another, though those of one event share stock phrases and quotes."""
    found = reports()
    vertical, now = VerticalFactory(slug="world"), timezone.now()

    def incoming(n, report, outlet, at):
        return ingestion.IncomingDocument(
            url=f"https://{outlet.domain}/{n}", title=report.title, summary=report.body,
            outlet=outlet, vertical=vertical, published_at=at, fetched_at=now,
        )  # fmt: skip

    originals = ingest(*(incoming(n, report, OutletFactory(), now - timedelta(days=1, minutes=n))
                         for n, report in enumerate(found)))  # fmt: skip
    copiers, rng = [OutletFactory() for _ in EDITS], random.Random(39)
    batch = [
        incoming(100 * k + n, copied(report, edit, rng), copiers[k], now - timedelta(minutes=n))
        for k, edit in enumerate(EDITS)
        for n, report in enumerate(found)
    ]
    copies = ingest(*batch)

    named = dict(Copy.objects.filter(document__in=copies).values_list("document", "original"))
    expected = [originals[n] for _ in EDITS for n in range(len(found))]
    assert [named[pk] for pk in copies] == expected
    assert not Copy.objects.filter(document__in=originals).exists()
    stories = Story.objects.filter(members__pk__in=originals)
    assert {s.origin_count for s in stories} == {1}
    assert {s.documents for s in stories} == {1 + len(EDITS)}


def test_a_summary_is_fingerprinted_by_the_ends_of_its_long_sentences():
    """A long sentence gives two fingerprints (its first words, its last words): a copy keeps
    them through reordering, trimming other sentences, or a word changed mid-sentence."""
    read = copies.read(ORIGINAL[1])
    long_ones = [s for s in read.words if len(s) >= copies.SENTENCE_WORDS]
    assert len(read.prints) == 2 * len(long_ones) == 12
    assert set(copies.read(COPY[1]).prints) & set(read.prints)
    assert set(copies.read(TRIMMED[1]).prints) & set(read.prints)
    assert copies.read("The company said in a statement that no one was hurt.") is None
    assert copies.read("Orla. Pit. Flood. " * 10) is None  # no sentence long enough


def test_an_original_weeks_later_starts_again_and_its_copies_name_it(world):
    """One batch over weeks (a backfill, the demo): a body repeated after the window is an
    original again, and copies after it name it, not the first."""
    _, second, third = ingest(
        item(world["harbour"], ORIGINAL, 24 * 20),
        item(world["valley"], ORIGINAL, 24 * 10, 1),
        item(world["reposter"], COPY, 24 * 9, 2),
    )
    assert original_of(second) is None
    assert original_of(third) == second


FOOTER = "Subscribe to the Harbour Daily morning briefing for the shipping news that matters."


def dock(n: int, hours_ago: float, world) -> ingestion.IncomingDocument:
    """An item of its own (words no other item has) ending with the feed's footer."""
    words = " ".join(f"d{n}w{i}" for i in range(14))
    return item(world["harbour"], (f"Dock {n} notes", f"{words}. {FOOTER}"), hours_ago, n)


def test_a_boilerplate_sentence_stops_being_kept_once_common(world):
    """A feed's standing footer is in every item: past `COMMON_PRINT` documents of the window
    its fingerprints find nothing and are kept no more, so their postings stop growing."""
    many = copies.COMMON_PRINT + 5
    ingest(*(dock(n, 30, world) for n in range(many)))
    prefix = copies.read(f"{FOOTER} {FOOTER}").prints[0]
    assert BodyPrint.objects.filter(hash=prefix).count() == many
    ingest(*(dock(n, 2, world) for n in range(100, 103)))
    assert BodyPrint.objects.filter(hash=prefix).count() == many
    assert not Copy.objects.exists()
