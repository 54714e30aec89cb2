"""Days, voices and groups as a caller meets them (issue 51), on this file's own registry: two
days one report gives figures of ("1,610 on 27 November, up from 1,240 on 20 November") are
compared with a verdict, and so are two months when the issuer revised the earlier one; a
report that gives two speakers' counts of one thing states a dispute, said with the issuer's
side first when the issuer gives one; "the figure the union gives" names whose figure; a group
the topic never names, on the topic's own head ("doctors ... on strike" of a nurses' strike), is
another subject; a thing no row counts ("parking") is said to be missing; a wrong year in a
premise is named with the row that gives the right one.

The registry: a county library service's loans and visits, a hospital's nurses' strike with a
union that counts otherwise, a ferry strike only reporting covers, and a flu vaccination
campaign counted as it goes.
"""

from datetime import UTC, datetime

import pytest

from tests.answers.test_figures_asked import (
    PREMISE,
    SENTENCE,
    _issuer,
    _reports,
    _topic,
    answered,
    ask,
    assert_verdict,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def registry(settings, time_machine):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    # The days asked are November's, a few days back: the clock is held where they are.
    time_machine.move_to(datetime(2026, 11, 30, 12, tzinfo=UTC))
    loans = _topic("stats-halden-library-loans", "Halden library loans",
                   ("halden-county-libraries", "Halden County Libraries", "organization"),
                   ["library loans", "loans", "visits"], "statistical-release")  # fmt: skip
    _issuer("halden-libs", "Halden County Libraries", [
        "Halden County Libraries recorded 12,100 visits in September 2026 (provisional).",
        "Halden County Libraries recorded 13,050 visits in October 2026. September 2026 visits "
        "are revised to 12,400 from 12,100."], loans)  # fmt: skip
    vaccination = _topic("health-brisk-flu-vaccination", "Brisk flu vaccination campaign",
                         ("brisk-health-board", "Brisk Health Board", "organization"),
                         ["flu vaccination", "flu jabs", "doses"], "place-bound-event")  # fmt: skip
    _issuer("brisk-health", "Brisk Health Board", [
        "Brisk Health Board: 350,000 flu doses given since the campaign began on 1 October 2026.",
        "Brisk Health Board: 410,000 flu doses given since the campaign began on 1 October 2026."],
        vaccination)  # fmt: skip
    strike = _topic("labour-corran-nurses-strike", "Corran nurses strike",
                    ("corran-general-hospital", "Corran General Hospital", "organization"),
                    ["nurses strike", "strike"], "place-bound-event")  # fmt: skip
    _issuer("corran-hospital", "Corran General Hospital", [
        "Corran General Hospital: 24 wards ran reduced services during the nurses strike on 18 "
        "November."], strike)  # fmt: skip
    _topic("labour-tessel-ferry-strike", "Tessel ferry strike",
           ("tessel-ferries", "Tessel Ferries", "company"), ["ferry strike", "sailings"],
           "place-bound-event")  # fmt: skip
    _reports([
        (3, "Halden County Libraries said loans reached 1,610 on 27 November, up from 1,240 on 20 "
            "November."),
        (2, "Corran General Hospital said 24 wards ran reduced services during the nurses strike. "
            "The Corran Nurses Union said 38 wards were affected."),
        (2, "Patients at Corran General Hospital faced cancelled clinics in the nurses strike."),
        (4, "Tessel Ferries said 40 sailings were cancelled in the ferry strike. The Tessel "
            "Seafarers Union said 65 sailings were cancelled."),
        (5, "Brisk Health Board said 350,000 flu doses had been given by early November."),
        (1, "Brisk Health Board said 410,000 flu doses have now been given in the flu "
            "vaccination campaign."),
    ])  # fmt: skip


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    "question",
    [
        "How many more Halden library loans were there on 27 November than on 20 November?",
        "Did Halden library loans rise between 20 November and 27 November?",
    ],
)
def test_two_days_one_report_gives_get_a_verdict(api, question):
    first = ask(api, question)
    assert_verdict(first, "1,610", "1,240", "by 370")
    assert "27 November" in first.split(" is higher")[0], first


@pytest.mark.usefixtures("registry")
def test_two_months_compare_the_revised_reading_not_the_one_it_replaced(api):
    first = ask(api, "Were there more Halden library visits in October or in September?")
    assert_verdict(first, "13,050", "12,400", "by 650")
    assert "12,100" not in first


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    "question",
    [
        "How many wards were affected by the Corran nurses strike?",
        "Do the hospital and the union agree on how many wards the Corran nurses strike affected?",
    ],
)
def test_a_report_of_two_voices_disputes_the_issuer(api, question):
    body = answered(api, question)
    first, *rest = SENTENCE.split(body["answer"])
    assert first.startswith("The issuer's own reading comes first, and a report disagrees"), first
    assert "24 wards" in first, first
    assert "38" not in first, first
    assert "38 wards" in " ".join(rest), body["answer"]


@pytest.mark.usefixtures("registry")
def test_a_report_of_two_voices_is_a_dispute_with_no_issuer(api):
    first = ask(api, "How many sailings were cancelled in the Tessel ferry strike?")
    assert first.startswith("The held rows disagree on sailings"), first


@pytest.mark.usefixtures("registry")
def test_whose_figure_named_by_who_gives_it(api):
    first = ask(api, "Is the figure the union gives for wards higher than the hospital's?")
    assert first.startswith("Yes, the figure the union gives is higher: 38 wards"), first
    assert "by 14 wards" in first


@pytest.mark.usefixtures("registry")
def test_a_group_the_topic_never_names_is_another_subject(api):
    body = answered(api, "Are the doctors at Corran General Hospital on strike?")
    assert not body["grounded"], body["answer"]
    assert "doctors" in body["answer"]
    assert "Corran nurses strike" in body["answer"]


@pytest.mark.usefixtures("registry")
def test_those_a_strike_befell_are_asked_of_it(api):
    body = answered(api, "Were patients at Corran General Hospital affected by the strike?")
    assert body["grounded"], body["answer"]


@pytest.mark.usefixtures("registry")
def test_a_thing_no_row_counts_is_said_missing(api):
    first = ask(api, "How much does parking cost at Corran General Hospital?")
    assert first.startswith("The registry holds no parking figures"), first


@pytest.mark.usefixtures("registry")
def test_a_wrong_year_in_a_premise_is_named_with_the_right_one(api):
    first = ask(api, "Since the Brisk flu vaccination campaign began in 2024, how many doses "
                     "were given?")  # fmt: skip
    assert first.startswith(PREMISE[1]), first
    assert "2024" in first
    assert "1 October 2026" in first
