"""Reporting evidence by meaning: every document attached to a topic is a candidate (its curated
mentions and those naming its lead entity without a curated term), ranked by rare stems plus
the closeness of kept passage vectors; vectors computed once, in the background or for a few
candidates during an ask, and the model loaded when a worker starts.

The cast: Calder Shipping, whose dock strike is the tracked topic. Its chief executive's
resignation names the company but none of the strike's curated terms, so the record never shows
it; the Answer Engine must find it when asked in other words.
"""

import logging
import os
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from answers.ground import retrieval
from answers.models import AskTicket, Embedding
from answers.serve import warmup
from answers.understand import embeddings, vocabulary
from billing.models import AddressDay, AskCharge
from ingestion.documents import IncomingDocument, documents_ingest
from registry.models import Document, EntityMention, EventMention
from tests.factories import EntityFactory, EventFactory, OutletFactory, VerticalFactory

pytestmark = pytest.mark.django_db
DAY = datetime(2026, 11, 20, 9, tzinfo=UTC)

STRIKE = ("Calder Shipping dock strike enters its second week",
          "Pickets remain outside the container terminal while union talks stall.")  # fmt: skip
RESIGNATION = ("Calder Shipping chief executive resigns after a board revolt",
               "Maren Holt quit on Tuesday after six years in charge; the directors named an "
               "interim leader.")  # fmt: skip
VESSELS = ("Calder Shipping orders four container vessels from a Korean yard",
           "The ships are due in 2028 and will burn methanol.")  # fmt: skip
QUESTION = "Did the boss of Calder Shipping step down?"


@pytest.fixture(autouse=True)
def _model_restored():
    """Tests here may swap the process's model; the next test gets the real one back."""
    saved = dict(embeddings._state)
    yield
    embeddings._state.clear()
    embeddings._state.update(saved)
    embeddings.query_vector.cache_clear()


@pytest.fixture
def calder(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    lead = EntityFactory(slug="calder-shipping", name="Calder Shipping")
    event = EventFactory(subject="calder-shipping-dock-strike", title="Calder Shipping strike",
                         lead_entity=lead, subject_terms=["dock strike"],
                         question_terms=["walkout", "picket"])  # fmt: skip
    return event


def publish(*stories: tuple[str, str], start: datetime = DAY) -> list[int]:
    """Ingest each (title, summary), a day apart in the order given (the last is the newest)."""
    outlet, vertical = OutletFactory(), VerticalFactory(slug="business")
    items = [
        IncomingDocument(url=f"https://harbour.example/{start:%Y%m%d}/{n}", title=title,
                         summary=summary, outlet=outlet, vertical=vertical,
                         fetched_at=start + timedelta(days=n),
                         published_at=start + timedelta(days=n))
        for n, (title, summary) in enumerate(stories)
    ]  # fmt: skip
    return documents_ingest(items=items).document_ids


def ask(api, question: str) -> dict:
    response = api.post("/api/ask", {"question": question}, format="json")
    assert response.status_code == 200, response.content
    return response.json()


def topic_of(event):
    return next(t for t in vocabulary.current().topics if t.pk == event.pk)


class Counting:
    """A stand-in model: words hashed into 64 dimensions; counts the documents it embeds."""

    name = "counting stand-in"

    def __init__(self, documents: list[str]):
        self.documents = set(documents)
        self.embedded: list[str] = []

    def _vectors(self, texts):
        out = np.zeros((len(texts), 64), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in text.lower().split():
                out[row, hash(word) % 64] += 1.0
        return out / np.maximum(np.linalg.norm(out, axis=1, keepdims=True), 1e-9)

    def queries(self, texts):
        return self._vectors(texts)

    def passages(self, texts):
        self.embedded += [t for t in texts if t in self.documents]
        return self._vectors(texts)


def counting() -> Counting:
    texts = Document.objects.values_list("title", "summary")
    model = Counting([embeddings.passage(title, summary) for title, summary in texts])
    embeddings.use(model)
    vocabulary.forget()
    return model


def test_a_document_naming_the_lead_without_a_curated_term_answers_by_meaning(api, calder):
    strike, resignation, _vessels = publish(STRIKE, RESIGNATION, VESSELS)
    # The record's rule stands: only the strike report carries a curated term.
    assert list(EventMention.objects.values_list("document_id", flat=True)) == [strike]
    assert EntityMention.objects.filter(document_id=resignation).exists()
    embeddings.documents_embed()  # the beat's run: the topic's newest documents get vectors

    answer = ask(api, QUESTION)

    assert answer["topics"][0]["topic"] == calder.subject
    cited = [c["url"] for c in answer["citations"]]
    assert Document.objects.get(pk=resignation).url in cited
    assert cited.index(Document.objects.get(pk=resignation).url) == min(
        cited.index(d.url) for d in Document.objects.all() if d.url in cited
    )


def test_meaning_ranks_a_paraphrase_above_a_newer_unrelated_row(calder):
    publish(STRIKE, RESIGNATION, VESSELS)
    embeddings.documents_embed()
    rows = retrieval.reporting(calder, topic_of(calder), "Has the head of the firm quit?", None)
    order = [row.title for row in rows]
    assert order.index(RESIGNATION[0]) < order.index(VESSELS[0])
    assert rows[0].title == RESIGNATION[0]
    assert rows[0].facts == {"summary": RESIGNATION[1]}
    assert rows[0].source
    assert rows[0].date == "2026-11-21"


def test_market_question_pages_and_other_topics_rows_are_not_candidates(calder):
    ids = publish(STRIKE, RESIGNATION, VESSELS)
    Document.objects.filter(pk=ids[2]).update(is_market_question_page=True)
    other = EventFactory(subject="other-topic", title="Other topic")
    publish(("Entity news of another lead", "Nothing about Calder."), start=DAY + timedelta(30))
    rows = retrieval.reporting(calder, topic_of(calder), QUESTION, None)
    assert sorted(r.title for r in rows) == sorted([STRIKE[0], RESIGNATION[0]])
    assert retrieval.reporting(other, topic_of(other), QUESTION, None) == []


def test_an_ask_computes_no_vector_and_asked_again_gives_the_same_answer(api, calder):
    """What an ask reads is what the background run kept: the same question reads the same
    vectors and gives the same answer, words and citations (a vector computed in an ask changed
    the next ask's ranking)."""
    publish(STRIKE, RESIGNATION, VESSELS)
    model = counting()
    first = ask(api, "Is the Calder Shipping dock strike over?")
    assert model.embedded == []
    assert not Embedding.objects.filter(kind=Embedding.Kind.DOCUMENT).exists()
    again = ask(api, "Is the Calder Shipping dock strike over?")
    assert (again["answer"], again["citations"]) == (first["answer"], first["citations"])
    embeddings.documents_embed()  # the beat's run: now meaning ranks them too
    assert model.embedded


def test_embed_registry_is_incremental(calder):
    ids = publish(STRIKE, RESIGNATION, VESSELS)
    model = counting()
    call_command("embed_registry", stdout=open_null())
    assert sorted(model.embedded) == sorted(
        embeddings.passage(*Document.objects.values_list("title", "summary").get(pk=pk))
        for pk in ids
    )
    model.embedded.clear()
    call_command("embed_registry", stdout=open_null())
    assert model.embedded == [], "the second run computes nothing"

    Document.objects.filter(pk=ids[1]).update(summary="Maren Holt has stepped aside.")
    model.documents.add(embeddings.passage(RESIGNATION[0], "Maren Holt has stepped aside."))
    call_command("embed_registry", stdout=open_null())
    assert model.embedded == [embeddings.passage(RESIGNATION[0], "Maren Holt has stepped aside.")]


def test_embed_registry_recomputes_only_the_topics_and_entities_whose_text_changed(calder):
    publish(STRIKE, RESIGNATION)
    counting()
    first = open_null()
    call_command("embed_registry", stdout=first)
    entities = Embedding.objects.filter(kind=Embedding.Kind.ENTITY).count()
    assert f"vectors computed: 1 topics, {entities} entities" in first.getvalue()

    again = open_null()
    call_command("embed_registry", stdout=again)
    assert "vectors computed: 0 topics, 0 entities" in again.getvalue()

    # A new alias changes the entity's text and the text of the topic it leads: those two only.
    calder.lead_entity.aliases.create(alias="Calder Lines")
    renamed = open_null()
    call_command("embed_registry", stdout=renamed)
    assert "vectors computed: 1 topics, 1 entities" in renamed.getvalue()


def test_the_background_task_is_bounded_per_run(calder):
    publish(*[(f"Calder Shipping note {n}", f"Harbour diary entry {n}.") for n in range(5)])
    model = counting()
    assert embeddings.documents_embed(limit=2)["computed"] == 2
    assert embeddings.documents_embed(limit=2)["computed"] == 2
    assert embeddings.documents_embed(limit=2)["computed"] == 1
    assert embeddings.documents_embed(limit=2)["computed"] == 0
    assert len(model.embedded) == 5


def test_an_asks_queries_do_not_grow_with_the_documents(api, calder, django_assert_max_num_queries):
    publish(STRIKE, RESIGNATION, VESSELS)
    counting()
    question = "Is the Calder Shipping dock strike over?"
    ask(api, question)  # the vocabulary built, vectors kept
    with CaptureQueriesContext(connection) as few:
        ask(api, question)

    many = [(f"Calder Shipping dock strike day {n}", f"Walkout diary {n}, picket {n}.")
            for n in range(60)]  # fmt: skip
    publish(*many, start=DAY + timedelta(days=10))
    embeddings.documents_embed(limit=None)
    with django_assert_max_num_queries(len(few.captured_queries)):
        answer = ask(api, question)
    assert answer["citations"]


def test_a_worker_starts_with_the_database_down(database_down, caplog):
    embeddings.use(Counting([]))
    with caplog.at_level(logging.WARNING, logger="answers.serve.warmup"):
        warmup.preload()
    assert any("not all loaded at start" in r.getMessage() for r in caplog.records)


@pytest.mark.django_db
def test_with_embeddings_off_a_start_loads_what_an_ask_needs_but_the_model(
    settings, monkeypatch, api, calder
):
    """The first ask of a fresh worker builds nothing, the model off as in the benchmarks and
    the README (issue 41): the vocabulary and the tagger are built at start, the model is not."""
    from ingestion import tagging

    settings.SVC_ANSWER_EMBEDDINGS = "off"
    embeddings.forget()
    vocabulary.forget()
    tagging.forget_tagger()
    warmup.preload()
    assert embeddings._state.get("model") is None  # asked for, and off: none loaded
    for kept, what in ((vocabulary._vocabulary, "vocabulary"), (tagging._tagger, "tagger")):
        built = f"the ask built the {what}"
        monkeypatch.setattr(kept, "_build", lambda built=built: pytest.fail(built))
    answer = ask(api, "What is the latest on the Calder Shipping dock strike?")
    assert [t["topic"] for t in answer["topics"]] == [calder.subject]


@pytest.mark.django_db
def test_a_start_builds_what_a_user_worded_first_ask_needs(calder, monkeypatch):
    """Issue 51: the word sets of every name, the phrases and the index are the vocabulary's
    build's, not a first user-worded question's; the start rehearses a question naming things
    no registry holds, declined whatever the registry."""
    from answers.serve import engine

    vocabulary.forget()
    warmup.preload()
    vocab = vocabulary.current()
    assert {"phrases", "name_words", "name_word_sets", "index"} <= set(vars(vocab))
    assert engine.answer(warmup.UNTRACKED_QUESTION)["grounded"] is False
    monkeypatch.setattr(vocabulary._vocabulary, "_build", lambda: pytest.fail("rebuilt"))
    answer = engine.answer("What did the Calder Shipping dock strike bring this week?")
    assert [t["topic"] for t in answer["topics"]] == [calder.subject]


@pytest.mark.django_db(transaction=True)  # the connection outside any test transaction
def test_a_serving_start_rehearses_an_ask_keeps_nothing_and_keeps_its_connection(
    settings, calder, caplog
):
    """A web worker's start rehearses one ask through the whole stack and rolls it back (no
    ticket, charge or allowance row kept), and keeps the connection it opened for the requests
    it serves next (a first ask cost twice its tenth: issue 41); a process forked from it never
    shares that connection, and a start that serves nothing leaves none open."""
    if connection.vendor == "sqlite":
        pytest.skip("SQLite's in-memory test database ignores close(): PostgreSQL's suite runs it")
    settings.SVC_ANSWER_EMBEDDINGS = "off"
    embeddings.forget()
    warmup.preload()
    assert connection.connection is None  # a start that serves nothing: closed
    kept = [model.objects.count() for model in (AskTicket, AskCharge, AddressDay)]
    with caplog.at_level(logging.INFO, logger="answers.serve.warmup"):
        warmup.preload(serving=True)
    assert "one ask rehearsed at start (200, rolled back)" in caplog.text
    assert [model.objects.count() for model in (AskTicket, AskCharge, AddressDay)] == kept
    assert connection.connection is not None  # kept for the first request
    child = os.fork()
    if child == 0:  # the child: it must hold no connection of its parent's
        os._exit(0 if connection.connection is None else 1)
    _, status = os.waitpid(child, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert connection.connection is None  # closed in the parent before the fork


@pytest.mark.django_db
@pytest.mark.parametrize("proxy", [None, ("HTTP_X_FORWARDED_PROTO", "https")])
def test_the_rehearsed_ask_is_answered_where_https_is_required(settings, calder, caplog, proxy):
    """With the redirect to https on, directly or behind a TLS proxy, the rehearsal is answered,
    not redirected (a 301 would rehearse nothing)."""
    settings.SVC_ANSWER_EMBEDDINGS = "off"
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_PROXY_SSL_HEADER = proxy
    embeddings.forget()
    with caplog.at_level(logging.INFO, logger="answers.serve.warmup"):
        warmup._rehearse_request("What is the latest on the Calder Shipping dock strike?")
    assert "one ask rehearsed at start (200, rolled back)" in caplog.text


def open_null():
    import io

    return io.StringIO()


@pytest.mark.django_db
def test_embed_registry_computes_across_processes_with_a_progress_bar(monkeypatch, capsys):
    """The first full run at 1M (22,000 texts) took 948 s on one thread: processes of their own,
    each with its model, compute the same vectors the process itself would (issue 41)."""
    from concurrent.futures import ProcessPoolExecutor

    real = embeddings.E5()
    embeddings.use(real)
    pools = []

    class Watched(ProcessPoolExecutor):
        def __init__(self, *args, **kwargs):
            pools.append(args)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(embeddings, "ProcessPoolExecutor", Watched)
    texts = {n: f"Entity {n} ({'alias ' * (n % 7)}name)" for n in range(1, 80)}
    with embeddings.computing(processes=2, progress=True):
        computed = embeddings.vectors_store(real, Embedding.Kind.ENTITY, texts)
    assert pools, "no pool of processes computed them"
    assert "entity vectors" in capsys.readouterr().err
    keys = sorted(texts)
    alone = real.passages([texts[key] for key in keys])
    assert np.allclose(np.stack([computed[key] for key in keys]), alone, atol=1e-4)
    kept = Embedding.objects.filter(kind=Embedding.Kind.ENTITY, key__in=keys).count()
    assert kept == len(keys)


def test_a_topic_vector_is_made_from_the_opening_of_its_text(calder):
    # Curated words first: the title opens what is embedded; headlines past the cap are not.
    calder.question_terms = [f"picket line {n}" for n in range(80)]
    calder.save()
    model = Counting([])
    seen: list[str] = []
    model.passages = lambda texts: seen.extend(texts) or Counting._vectors(model, texts)
    embeddings.use(model)
    vocabulary.forget()

    topic = topic_of(calder)

    assert len(topic.text) > vocabulary.TOPIC_CHARS  # the whole text still feeds the words
    assert topic.text[: vocabulary.TOPIC_CHARS] in seen
    assert all(len(text) <= vocabulary.TOPIC_CHARS for text in seen)
    kept = Embedding.objects.get(kind=Embedding.Kind.TOPIC, key=calder.pk, model=model.name)
    assert kept.text_sha256 == embeddings.digest(topic.text[: vocabulary.TOPIC_CHARS])
