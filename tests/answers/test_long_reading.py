"""An issuer's long reading is support in full (issue 51): the citation shows the first 400
characters, but a sentence that quotes the reading's later figure rests on the whole statement
the service holds and is never dropped by the source check for it.

The registry is this file's own: a regional games committee's long budget statement.
"""

import pytest

from tests.answers.test_figures_asked import _issuer, _topic, answered

pytestmark = pytest.mark.django_db

STATEMENT = (
    "The Vellmark 2028 Games Committee confirms that the Vellmark 2028 Games will be delivered "
    "within the budget of 310 million euros approved by the regional assembly in October. The "
    "assembly's auditors counted police and transport costs that belong to the national "
    "government and are not part of the Games budget, the committee said in its statement to "
    "the assembly's finance panel on Tuesday afternoon. Ticket sales for the opening ceremony "
    "have now reached 96,000, the committee said."
)


@pytest.fixture
def registry(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    games = _topic("vellmark-2028-games", "Vellmark 2028 Games",
                   ("vellmark-games-committee", "Vellmark 2028 Games Committee", "organization"),
                   ["games", "tickets", "budget"], "place-bound-event")  # fmt: skip
    _topic(
        "orvell-ferry-fares",
        "Orvell ferry fares",
        ("orvell-ferries", "Orvell Ferries", "company"),
        ["ferry", "fares"],
        "company",
    )
    _issuer("vellmark-games", "Vellmark 2028 Games Committee", [STATEMENT], games)


@pytest.mark.usefixtures("registry")
def test_a_figure_past_the_snippets_cut_is_kept_by_the_check(api):
    assert STATEMENT.index("96,000") > 400
    body = answered(api, "How many opening ceremony tickets have the Vellmark 2028 Games sold?")
    assert body["grounded"], body["answer"]
    assert "96,000" in body["answer"], body["answer"]
    assert not any("96,000" in r for r in body["sourceCheck"]["reasons"]), body["sourceCheck"]
