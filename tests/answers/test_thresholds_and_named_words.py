"""Figures set against one the question states, and the words beside a tracked name (issue 51),
on this file's own registry: "did it exceed 3%?", "more than 900 dockers?", "larger than the 7%
first proposed?" get yes or no first, the held figure above or below the one asked and by how
much (a figure of the same quantity on the other side said after it); a word that says which
reading is asked ("the final <survey> figure") describes what is asked, never another kind's
noun; an amount written with a currency code ("to EUR 14") is no untracked place; a preposition
of the question's language joining a name to its place ("<name> en <place>") names no other
party; an issuer's page about the company that issues it is that company's whatever else it
names ("outlook raised after the <product> launch").

The registry: a ferry board's fare decision, curated as of a region the questions never say; a
farm survey with a provisional then a final reading; a dockers' strike at a port town with the
port's count and the union's; a food company and its product launch, on one investor page.
"""

from datetime import timedelta

import pytest

from registry import services
from registry.models import PrimarySource
from tests.answers.test_figures_asked import PREMISE, _issuer, _reports, answered, ask

pytestmark = pytest.mark.django_db


def _lead(slug: str, name: str, kind: str = "organization"):
    return services.entity_upsert(slug=slug, name=name, kind=kind)


def _curated(subject: str, title: str, entities: list, terms: list[str], identity: dict):
    return services.event_upsert(subject=subject, title=title, lead_entity=entities[0],
                                 entities=entities, subject_terms=terms, question_terms=terms,
                                 identity=identity)  # fmt: skip


@pytest.fixture
def registry(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    board = _lead("corlin-ferry-board", "Corlin Ferry Board")
    fares = _curated("transport-corlin-fares-2027", "Corlin ferry fare decision 2027",
                     [board, _lead("estmark", "Estmark", "place")], ["ferry fares", "fare rise"],
                     {"kind": "policy-decision", "place": "Estmark", "period": "2027"})  # fmt: skip
    _issuer("corlin-board", "Corlin Ferry Board", [
        "Corlin Ferry Board: fares rise by 4.5% from 1 March 2027, below the 7% proposed in "
        "October. The single fare rises to €13.80."], fares)  # fmt: skip
    survey = _curated("farming-brenlow-survey-2026", "Brenlow Farm Survey 2026",
                      [_lead("brenlow-farm-survey", "Brenlow Farm Survey", "other")],
                      ["wheat yield", "farm survey"],
                      {"kind": "statistical-release", "period": "2026"})  # fmt: skip
    _issuer("brenlow-office", "Brenlow Statistics Office", [
        "Brenlow Farm Survey 2026 (provisional): wheat yield 7.9 tonnes per hectare.",
        "Brenlow Farm Survey 2026 (final): wheat yield 7.4 tonnes per hectare, revised from the "
        "provisional 7.9 tonnes."], survey)  # fmt: skip
    port = _lead("dunhaven", "Dunhaven", "place")
    placed = {"kind": "place-bound-event", "place": "Dunhaven"}
    strike = _curated("labour-pellan-dockers-strike", "Pellan dockers strike, Dunhaven",
                      [_lead("pellan", "Pellan"), port], ["dockers strike"], placed)  # fmt: skip
    _issuer("pellan-notices", "Pellan Terminals", [
        "Pellan Terminals: 840 dockers took part in the strike at its peak on 12 November."],
        strike)  # fmt: skip
    company = _curated("company-tarvik-foods", "Tarvik Foods",
                       [_lead("tarvik-foods", "Tarvik Foods", "company")], ["sales outlook"],
                       {"kind": "company"})  # fmt: skip
    launch = _curated("product-crispa-launch", "Crispa crispbread launch",
                      [_lead("crispa", "Crispa", "other")], ["crispbread launch"],
                      {"kind": "product"})  # fmt: skip
    _issuer("tarvik-investors", "Tarvik Foods", [
        "Outlook under review.",
        "Outlook raised: the 2026 sales outlook is €880 million after the Crispa crispbread "
        "launch. Crispa price: €3 a pack."], company, step=timedelta(minutes=5))  # fmt: skip
    PrimarySource.objects.get(slug="tarvik-investors").events.add(launch)
    _reports([
        (3, "The Corlin Ferry Board approved a 4.5% fare rise from 1 March, below the 7% it "
            "proposed in October."),
        (2, "About 840 dockers joined the strike at Pellan Terminals in Dunhaven, the company "
            "said; the Dunhaven Dockers Union put the number of dockers on strike at 1,020."),
        (1, "Brenlow's final farm survey puts the wheat yield at 7.4 tonnes per hectare."),
    ])  # fmt: skip


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    ("question", "opening"),
    [
        ("Was the approved Corlin fare rise larger than the 7% first proposed?",
         "No, 4.5% is below the 7% the question sets, by 2.5 percentage points"),
        ("Did the Corlin ferry fare rise exceed 3%?",
         "Yes, 4.5% is above the 3% the question sets, by 1.5 percentage points"),
        ("Did more than 900 dockers take part in the Pellan dockers strike?",
         "No, 840 dockers is below the 900 dockers the question sets, by 60"),
        ("Is the 2026 sales outlook of Tarvik Foods above EUR 800 million?",
         "Yes, €880 million is above the EUR 800 million the question sets, by €80 million"),
    ],
)  # fmt: skip
def test_a_figure_set_against_one_the_question_states_gets_yes_or_no_first(api, question,
                                                                           opening):  # fmt: skip
    assert ask(api, question).startswith(opening)


@pytest.mark.usefixtures("registry")
def test_a_figure_of_it_on_the_other_side_is_said_after_the_verdict(api):
    answer = answered(api, "Did more than 1,000 dockers join the Pellan dockers strike?")
    text = answer["answer"]
    assert text.startswith("No, 840 dockers is below the 1,000 the question sets"), text
    assert "Another row gives 1,020, on the other side of 1,000" in text, text


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    "question",
    [
        "What is the final Brenlow Farm Survey result?",
        "Did the final Brenlow Farm Survey show a wheat yield below 8 tonnes per hectare?",
    ],
)
def test_a_word_naming_the_reading_is_no_other_kind(api, question):
    answer = answered(api, question)
    assert answer["grounded"], answer["answer"]
    assert "does not track" not in answer["answer"]
    assert "7.4" in answer["answer"].split(". ")[0]


@pytest.mark.usefixtures("registry")
def test_an_amount_in_a_currency_code_is_no_untracked_place(api):
    first = ask(api, "Why did the Corlin Ferry Board raise the single fare to EUR 14?")
    assert "does not track" not in first
    assert first.startswith(PREMISE), first


@pytest.mark.usefixtures("registry")
def test_a_preposition_of_the_questions_language_names_no_other_party(api):
    answer = answered(api, "¿Cuántos estibadores hay en la huelga de Pellan en Dunhaven?")
    assert answer["grounded"], answer["answer"]
    assert "840" in answer["answer"]


@pytest.mark.usefixtures("registry")
def test_a_companys_own_page_speaks_of_the_company_whatever_else_it_names(api):
    first = ask(api, "What is the 2026 sales outlook of Tarvik Foods?")
    assert "€880 million" in first, first
    assert "under review" not in first
