"""The kindred registry: a third world for the Answer Engine's eval, built so that every topic has
near neighbours a question might name instead (`answers/measure/eval/kindred.json` and the identity
set, `answers/measure/eval/identity.json`).

Twelve topics, each with the neighbour it is built against:
- one statistics office's release of one indicator (Estravia's consumer prices): the same
  office's other indicators (jobs, output, trade) are not tracked;
- one country's national release (Lusmark's third-quarter GDP): another country's or province's
  GDP is not;
- companies whose first word is shared by untracked ones (Kestrel Motors, Orchard Pay, Halberd
  Renewables, Palisade Aerospace: not Kestrel Airways or Orchard Bank);
- a numbered mission and numbered editions (Lyra-4, the seventh Tidewater Summit, Sorvania's
  fourth offshore wind round): not Lyra-5, the sixth summit or a fifth round;
- institutions with similarly named bodies (the Constitutional Court of Estravia, the Coral Sea
  Fisheries Commission, Carrowmere City Council): not a supreme court, another sea's commission,
  a county council;
- places with siblings of the same kind (Dunhollow Province, the Isle of Senna): not the next
  province or island;
- countries tracked in one domain only (Sorvania in energy, the Merrow Islands in weather; Estravia
  and Lusmark in two): their elections, sport or health are not tracked.
No row names a neighbour, so nothing in the record answers for one.

Rows disagree as real ones do: a flash estimate revised by its issuer, a report quoting a
different figure than the issuer, two reports at odds, a forecast beside the actual. Countries,
companies and people are fictional; the wires and outlets are the demo's by domain. Loaded by
the demo's loader (`worlds.demo.world_load`): idempotent, its own anchor day, its own slugs.
"""

from datetime import date

from registry.models import Event
from worlds.demo import OUTLETS as DEMO_OUTLETS
from worlds.demo import DemoEvent, World, world_anchor_day, world_load

VERTICALS = {
    "markets": "Markets",
    "business": "Business and labour",
    "tech": "Technology",
    "science": "Science and space",
    "world": "World and conflict",
    "politics": "Politics",
    "weather": "Weather and disasters",
    "energy": "Energy",
}

# slug: (name, kind, tracked, verticals, aliases). A country's verticals are the only domains it
# is tracked in: Sorvania's election or the Merrow Islands' football are not in the registry.
ENTITIES = {
    "estravian-statistics-office": (
        "Estravian Statistics Office",
        "organization",
        True,
        ["markets"],
        ["EstraStat"],
    ),
    "estravia": ("Estravia", "country", True, ["markets", "politics"], []),
    "lusmark-statistics-board": (
        "Lusmark Statistics Board",
        "organization",
        True,
        ["markets"],
        [],
    ),
    "lusmark": ("Lusmark", "country", True, ["markets", "weather"], []),
    "kestrel-motors": ("Kestrel Motors", "company", True, ["business", "markets"], ["Kestrel"]),
    "valtor-exchange": ("Valtor Exchange", "organization", True, ["markets"], []),
    "ilse-marrow": ("Ilse Marrow", "person", True, ["business"], []),
    "orchard-pay": ("Orchard Pay", "company", True, ["tech"], []),
    "lusmark-data-commissioner": (
        "Lusmark Data Commissioner",
        "organization",
        True,
        ["tech"],
        [],
    ),
    "lyra-4": ("Lyra-4", "other", True, ["science"], ["Lyra 4"]),
    "palisade-aerospace": ("Palisade Aerospace", "company", True, ["science"], ["Palisade"]),
    "kessary-launch-complex": ("Kessary Launch Complex", "place", True, ["science"], []),
    "tidewater-summit": ("Tidewater Summit", "other", True, ["world"], []),
    "port-halloran": ("Port Halloran", "place", True, ["world"], []),
    "constitutional-court-of-estravia": (
        "Constitutional Court of Estravia",
        "organization",
        True,
        ["politics"],
        ["Estravian Constitutional Court"],
    ),
    "coral-sea-fisheries-commission": (
        "Coral Sea Fisheries Commission",
        "organization",
        True,
        ["world"],
        ["CSFC"],
    ),
    "dunhollow-province": ("Dunhollow Province", "place", True, ["weather"], ["Dunhollow"]),
    "river-ambrel": ("River Ambrel", "place", True, ["weather"], ["Ambrel"]),
    "carrowmere-city-council": (
        "Carrowmere City Council",
        "organization",
        True,
        ["politics"],
        [],
    ),
    "isle-of-senna": ("Isle of Senna", "place", True, ["weather", "science"], ["Senna"]),
    "merrow-islands": ("Merrow Islands", "country", True, ["weather"], []),
    "merrow-seismological-institute": (
        "Merrow Seismological Institute",
        "organization",
        True,
        ["science"],
        [],
    ),
    "sorvanian-energy-agency": (
        "Sorvanian Energy Agency",
        "organization",
        True,
        ["energy"],
        [],
    ),
    "sorvania": ("Sorvania", "country", True, ["energy"], []),
    "halberd-renewables": ("Halberd Renewables", "company", True, ["energy"], ["Halberd"]),
}

# The wires and syndicators are the demo's rows (shared by domain), as are the rest but two.
OUTLETS = {
    **{d: DEMO_OUTLETS[d] for d in ("reuters.com", "apnews.com", "afp.com")},
    **{d: DEMO_OUTLETS[d] for d in ("usnews.com", "news.yahoo.com", "france24.com")},
    **{d: DEMO_OUTLETS[d] for d in ("bbc.co.uk", "theguardian.com", "ft.com", "cnbc.com")},
    **{d: DEMO_OUTLETS[d] for d in ("techcrunch.com", "aljazeera.com", "polymarket.com")},
    "euronews.com": ("Euronews", "outlet", False, None),
    "economist.com": ("The Economist", "outlet", False, None),
}

FEEDS = {
    "https://www.euronews.com/rss": ("euronews.com", "world", ["politics", "weather"]),
}

EVENTS = [
    DemoEvent(
        "econ-release-estravia-consumer-prices-october",
        "Estravia consumer prices, October",
        "estravian-statistics-office",
        "econ-release",
        "markets",
        ["estravia"],
        ["consumer prices", "inflation", "price index"],
        ["inflation", "prices", "october"],
        [
            (
                "{lead}: consumer prices up 3.4% in October, flash estimate shows",
                "Consumer prices in Estravia rose 3.4% year on year in October, the {lead} flash "
                "estimate showed, up from 3.0% in September; economists had forecast 3.1%.",
            ),
            (
                "{lead} revises October inflation up to 3.6%",
                "The {lead} revised October consumer price inflation to 3.6% from its flash "
                "estimate of 3.4%, citing household energy bills that arrived late.",
            ),
            (
                "Food and rents drive Estravian inflation, {lead} data show",
                "Food prices rose 5.9% and rents 4.7% in the year to October, {lead} data showed; "
                "core inflation, without energy and food, was 2.8%.",
            ),
            (
                "Estravian inflation at 3.5%, highest in 18 months, on {lead} figures",
                "Consumer prices in Estravia rose 3.5% in October, the fastest pace in 18 months, "
                "according to {lead} figures quoted by the finance ministry.",
            ),
        ],
        ["{lead} launches a redesigned website"],
        "rising",
        ["reuters.com", "ft.com", "euronews.com", "cnbc.com"],
        tier=Event.Tier.FULL,
        home_domains=["stat.estravia.example.org"],
    ),
    DemoEvent(
        "econ-release-lusmark-gdp-third-quarter",
        "Lusmark third-quarter GDP",
        "lusmark-statistics-board",
        "econ-release",
        "markets",
        ["lusmark"],
        ["gdp", "gross domestic product", "growth estimate"],
        ["growth", "quarter", "economy"],
        [
            (
                "Lusmark GDP grows 0.6% in third quarter, {lead} says",
                "Lusmark's gross domestic product grew 0.6% in the third quarter from the second, "
                "the {lead} said in its first estimate; economists had expected 0.4%. Growth on a "
                "year earlier was 2.1%.",
            ),
            (
                "{lead} trims third-quarter GDP growth to 0.5%",
                "The {lead} revised third-quarter GDP growth down to 0.5% from 0.6% in its second "
                "estimate, as construction output was weaker than first reported.",
            ),
            (
                "Exports lift Lusmark GDP, {lead} reports",
                "Exports rose 2.3% in the third quarter and household spending 0.3%, the {lead} "
                "reported with its GDP figures.",
            ),
            (
                "Lusmark GDP 2.4% larger than a year ago, {lead} figures show",
                "Lusmark's economy was 2.4% larger than a year earlier in the third quarter, "
                "according to {lead} figures cited by the finance ministry.",
            ),
        ],
        ["{lead} appoints a new chief statistician"],
        "steady",
        ["reuters.com", "economist.com", "ft.com", "afp.com"],
        home_domains=["lsb.lusmark.example.org"],
    ),
    DemoEvent(
        "ipo-kestrel-motors",
        "Kestrel Motors IPO",
        "kestrel-motors",
        None,
        "markets",
        ["valtor-exchange", "ilse-marrow"],
        ["ipo", "initial public offering", "listing", "market debut"],
        ["shares", "priced", "valuation"],
        [
            (
                "{lead} prices IPO at 24 euros a share, raising 1.8 billion",
                "{lead} priced its initial public offering at 24 euros a share, the top of its "
                "21-to-24 range, raising 1.8 billion euros and valuing the electric van maker at "
                "9.6 billion euros.",
            ),
            (
                "{lead} shares jump 11% in market debut on the Valtor Exchange",
                "{lead} shares opened at 26.64 euros, 11% above the offer price, on their first "
                "day of trading on the Valtor Exchange.",
            ),
            (
                "{lead} listing raised 2.07 billion with over-allotment, bankers say",
                "Counting the over-allotment option, the {lead} listing raised 2.07 billion "
                "euros, bankers said; the company put the proceeds at 1.8 billion.",
            ),
            (
                "{lead} chief Ilse Marrow: IPO money pays for a second van plant",
                "Chief executive Ilse Marrow said {lead} would spend the IPO proceeds on a second "
                "plant building 120,000 vans a year from 2028.",
            ),
        ],
        ["{lead} sponsors a national cycling team"],
        "young",
        ["reuters.com", "ft.com", "cnbc.com", "economist.com"],
        unmarked=[
            (
                "{lead} stock slips below 25 euros as early buyers take profits",
                "{lead} stock fell to 24.90 euros on its sixth day of trading, giving back most "
                "of the first-day jump as early buyers sold.",
            ),
        ],
    ),
    DemoEvent(
        "data-breach-orchard-pay",
        "Orchard Pay data breach",
        "orchard-pay",
        None,
        "tech",
        ["lusmark-data-commissioner"],
        ["data breach", "breach", "hack"],
        ["customers", "fine", "records"],
        [
            (
                "{lead} data breach exposed 2.3 million customers' details",
                "{lead} said a data breach exposed the names, addresses and partial card numbers "
                "of 2.3 million customers; no full card numbers were taken.",
            ),
            (
                "{lead} breach bigger than disclosed, researchers say",
                "Security researchers said the {lead} breach leaked 3.1 million records, more "
                "than the 2.3 million customers the company disclosed, because closed accounts "
                "were included.",
            ),
            (
                "Lusmark Data Commissioner opens inquiry into {lead} hack",
                "The Lusmark Data Commissioner opened an inquiry into the {lead} hack; it can "
                "fine the payments firm up to 4% of its 610 million euros of annual revenue.",
            ),
            (
                "{lead} says breach began with a contractor's stolen password",
                "{lead} said attackers got in with a contractor's stolen password and were inside "
                "its systems for 9 days before the breach was found.",
            ),
        ],
        ["{lead} adds instalment payments to its app"],
        "rising",
        ["techcrunch.com", "reuters.com", "theguardian.com"],
    ),
    DemoEvent(
        "crewed-mission-lyra-4",
        "Lyra-4 crewed mission",
        "lyra-4",
        None,
        "science",
        ["palisade-aerospace", "kessary-launch-complex"],
        ["crewed mission", "docking", "splashdown", "lifts off"],
        ["crew", "launch", "orbit"],
        [
            (
                "{lead} crewed mission lifts off after two-day weather delay",
                "Palisade Aerospace launched the {lead} crewed mission from the Kessary Launch "
                "Complex with three astronauts aboard, two days later than planned after high "
                "winds.",
            ),
            (
                "{lead} completes docking with the orbital station",
                "The {lead} capsule completed docking with the orbital station 27 hours after "
                "launch; the crew was due to stay 12 days.",
            ),
            (
                "{lead} crewed mission extended to 16 days, Palisade says",
                "Palisade Aerospace extended the {lead} crewed mission to 16 days from the planned "
                "12 after docking went smoothly; splashdown moves back four days.",
            ),
            (
                "{lead} crewed mission: commander Tove Arneson leads a crew of three",
                "Commander Tove Arneson leads the three-person crew of the {lead} crewed mission, "
                "the first Palisade flight to carry a paying scientist.",
            ),
        ],
        ["{lead} mission patch designed by schoolchildren"],
        "young",
        ["reuters.com", "apnews.com", "bbc.co.uk"],
    ),
    DemoEvent(
        "summit-seventh-tidewater-summit",
        "Seventh Tidewater Summit",
        "tidewater-summit",
        None,
        "world",
        ["port-halloran"],
        ["pledges", "declaration", "ocean fund"],
        ["countries", "signed", "plastics"],
        [
            (
                "Seventh {lead} closes with 4.2 billion dollars in ocean pledges",
                "The seventh {lead} closed in Port Halloran with pledges of 4.2 billion dollars "
                "for ocean clean-up from 94 countries, the hosts said.",
            ),
            (
                "Campaigners count 3.8 billion in new money among {lead} pledges",
                "Campaigners said only 3.8 billion dollars of the pledges at the seventh {lead} "
                "was new money; the rest had been promised before.",
            ),
            (
                "{lead} declaration sets a 2035 plastics target",
                "The declaration of the seventh {lead} commits signatories to halve plastic "
                "leakage into the sea by 2035; 81 of the 94 delegations signed it.",
            ),
            (
                "Port Halloran opens seventh {lead} hoping for 5 billion in pledges",
                "Delegates from 94 countries arrived in Port Halloran for the seventh {lead}, "
                "where the hosts hoped for pledges of 5 billion dollars.",
            ),
        ],
        ["{lead} logo competition opens"],
        "fading",
        ["afp.com", "aljazeera.com", "theguardian.com", "euronews.com"],
    ),
    DemoEvent(
        "court-ruling-estravia-surveillance-law",
        "Constitutional Court of Estravia ruling on the surveillance law",
        "constitutional-court-of-estravia",
        None,
        "politics",
        ["estravia"],
        ["ruling", "unconstitutional", "surveillance law"],
        ["judges", "articles", "privacy"],
        [
            (
                "{lead} strikes down parts of surveillance law in landmark ruling",
                "The {lead} struck down three of the eleven contested articles of the "
                "surveillance law, ruling 6-3 that bulk retention of phone data breached privacy.",
            ),
            (
                "{lead} ruling gives parliament 12 months to rewrite the law",
                "The {lead} gave parliament 12 months to rewrite the struck-down articles; until "
                "then phone data may be kept for 6 months instead of 24.",
            ),
            (
                "Government says {lead} ruling leaves the core of the law standing",
                "The interior ministry said the {lead} ruling left eight of the eleven articles "
                "standing; rights groups said the key article fell by a narrower 5-4 vote.",
            ),
        ],
        ["{lead} opens its archive to historians"],
        "steady",
        ["euronews.com", "afp.com", "france24.com", "theguardian.com"],
    ),
    DemoEvent(
        "fishing-quota-coral-sea-bigeye-tuna",
        "Coral Sea Fisheries Commission bigeye tuna quota",
        "coral-sea-fisheries-commission",
        None,
        "world",
        [],
        ["quota", "catch limit"],
        ["tuna", "tonnes", "bigeye"],
        [
            (
                "{lead} cuts bigeye tuna quota by 18%",
                "The {lead} cut the bigeye tuna catch limit by 18% to 41,000 tonnes for next "
                "season, after scientists warned stocks had fallen to 24% of unfished levels.",
            ),
            (
                "Members split as {lead} sets a lower catch limit",
                "Eleven of the {lead}'s 17 members backed the lower catch limit; four island "
                "states voted against and two abstained.",
            ),
            (
                "{lead} quota cut smaller than scientists urged",
                "Scientists had urged the {lead} to cut the quota by 30% to 35,000 tonnes; the "
                "18% cut leaves the catch limit at 41,000 tonnes.",
            ),
            (
                "Tuna industry says {lead} quota cut is really 22%",
                "A tuna industry group said the {lead} quota cut amounts to 22%, not 18%, once a "
                "2,000-tonne research allowance is taken out.",
            ),
        ],
        ["{lead} elects a new secretary"],
        "fading",
        ["reuters.com", "afp.com", "aljazeera.com"],
    ),
    DemoEvent(
        "flood-dunhollow-province",
        "Dunhollow Province floods",
        "dunhollow-province",
        "disaster",
        "weather",
        ["river-ambrel", "lusmark"],
        ["flood", "flooding", "floods"],
        ["evacuated", "rain", "river"],
        [
            (
                "{lead} flooding forces 14,000 from homes as River Ambrel bursts its banks",
                "About 14,000 people were evacuated in {lead} after the River Ambrel burst its "
                "banks; 162 mm of rain fell in 48 hours.",
            ),
            (
                "Death toll in {lead} floods rises to 11",
                "Eleven people have died in the {lead} floods, Lusmark's civil protection agency "
                "said, up from seven two days earlier.",
            ),
            (
                "River Ambrel peaks at 6.8 metres in {lead} flood",
                "The River Ambrel peaked at 6.8 metres at Ferrand bridge, the highest since "
                "records began, flooding the centre of the {lead} capital.",
            ),
            (
                "Local officials put {lead} flood evacuations at 19,000",
                "Local officials in {lead} said 19,000 people had left their homes in the "
                "flooding, more than the national figure of 14,000.",
            ),
        ],
        ["{lead} cheese festival returns"],
        "young",
        ["reuters.com", "apnews.com", "bbc.co.uk", "euronews.com"],
        unmarked=[
            (
                "{lead} schools stay shut as the water recedes",
                "Schools across {lead} stay shut for a second week: 230 are being cleaned and 31 "
                "need structural checks before pupils return.",
            ),
            (
                "Insurers brace for 900 million euros of claims in {lead}",
                "Insurers expect claims of about 900 million euros from homes and farms in "
                "{lead}, the national insurance association said.",
            ),
        ],
    ),
    DemoEvent(
        "budget-carrowmere-city-council",
        "Carrowmere City Council budget",
        "carrowmere-city-council",
        None,
        "politics",
        [],
        ["budget", "council tax"],
        ["libraries", "vote", "spending"],
        [
            (
                "{lead} passes 1.42 billion budget with a 4.9% council tax rise",
                "{lead} passed a 1.42 billion pound budget by 34 votes to 27, raising council tax "
                "by 4.9% and cutting 260 posts.",
            ),
            (
                "Bills to rise 5.1% after {lead} budget once transport levy is added",
                "Households will pay 5.1% more once the transport levy is added to the 4.9% "
                "council tax rise in the {lead} budget.",
            ),
            (
                "{lead} budget closes a 38 million gap with library closures",
                "The {lead} budget closes a 38 million pound gap by shutting 6 of its 19 "
                "libraries and raising parking charges.",
            ),
            (
                "Opposition calls {lead} budget hollow",
                "Opposition councillors said the {lead} budget relies on selling 55 million "
                "pounds of property to balance the books.",
            ),
        ],
        ["{lead} names a new poet laureate"],
        "fading",
        ["bbc.co.uk", "theguardian.com", "ft.com"],
    ),
    DemoEvent(
        "earthquake-isle-of-senna",
        "Isle of Senna earthquake",
        "isle-of-senna",
        "disaster",
        "weather",
        ["merrow-islands", "merrow-seismological-institute"],
        ["earthquake", "quake", "aftershocks"],
        ["magnitude", "killed", "injured"],
        [
            (
                "Magnitude 6.4 earthquake strikes the {lead}",
                "A magnitude 6.4 earthquake struck the {lead} at a depth of 12 km, the Merrow "
                "Seismological Institute said; 17 people were killed.",
            ),
            (
                "{lead} quake measured at 6.6 by international monitors",
                "International monitors measured the {lead} earthquake at magnitude 6.6, above "
                "the 6.4 given by the Merrow Seismological Institute.",
            ),
            (
                "{lead} earthquake death toll rises to 23",
                "The death toll from the {lead} earthquake rose to 23, with 140 injured, as "
                "rescuers searched collapsed buildings in the port of Lessay.",
            ),
            (
                "Aftershocks rattle the {lead}; 2,900 sleep in shelters",
                "More than 60 aftershocks, the strongest of magnitude 5.1, rattled the {lead}; "
                "about 2,900 people are sleeping in shelters.",
            ),
        ],
        ["{lead} ferry timetable changes for winter"],
        "young",
        ["apnews.com", "reuters.com", "aljazeera.com", "bbc.co.uk"],
        unmarked=[
            (
                "Piped water back for half of Lessay on the {lead}",
                "Half of the homes in Lessay, the main port on the {lead}, have piped water "
                "again; tankers supply the rest.",
            ),
        ],
    ),
    DemoEvent(
        "auction-sorvania-offshore-wind-round-4",
        "Sorvania offshore wind auction, fourth round",
        "sorvanian-energy-agency",
        None,
        "energy",
        ["sorvania", "halberd-renewables"],
        ["auction", "offshore wind", "strike price"],
        ["gigawatts", "round", "contracts"],
        [
            (
                "{lead} auction awards 3.2 GW of offshore wind in fourth round",
                "The {lead} awarded contracts for 3.2 gigawatts of offshore wind in its fourth "
                "round at an average strike price of 58 euros per megawatt-hour, below the 64 "
                "euro ceiling.",
            ),
            (
                "Halberd Renewables wins the biggest share of {lead} offshore wind auction",
                "Halberd Renewables won 1.4 gigawatts in the {lead} auction, the largest of five "
                "winning bids.",
            ),
            (
                "{lead} auction falls short of its 4 GW goal",
                "The {lead} auction had aimed to award 4 gigawatts; the 3.2 gigawatts awarded "
                "leave Sorvania behind its goal of 12 gigawatts of offshore wind by 2030.",
            ),
            (
                "Analysts put {lead} auction strike price at 61 euros after indexation",
                "Once indexation is counted, the average strike price in the {lead} auction is 61 "
                "euros per megawatt-hour, not 58, analysts said.",
            ),
        ],
        ["{lead} moves into new offices"],
        "steady",
        ["reuters.com", "ft.com", "economist.com"],
    ),
]


# What each topic is (issue 51): its kind, its own name and what tells it from a neighbour,
# curated here as a curator keeps it in the admin: (kind, name, edition, period, place,
# organisation, outcome).
IDENTITIES = {
    "econ-release-estravia-consumer-prices-october": (
        "statistical-release",
        "Estravia consumer prices",
        "",
        "October",
        "Estravia",
        "Estravian Statistics Office",
        "released",
    ),
    "econ-release-lusmark-gdp-third-quarter": (
        "statistical-release",
        "Lusmark GDP",
        "",
        "third quarter",
        "Lusmark",
        "Lusmark Statistics Board",
        "released",
    ),
    "ipo-kestrel-motors": ("company", "Kestrel Motors", "", "", "", "Valtor Exchange", "listed"),
    "data-breach-orchard-pay": ("company", "Orchard Pay", "", "", "", "", "breached"),
    "crewed-mission-lyra-4": (
        "mission",
        "Lyra-4",
        "4",
        "",
        "Kessary Launch Complex",
        "Palisade Aerospace",
        "launched",
    ),
    "summit-seventh-tidewater-summit": (
        "place-bound-event",
        "Tidewater Summit",
        "seventh",
        "",
        "Port Halloran",
        "",
        "held",
    ),
    "court-ruling-estravia-surveillance-law": (
        "policy-decision",
        "Constitutional Court of Estravia ruling on the surveillance law",
        "",
        "",
        "Estravia",
        "Constitutional Court of Estravia",
        "ruled",
    ),
    "fishing-quota-coral-sea-bigeye-tuna": (
        "policy-decision",
        "Coral Sea bigeye tuna quota",
        "",
        "",
        "Coral Sea",
        "Coral Sea Fisheries Commission",
        "set",
    ),
    "flood-dunhollow-province": (
        "place-bound-event",
        "Dunhollow Province floods",
        "",
        "",
        "Dunhollow Province",
        "",
        "receded",
    ),
    "budget-carrowmere-city-council": (
        "policy-decision",
        "Carrowmere City Council budget",
        "",
        "",
        "Carrowmere",
        "Carrowmere City Council",
        "approved",
    ),
    "earthquake-isle-of-senna": (
        "place-bound-event",
        "Isle of Senna earthquake",
        "",
        "",
        "Isle of Senna",
        "Merrow Seismological Institute",
        "struck",
    ),
    "auction-sorvania-offshore-wind-round-4": (
        "policy-decision",
        "Sorvania offshore wind auction",
        "fourth round",
        "",
        "Sorvania",
        "Sorvanian Energy Agency",
        "awarded",
    ),
}

SOURCES = [
    dict(
        slug="estravia-consumer-price-release",
        name="Estravian Statistics Office consumer price index release",
        issuer="Estravian Statistics Office",
        cadence="Monthly: a flash estimate at month end, the final figure two weeks later",
        fetch_url="https://stat.estravia.example.org/cpi",
        parser="text-pattern",
        active_pattern=r"Consumer price index, \w+",
        quiet_pattern=r"No release scheduled",
        links=[{"label": "CPI release", "url": "https://stat.estravia.example.org/cpi"}],
        events=["econ-release-estravia-consumer-prices-october"],
        observed_state="active-advisories",
        read_state="read",
        observed="Consumer price index, October (final): annual inflation 3.6%, revised from the "
        "flash estimate of 3.4%.",
        observed_ref="https://stat.estravia.example.org/cpi",
        history=[
            (
                "active-advisories",
                "Consumer price index, October (flash): annual inflation 3.4%.",
                14,
            ),
            (
                "active-advisories",
                "Consumer price index, October (final): annual inflation 3.6%, revised from the "
                "flash estimate of 3.4%.",
                2,
            ),
        ],
    ),
    dict(
        slug="lusmark-gdp-estimates",
        name="Lusmark Statistics Board GDP estimates",
        issuer="Lusmark Statistics Board",
        cadence="Quarterly: a first estimate 30 days after the quarter, a second at 60 days",
        fetch_url="https://lsb.lusmark.example.org/gdp",
        parser="text-pattern",
        active_pattern=r"GDP, third quarter",
        quiet_pattern=r"No estimate this week",
        links=[{"label": "GDP estimates", "url": "https://lsb.lusmark.example.org/gdp"}],
        events=["econ-release-lusmark-gdp-third-quarter"],
        observed_state="active-advisories",
        read_state="read",
        observed="GDP, third quarter (second estimate): growth of 0.5% on the quarter, revised "
        "from 0.6%; 2.1% on a year earlier.",
        observed_ref="https://lsb.lusmark.example.org/gdp",
        history=[
            (
                "active-advisories",
                "GDP, third quarter (first estimate): growth of 0.6% on the quarter.",
                30,
            ),
            (
                "active-advisories",
                "GDP, third quarter (second estimate): growth of 0.5% on the quarter, revised "
                "from 0.6%; 2.1% on a year earlier.",
                3,
            ),
        ],
    ),
    dict(
        slug="kestrel-motors-offering-notices",
        name="Kestrel Motors investor relations: offering notices",
        issuer="Kestrel Motors",
        cadence="On each step of the offering",
        fetch_url="https://ir.kestrelmotors.example.org/offering",
        parser="text-pattern",
        active_pattern=r"Offer price",
        quiet_pattern=r"No offering in progress",
        links=[{"label": "Offering", "url": "https://ir.kestrelmotors.example.org/offering"}],
        events=["ipo-kestrel-motors"],
        observed_state="active-advisories",
        read_state="read",
        observed="Offer price set at 24 euros per share; 75 million shares allocated; gross "
        "proceeds 1.8 billion euros.",
        observed_ref="https://ir.kestrelmotors.example.org/offering",
        history=[
            ("active-advisories", "Offer price range set at 21 to 24 euros per share.", 16),
            (
                "active-advisories",
                "Offer price set at 24 euros per share; 75 million shares allocated; gross "
                "proceeds 1.8 billion euros.",
                8,
            ),
        ],
    ),
    dict(
        slug="orchard-pay-security-notice",
        name="Orchard Pay security notice",
        issuer="Orchard Pay",
        cadence="On each update of the incident",
        fetch_url="https://orchardpay.example.org/security-notice",
        parser="text-pattern",
        active_pattern=r"Security notice",
        quiet_pattern=r"No open incident",
        links=[{"label": "Notice", "url": "https://orchardpay.example.org/security-notice"}],
        events=["data-breach-orchard-pay"],
        observed_state="active-advisories",
        read_state="read",
        observed="Security notice: 2.3 million customers affected; full card numbers were not "
        "exposed.",
        observed_ref="https://orchardpay.example.org/security-notice",
        history=[
            ("no-active-systems", "No open incident.", 20),
            ("active-advisories", "Security notice: we are investigating unusual activity.", 9),
            (
                "active-advisories",
                "Security notice: 2.3 million customers affected; full card numbers were not "
                "exposed.",
                5,
            ),
        ],
    ),
    dict(
        slug="palisade-lyra-4-mission-status",
        name="Palisade Aerospace Lyra-4 mission status",
        issuer="Palisade Aerospace",
        cadence="Daily during a mission",
        fetch_url="https://palisade.example.org/missions/lyra-4",
        parser="text-pattern",
        active_pattern=r"Mission status: Lyra-4 (in flight|docked)",
        quiet_pattern=r"Mission status: Lyra-4 (scrubbed|on the ground)",
        links=[{"label": "Status", "url": "https://palisade.example.org/missions/lyra-4"}],
        events=["crewed-mission-lyra-4"],
        observed_state="active-advisories",
        read_state="read",
        observed="Mission status: Lyra-4 docked; mission extended to 16 days.",
        observed_ref="https://palisade.example.org/missions/lyra-4",
        history=[
            ("no-active-systems", "Mission status: Lyra-4 scrubbed for high winds.", 11),
            ("active-advisories", "Mission status: Lyra-4 in flight with a crew of three.", 9),
            ("active-advisories", "Mission status: Lyra-4 docked; mission extended to 16 days.", 2),
        ],
    ),
    dict(
        slug="tidewater-summit-communiques",
        name="Tidewater Summit secretariat communiqués",
        issuer="Tidewater Summit secretariat",
        cadence="During each summit",
        fetch_url="https://tidewatersummit.example.org/communiques",
        parser="text-pattern",
        active_pattern=r"Closing communiqu",
        quiet_pattern=r"Summit in session",
        links=[{"label": "Communiqués", "url": "https://tidewatersummit.example.org/communiques"}],
        events=["summit-seventh-tidewater-summit"],
        observed_state="active-advisories",
        read_state="read",
        observed="Closing communiqué of the seventh summit: 4.2 billion dollars pledged by 94 "
        "delegations; the declaration signed by 81.",
        observed_ref="https://tidewatersummit.example.org/communiques",
        history=[
            ("no-active-systems", "Summit in session: 94 delegations registered.", 22),
            (
                "active-advisories",
                "Closing communiqué of the seventh summit: 4.2 billion dollars pledged by 94 "
                "delegations; the declaration signed by 81.",
                18,
            ),
        ],
    ),
    dict(
        slug="estravia-constitutional-court-judgments",
        name="Constitutional Court of Estravia judgments",
        issuer="Constitutional Court of Estravia",
        cadence="On the day a judgment is handed down",
        fetch_url="https://tribunal.estravia.example.org/judgments",
        parser="text-pattern",
        active_pattern=r"Judgment \d+",
        quiet_pattern=r"No judgment",
        links=[{"label": "Judgments", "url": "https://tribunal.estravia.example.org/judgments"}],
        events=["court-ruling-estravia-surveillance-law"],
        observed_state="active-advisories",
        read_state="read",
        observed="Judgment 41: articles 4, 7 and 9 of the Surveillance Act are unconstitutional; "
        "parliament has 12 months to legislate anew.",
        observed_ref="https://tribunal.estravia.example.org/judgments/41",
        history=[
            ("no-active-systems", "No judgment listed: hearing on the Surveillance Act held.", 26),
            (
                "active-advisories",
                "Judgment 41: articles 4, 7 and 9 of the Surveillance Act are unconstitutional; "
                "parliament has 12 months to legislate anew.",
                10,
            ),
        ],
    ),
    dict(
        slug="coral-sea-fisheries-measures",
        name="Coral Sea Fisheries Commission conservation measures",
        issuer="Coral Sea Fisheries Commission",
        cadence="At the annual meeting",
        fetch_url="https://csfc.example.org/measures",
        parser="text-pattern",
        active_pattern=r"Conservation measure",
        quiet_pattern=r"Draft measure",
        links=[{"label": "Measures", "url": "https://csfc.example.org/measures"}],
        events=["fishing-quota-coral-sea-bigeye-tuna"],
        observed_state="active-advisories",
        read_state="read",
        observed="Conservation measure 14: bigeye tuna total allowable catch of 41,000 tonnes "
        "for the next season.",
        observed_ref="https://csfc.example.org/measures/14",
        history=[
            (
                "no-active-systems",
                "Draft measure: bigeye tuna total allowable catch of 35,000 "
                "tonnes, as the scientific committee advised.",
                30,
            ),
            (
                "active-advisories",
                "Conservation measure 14: bigeye tuna total allowable catch of 41,000 tonnes "
                "for the next season.",
                21,
            ),
        ],
    ),
    dict(
        slug="lusmark-hydrology-river-ambrel",
        name="Lusmark hydrology service: River Ambrel at Ferrand",
        issuer="Lusmark Hydrology Service",
        cadence="Hourly during a flood",
        fetch_url="https://hydro.lusmark.example.org/ambrel/ferrand",
        parser="text-pattern",
        active_pattern=r"flood warning in force",
        quiet_pattern=r"No warnings",
        links=[{"label": "Gauge", "url": "https://hydro.lusmark.example.org/ambrel/ferrand"}],
        events=["flood-dunhollow-province"],
        observed_state="active-advisories",
        read_state="read",
        observed="River Ambrel at Ferrand: 5.9 m and falling; severe flood warning in force.",
        observed_ref="https://hydro.lusmark.example.org/ambrel/ferrand",
        history=[
            ("no-active-systems", "River Ambrel at Ferrand: 2.1 m. No warnings.", 12),
            (
                "active-advisories",
                "River Ambrel at Ferrand: 6.8 m; severe flood warning in force.",
                4,
            ),
            (
                "active-advisories",
                "River Ambrel at Ferrand: 5.9 m and falling; severe flood warning in force.",
                1,
            ),
        ],
    ),
    dict(
        slug="carrowmere-council-budget-papers",
        name="Carrowmere City Council budget papers",
        issuer="Carrowmere City Council",
        cadence="Yearly, with the budget",
        fetch_url="https://carrowmere.example.org/budget",
        parser="text-pattern",
        active_pattern=r"Budget adopted",
        quiet_pattern=r"Draft budget",
        links=[{"label": "Budget", "url": "https://carrowmere.example.org/budget"}],
        events=["budget-carrowmere-city-council"],
        observed_state="active-advisories",
        read_state="read",
        observed="Budget adopted: net revenue budget of 1.42 billion pounds; council tax up 4.9%.",
        observed_ref="https://carrowmere.example.org/budget",
        history=[
            ("no-active-systems", "Draft budget: council tax up 4.99%; 300 posts to go.", 32),
            (
                "active-advisories",
                "Budget adopted: net revenue budget of 1.42 billion pounds; council tax up 4.9%.",
                19,
            ),
        ],
    ),
    dict(
        slug="merrow-seismological-institute-events",
        name="Merrow Seismological Institute event page",
        issuer="Merrow Seismological Institute",
        cadence="Within minutes of each event",
        fetch_url="https://seismo.merrow.example.org/events",
        parser="text-pattern",
        active_pattern=r"Aftershock sequence ongoing",
        quiet_pattern=r"Sequence ended",
        links=[{"label": "Events", "url": "https://seismo.merrow.example.org/events"}],
        events=["earthquake-isle-of-senna"],
        observed_state="active-advisories",
        read_state="read",
        observed="Isle of Senna: magnitude 6.4, depth 12 km. Aftershock sequence ongoing.",
        observed_ref="https://seismo.merrow.example.org/events/senna",
        history=[
            (
                "active-advisories",
                "Isle of Senna: preliminary magnitude 6.2. Aftershock sequence ongoing.",
                8,
            ),
            (
                "active-advisories",
                "Isle of Senna: magnitude 6.4, depth 12 km. Aftershock sequence ongoing.",
                7,
            ),
        ],
    ),
    dict(
        slug="sorvania-offshore-wind-results",
        name="Sorvanian Energy Agency offshore wind auction results",
        issuer="Sorvanian Energy Agency",
        cadence="After each allocation round",
        fetch_url="https://energy.sorvania.example.org/offshore-wind",
        parser="text-pattern",
        active_pattern=r"Round \d results",
        quiet_pattern=r"Round \d open for bids",
        links=[{"label": "Results", "url": "https://energy.sorvania.example.org/offshore-wind"}],
        events=["auction-sorvania-offshore-wind-round-4"],
        observed_state="active-advisories",
        read_state="read",
        observed="Round 4 results: 3.2 GW awarded at a weighted average strike price of 58 "
        "euros/MWh.",
        observed_ref="https://energy.sorvania.example.org/offshore-wind/round-4",
        history=[
            ("no-active-systems", "Round 4 open for bids: 4 GW on offer.", 40),
            (
                "active-advisories",
                "Round 4 results: 3.2 GW awarded at a weighted average strike price of 58 "
                "euros/MWh.",
                12,
            ),
        ],
    ),
]

# (event subject, venue, external id, question, category, deadline offset days, probabilities)
MARKETS = [
    (
        "econ-release-estravia-consumer-prices-october",
        "kalshi",
        "ESTCPI-NOV-ABOVE35",
        "Will Estravia's November inflation come in above 3.5%?",
        "Economics",
        18,
        (38, 57),
    ),
    (
        "econ-release-estravia-consumer-prices-october",
        "polymarket",
        "estravia-october-flash-inflation-above-3-2",
        "Will Estravia's October flash inflation estimate exceed 3.2%?",
        "Economics",
        -14,
        (34, 96),
    ),
    (
        "econ-release-lusmark-gdp-third-quarter",
        "kalshi",
        "LUSGDP-Q4-ABOVE05",
        "Will Lusmark's fourth-quarter GDP growth exceed 0.5%?",
        "Economics",
        60,
        (44, 39),
    ),
    (
        "ipo-kestrel-motors",
        "polymarket",
        "kestrel-motors-above-ipo-price-30d",
        "Will Kestrel Motors trade above its 24 euro IPO price in 30 days?",
        "Business",
        22,
        (71, 52),
    ),
    (
        "ipo-kestrel-motors",
        "manifold",
        "kestrel-ipo-top-of-range",
        "Will Kestrel Motors price its IPO at the top of its range?",
        "Business",
        -8,
        (41, 93),
    ),
    (
        "data-breach-orchard-pay",
        "polymarket",
        "orchard-pay-fined-within-90-days",
        "Will the Lusmark Data Commissioner fine Orchard Pay within 90 days?",
        "Tech",
        85,
        (18, 33),
    ),
    (
        "crewed-mission-lyra-4",
        "kalshi",
        "LYRA4-FIRST-ATTEMPT",
        "Will Lyra-4 launch on its first scheduled attempt?",
        "Science",
        -11,
        (63, 4),
    ),
    (
        "crewed-mission-lyra-4",
        "manifold",
        "lyra-4-splashdown-by-day-16",
        "Will Lyra-4 splash down within 16 days of launch?",
        "Science",
        8,
        (66, 83),
    ),
    (
        "summit-seventh-tidewater-summit",
        "polymarket",
        "tidewater-seventh-pledges-5bn",
        "Will pledges at the seventh Tidewater Summit reach 5 billion dollars?",
        "World",
        -18,
        (47, 6),
    ),
    (
        "court-ruling-estravia-surveillance-law",
        "kalshi",
        "ESTCOURT-SURVEIL-STRIKE",
        "Will the Constitutional Court of Estravia strike down any part of the surveillance law?",
        "Politics",
        -10,
        (52, 97),
    ),
    (
        "fishing-quota-coral-sea-bigeye-tuna",
        "manifold",
        "csfc-bigeye-below-40k",
        "Will the Coral Sea Fisheries Commission set the bigeye tuna quota below 40,000 tonnes?",
        "World",
        -21,
        (58, 3),
    ),
    (
        "flood-dunhollow-province",
        "polymarket",
        "dunhollow-flood-deaths-above-15",
        "Will the Dunhollow Province flood death toll exceed 15?",
        "Weather",
        14,
        (22, 36),
    ),
    (
        "budget-carrowmere-city-council",
        "manifold",
        "carrowmere-budget-first-vote",
        "Will Carrowmere City Council pass its budget at the first vote?",
        "Politics",
        -19,
        (61, 94),
    ),
    (
        "earthquake-isle-of-senna",
        "polymarket",
        "senna-aftershock-m55-14d",
        "Will an aftershock of magnitude 5.5 or more hit the Isle of Senna within 14 days?",
        "Weather",
        7,
        (31, 14),
    ),
    (
        "auction-sorvania-offshore-wind-round-4",
        "kalshi",
        "SORVWIND-R4-3GW",
        "Will Sorvania's fourth offshore wind round award at least 3 GW?",
        "Energy",
        -12,
        (49, 98),
    ),
]

KINDRED_SEED = 20280611

KINDRED = World(
    VERTICALS, ENTITIES, OUTLETS, FEEDS, EVENTS, SOURCES, MARKETS, KINDRED_SEED, IDENTITIES
)


def kindred_load(*, today: date | None = None) -> dict[str, int]:
    """Load the kindred registry beside (or without) the others. Idempotent, as `demo_load` is."""
    return world_load(KINDRED, today=today)


def kindred_anchor_day() -> date | None:
    return world_anchor_day(KINDRED)
