"""The demo registry: a small, realistic world that `make run` loads (`manage.py load_demo`).

Twelve events across the action classes, wire services and their syndicators, primary sources in
each read state, market questions with daily price snapshots, and a few hundred documents spread
over eight weeks so that coverage really rises, fades, holds steady or lacks history. Companies and
storms are fictional; institutions are real, and no headline claims anything about them beyond the
illustrative. Loading is idempotent: every row is keyed on its natural key (slug, domain, URL,
capture time), so a second run adds nothing.
"""

import random
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta

from django.db import transaction

import ingestion
from outbound.fetch import content_signature
from registry import services
from registry.kinds import kinds_seed, quantities_seed, themes_seed
from registry.models import (
    Entity,
    Event,
    Feed,
    MarketQuestion,
    Outlet,
    PrimarySource,
    SourceReading,
    TripwireAlert,
)

VERTICALS = {
    "politics": "Politics",
    "markets": "Markets",
    "weather": "Weather and disasters",
    "energy": "Energy",
    "tech": "Technology",
    "world": "World and conflict",
    "science": "Science and space",
}

# slug: (name, kind, tracked, verticals, aliases)
ENTITIES = {
    "hurricane-tavia": ("Hurricane Tavia", "storm", True, ["weather"], ["Tavia"]),
    "jamaica": ("Jamaica", "country", True, ["weather", "world"], []),
    "cuba": ("Cuba", "country", True, ["world"], []),
    "national-hurricane-center": (
        "National Hurricane Center",
        "organization",
        True,
        ["weather"],
        ["NHC"],
    ),
    "eastern-pacific": ("Eastern Pacific", "place", True, ["weather"], []),
    "mexico": ("Mexico", "country", True, ["world", "politics"], []),
    "federal-reserve": (
        "Federal Reserve",
        "organization",
        True,
        ["markets"],
        ["Fed", "FOMC", "Federal Open Market Committee"],
    ),
    "us-treasury": ("US Treasury", "organization", True, ["markets"], ["Treasury"]),
    "european-central-bank": ("European Central Bank", "organization", True, ["markets"], ["ECB"]),
    "eurostat": ("Eurostat", "organization", True, ["markets"], []),
    "euro-area": ("Euro area", "place", True, ["markets"], ["eurozone"]),
    "brazil": ("Brazil", "country", True, ["politics"], []),
    "superior-electoral-court": (
        "Superior Electoral Court",
        "organization",
        True,
        ["politics"],
        ["TSE"],
    ),
    "democratic-republic-of-the-congo": (
        "Democratic Republic of the Congo",
        "country",
        True,
        ["world"],
        ["DR Congo", "DRC", "Kinshasa"],
    ),
    "m23": ("M23", "organization", True, ["world"], []),
    "qatar": ("Qatar", "country", True, ["world"], []),
    "bureau-of-labor-statistics": (
        "Bureau of Labor Statistics",
        "organization",
        True,
        ["markets"],
        ["BLS"],
    ),
    "united-states": (
        "United States",
        "country",
        True,
        ["politics", "markets"],
        ["US", "America", "USA"],
    ),
    "northwind-robotics": ("Northwind Robotics", "company", True, ["tech"], ["Northwind"]),
    "harbor-ventures": ("Harbor Ventures", "company", True, ["tech"], []),
    "helio-fusion": ("Helio Fusion", "company", True, ["tech", "energy"], []),
    "opec": ("OPEC+", "organization", True, ["energy"], ["OPEC"]),
    "saudi-arabia": ("Saudi Arabia", "country", True, ["energy", "world"], []),
    "nasa": ("NASA", "organization", True, ["science"], []),
    "artemis-ii": ("Artemis II", "other", True, ["science"], []),
    "nauru": ("Nauru", "country", False, ["politics"], []),
}

# domain: (name, tier, is_wire, upstream domain)
OUTLETS = {
    "reuters.com": ("Reuters", "outlet", True, None),
    "apnews.com": ("Associated Press", "outlet", True, None),
    "afp.com": ("AFP", "outlet", True, None),
    "usnews.com": ("US News", "outlet", False, "apnews.com"),
    "news.yahoo.com": ("Yahoo News", "social/aggregator", False, "reuters.com"),
    "france24.com": ("France 24", "outlet", False, "afp.com"),
    "bbc.co.uk": ("BBC", "outlet", False, None),
    "theguardian.com": ("The Guardian", "outlet", False, None),
    "ft.com": ("Financial Times", "outlet", False, None),
    "cnbc.com": ("CNBC", "outlet", False, None),
    "aljazeera.com": ("Al Jazeera", "outlet", False, None),
    "techcrunch.com": ("TechCrunch", "outlet", False, None),
    "news.ycombinator.com": ("Hacker News", "social/aggregator", False, None),
    "polymarket.com": ("Polymarket", "social/aggregator", False, None),
}


# The outlets' public feeds, at the addresses they publish (the evidence for each is listed in
# docs/decisions.md): url -> (outlet, the feed's vertical, other verticals its reporting fills).
# Reuters (since 2020), AP and AFP publish no public feed: their reporting reaches the registry
# through the outlets that carry it, so they have no feed row.
FEEDS = {
    "https://www.aljazeera.com/xml/rss/all.xml": ("aljazeera.com", "world", ["energy", "weather"]),
    "https://feeds.bbci.co.uk/news/world/rss.xml": ("bbc.co.uk", "world", []),
    "https://feeds.bbci.co.uk/news/science_and_environment/rss.xml": (
        "bbc.co.uk",
        "science",
        ["weather"],
    ),
    # CNBC's feed ids, as its RSS page lists them: 19836768 Energy, 10000664 Finance.
    "https://search.cnbc.com/rs/search/combinedcms/view.xml?partnerId=wrss01&id=19836768": (
        "cnbc.com",
        "energy",
        [],
    ),
    "https://search.cnbc.com/rs/search/combinedcms/view.xml?partnerId=wrss01&id=10000664": (
        "cnbc.com",
        "markets",
        [],
    ),
    "https://www.france24.com/en/rss": ("france24.com", "world", ["politics"]),
    "https://www.ft.com/energy?format=rss": ("ft.com", "energy", []),
    "https://www.ft.com/markets?format=rss": ("ft.com", "markets", []),
    "https://news.ycombinator.com/rss": ("news.ycombinator.com", "tech", []),
    "https://techcrunch.com/feed/": ("techcrunch.com", "tech", []),
    "https://techcrunch.com/category/climate/feed/": ("techcrunch.com", "energy", []),
    "https://www.theguardian.com/politics/rss": ("theguardian.com", "politics", []),
    "https://www.theguardian.com/environment/rss": ("theguardian.com", "weather", []),
}


@dataclass
class DemoEvent:
    subject: str
    title: str
    lead: str
    action_class: str | None
    vertical: str
    attached: list[str]
    subject_terms: list[str]
    question_terms: list[str]
    # (headline, summary): "{lead}" and a subject term appear in each headline (event-relevant
    # rows); the summary carries the figures, names and places a reader would ask about.
    headlines: list[tuple[str, str]]
    off_topic: list[str]  # name the lead but no event term: withheld as not event-relevant
    shape: str  # rising | fading | steady | young | thin
    outlets: list[str]
    tier: str = Event.Tier.STANDARD
    home_domains: list[str] = field(default_factory=list)
    # (headline, summary) naming the lead and saying relevant things in words that carry no
    # curated term: never attached by the tagger, so only meaning finds them (one every other day
    # from yesterday back).
    unmarked: list[tuple[str, str]] = field(default_factory=list)


EVENTS = [
    DemoEvent(
        "disaster-hurricane-tavia",
        "Hurricane Tavia",
        "hurricane-tavia",
        "disaster",
        "weather",
        ["jamaica", "cuba", "national-hurricane-center"],
        ["landfall", "storm surge", "evacuation"],
        ["landfall", "category", "jamaica"],
        [
            (
                "{lead} strengthens as hurricane watch posted for Jamaica ahead of landfall",
                "{lead} strengthened to a Category 3 hurricane with maximum sustained winds of "
                "115 mph. A hurricane watch is in effect for Jamaica, the National Hurricane "
                "Center said.",
            ),
            (
                "{lead} landfall expected within 48 hours, forecasters say",
                "Forecasters expect {lead} to make landfall on Jamaica within 48 hours as a "
                "Category 4 hurricane with winds near 130 mph.",
            ),
            (
                "Storm surge warning as {lead} nears the coast of Jamaica",
                "A storm surge of 9 to 13 feet above normal tide levels is possible along the "
                "south coast of Jamaica as {lead} approaches.",
            ),
            (
                "{lead}: hurricane centre warns of life-threatening storm surge",
                "The hurricane centre said {lead} had reached Category 4 strength with maximum "
                "sustained winds of 130 mph and warned of a life-threatening storm surge.",
            ),
            (
                "Evacuations ordered ahead of {lead} landfall",
                "Authorities in Jamaica ordered the evacuation of about 120,000 residents from "
                "low-lying coastal areas ahead of {lead} landfall.",
            ),
        ],
        ["{lead} name retired from future lists, meteorologists note"],
        "rising",
        ["reuters.com", "apnews.com", "bbc.co.uk", "theguardian.com", "aljazeera.com"],
        home_domains=["nhc.noaa.gov"],
    ),
    DemoEvent(
        "disaster-eastern-pacific-hurricane-season-2026",
        "Eastern Pacific hurricane season 2026",
        "eastern-pacific",
        "disaster",
        "weather",
        ["mexico", "national-hurricane-center"],
        ["hurricane season", "tropical storm"],
        ["hurricane", "season"],
        [
            (
                "{lead} hurricane season winds down after a busy summer",
                "The {lead} hurricane season produced 17 named storms, 9 of them hurricanes; the "
                "season ends on November 30.",
            ),
            (
                "Tropical storm forms in the {lead}, first in weeks",
                "A tropical storm formed in the {lead} with winds of 45 mph, well off the coast "
                "of Mexico, and is expected to weaken within two days.",
            ),
            (
                "{lead} hurricane season total named storms tallied",
                "Forecasters tallied 17 named storms in the {lead} season, above the long-term "
                "average of 15.",
            ),
        ],
        ["Fishing fleets in the {lead} report record tuna catch"],
        "fading",
        ["apnews.com", "reuters.com", "bbc.co.uk"],
        home_domains=["nhc.noaa.gov"],
    ),
    DemoEvent(
        "rate-decision-federal-reserve-december-2026",
        "Federal Reserve December 2026 rate decision",
        "federal-reserve",
        "rate-decision",
        "markets",
        ["us-treasury", "united-states"],
        ["rate decision", "interest rates", "rate cut"],
        ["rate", "cut", "december"],
        [
            (
                "{lead} officials signal patience before December rate decision",
                "{lead} officials said they could wait before changing interest rates again; the "
                "target range stays at 3.75% to 4.00% until the December rate decision.",
            ),
            (
                "Traders price a December rate cut as {lead} minutes land",
                "Minutes of the {lead} October meeting showed most officials open to a rate cut "
                "of 25 basis points if inflation keeps easing toward 2%.",
            ),
            (
                "{lead} holds interest rates steady, statement says",
                "The {lead} held interest rates steady, keeping the federal funds target range at"
                " 3.75% to 4.00%, its statement said.",
            ),
            (
                "Markets weigh {lead} rate decision path into year end",
                "Investors weighed whether the {lead} rate decision in December brings a cut of "
                "25 basis points or a hold at 3.75% to 4.00%.",
            ),
            (
                "{lead} governor says interest rates are in a good place",
                "A {lead} governor said interest rates at 3.75% to 4.00% are in a good place and "
                "that no rate cut is guaranteed in December.",
            ),
        ],
        ["{lead} publishes annual supervision and regulation report"],
        "rising",
        ["reuters.com", "ft.com", "cnbc.com", "apnews.com"],
        tier=Event.Tier.FULL,
        home_domains=["federalreserve.gov"],
    ),
    DemoEvent(
        "rate-decision-european-central-bank-december-2026",
        "ECB December 2026 rate decision",
        "european-central-bank",
        "rate-decision",
        "markets",
        ["euro-area", "eurostat"],
        ["rate decision", "deposit rate"],
        ["rate", "ecb", "december"],
        [
            (
                "{lead} keeps deposit rate unchanged, sees inflation near target",
                "The {lead} kept its deposit rate unchanged at 2.00% and said inflation is near "
                "its 2% target.",
            ),
            (
                "{lead} policymakers split ahead of rate decision",
                "{lead} policymakers are split ahead of the December rate decision: some favour a"
                " hold at 2.00%, others a cut of 25 basis points.",
            ),
            (
                "Euro steadies as {lead} rate decision nears",
                "The euro steadied near $1.16 as the {lead} rate decision neared, with the "
                "deposit rate expected to stay at 2.00%.",
            ),
        ],
        ["{lead} opens new visitor centre in Frankfurt"],
        "steady",
        ["reuters.com", "ft.com", "afp.com"],
        home_domains=["ecb.europa.eu"],
    ),
    DemoEvent(
        "election-brazil-general-2026",
        "Brazil general election 2026",
        "brazil",
        "election",
        "politics",
        ["superior-electoral-court"],
        ["election", "runoff", "ballot"],
        ["election", "runoff", "winner"],
        [
            (
                "{lead} election runoff set as no candidate wins outright",
                "No candidate won more than 50% of valid votes in the first round of the {lead} "
                "election, so the two leading candidates go to a runoff.",
            ),
            (
                "{lead} electoral court certifies runoff ballot count",
                "The Superior Electoral Court certified the {lead} runoff ballot count; turnout "
                "was 79.2% of registered voters.",
            ),
            (
                "Turnout high in {lead} election, court says",
                "Turnout in the {lead} election was 79.2%, the Superior Electoral Court said, "
                "with 156 million people registered to vote.",
            ),
            (
                "{lead} runoff campaign enters final week",
                "The {lead} runoff campaign entered its final week with both candidates holding "
                "rallies in Sao Paulo.",
            ),
        ],
        ["{lead} coffee exports climb on strong harvest"],
        "fading",
        ["reuters.com", "apnews.com", "afp.com", "theguardian.com", "france24.com"],
        home_domains=["tse.jus.br"],
    ),
    DemoEvent(
        "ceasefire-deal-eastern-congo",
        "Eastern Congo ceasefire deal",
        "democratic-republic-of-the-congo",
        "ceasefire-deal",
        "world",
        ["m23", "qatar"],
        ["ceasefire", "truce", "peace talks"],
        ["ceasefire", "deal", "signed"],
        [
            (
                "{lead} and M23 resume ceasefire talks in Doha",
                "Delegations of the {lead} and the M23 rebel group resumed ceasefire talks in "
                "Doha, mediated by Qatar.",
            ),
            (
                "Mediators say {lead} truce holding in North Kivu",
                "Mediators from Qatar said the truce between the {lead} and M23 was largely "
                "holding in North Kivu, with no major clashes reported for a week.",
            ),
            (
                "{lead} ceasefire deal text circulated to delegations",
                "A draft ceasefire deal text was circulated to delegations of the {lead} and M23;"
                " it has not been signed.",
            ),
            (
                "Fighting tests {lead} ceasefire near Goma",
                "Clashes near Goma tested the {lead} ceasefire; both sides blamed each other for "
                "the fighting.",
            ),
        ],
        ["{lead} mining output rises on cobalt demand"],
        "steady",
        ["reuters.com", "aljazeera.com", "afp.com", "bbc.co.uk"],
    ),
    DemoEvent(
        "econ-release-us-jobs-report-november-2026",
        "US jobs report, November 2026",
        "bureau-of-labor-statistics",
        "econ-release",
        "markets",
        ["united-states"],
        ["jobs report", "payrolls", "unemployment rate"],
        ["payrolls", "unemployment", "jobs"],
        [
            (
                "{lead} jobs report shows payrolls beat forecasts",
                "The {lead} jobs report showed nonfarm payrolls rose by 187,000, beating "
                "forecasts of 150,000; the unemployment rate was 4.3%.",
            ),
            (
                "Unemployment rate edges up in {lead} data",
                "The unemployment rate edged up to 4.3% from 4.2% in {lead} data, while payrolls "
                "rose by 187,000.",
            ),
            (
                "Economists preview {lead} jobs report",
                "Economists expect the {lead} jobs report to show payrolls rising by about "
                "150,000 and the unemployment rate holding at 4.2%.",
            ),
        ],
        ["{lead} updates methodology notes for regional series"],
        "rising",
        ["reuters.com", "cnbc.com", "apnews.com"],
        home_domains=["bls.gov"],
    ),
    DemoEvent(
        "econ-release-euro-area-inflation-flash-november-2026",
        "Euro area flash inflation, November 2026",
        "eurostat",
        "econ-release",
        "markets",
        ["euro-area", "european-central-bank"],
        ["inflation", "flash estimate"],
        ["inflation", "flash", "euro"],
        [
            (
                "{lead} flash estimate puts inflation at 2.1 percent",
                "{lead} flash estimate puts euro area annual inflation at 2.1% in November, down "
                "from 2.3% in October.",
            ),
            (
                "Core inflation eases in {lead} flash estimate",
                "Core inflation, which excludes energy and food, eased to 2.4% in the {lead} "
                "flash estimate.",
            ),
        ],
        ["{lead} publishes regional tourism statistics"],
        "young",
        ["reuters.com", "ft.com"],
        home_domains=["ec.europa.eu"],
    ),
    DemoEvent(
        "funding-round-northwind-robotics-series-c",
        "Northwind Robotics Series C",
        "northwind-robotics",
        "funding-round",
        "tech",
        ["harbor-ventures"],
        ["series c", "funding round", "raises"],
        ["valuation", "raise", "series"],
        [
            (
                "{lead} raises $210 million in Series C led by Harbor Ventures",
                "{lead} raised $210 million in a Series C round led by Harbor Ventures, valuing "
                "the warehouse robot maker at $2 billion.",
            ),
            (
                "{lead} funding round values warehouse robot maker at $2 billion",
                "The {lead} funding round, led by Harbor Ventures, values the warehouse robot "
                "maker at $2 billion after raising $210 million.",
            ),
            (
                "Inside the {lead} Series C: investors bet on automation",
                "Harbor Ventures led the {lead} Series C of $210 million; the company plans to "
                "double its engineering team to 400.",
            ),
        ],
        ["{lead} opens second factory in Ohio"],
        "rising",
        ["techcrunch.com", "news.ycombinator.com", "reuters.com"],
    ),
    DemoEvent(
        "funding-round-helio-fusion-series-b",
        "Helio Fusion Series B",
        "helio-fusion",
        "funding-round",
        "energy",
        [],
        ["series b", "funding round"],
        ["fusion", "raise"],
        [
            (
                "{lead} closes Series B funding round for pilot reactor",
                "{lead} closed an $85 million Series B funding round to build a pilot reactor by "
                "2029.",
            ),
            (
                "{lead} funding round draws utilities as investors",
                "Two utilities joined the {lead} funding round of $85 million, the company said.",
            ),
        ],
        ["{lead} hires former grid operator as chief engineer"],
        "steady",
        ["techcrunch.com", "ft.com"],
    ),
    DemoEvent(
        "opec-output-decision-december-2026",
        "OPEC+ December 2026 output decision",
        "opec",
        None,
        "energy",
        ["saudi-arabia"],
        ["output", "production cuts", "quota"],
        ["output", "cut", "barrels"],
        [
            (
                "{lead} weighs extending output cuts into 2027",
                "{lead} is weighing extending output cuts of 2.2 million barrels per day into "
                "2027, delegates said.",
            ),
            (
                "Oil rises as {lead} signals production cuts stay",
                "Brent crude rose 1.8% to $74 a barrel after {lead} signalled that production "
                "cuts of 2.2 million barrels per day would stay.",
            ),
            (
                "{lead} ministers meet on quota compliance",
                "{lead} ministers met to review quota compliance; Saudi Arabia pressed members "
                "that exceeded their output quota to compensate.",
            ),
        ],
        ["{lead} secretariat publishes annual statistical bulletin"],
        "steady",
        ["reuters.com", "ft.com", "cnbc.com", "aljazeera.com"],
    ),
    DemoEvent(
        "artemis-ii-launch",
        "Artemis II launch",
        "artemis-ii",
        None,
        "science",
        ["nasa"],
        ["launch", "crewed flight"],
        ["launch", "date", "crew"],
        [
            (
                "{lead} launch date set after fuelling test",
                "NASA set the {lead} launch date after a successful fuelling test; the crewed "
                "flight will carry four astronauts around the Moon.",
            ),
            (
                "{lead} crew completes final launch rehearsal",
                "The four-person {lead} crew completed a final launch rehearsal at the Kennedy "
                "Space Center before the crewed flight around the Moon.",
            ),
        ],
        ["{lead} mission patch unveiled"],
        "young",
        ["apnews.com", "reuters.com", "bbc.co.uk"],
    ),
    DemoEvent(
        "election-nauru-parliamentary-2026",
        "Nauru parliamentary election 2026",
        "nauru",
        "election",
        "politics",
        [],
        ["election", "parliament"],
        ["election", "seats"],
        [
            (
                "{lead} election returns new parliament",
                "Voters in {lead} elected 19 members of parliament.",
            )
        ],
        [],
        "thin",
        ["afp.com"],
    ),
]


# What each topic is (issue 51): its kind, its own name and what tells it from a neighbour,
# curated here as a curator keeps it in the admin: (kind, name, edition, period, place,
# organisation, outcome).
IDENTITIES = {
    "disaster-hurricane-tavia": (
        "storm",
        "Hurricane Tavia",
        "",
        "2026",
        "Jamaica",
        "",
        "made landfall",
    ),
    "disaster-eastern-pacific-hurricane-season-2026": (
        "place-bound-event",
        "Eastern Pacific hurricane season 2026",
        "",
        "2026",
        "Eastern Pacific",
        "",
        "ended",
    ),
    "rate-decision-federal-reserve-december-2026": (
        "policy-decision",
        "Federal Reserve December 2026 rate decision",
        "",
        "December 2026",
        "United States",
        "Federal Reserve",
        "cut",
    ),
    "rate-decision-european-central-bank-december-2026": (
        "policy-decision",
        "ECB December 2026 rate decision",
        "",
        "December 2026",
        "Euro area",
        "European Central Bank",
        "cut",
    ),
    "election-brazil-general-2026": (
        "election",
        "Brazil general election 2026",
        "",
        "2026",
        "Brazil",
        "Superior Electoral Court",
        "elected",
    ),
    "ceasefire-deal-eastern-congo": (
        "agreement",
        "Eastern Congo ceasefire deal",
        "",
        "",
        "Eastern Congo",
        "M23",
        "signed",
    ),
    "econ-release-us-jobs-report-november-2026": (
        "statistical-release",
        "US jobs report, November 2026",
        "",
        "November 2026",
        "United States",
        "Bureau of Labor Statistics",
        "released",
    ),
    "econ-release-euro-area-inflation-flash-november-2026": (
        "statistical-release",
        "Euro area flash inflation, November 2026",
        "",
        "November 2026",
        "Euro area",
        "Eurostat",
        "released",
    ),
    "funding-round-northwind-robotics-series-c": (
        "company",
        "Northwind Robotics Series C",
        "Series C",
        "",
        "",
        "Harbor Ventures",
        "raised",
    ),
    "funding-round-helio-fusion-series-b": (
        "company",
        "Helio Fusion Series B",
        "Series B",
        "",
        "",
        "",
        "raised",
    ),
    "opec-output-decision-december-2026": (
        "policy-decision",
        "OPEC+ December 2026 output decision",
        "",
        "December 2026",
        "",
        "OPEC+",
        "cut",
    ),
    "artemis-ii-launch": ("mission", "Artemis II", "II", "", "", "NASA", "launched"),
    "election-nauru-parliamentary-2026": (
        "election",
        "Nauru parliamentary election 2026",
        "",
        "2026",
        "Nauru",
        "",
        "elected",
    ),
}

# How many event-relevant rows fall on each day back from today, by shape (8 weeks = 56 days).
SHAPES = {
    "rising": lambda back: 3 if back < 7 else (1 if back % 3 == 0 else 0) if back < 40 else 0,
    "fading": lambda back: 0 if back < 7 else (2 if 14 <= back < 35 else 1 if back % 2 else 0),
    "steady": lambda back: 1,
    "young": lambda back: (2 if back < 5 else 1) if back < 12 else 0,
    "thin": lambda back: 1 if back in (2, 9) else 0,
}

# The central banks' latest statements, as their press-release feeds carry them.
FED_STATEMENT = (
    "Federal Reserve issues FOMC statement: the Committee decided to maintain the target range "
    "for the federal funds rate at 3.75% to 4.00%."
)
ECB_DECISION = (
    "Monetary policy decisions: the Governing Council decided to keep the deposit facility rate "
    "unchanged at 2.00%."
)

SOURCES = [
    dict(
        slug="nhc-atlantic-outlook",
        name="Atlantic Tropical Weather Outlook",
        issuer="National Hurricane Center",
        cadence="Every 6 hours during the season",
        fetch_url="https://www.nhc.noaa.gov/index-at.xml",
        parser="hurricane-feed",
        links=[
            {"label": "Atlantic outlook", "url": "https://www.nhc.noaa.gov/gtwo.php?basin=atlc"}
        ],
        events=["disaster-hurricane-tavia"],
        observed_state="active-advisories",
        read_state="read",
        observed="Hurricane Tavia Advisory Number 14: hurricane warning in effect for Jamaica.",
        observed_ref="https://www.nhc.noaa.gov/text/refresh/MIATCPAT4+shtml",
        history=[
            ("no-active-systems", "There are no tropical cyclones at this time.", 9),
            ("active-advisories", "Tropical Storm Tavia Advisory Number 1.", 6),
        ],
    ),
    dict(
        slug="nhc-eastern-pacific-outlook",
        name="Eastern Pacific Tropical Weather Outlook",
        issuer="National Hurricane Center",
        cadence="Every 6 hours during the season",
        fetch_url="https://www.nhc.noaa.gov/index-ep.xml",
        parser="hurricane-feed",
        links=[
            {
                "label": "Eastern Pacific outlook",
                "url": "https://www.nhc.noaa.gov/gtwo.php?basin=epac",
            }
        ],
        events=["disaster-eastern-pacific-hurricane-season-2026"],
        observed_state="no-active-systems",
        read_state="read-nothing-active",
        observed="There are no tropical cyclones at this time.",
        observed_ref="https://www.nhc.noaa.gov/index-ep.xml",
        history=[("no-active-systems", "There are no tropical cyclones at this time.", 3)],
    ),
    dict(
        slug="federal-reserve-monetary-press",
        name="Federal Reserve monetary policy releases",
        issuer="Board of Governors of the Federal Reserve System",
        cadence="Eight scheduled FOMC meetings a year",
        fetch_url="https://www.federalreserve.gov/feeds/press_monetary.xml",
        parser="central-bank-rss",
        links=[
            {
                "label": "Press releases",
                "url": "https://www.federalreserve.gov/newsevents/pressreleases.htm",
            }
        ],
        events=["rate-decision-federal-reserve-december-2026"],
        observed_state=None,
        read_state="read",
        observed=FED_STATEMENT,
        observed_ref="https://www.federalreserve.gov/newsevents/pressreleases/monetary.htm",
        history=[(None, FED_STATEMENT, 25)],
    ),
    dict(
        slug="ecb-press-releases",
        name="ECB monetary policy decisions",
        issuer="European Central Bank",
        cadence="Every six weeks",
        fetch_url="https://www.ecb.europa.eu/rss/press.html",
        parser="central-bank-rss",
        links=[
            {
                "label": "Monetary policy decisions",
                "url": "https://www.ecb.europa.eu/press/govcdec/mopo/html/index.en.html",
            }
        ],
        events=["rate-decision-european-central-bank-december-2026"],
        observed_state=None,
        read_state="read",
        observed=ECB_DECISION,
        observed_ref="https://www.ecb.europa.eu/press/pr/html/index.en.html",
        history=[(None, ECB_DECISION, 40)],
    ),
    dict(
        slug="bls-employment-situation",
        name="Employment Situation release schedule",
        issuer="US Bureau of Labor Statistics",
        cadence="Monthly, first Friday",
        fetch_url="https://www.bls.gov/schedule/news_release/empsit.htm",
        parser="text-pattern",
        active_pattern=r"Employment Situation for \w+ \d{4}",
        quiet_pattern=r"No release scheduled",
        links=[
            {"label": "Schedule", "url": "https://www.bls.gov/schedule/news_release/empsit.htm"}
        ],
        events=["econ-release-us-jobs-report-november-2026"],
        observed_state=None,
        read_state="never-fetched",
        observed=None,
        observed_ref=None,
        history=[],
    ),
]

# (event subject, venue, external id, question, category, deadline offset days, probabilities)
MARKETS = [
    (
        "disaster-hurricane-tavia",
        "polymarket",
        "tavia-cat4-landfall",
        "Will Hurricane Tavia make landfall in Jamaica as a Category 4 or stronger?",
        "Weather",
        5,
        (12, 55),
    ),
    (
        "rate-decision-federal-reserve-december-2026",
        "kalshi",
        "FEDDECISION-26DEC-C25",
        "Will the Federal Reserve cut rates by 25 bps in December 2026?",
        "Economics",
        24,
        (38, 61),
    ),
    (
        "rate-decision-federal-reserve-december-2026",
        "polymarket",
        "fed-hold-october-2026",
        "Will the Federal Reserve hold rates in October 2026?",
        "Economics",
        -24,
        (70, 88),
    ),
    (
        "rate-decision-european-central-bank-december-2026",
        "kalshi",
        "ECBRATE-26DEC-HOLD",
        "Will the ECB hold its deposit rate in December 2026?",
        "Economics",
        25,
        (80, 84),
    ),
    (
        "election-brazil-general-2026",
        "manifold",
        "brazil-runoff-turnout-80",
        "Will turnout in Brazil's 2026 presidential runoff exceed 80%?",
        "Politics",
        -28,
        (45, 40),
    ),
    (
        "ceasefire-deal-eastern-congo",
        "polymarket",
        "drc-m23-ceasefire-2026",
        "Will DR Congo and M23 sign a ceasefire deal by December 31, 2026?",
        "Geopolitics",
        39,
        (22, 31),
    ),
    (
        "opec-output-decision-december-2026",
        "kalshi",
        "OPEC-26DEC-EXTEND",
        "Will OPEC+ extend output cuts at its December 2026 meeting?",
        "Commodities",
        10,
        (64, 71),
    ),
    (
        "artemis-ii-launch",
        "manifold",
        "artemis-ii-launch-2026",
        "Will Artemis II launch before the end of 2026?",
        "Science",
        39,
        (30, 24),
    ),
]

MARKET_PAGES = {
    "polymarket": "https://polymarket.com/event/{id}",
    "kalshi": "https://kalshi.com/markets/{id}",
    # Manifold's page is /{creator's username}/{slug}; these questions are the demo's own.
    "manifold": "https://manifold.markets/IntelligenceFeed/{id}",
}

DEMO_SEED = 20261122


@dataclass(frozen=True)
class World:
    """One registry's curated data, as the loader below lays it out (the demo's, and others' such
    as `worlds.atlas`). Slugs, domains, subjects and market ids are natural keys: two worlds
    loaded into one database share a row only where they name the same key (an outlet's domain,
    a vertical)."""

    verticals: dict[str, str]
    entities: dict[str, tuple]
    outlets: dict[str, tuple]
    feeds: dict[str, tuple]
    events: list[DemoEvent]
    sources: list[dict]
    markets: list[tuple]
    seed: int
    identities: dict[str, tuple] = field(default_factory=dict)  # subject -> IDENTITY_FIELDS

    def identity(self, subject: str) -> dict | None:
        found = self.identities.get(subject)
        return dict(zip(IDENTITY_FIELDS, found, strict=True)) if found else None


IDENTITY_FIELDS = ("kind", "name", "edition", "period", "place", "organisation", "outcome")
DEMO = World(VERTICALS, ENTITIES, OUTLETS, FEEDS, EVENTS, SOURCES, MARKETS, DEMO_SEED, IDENTITIES)


def demo_load(*, today: date | None = None) -> dict[str, int]:
    """Load the demo registry. Idempotent: a second run finds every row and adds nothing.

    Dates are laid out back from an anchor day: `today` (default: now) on the first load, and the
    day of that first load ever after, so a later run neither adds nor moves anything.
    """
    return world_load(DEMO, today=today)


def anchor_day() -> date | None:
    return world_anchor_day(DEMO)


@transaction.atomic
def world_load(world: World, *, today: date | None = None) -> dict[str, int]:
    """Load one world (see `demo_load`); its anchor day is its own events' first load."""
    anchored = world_anchor_day(world)
    today = anchored or today or datetime.now(UTC).date()
    verticals = {
        slug: services.vertical_upsert(slug=slug, name=name)
        for slug, name in world.verticals.items()
    }
    entities = {
        slug: services.entity_upsert(
            slug=slug,
            name=name,
            kind=kind,
            tracked=tracked,
            aliases=aliases,
            verticals=[verticals[v] for v in verts],
        )
        for slug, (name, kind, tracked, verts, aliases) in world.entities.items()
    }
    kinds_seed()  # a flushed database has lost the migration's kinds, quantities and themes
    quantities_seed()
    themes_seed()
    outlets = _load_outlets(world.outlets)
    feeds = {}
    for url, (domain, vertical, also) in world.feeds.items():
        feed = services.feed_upsert(url=url, outlet=outlets[domain], vertical=verticals[vertical])
        for filled in (vertical, *also):
            feeds[(domain, filled)] = feed
    events = {
        demo.subject: _load_event(demo, entities, world.identity(demo.subject))
        for demo in world.events
    }
    if anchored is None:  # the anchor is the day the rows are laid out from, not the clock's
        Event.objects.filter(subject__in=events).update(
            created_at=datetime.combine(today, time(0), tzinfo=UTC)
        )
    documents = sum(
        _load_documents(demo, world.seed + index, today, entities, outlets, verticals, feeds)
        for index, demo in enumerate(world.events)
    )
    _load_sources(today, events, world.sources)
    _load_markets(today, events, entities, outlets, verticals, world.markets)
    return {"events": len(events), "entities": len(entities), "newDocuments": documents}


def demo_present() -> bool:
    return world_present(DEMO)


def world_present(world: World) -> bool:
    """Whether every topic, entity, feed, source and market question the world defines is in
    the database (a few counting queries): `make run` then skips the load, which would also put
    back demo rows a curator has since edited. A row the definition adds is missing, so a
    changed world loads again; `manage.py load_demo` reloads it whatever is there."""
    kinds = (
        (Event, "subject", [demo.subject for demo in world.events]),
        (Entity, "slug", list(world.entities)),
        (Feed, "url", list(world.feeds)),
        (PrimarySource, "slug", [source["slug"] for source in world.sources]),
        (MarketQuestion, "external_id", [market[2] for market in world.markets]),
    )
    return all(
        model.objects.filter(**{f"{key}__in": wanted}).count() == len(set(wanted))
        for model, key, wanted in kinds
    )


def world_anchor_day(world: World) -> date | None:
    subjects = [demo.subject for demo in world.events]
    first = Event.objects.filter(subject__in=subjects).order_by("created_at").first()
    return first.created_at.date() if first else None


def _load_outlets(specs: dict[str, tuple]) -> dict[str, Outlet]:
    outlets: dict[str, Outlet] = {}
    for domain, (name, tier, is_wire, upstream) in specs.items():  # wires come first
        outlets[domain] = services.outlet_upsert(
            domain=domain,
            name=name,
            tier=tier,
            is_wire=is_wire,
            upstream=outlets[upstream] if upstream else None,
        )
    return outlets


def _load_event(demo: DemoEvent, entities: dict[str, Entity], identity: dict | None) -> Event:
    return services.event_upsert(
        subject=demo.subject,
        title=demo.title,
        lead_entity=entities[demo.lead],
        tier=demo.tier,
        action_class=demo.action_class,
        entities=[entities[demo.lead], *(entities[slug] for slug in demo.attached)],
        subject_terms=demo.subject_terms,
        question_terms=demo.question_terms,
        home_domains=demo.home_domains,
        identity=identity,
    )


def _load_documents(demo, seed, today, entities, outlets, verticals, feeds) -> int:
    """One ingest batch per event, through the real pipeline (tagging, stories, rollups)."""
    rng = random.Random(seed)
    lead = entities[demo.lead]
    attached = [entities[slug] for slug in demo.attached]
    vertical = verticals[demo.vertical]
    items = []

    def add(url: str, title: str, summary: str, domain: str, at: datetime) -> None:
        items.append(
            ingestion.IncomingDocument(
                url=url, title=title, summary=summary, outlet=outlets[domain], vertical=vertical,
                feed=feeds.get((domain, demo.vertical)), published_at=at,
                fetched_at=at + timedelta(minutes=7),
            )
        )  # fmt: skip

    for back in range(55, -1, -1):
        day = today - timedelta(days=back)
        for n in range(SHAPES[demo.shape](back)):
            domain = rng.choice(demo.outlets)
            headline, story = (text.format(lead=lead.name) for text in rng.choice(demo.headlines))
            cited = rng.sample(attached, k=min(len(attached), rng.randint(0, 2)))
            also = f" The report also cites {' and '.join(e.name for e in cited)}." if cited else ""
            summary = story + also
            at = datetime.combine(day, time(rng.randint(5, 21), rng.randint(0, 59)), tzinfo=UTC)
            copies = [domain]
            if outlets[domain].is_wire and rng.random() < 0.4:
                copies += [d for d, o in outlets.items() if o.upstream_id == outlets[domain].pk]
            for copy in copies:
                url = f"https://{copy}/{demo.vertical}/{day:%Y/%m/%d}/{demo.subject}-{n}"
                add(url, headline, summary, copy, at)
        if demo.off_topic and back % 9 == 4:
            url = f"https://{demo.outlets[0]}/{demo.vertical}/{day:%Y/%m/%d}/{demo.lead}-notes"
            at = datetime.combine(day, time(12, 0), tzinfo=UTC)
            add(url, demo.off_topic[0].format(lead=lead.name), "", demo.outlets[0], at)
    for n, (headline, story) in enumerate(demo.unmarked):
        day = today - timedelta(days=1 + 2 * n)
        domain = demo.outlets[n % len(demo.outlets)]
        url = f"https://{domain}/{demo.vertical}/{day:%Y/%m/%d}/{demo.lead}-unmarked-{n}"
        at = datetime.combine(day, time(10, 30), tzinfo=UTC)
        add(url, headline.format(lead=lead.name), story.format(lead=lead.name), domain, at)
    return ingestion.documents_ingest(items=items).new


def _load_sources(today: date, events: dict[str, Event], specs: list[dict]) -> None:
    for spec in specs:
        spec = dict(spec)
        history = spec.pop("history")
        guarded = [events[subject] for subject in spec.pop("events")]
        observed = {
            k: spec.pop(k) for k in ("observed_state", "read_state", "observed", "observed_ref")
        }
        source = services.source_upsert(events=guarded, **spec)
        previous = None
        for state, words, back in history:
            at = datetime.combine(today - timedelta(days=back), time(9, 0), tzinfo=UTC)
            reading, _ = SourceReading.objects.get_or_create(
                source=source, attempted_at=at,
                defaults={"ok": True, "http_status": 200, "observed_state": state,
                          "observed_words": words, "observed_date": at.date()},
            )  # fmt: skip
            if previous and state and previous.observed_state not in (None, state):
                TripwireAlert.objects.get_or_create(
                    reading=reading,
                    defaults={"source": source, "from_state": previous.observed_state,
                              "to_state": state, "at": at, "previous_reading": previous},
                )  # fmt: skip
            previous = reading if state else previous
        if history:
            last = datetime.combine(today - timedelta(days=history[-1][2]), time(9, 0), tzinfo=UTC)
            PrimarySource.objects.filter(pk=source.pk).update(
                **observed,
                observed_date=last.date(),
                observed_read_at=last,
                verified_as_of=last.date(),
                last_read=last,
                last_read_ref=observed["observed_ref"],
                last_attempt=last,
                last_success=last,
                baseline_established=last,
                last_change=last,
                signature=content_signature((observed["observed"] or "").encode()),
            )


def _load_markets(today, events, entities, outlets, verticals, markets) -> None:
    for subject, venue, external_id, question, category, deadline_in, (start, end) in markets:
        event = events[subject]
        deadline = datetime.combine(today + timedelta(days=deadline_in), time(23, 59), tzinfo=UTC)
        url = MARKET_PAGES[venue].format(id=external_id.lower())
        market = services.market_question_upsert(
            venue=venue,
            external_id=external_id,
            question=question,
            url=url,
            category=category,
            deadline=deadline,
            is_resolved=deadline_in < 0,
            events=[event],
            entities=[event.lead_entity],
        )
        _load_prices(market, today, deadline_in, start, end)
        if venue == "polymarket":  # its page is kept, flagged by URL, never counted as reporting
            at = datetime.combine(today - timedelta(days=10), time(12), tzinfo=UTC)
            page = ingestion.IncomingDocument(
                url=url, title=question, outlet=outlets["polymarket.com"],
                vertical=verticals["markets"], fetched_at=at,
            )  # fmt: skip
            ingestion.documents_ingest(items=[page])


def _load_prices(market: MarketQuestion, today: date, deadline_in: int, start, end) -> None:
    last_day = min(0, deadline_in)  # prices stop at the deadline
    days = list(range(last_day - 13, last_day + 1))
    for step, offset in enumerate(days):
        at = datetime.combine(today + timedelta(days=offset), time(6, 0), tzinfo=UTC)
        pct = round(start + (end - start) * step / (len(days) - 1), 1)
        ingestion.market_price_record(
            question=market,
            captured_at=at,
            probability_pct=pct,
            priced_at=at,
            volume_24h=1000.0 * (step + 1),
        )
