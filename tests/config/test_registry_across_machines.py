"""A curator's write on one machine reaches another machine's reads and answers within the
stated bound (issue 43): two "machines" (each its own gunicorn, its own processes' tagger and
vocabulary, its own folder) on one database, and on one Redis where the suite has one. A
curator on machine A adds a topic, an alias of its entity and a note on another topic's publish
state, through A's admin; machine B is never told. Once `SVC_REGISTRY_CHECK_SECONDS` has passed
(3 here), every answer B gives routes the alias to the new topic, B serves the new record, and
(with the shared cache) B's record of the other topic carries the note.

Before, a link such as a market question attached to a topic moved no count or stamp the version
check read: no machine's vocabulary learnt it (`tests/registry/test_generation.py`).
"""

import os
import time
from contextlib import ExitStack

import httpx
import pytest

from tests.curator import Curator
from tests.stack import Stack, throwaway_database

BOUND = 3  # SVC_REGISTRY_CHECK_SECONDS for both machines
ASKS = 8  # asks to B after the bound: B runs two web processes, each must have learnt it
PASSWORD = "curator-password-for-tests"  # a throwaway database's
SEED = """
from registry.services import entity_upsert, event_upsert, vertical_upsert
markets = vertical_upsert(slug="markets", name="Markets")
lead = entity_upsert(slug="northwind-robotics", name="Northwind Robotics", kind="company",
                     verticals=[markets])
event_upsert(subject="funding-round-northwind-robotics", title="Northwind Robotics raises",
             lead_entity=lead, action_class="funding-round", subject_terms=["series"])
"""
NEW_TOPIC = "funding-round-zephyr-dynamics"


def machine(base: Stack, name: str) -> Stack:
    """Another machine on the same database and Redis: its own folder and processes."""
    folder = base.folder / name
    folder.mkdir()
    return Stack(env={**base.env, "SVC_VAR_DIR": str(folder / "var")}, folder=folder)


def ask(b: httpx.Client, question: str) -> dict:
    answered = b.post("/api/ask", json={"question": question, "mode": "sync"})
    assert answered.status_code == 200, answered.text
    return answered.json()  # a sync ask answers with the answer itself


def routed(answer: dict) -> list[str]:
    return [topic["topic"] for topic in answer["topics"]]


def curate_on_a(curator: Curator) -> None:
    entity = curator.add(
        "registry/entity",
        {"slug": "zephyr-dynamics", "name": "Zephyr Dynamics", "kind": "company",
         "tracked": "on"},
    )  # fmt: skip
    curator.add(
        "registry/event",
        {"subject": NEW_TOPIC, "title": "Zephyr Dynamics raises a round", "tier": "standard",
         "action_class": "funding-round", "lead_entity": str(entity), "publish_state": "published"},
    )  # fmt: skip
    curator.change("registry/entity", entity, {"aliases-0-alias": "Zephyrix"})


@pytest.fixture
def machines(tmp_path):
    """Machine A (one web process) and machine B (two), started, with a curator on A."""
    with throwaway_database(tmp_path) as database_url:
        base = Stack.prepared(tmp_path, database_url, demo=False)
        base.env.update(SVC_ANSWER_EMBEDDINGS="off", SVC_REGISTRY_CHECK_SECONDS=str(BOUND))
        if os.environ.get("REDIS_URL"):
            base.env["REDIS_URL"] = os.environ["REDIS_URL"]
        base.manage("shell", "-c", SEED)
        base.manage("createsuperuser", "--noinput", "--username", "curator", "--email",
                    "curator@feed.example", DJANGO_SUPERUSER_PASSWORD=PASSWORD)  # fmt: skip
        a, b = machine(base, "a"), machine(base, "b")
        with ExitStack() as running:
            running.enter_context(a.web(workers=1))
            running.enter_context(b.web(workers=2))
            yield a, b


def test_a_topic_and_an_alias_added_on_a_reach_bs_reads_and_answers_within_the_bound(
    machines,
):
    a, b = machines
    question = "What is the latest on Zephyrix?"
    with httpx.Client(base_url=b.base, timeout=60) as on_b:
        for _ in range(ASKS):  # both of B's processes build their vocabulary before the write
            assert NEW_TOPIC not in routed(ask(on_b, question))
        assert on_b.get(f"/api/record/{NEW_TOPIC}").status_code == 404
        curator = Curator(a.base, "curator", PASSWORD)
        curate_on_a(curator)
        curator.close()
        time.sleep(BOUND + 1)  # the bound, and a second for the commit's own bump
        answers = [ask(on_b, question) for _ in range(ASKS)]
        assert all(routed(answer) == [NEW_TOPIC] for answer in answers), answers[0]
        record = on_b.get(f"/api/record/{NEW_TOPIC}")
        assert record.status_code == 200
        assert record.json()["subject"] == NEW_TOPIC


@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="machines share a cache in Redis")
def test_a_publish_state_note_set_on_a_is_in_bs_record_within_the_bound(machines):
    a, b = machines
    topic = "funding-round-northwind-robotics"
    with httpx.Client(base_url=b.base, timeout=60) as on_b:
        before = on_b.get(f"/api/record/{topic}")  # cached in the shared cache, and on B
        assert before.json()["publishStateNote"] is None
        curator = Curator(a.base, "curator", PASSWORD)
        event = int(a.manage("shell", "-c", SHOW_EVENT.format(topic=topic)).split()[-1])
        curator.change("registry/event", event, {"publish_state_note": "Under review."})
        curator.close()
        time.sleep(BOUND + 1)
        notes = {on_b.get(f"/api/record/{topic}").json()["publishStateNote"] for _ in range(ASKS)}
        assert notes == {"Under review."}


SHOW_EVENT = "from registry.models import Event; print(Event.objects.get(subject='{topic}').pk)"
