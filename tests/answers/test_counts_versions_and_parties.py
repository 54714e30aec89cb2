"""Counts that grow, versions, namesakes and other parties (issue 51, the thirtieth blind check's
classes):

- "the number of households affected ... rose to 41,000" measures households, whatever verb a
  row says it with, and "by its March outage" says which outage, not the figure's period: the
  newest count leads, and two topics' counts get a verdict;
- a rate ("1,400 households a day") is held in its own unit, never a total's rival; a count
  said with a participle ("2,310 confirmed leak reports") measures its noun, so the year
  before it names gets a verdict;
- "<Name> 4.2" of a tracked "<Name> 4.1" release is declined with the tracked one named, and
  a row naming only the 4.2 is never cited for the 4.1;
- a row that calls the name by another kind's noun ("jazz singer <Name>") is a namesake's,
  never cited; "Was <it> released in March 2026?" of one released in November opens "No";
- "How much did <the regulator> fine <another firm>?" of its fine on a tracked firm is
  declined, and a report whose headline fines another firm is never cited for the tracked fine;
- a count said with its whole noun ("412 drinking water quality complaints") is named by it in
  a dispute, never by its first word, nor stripped of the words the topic's names share;
- an untracked place said of a body's own deed ("the <company> outage in <a place>") is a
  premise, not another subject;
- a true premise in other words ("exposed ... 12,000 households" of rows that say "affected
  12,000 households", the regulator by its short name) is no premise; a wrong sum after the
  topic's own verb ("fine <firm> EUR 20 million") is named first.

The registry is this file's own: a water outage and another, a regulator's fine, a software
release.
"""

import pytest

from registry import services
from tests.answers.test_figures_asked import PREMISE, _issuer, _reports
from tests.answers.test_series_months_and_revisions_asked import first
from tests.answers.test_thresholds_and_named_words import _curated

pytestmark = pytest.mark.django_db


def _topic(subject, title, entities, terms, identity):
    """A topic led by the first of `entities` ((slug, name, kind, aliases)), carrying them all."""
    made = [services.entity_upsert(slug=slug, name=name, kind=kind, aliases=aliases)
            for slug, name, kind, aliases in entities]  # fmt: skip
    return _curated(subject, title, made, terms, identity)


@pytest.fixture
def world(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    _topic(
        "outage-brellin-water-2026",
        "Brellin Water supply outage",
        [("brellin-water", "Brellin Water", "company", [])],
        ["outage", "households", "affected"],
        {"kind": "place-bound-event", "period": "2026"},
    )
    _topic(
        "outage-corvane-water-2026",
        "Corvane Water supply outage",
        [("corvane-water", "Corvane Water", "company", [])],
        ["outage", "households", "affected"],
        {"kind": "place-bound-event", "period": "2026"},
    )
    fine = _topic(
        "fine-owa-brellin-2026",
        "OWA fine on Brellin Water",
        [
            ("ostmark-water-authority", "Ostmark Water Authority", "organization", ["OWA"]),
            ("brellin-water", "Brellin Water", "company", []),
        ],
        ["fine", "fined", "penalty"],
        {"kind": "policy-decision", "period": "2026", "outcome": "fined"},
    )
    _issuer("owa-decisions", "Ostmark Water Authority", [
        "The Ostmark Water Authority has fined Brellin Water €12 million for failing to "
        "report the outage on time."], fine)  # fmt: skip
    complaints = _topic("econ-release-owa-complaints-october-2026",
                        "OWA drinking water complaints, October 2026",
                        [("ostmark-water-authority", "Ostmark Water Authority", "organization",
                          ["OWA"])],
                        ["complaints", "complaint tally"],
                        {"kind": "statistical-release", "period": "October 2026"})  # fmt: skip
    _issuer(
        "owa-complaints",
        "Ostmark Water Authority",
        ["The OWA received 412 drinking water quality complaints in October 2026."],
        complaints,
    )
    leaks = _topic("econ-release-opo-leaks-q3-2026", "OPO leak reports, Q3 2026",
                   [("ostmark-pipes-office", "Ostmark Pipes Office", "organization", ["OPO"])],
                   ["leak reports", "leaks"],
                   {"kind": "statistical-release", "period": "Q3 2026"})  # fmt: skip
    _issuer("opo-leaks", "Ostmark Pipes Office", [
        "The OPO logged 2,310 confirmed leak reports in Q3 2026, up from 1,980 in Q3 2025."],
        leaks)  # fmt: skip
    release = _topic("release-tidewatch-4-1", "Tidewatch 4.1 release",
                     [("tidewatch", "Tidewatch", "other", []),
                      ("harrow-soft", "Harrow Soft", "company", [])],
                     ["release", "released", "version"],
                     {"kind": "product", "edition": "4.1", "period": "2026",
                      "outcome": "released"})  # fmt: skip
    _issuer(
        "harrow-news",
        "Harrow Soft",
        ["Tidewatch 4.1 is now generally available, released 4 November 2026."],
        release,
    )
    _reports([
        (30, "Brellin Water said 12,000 households were affected by the outage in the north of "
             "the county."),
        (20, "Brellin Water said the number of households affected by its March supply outage "
             "now stands at 28,000, up from the 12,000 it first reported."),
        (5, "The number of households hit by the Brellin Water outage rose to 41,000, the "
            "company said, up from 28,000 in October."),
        (4, "Corvane Water said its outage affected 30,000 households."),
        (4, "The Brellin Water outage left about 1,400 households a day without water, the "
            "company said."),
        (3, "The OWA fined Pasko Utilities EUR 3 million for late reporting."),
        (2, "Water Watch counts 545 drinking water quality complaints to the OWA in October "
            "2026, well above the OWA's own complaint tally."),
        (2, "Harrow Soft said Tidewatch 4.2 will enter public beta in January 2027."),
        (1, "Jazz singer Tidewatch, whose debut album was released in March, announced a "
            "winter tour."),
    ])  # fmt: skip


@pytest.mark.usefixtures("world")
def test_the_newest_count_leads_whatever_verb_its_report_uses(api):
    said, body = first(api, "How many households were affected by the Brellin Water outage?")
    assert body["grounded"], body["answer"]
    assert "41,000" in said, said
    assert "disagree" not in body["answer"], body["answer"]  # "1,400 a day" is a rate


@pytest.mark.usefixtures("world")
def test_a_count_said_with_a_participle_gets_its_year_ago_verdict(api):
    said, _ = first(api, "Were the OPO's Q3 2026 leak reports fewer than in Q3 2025?")
    assert said.startswith("No, "), said
    assert said.index("1,980") < said.index("2,310"), said


@pytest.mark.usefixtures("world")
def test_two_topics_counts_get_a_verdict(api):
    said, _ = first(api, "Which outage affected fewer households, Brellin Water's or Corvane "
                         "Water's?")  # fmt: skip
    assert said.index("Corvane Water supply outage") < said.index(" is lower"), said
    assert said.index("30,000") < said.index("41,000"), said


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(
    ("question", "untracked", "tracked"),
    [
        ("When will Tidewatch 4.2 be released?", "Tidewatch 4.2", "Tidewatch 4.1 release"),
        (
            "How much did the OWA fine Pasko Utilities?",
            "Pasko Utilities",
            "OWA fine on Brellin Water",
        ),
    ],
)
def test_a_sibling_version_and_another_party_of_the_deed_are_declined(api, question, untracked,
                                                                      tracked):  # fmt: skip
    said, body = first(api, question)
    assert not body["grounded"], body["answer"]
    assert untracked in said, said
    assert tracked in body["answer"], body["answer"]


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(
    ("question", "never"),
    [
        ("When was Tidewatch 4.1 released?", ["4.2", "singer"]),
        ("How big was the OWA's penalty on Brellin Water?", ["Pasko"]),
    ],
)
def test_a_siblings_a_namesakes_and_another_partys_rows_are_never_cited(api, question, never):
    _, body = first(api, question)
    assert body["grounded"], body["answer"]
    for word in never:
        assert word not in body["answer"], body["answer"]


@pytest.mark.usefixtures("world")
def test_a_state_claimed_in_another_month_opens_no(api):
    said, body = first(api, "Was Tidewatch 4.1 released in March 2026?")
    assert said.startswith("No, "), said
    assert "4 November 2026" in body["answer"], body["answer"]


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(
    "question",
    [
        "Given that the Brellin Water outage hit 12,000 households at first, who reported it?",
        "After the OWA fined Brellin Water EUR 12 million, will the company appeal?",
    ],
)
def test_a_true_premise_in_other_words_is_no_premise(api, question):
    said, body = first(api, question)
    assert body["grounded"], body["answer"]
    assert not said.startswith(PREMISE), said


@pytest.mark.usefixtures("world")
def test_a_wrong_sum_after_the_topics_own_verb_is_named_first(api):
    said, _ = first(api, "Why did the OWA fine Brellin Water EUR 20 million?")
    assert said.startswith(PREMISE), said
    assert "20 million" in said, said


@pytest.mark.usefixtures("world")
def test_a_count_is_named_by_its_whole_noun_in_a_dispute(api):
    said, _ = first(api, "How many drinking water quality complaints did the OWA receive in "
                         "October 2026?")  # fmt: skip
    assert "disagrees on drinking water quality complaints" in said, said
    assert "412 drinking water quality complaints" in said, said


@pytest.mark.usefixtures("world")
def test_an_untracked_place_of_a_bodys_deed_is_a_premise(api):
    said, body = first(api, "How many households were affected by the Brellin Water outage in "
                            "Tarrenland?")  # fmt: skip
    assert body["grounded"], body["answer"]
    assert said.startswith(PREMISE), said
    assert "Tarrenland" in said, said
    assert "41,000" in said, said
