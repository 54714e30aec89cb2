"""Former names, places, offers and spans as a caller puts them (issue 51), on this file's own
registry: a name the question says its subject "used to be called" is a claim held to the
topic's curated former names (named as contradicted with the names held, never an untracked
subject); another place after a topic's own ("the Corran nurses strike in Dunmore") is a premise
about it, not another subject; a rate a party is said to have offered or claimed is that offer
or claim, so "the union's pay claim" and "the hospital's offer" get a verdict, and so do they
asked bare; a span the question gives ("walked out for 72 hours") is held to the one the record
gives ("a 48-hour strike").

The registry: a health board's flu vaccination campaign, renamed, and a hospital's nurses'
strike over pay with the union's claim and the hospital's offer.
"""

import pytest

from registry import services
from tests.answers.test_figures_asked import PREMISE, _issuer, _reports, answered, ask

pytestmark = pytest.mark.django_db


def _placed_topic(subject: str, title: str, lead: tuple, place: tuple, terms: list[str],
                  identity: dict):  # fmt: skip
    entity = services.entity_upsert(slug=lead[0], name=lead[1], kind="organization")
    where = services.entity_upsert(slug=place[0], name=place[1], kind="place")
    return services.event_upsert(subject=subject, title=title, lead_entity=entity,
                                 entities=[entity, where], subject_terms=terms,
                                 question_terms=terms, identity=identity)  # fmt: skip


@pytest.fixture
def registry(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    campaign = _placed_topic(
        "health-brisk-flu-vaccination", "Brisk flu vaccination campaign",
        ("brisk-health-board", "Brisk Health Board"), ("brisk", "Brisk"),
        ["flu vaccination", "doses"],
        {"kind": "place-bound-event", "former_names": ["Winter Jab Drive"], "place": "Brisk"},
    )  # fmt: skip
    _issuer("brisk-health", "Brisk Health Board", [
        "Brisk Health Board: 410,000 flu doses given since the campaign began on 1 October "
        "2026."], campaign)  # fmt: skip
    strike = _placed_topic(
        "labour-corran-nurses-strike", "Corran nurses strike",
        ("corran-general-hospital", "Corran General Hospital"), ("corran", "Corran"),
        ["nurses strike"], {"kind": "place-bound-event", "place": "Corran"},
    )  # fmt: skip
    services.entity_upsert(slug="dunmore", name="Dunmore", kind="place")
    _issuer("corran-hospital", "Corran General Hospital", [
        "Corran General Hospital: 24 wards ran reduced services during the nurses strike on 18 "
        "November. The union's pay claim is 9%; the hospital offered 4%."], strike)  # fmt: skip
    _reports([
        (2, "Corran nurses began a 48-hour strike at Corran General Hospital on 18 November over "
            "pay; the Corran Nurses Union wants 9% and the hospital has offered 4%."),
        (1, "The Brisk flu vaccination campaign, formerly the Winter Jab Drive, has given 410,000 "
            "doses."),
    ])  # fmt: skip


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    "question",
    [
        "The Brisk flu vaccination campaign used to be called the Autumn Shield drive, right?",
        "Was the Brisk flu vaccination campaign formerly known as Autumn Shield?",
    ],
)
def test_a_wrong_former_name_is_named_with_the_one_held(api, question):
    first = ask(api, question)
    assert first.startswith(PREMISE[1]), first
    assert "Autumn Shield" in first
    assert "formerly called Winter Jab Drive" in first


@pytest.mark.usefixtures("registry")
def test_the_former_name_held_is_no_premise(api):
    first = ask(api, "Was the Brisk flu vaccination campaign once called the Winter Jab Drive?")
    assert not first.startswith(PREMISE), first
    assert "does not track" not in first


@pytest.mark.usefixtures("registry")
def test_another_place_after_the_topics_own_is_a_premise(api):
    body = answered(api, "Why did the Corran nurses strike in Dunmore begin on 18 November?")
    assert body["grounded"], body["answer"]
    assert body["answer"].startswith('The record does not support the premise "in Dunmore"')


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    "question",
    [
        "Is the union's pay claim higher than the hospital's offer in the Corran nurses strike?",
        "How far apart are the pay claim and the offer in the Corran nurses strike?",
    ],
)
def test_a_claim_and_an_offer_get_a_verdict(api, question):
    first = ask(api, question)
    assert " claim is higher: 9%" in first, first
    assert "against 4%" in first
    assert "by 5 percentage points" in first


@pytest.mark.usefixtures("registry")
def test_a_wrong_duration_in_a_premise_is_named_with_the_one_held(api):
    first = ask(api, "When the Corran nurses walked out for 72 hours, how many wards were "
                     "affected?")  # fmt: skip
    assert first.startswith(PREMISE), first
    assert "72 hours" in first
    assert "48-hour strike" in first
