"""A season against the one before, a forecast weighed as one, and a title said whole (issue 51):
a forecast set against another season's figure in one row ("forecast the 2026-27 crop at 5.1
million tonnes, against 4.8 million tonnes in 2025-26") gives the verdict between the two
seasons, the forecast named as one; a figure whose only word is the noun the other counts
("from 115,000 tonnes") measures what the other does; a topic's title said whole names that
topic, so another topic's body put in as the actor is a wrong premise, not the subject.

The registry is this file's own: a cocoa association's quarterly grindings, a cocoa board's
crop forecast, and a coffee exchange's monthly benchmark price.
"""

import re
from datetime import timedelta

import pytest

from tests.answers.test_figures_asked import PREMISE, SENTENCE, _issuer, _reports, answered, ask
from tests.answers.test_other_periods_and_parties import _topic

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    _topic("stat-release-norvale-cocoa-grindings", "Norvale cocoa grindings",
           ("norvale-cocoa-association", "Norvale Cocoa Association", "organization"),
           ["cocoa grindings", "grindings"], {"kind": "statistical-release"})  # fmt: skip
    _topic("crop-estimate-kessa-cocoa-crop", "Kessa cocoa crop",
           ("kessa-cocoa-board", "Kessa Cocoa Board", "organization"),
           ["cocoa crop", "main crop"], {"kind": "statistical-release"})  # fmt: skip
    price = _topic("price-benchmark-lorne-coffee", "Lorne coffee benchmark price",
                   ("lorne-coffee-exchange", "Lorne Coffee Exchange", "organization"),
                   ["benchmark price", "coffee price"],
                   {"kind": "statistical-release"})  # fmt: skip
    _issuer("lorne-exchange", "Lorne Coffee Exchange", [
        "Benchmark price for September 2026: 2,450 dollars per tonne.",
        "Benchmark price for October 2026: 2,610 dollars per tonne."],
        price, step=timedelta(days=20))  # fmt: skip
    _reports([
        (3, "Norvale cocoa grindings rose 4% to 120,000 tonnes in the third quarter from "
            "115,000 tonnes in the second quarter, the Norvale Cocoa Association said."),
        (2, "The Kessa Cocoa Board forecast the 2026-27 main crop at 5.1 million tonnes, "
            "against 4.8 million tonnes in 2025-26."),
    ])  # fmt: skip


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(
    ("question", "opens"),
    [
        ("Is the Kessa 2026-27 cocoa crop larger than the 2025-26 crop?", "Yes, "),
        ("How did the Kessa cocoa crop for 2026-27 compare with 2025-26?", ""),
    ],
)
def test_a_forecast_set_against_last_seasons_figure_gives_the_verdict_named_as_a_forecast(
    api, question, opens
):
    said = ask(api, question)
    assert said.startswith(opens), said
    assert " is higher: " in said, said
    assert said.index("5.1 million") < said.index("4.8 million"), said
    assert "2026-27 (forecast)" in said, said
    assert "by 0.3 million" in said, said


@pytest.mark.usefixtures("world")
def test_a_figure_naming_only_its_noun_measures_what_it_is_set_against(api):
    said = ask(api, "Were Norvale cocoa grindings higher in the third quarter than the second?")
    assert said.startswith("Yes, "), said
    assert said.index("120,000") < said.index("115,000"), said
    assert "by 5,000" in said, said


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(
    "question",
    [
        "Why did the Kessa Cocoa Board raise the Lorne coffee benchmark price in October?",
        "When did the Norvale Cocoa Association publish the Lorne coffee benchmark price?",
    ],
)
def test_a_title_said_whole_is_the_subject_and_another_topics_body_a_wrong_actor(api, question):
    body = answered(api, question)
    said = SENTENCE.split(body["answer"])[0]
    assert body["grounded"], body["answer"]
    assert said.startswith(PREMISE), said
    assert "Lorne Coffee Exchange" in said, said
    assert "2,610" in body["answer"], body["answer"]
    # The body's own topic is not what was asked: none of its figures is given.
    held = set(re.findall(r"[\d.,]+ million|[\d,]+", body["answer"]))
    assert not {"5.1 million", "120,000"} & held, body["answer"]
