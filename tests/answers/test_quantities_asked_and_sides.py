"""The classes the twentieth blind check found (issue 51), each on a world of this file's own: two
countries' vehicle registrations (each with a sibling quantity, import licences), a carmaker
curated in one of them, its model, a motor show, and a fuel price release.

- a decline names the nearest topic the registry does track, in words, not only in
  `suggestions`;
- two topics compared on a quantity that is not their headline get the verdict on the quantity
  asked, labelled with what it measures; a curated phrase ("import licences") and a passive
  ("licences were granted for") say what a figure measures;
- "this year against last year" gets the verdict a row's "up from ... a year earlier" gives;
- a country's adjective before the lead of a topic curated in another is a premise, not a
  namesake; the premise is quoted as a whole phrase, never past its sentence;
- a report that sets its own figure against the one the company reported ("more than the 8,240
  deliveries the company reported"), in other words ("handed over"), disputes the issuer; two
  verbs of attendance ("welcomed", "drew") count one thing, and "how many people visited" asks
  it;
- asked how many of a topic's own terms, the reading that measures it leads; asked what is
  expected, the row that gives the forecast leads; asked how much, a report with no figure of it
  is no support;
- "priced from" is where a price starts, and "the price of its <model>" measures the price;
- a body named as the speaker of another topic's subject routes to that subject;
- a curated quantity said of one figure only keeps a wide theme from uniting it with another;
- "was it revised?" answers yes with the revision.
"""

from datetime import UTC, datetime

import pytest

from registry import services
from registry.models import Quantity, Theme
from tests.answers.test_figures_asked import (
    PREMISE,
    SENTENCE,
    _issuer,
    _reports,
    answered,
    ask,
)
from tests.answers.test_other_periods_and_parties import _topic

pytestmark = pytest.mark.django_db
DISPUTED = "a report disagrees"
REFUSED = "does not pick one"


def _placed(topic, slug: str, name: str, demonym: str) -> None:
    """A country the topic carries, with the adjective its reports use as an alias."""
    country = services.entity_upsert(slug=slug, name=name, kind="country", aliases=[demonym])
    topic.entities.add(country)


def _registrations(country: str, demonym: str, office: str):
    """A country's October vehicle registrations release, with import licences beside them,
    led by its office and carrying the country."""
    low = country.lower()
    topic = _topic(f"{low}-vehicle-registrations-october-2026",
                   f"{country} vehicle registrations, October 2026",
                   (office.lower().replace(" ", "-"), office, "organization"),
                   ["vehicle registrations", "import licences"],
                   {"kind": "statistical-release", "period": "October 2026",
                    "place": country})  # fmt: skip
    _placed(topic, low, country, demonym)
    return topic


@pytest.fixture
def world(settings, time_machine):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    # The questions name October and September 2026: asked on a fixed day, not on whatever
    # day the suite runs (months later, those months are long past).
    time_machine.move_to(datetime(2026, 12, 2, 12, tzinfo=UTC))
    for slug, words in [
        ("registrations", ["registrations", "vehicle registrations"]),
        ("licences", ["import licences", "licences"]),
        ("deliveries", ["deliveries", "delivered", "handed over"]),
        ("visitors", ["visitors", "attendance"]),
        ("fuel-price", ["fuel prices", "petrol prices", "pump prices"]),
    ]:
        Quantity.objects.create(slug=slug, name=slug, words={"en": words})  # fmt: skip
    # A wide theme: fuel prices and a car loan rate are both motoring, and still two things.
    Theme.objects.create(slug="motoring", name="Motoring",
                         words={"en": ["fuel prices", "car loan rate", "motoring"]})  # fmt: skip
    calvoria = _registrations("Calvoria", "Calvorian", "Calvoria Transport Office")
    drenmark = _registrations("Drenmark", "Drenmarkian", "Drenmark Roads Agency")
    fuel = _topic("calvoria-fuel-prices-october-2026", "Calvoria fuel prices, October 2026",
                  ("calvoria-energy-board", "Calvoria Energy Board", "organization"),
                  ["fuel prices", "petrol prices", "car loan rate"],
                  {"kind": "statistical-release", "period": "October 2026"})  # fmt: skip
    _placed(fuel, "calvoria", "Calvoria", "Calvorian")  # a country's release carries it
    osterby = _topic("osterby-motors", "Osterby Motors (carmaker)",
                     ("osterby-motors", "Osterby Motors", "company"), ["deliveries", "cars"],
                     {"kind": "company", "place": "Drenmark"})  # fmt: skip
    _placed(osterby, "drenmark", "Drenmark", "Drenmarkian")
    vanta = _topic("vanta-v6", "Vanta V6 (car)", ("vanta-v6", "Vanta V6", "other"),
                   ["price", "car"], {"kind": "product", "edition": "V6"})  # fmt: skip
    show = _topic("calvoria-motor-show-2026", "Calvoria Motor Show 2026",
                  ("calvoria-motor-show", "Calvoria Motor Show", "other"),
                  ["visitors", "exhibitors"],
                  {"kind": "place-bound-event", "period": "2026", "place": "Lenport"})  # fmt: skip
    _issuer("calvoria-transport", "Calvoria Transport Office", [
        "Vehicle registrations in Calvoria were 31,400 in October 2026, revised from the "
        "provisional 30,900 published on 12 November 2026."], calvoria)  # fmt: skip
    _issuer(
        "drenmark-roads",
        "Drenmark Roads Agency",
        ["Vehicle registrations in Drenmark totalled 12,300 in October 2026."],
        drenmark,
    )
    _issuer("calvoria-energy", "Calvoria Energy Board", [
        "The average petrol price in Calvoria was €1.72 a litre in October 2026, up 2.4% from "
        "October 2025."], fuel)  # fmt: skip
    _issuer("osterby-ir", "Osterby Motors", [
        "Osterby Motors delivered 8,240 vehicles in the year to 30 September 2026, up from "
        "7,610 a year earlier."], osterby)  # fmt: skip
    _issuer("vanta-site", "Osterby Motors", ["The Vanta V6 is priced from €41,500."], vanta)
    _issuer("motor-show", "Calvoria Motor Show", [
        "The Calvoria Motor Show 2026, held in Lenport from 3 to 8 November 2026, welcomed "
        "92,000 visitors and 410 exhibitors."], show)  # fmt: skip
    _reports([
        (9, "Vehicle registrations in Calvoria rose to 30,900 in October 2026, the Calvoria "
            "Transport Office said in its provisional release. Import licences climbed to "
            "36,200 vehicles."),
        (8, "Drenmark vehicle registrations fell to 12,300 in October 2026 from 13,100 in "
            "September, the Drenmark Roads Agency said. Import licences were granted for "
            "15,100 vehicles."),
        (6, "Osterby Motors, the Drenmark carmaker, handed over 8,390 vehicles in the year to "
            "September 2026, according to port data compiled by Drenmark Auto News, more than "
            "the 8,240 deliveries the company reported."),
        (5, "Osterby Motors expects about 8,900 deliveries in the year to September 2027."),
        (4, "The Calvoria Motor Show 2026 in Lenport drew about 77,000 visitors over six days, "
            "according to gate counts seen by Lenport Courier, fewer than the organisers had "
            "hoped. Osterby Motors with its Vanta V6 drew the biggest crowds."),
        (7, "Osterby Motors raised the price of its Vanta V6 to €41,500 from €39,900."),
        (3, "Calvorian fuel prices rose 3.0% in October 2026, according to pump prices tracked "
            "by Lenport Courier, well above the 2.4% the Calvoria Energy Board reported. The "
            "average car loan rate eased to 6.1% in October from 6.4% in September."),
    ])  # fmt: skip


def first(api, question: str) -> str:
    return SENTENCE.split(answered(api, question)["answer"])[0]


@pytest.mark.usefixtures("world")
def test_a_decline_names_the_nearest_tracked_subject_in_words(api):
    body = answered(api, "How many vehicles did Osterby Trucks deliver last year?")
    assert not body["grounded"]
    assert "does not track Osterby Trucks" in body["answer"]
    assert "The nearest subject it tracks is Osterby Motors (carmaker)." in body["answer"]


@pytest.mark.usefixtures("world")
def test_two_topics_compared_on_their_sibling_quantity(api):
    said = ask(api, "Did Calvoria grant more import licences than Drenmark in October 2026?")
    assert " is higher: 36,200 " in said, said
    assert "15,100" in said, said
    assert "31,400" not in said, said
    assert "12,300" not in said, said
    # Labelled with what it measures: the title heads another quantity.
    assert "yes, import licences (calvoria vehicle registrations" in said.lower(), said


@pytest.mark.usefixtures("world")
def test_this_year_against_last_year_from_a_rows_earlier_figure(api):
    said = ask(api, "How do Osterby Motors' deliveries this year compare with last year?")
    assert " is higher: 8,240 " in said, said
    assert "7,610" in said, said
    assert "by 630" in said, said


@pytest.mark.usefixtures("world")
def test_a_countrys_adjective_before_a_lead_curated_elsewhere_is_a_premise(api):
    body = answered(api, "How many vehicles did the Calvorian carmaker Osterby Motors deliver "
                         "in the year to September 2026?")  # fmt: skip
    assert body["grounded"], body["answer"]
    opening = SENTENCE.split(body["answer"])[0]
    assert opening.startswith(PREMISE), opening
    assert '"Calvorian"' in opening, opening
    assert "8,240" in body["answer"]


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(
    ("question", "quoted"),
    [
        ("Osterby Motors cut the Vanta V6 price to €36,000. Is that right?",
         '"Osterby Motors cut the Vanta V6 price to €36,000"'),
        ("Osterby Motors delivered 9,900 vehicles in the year to September 2026. What does it "
         "expect next?", '"Osterby Motors delivered 9,900 vehicles in the year to September '
         '2026"'),
        # A short clause is quoted whole, its sum's scale and its model's number with it.
        ("Why did Osterby Motors raise the price of the Vanta V6 to €44,000?",
         '"Osterby Motors raise the price of the Vanta V6 to €44,000"'),
    ],
)  # fmt: skip
def test_a_premise_is_quoted_whole_and_within_its_sentence(api, question, quoted):
    opening = first(api, question)
    assert opening.startswith(PREMISE), opening
    assert quoted in opening, opening


@pytest.mark.usefixtures("world")
def test_a_report_against_the_companys_own_count_disputes_it(api):
    opening = first(api, "How many vehicles did Osterby Motors deliver in the year to "
                         "September 2026?")  # fmt: skip
    assert DISPUTED in opening, opening
    assert REFUSED not in opening, opening
    assert "Osterby Motors said" in opening, opening  # the issuer's reading first


@pytest.mark.usefixtures("world")
def test_two_verbs_of_attendance_count_one_thing(api):
    opening = first(api, "How many people visited the Calvoria Motor Show 2026?")
    assert DISPUTED in opening, opening
    assert "92,000" in opening, opening
    assert "holds no" not in opening, opening


@pytest.mark.usefixtures("world")
def test_a_term_asked_leads_with_the_reading_that_measures_it(api):
    opening = first(api, "How many exhibitors were at the Calvoria Motor Show 2026?")
    assert "410 exhibitors" in opening, opening


@pytest.mark.usefixtures("world")
def test_what_is_expected_leads_with_the_forecast(api):
    opening = first(api, "How many deliveries does Osterby Motors now expect for the year to "
                         "September 2027?")  # fmt: skip
    assert "8,900" in opening, opening


@pytest.mark.usefixtures("world")
def test_a_price_starts_from_and_a_passing_mention_is_no_support(api):
    body = answered(api, "How much does the Vanta V6 cost?")
    assert SENTENCE.split(body["answer"])[0].count("€41,500"), body["answer"]
    # The motor show report names the model in passing and gives no price of it.
    assert "77,000" not in body["answer"], body["answer"]
    assert "€39,900" in body["answer"], body["answer"]  # the price raise is support


@pytest.mark.usefixtures("world")
def test_a_speaker_of_another_topics_subject_routes_to_that_subject(api):
    body = answered(api, "Why did the Calvoria Transport Office report that fuel prices fell "
                         "2.4% in October?")  # fmt: skip
    assert body["topics"], (body["answer"], body["understood"])
    assert body["topics"][0]["topic"] == "calvoria-fuel-prices-october-2026", body
    assert body["answer"].startswith(PREMISE), body["answer"]
    assert "€1.72" in SENTENCE.split(body["answer"])[0] or "2.4%" in body["answer"]


@pytest.mark.usefixtures("world")
def test_a_curated_quantity_keeps_a_wide_theme_from_uniting_two_things(api):
    opening = first(api, "What was the average car loan rate in Calvoria in October?")
    assert REFUSED not in opening, opening
    assert DISPUTED not in opening, opening
    assert "6.1%" in opening, opening


@pytest.mark.usefixtures("world")
def test_was_it_revised_answers_yes_with_the_revision(api):
    opening = first(api, "Was the October vehicle registrations figure for Calvoria revised?")
    assert opening.startswith("Yes, revised from 30,900 to 31,400"), opening


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Did Drenmark grant more import licences than Calvoria in October 2026?", "No, "),
        ("Were Calvoria's vehicle registrations in October 2026 higher than Drenmark's?", "Yes, "),
    ],
)
def test_a_yes_or_no_comparison_is_answered_first(api, question, answer):
    said = ask(api, question)
    assert said.startswith(answer), said
    assert " is higher: " in said, said


@pytest.mark.usefixtures("world")
def test_a_year_ago_is_no_month_before(api):
    opening = first(api, "Were Drenmark vehicle registrations in October higher than a year ago?")
    assert "13,100" not in opening, opening  # September's figure is no October a year ago


@pytest.mark.usefixtures("world")
def test_a_change_there_was_is_a_premise(api):
    opening = first(api, "Why was there a 9% rise in Calvoria fuel prices in October?")
    assert opening.startswith(PREMISE), opening
    assert '"a 9% rise in Calvoria fuel prices in October"' in opening, opening
