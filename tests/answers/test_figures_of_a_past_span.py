"""A figure asked of a span of months that is over (issue 51), on this file's own registry: the
span says what the figure is of, not when it was reported, so the issuer's reading and the
reports published since answer "the latest figures for ... in <first month>-<last month>",
"do the sources agree on the value" and "did it exceed" (before, only rows published inside the
span answered, an unrelated one first); of two figures in the unit asked, the issuer's that
says the question's words leads a neighbour product's ("olive oil exports").

The registry: a country's wine exports, with a customs office's bulletin and reports of another
product's exports and of a tariff within the span.
"""

import calendar
from datetime import timedelta

import pytest
from django.utils import timezone

from tests.answers.test_figures_asked import _issuer, _reports, _topic, ask

pytestmark = pytest.mark.django_db


def _span() -> str:
    """The three months before this one, as a bulletin writes them ("July-September 2026")."""
    last = timezone.now().date().replace(day=1) - timedelta(days=1)
    first = (last.replace(day=1) - timedelta(days=62)).replace(day=1)
    return f"{calendar.month_name[first.month]}-{calendar.month_name[last.month]} {last.year}"


@pytest.fixture
def registry(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    exports = _topic("trade-castor-wine-exports", "Castor wine exports 2026",
                     ("castor", "Castor", "country"),
                     ["wine exports"], "statistical-release")  # fmt: skip
    _issuer("castor-customs", "Castor Customs Office", [
        f"Castor Customs Office: Castor wine exports in {_span()} were 2.3 million hectolitres, "
        "worth €1.05 billion."], exports)  # fmt: skip
    _reports([
        (40, "A new Norland tariff on Castor wine exports took effect, the Castor Customs Office "
             "said."),
        (2, f"Castor Customs Office figures show Castor's olive oil exports rose 12% to €410 "
            f"million in {_span()}, beside its wine exports."),
        (1, f"Castor wine exporters put the value of wine exports in {_span()} at €1.08 billion, "
            "above the Castor Customs Office figure."),
    ])  # fmt: skip


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    "asked",
    [
        "What are the latest figures for Castor wine exports in {span}?",
        "Do the sources agree on the value of Castor wine exports in {span}?",
    ],
)
def test_a_figure_of_a_past_span_reads_what_was_reported_since(api, asked):
    first = ask(api, asked.format(span=_span()))
    assert "€1.05 billion" in first, first


@pytest.mark.usefixtures("registry")
def test_the_issuers_figure_of_what_is_asked_leads_a_neighbour_products(api):
    first = ask(api, f"Did Castor wine exports exceed €1 billion in {_span()}?")
    assert first.startswith("Yes, €1.05 billion is above the €1 billion"), first
