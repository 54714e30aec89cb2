"""Understanding a question before answering it: intent, time window, typos, untracked names,
and the embedding model's place (loaded once, vectors kept, a lexical fallback said loudly)."""

import logging
from datetime import UTC, datetime

import numpy as np
import pytest

from answers.models import Embedding
from answers.understand import embeddings, vocabulary
from answers.understand.understanding import correct, intent_of, understand
from registry.models import Event
from worlds.demo import demo_load

NOW = datetime(2026, 11, 18, 15, 0, tzinfo=UTC)  # a Wednesday


@pytest.fixture(autouse=True)
def _model_restored():
    """Tests here swap the process's model; the next test gets the real one back."""
    saved = dict(embeddings._state)
    yield
    embeddings._state.clear()
    embeddings._state.update(saved)


@pytest.mark.parametrize(
    ("question", "intent"),
    [
        ("What changed this week for OPEC?", "changed"),
        ("Compare the Fed and the ECB", "compare"),
        ("How much coverage is the hurricane getting?", "attention"),
        ("How many jobs were added in October?", "how-much"),
        ("Who is buying the chip maker?", "who"),
        ("Why did the launch slip?", "why"),
        ("Will the Fed cut in December?", "markets"),
        ("What did the Bank of Japan decide?", "decided"),
        ("Is the hurricane still active?", "status"),
        ("Tell me about Artemis II", "overview"),
        ("Which is the crowd surer of: the launch or the cut?", "compare"),
        ("¿Cuál recaudó más, Northwind o Helio?", "compare"),
        ("Wer hat mehr eingesammelt, Northwind oder Helio?", "compare"),
        ("Qui a levé le plus, Northwind ou Helio ?", "compare"),
        ("NorthwindとHelioではどちらが多く調達しましたか", "compare"),
        ("أيهما جمع أكثر، Northwind أو Helio؟", "compare"),
        ("Qui a décidé de la baisse ?", "who"),
        # Any English comparative asks which of two, not only the ones a list once named.
        ("Which is further along, the canal or the bridge?", "compare"),
        ("Which span was longer: the old crossing or the new one?", "compare"),
        ("Which is more advanced, the north bore or the south bore?", "compare"),
        ("Which river is under water?", "overview"),
        ("Which ministry is in charge of the bridge?", "overview"),
        # What is compared may stand several words before "than".
        ("Did the club sell more season tickets in 2025/26 than in 2024/25?", "compare"),
        ("Will the Fed cut by more than 50 basis points?", "markets"),
    ],
)
def test_the_intent_of_a_question(question, intent):
    assert intent_of(question) == intent


@pytest.mark.django_db
def test_typos_are_corrected_to_the_registrys_own_words():
    demo_load()
    vocab = vocabulary.current()
    assert "hurricane" in correct("Huricane Tavya", vocab).lower()
    # a headline's common word never replaces the question's: "costs" is not "coast"
    assert "costs" in correct("American borrowing costs", vocab).lower()


@pytest.mark.django_db
def test_an_untracked_name_is_reported_and_routes_nowhere():
    demo_load()
    understood = understand("What did the Bank of Japan decide?", vocabulary.current(), now=NOW)
    assert understood.topics == []
    assert any("Bank of Japan" in name for name in understood.untracked)


class Counting:
    """A stand-in model: deterministic vectors from words, counting every text it embeds."""

    name = "counting stand-in"

    def __init__(self):
        self.embedded = 0

    def _vectors(self, texts):
        self.embedded += len(texts)
        out = np.zeros((len(texts), 64), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in text.lower().split():
                out[row, hash(word) % 64] += 1.0
        return out / np.maximum(np.linalg.norm(out, axis=1, keepdims=True), 1e-9)

    def queries(self, texts):
        return self._vectors(texts)

    def passages(self, texts):
        return self._vectors(texts)


@pytest.mark.django_db
def test_topic_vectors_are_made_when_the_registry_changes_not_per_question(api, settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    demo_load()
    model = Counting()
    embeddings.use(model)
    vocabulary.forget()
    api.post("/api/ask", {"question": "What did the ECB decide?"}, format="json")
    after_first = model.embedded
    topics = Event.objects.count()
    assert after_first >= topics
    assert Embedding.objects.filter(model=model.name, kind=Embedding.Kind.TOPIC).count() == topics
    for question in ["Is the hurricane still active?", "What did OPEC agree?", "Jobs report?"]:
        api.post("/api/ask", {"question": question}, format="json")
    # later questions embed only themselves (and reporting titles), never the registry again
    per_question = (model.embedded - after_first) / 3
    assert per_question < topics / 2
    # a new process (a cleared cache) reads the kept vectors instead of computing them
    vocabulary.forget()
    before = model.embedded
    vocabulary.current()
    assert model.embedded == before


@pytest.mark.django_db
def test_a_model_that_cannot_load_falls_back_to_words_loudly(api, settings, caplog, monkeypatch):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    demo_load()
    embeddings.forget()
    vocabulary.forget()

    def broken():
        raise OSError("weights missing")

    monkeypatch.setattr(embeddings, "E5", broken)
    with caplog.at_level(logging.WARNING, logger="answers.understand.embeddings"):
        answer = api.post("/api/ask", {"question": "Huricane Tavya"}, format="json").json()
    assert any("did not load" in r.getMessage() for r in caplog.records)
    assert answer["understood"]["routing"].startswith("words only")
    assert answer["grounded"]
    assert answer["topics"][0]["topic"] == "disaster-hurricane-tavia"


@pytest.mark.django_db
def test_embeddings_switched_off_is_said_and_the_engine_still_answers(api, settings, caplog):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    settings.SVC_ANSWER_EMBEDDINGS = "off"
    demo_load()
    embeddings.forget()
    vocabulary.forget()
    with caplog.at_level(logging.WARNING, logger="answers.understand.embeddings"):
        answer = api.post("/api/ask", {"question": "What did OPEC agree?"}, format="json").json()
    assert any("switched off" in r.getMessage() for r in caplog.records)
    assert answer["grounded"]
    assert answer["topics"][0]["topic"].startswith("opec-output-decision")


@pytest.mark.django_db
def test_any_text_a_caller_may_send_is_answered_or_declined_never_raised():
    from hypothesis import HealthCheck, example, given, settings
    from hypothesis import strategies as st

    from answers.serve import engine

    demo_load()
    pieces = ["Fed", "ECB", "OPEC", "first week of", "Huricane", "1e400", "¿", "[1]", "Will",
              "Artemis \u00b9", "\u0663", "9" * 4400]  # fmt: skip
    vocab_text = st.sampled_from([*pieces, "compare", "2026", "\u202e", "\x00"])
    questions = st.lists(st.one_of(st.text(max_size=60), vocab_text), max_size=30).map(" ".join)

    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
    @given(question=questions.filter(lambda q: 0 < len(q) <= 2000))
    @example(question="\u00b9")  # a digit to str.isdigit, no number to int
    @example(question="Artemis \u00b9 launch")
    def answered(question):
        result = engine.answer(question, now=NOW)
        assert result["schema"] == "svc.answer.v1"
        assert isinstance(result["grounded"], bool)

    answered()
