"""An issuer's reading leads an answer when it says what is asked (issue 51): the issuer first,
but not its statement of something else. A union's reading that its members walked out does not
answer what pay rise the union asks for, where a report of its pay claim does; a question that
asks nothing past the topic's own words is still led by the issuer.

The registry is this file's own: a teachers' union in dispute, whose own page speaks of the
walkout, and reports of its pay claim and the employer's offer; a bakery chain beside it so that
questions route.
"""

import pytest

from tests.answers.test_figures_asked import _issuer, _reports, _topic, answered

pytestmark = pytest.mark.django_db


@pytest.fixture
def registry(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    strike = _topic("harrowgate-teachers-strike", "Harrowgate teachers strike",
                    ("harrowgate-teachers-union", "Harrowgate Teachers Union", "organization"),
                    ["strike", "walkout", "teachers"], "place-bound-event")  # fmt: skip
    _issuer("harrowgate-union", "Harrowgate Teachers Union", [
        "More than 3,100 members walked out on the first day of the strike, closing 40 schools.",
    ], strike)  # fmt: skip
    _topic("penmoor-bakeries", "Penmoor Bakeries",
           ("penmoor", "Penmoor Bakeries", "company"), ["bakery", "bread"], "company")  # fmt: skip
    _reports([
        (9, "The Harrowgate Teachers Union is seeking a 6% pay rise for next year, its "
            "general secretary said."),
        (4, "Harrowgate's education board raised its pay offer to teachers to 3.8%, which the "
            "Harrowgate Teachers Union rejected."),
        (6, "Union figures show 38 schools closed in Harrowgate on the first day."),
        (3, "Penmoor Bakeries opened 12 new shops in the autumn."),
    ])  # fmt: skip


@pytest.mark.usefixtures("registry")
def test_a_report_that_says_what_is_asked_leads_an_issuer_reading_of_something_else(api):
    body = answered(api, "What pay rise is the Harrowgate Teachers Union asking for?")
    assert body["grounded"], body["answer"]
    first = body["answer"].split(" [1]")[0]
    assert "6%" in first, body["answer"]
    assert "walked out" not in first, body["answer"]


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    "question",
    [
        "What is the latest on the Harrowgate teachers strike?",
        # "the latest figures" asks what the topic's rows give, not a report that says "figures"
        "What are the latest figures on the Harrowgate teachers strike?",
    ],
)
def test_the_issuer_still_leads_a_question_of_its_own_topic(api, question):
    body = answered(api, question)
    assert body["grounded"], body["answer"]
    assert "walked out" in body["answer"].split(" [1]")[0], body["answer"]
