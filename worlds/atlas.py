"""The atlas registry: a second world for the Answer Engine's eval
(`answers/measure/eval/atlas.json`).

The demo is the world the engine was tuned on; this one shares none of its topics or wording, so
an eval over it measures whether routing and answering generalise. Twelve topics far from the
demo's (a dock strike, a drought, a wildfire, a chip rule, a drug approval, a cup final, an
eruption, a merger ruling, a central bank outside the demo, a private launch, a bank's results, a
referendum). Countries, companies and people are fictional; the institutions named beside them
(a wire, a regulator) are real and claim nothing here beyond the illustrative.

Two topics (the dock strike and the drought) and the bank's results are reported partly in words
that carry no curated term (`unmarked`): the tagger never attaches those rows, only meaning finds
them. Loaded by the demo's loader (`worlds.demo.world_load`): idempotent, its own anchor day,
its own slugs, outlets shared with the demo by domain.
"""

from datetime import date

from registry.models import Event
from worlds.demo import OUTLETS as DEMO_OUTLETS
from worlds.demo import DemoEvent, World, world_anchor_day, world_load

VERTICALS = {
    "business": "Business and labour",
    "health": "Health and medicine",
    "sport": "Sport",
    "weather": "Weather and disasters",
    "tech": "Technology",
    "markets": "Markets",
    "politics": "Politics",
    "science": "Science and space",
}

# slug: (name, kind, tracked, verticals, aliases). Several names sit one letter-group away from
# names a question might say instead ("Skyforge"/"Starforge", "Brightwater"/"Clearwater",
# "Norbridge"/"Eastbridge"): those must be declined, never answered from the tracked one.
ENTITIES = {
    "valmora-dockworkers-union": (
        "Valmora Dockworkers Union",
        "organization",
        True,
        ["business"],
        ["VDU"],
    ),
    "port-of-valmora": ("Port of Valmora", "place", True, ["business"], ["Valmora port"]),
    "meridian-terminals": ("Meridian Terminals", "company", True, ["business"], []),
    "lowmark-ferries": ("Lowmark Ferries", "company", False, ["business"], []),
    "tessaly-basin": ("Tessaly Basin", "place", True, ["weather"], ["Tessaly"]),
    "tessaly-water-authority": (
        "Tessaly Water Authority",
        "organization",
        True,
        ["weather"],
        [],
    ),
    "lake-orrin": ("Lake Orrin", "place", True, ["weather"], []),
    "cardona-ridge-fire": ("Cardona Ridge Fire", "other", True, ["weather"], ["Cardona fire"]),
    "san-aurelio-county": ("San Aurelio County", "place", True, ["weather"], []),
    "aurelian-fire-service": ("Aurelian Fire Service", "organization", True, ["weather"], []),
    "bureau-of-industry-and-security": (
        "Bureau of Industry and Security",
        "organization",
        True,
        ["tech"],
        [],
    ),
    "lumentra-semiconductor": (
        "Lumentra Semiconductor",
        "company",
        True,
        ["tech"],
        ["Lumentra"],
    ),
    "veltrazumab": ("Veltrazumab", "other", True, ["health"], []),
    "orvane-therapeutics": ("Orvane Therapeutics", "company", True, ["health"], ["Orvane"]),
    "european-medicines-agency": (
        "European Medicines Agency",
        "organization",
        True,
        ["health"],
        ["EMA"],
    ),
    "continental-cup": ("Continental Cup", "other", True, ["sport"], []),
    "atletico-sarandi": ("Atlético Sarandí", "organization", True, ["sport"], ["Sarandí"]),
    "port-alder-united": ("Port Alder United", "organization", True, ["sport"], []),
    "mount-kelvar": ("Mount Kelvar", "place", True, ["weather", "science"], ["Kelvar"]),
    "kelvar-volcano-observatory": (
        "Kelvar Volcano Observatory",
        "organization",
        True,
        ["science"],
        [],
    ),
    "hallam-international-airport": (
        "Hallam International Airport",
        "place",
        True,
        ["weather"],
        ["Hallam airport"],
    ),
    "castellan-foods": ("Castellan Foods", "company", True, ["business"], ["Castellan"]),
    "norbridge-dairies": ("Norbridge Dairies", "company", True, ["business"], ["Norbridge"]),
    "competition-appeal-tribunal": (
        "Competition Appeal Tribunal",
        "organization",
        True,
        ["business"],
        [],
    ),
    "central-bank-of-corvala": (
        "Central Bank of Corvala",
        "organization",
        True,
        ["markets"],
        ["Corvala central bank"],
    ),
    "corvala": ("Corvala", "country", True, ["markets", "politics"], []),
    "skyforge-orbital": ("Skyforge Orbital", "company", True, ["science"], ["Skyforge"]),
    "halcyon-3": ("Halcyon-3", "other", True, ["science"], []),
    "punta-selva-spaceport": ("Punta Selva Spaceport", "place", True, ["science"], []),
    "brightwater-bank": ("Brightwater Bank", "company", True, ["markets"], ["Brightwater"]),
    "maren-holt": ("Maren Holt", "person", True, ["markets"], []),
    "veskaria": ("Veskaria", "country", True, ["politics"], []),
    "veskarian-electoral-commission": (
        "Veskarian Electoral Commission",
        "organization",
        True,
        ["politics"],
        [],
    ),
}

# The wires and syndicators are the demo's rows (shared by domain); the rest are this world's.
OUTLETS = {
    **{d: DEMO_OUTLETS[d] for d in ("reuters.com", "apnews.com", "afp.com")},
    **{d: DEMO_OUTLETS[d] for d in ("usnews.com", "news.yahoo.com", "france24.com")},
    "bbc.co.uk": DEMO_OUTLETS["bbc.co.uk"],
    "ft.com": DEMO_OUTLETS["ft.com"],
    "polymarket.com": DEMO_OUTLETS["polymarket.com"],
    "lloydslist.com": ("Lloyd's List", "outlet", False, None),
    "bloomberg.com": ("Bloomberg", "outlet", False, None),
    "dw.com": ("Deutsche Welle", "outlet", False, None),
    "elpais.com": ("El País", "outlet", False, None),
    "fiercepharma.com": ("Fierce Pharma", "outlet", False, None),
    "spacenews.com": ("SpaceNews", "outlet", False, None),
    "espn.com": ("ESPN", "outlet", False, None),
    "theregister.com": ("The Register", "outlet", False, None),
}

FEEDS = {
    "https://spacenews.com/feed/": ("spacenews.com", "science", []),
    "https://rss.dw.com/rdf/rss-en-all": ("dw.com", "politics", ["weather", "business"]),
}

EVENTS = [
    DemoEvent(
        "strike-port-of-valmora-dockworkers",
        "Port of Valmora dockworkers' strike",
        "valmora-dockworkers-union",
        None,
        "business",
        ["port-of-valmora", "meridian-terminals"],
        ["strike", "walkout", "picket line"],
        ["strike", "wages", "ships"],
        [
            (
                "{lead} strike halts cargo handling at the Port of Valmora",
                "About 4,200 members of the {lead} stopped work at the Port of Valmora, leaving "
                "38 ships waiting at anchor; the union wants a 9% pay rise over two years.",
            ),
            (
                "Meridian Terminals offers 4.5% as {lead} walkout enters second week",
                "Meridian Terminals offered a 4.5% raise, half the union's demand, as the {lead} "
                "walkout entered its second week; talks resume on Thursday in Valmora.",
            ),
            (
                "Picket line grows at Valmora gates as {lead} rejects offer",
                "The {lead} rejected the 4.5% offer by 91% of votes cast; about 600 pickets "
                "blocked the north gate of the Port of Valmora.",
            ),
            (
                "Shippers reroute as {lead} strike backs up 61,000 containers",
                "Carriers rerouted vessels to Brasca after the {lead} strike left some 61,000 "
                "containers stuck on the Valmora quays, port data showed.",
            ),
        ],
        ["{lead} elects new treasurer at annual congress"],
        "rising",
        ["reuters.com", "lloydslist.com", "ft.com", "bloomberg.com"],
        unmarked=[
            (
                "Cranes stand idle in Valmora as {lead} members stay home",
                "Not one of the 54 gantry cranes at Valmora moved a box on Tuesday; {lead} "
                "members stayed home for a ninth day and exporters say perishable fruit is "
                "rotting in refrigerated boxes.",
            ),
            (
                "{lead} and terminal operator agree to mediation by labour ministry",
                "The {lead} and Meridian Terminals accepted mediation by the national labour "
                "ministry; the mediator, Ines Carvallo, is to report within ten days.",
            ),
            (
                "Fruit exporters count losses of $140 million as {lead} dispute drags on",
                "Fruit growers said the {lead} dispute had cost them $140 million in spoiled "
                "cargo and lost contracts since dockers downed tools.",
            ),
        ],
    ),
    DemoEvent(
        "drought-tessaly-basin-water-rationing",
        "Tessaly Basin drought and water rationing",
        "tessaly-basin",
        "disaster",
        "weather",
        ["tessaly-water-authority", "lake-orrin"],
        ["drought", "water rationing", "reservoir"],
        ["rationing", "rainfall", "reservoirs"],
        [
            (
                "{lead} reservoirs fall to 23% as drought deepens",
                "Reservoirs in the {lead} held 23% of capacity, against 61% a year earlier; "
                "Lake Orrin has dropped 7 metres since June.",
            ),
            (
                "Water rationing extended across the {lead}",
                "The Tessaly Water Authority extended water rationing to all 1.3 million "
                "residents of the {lead}: supply is cut four days a week.",
            ),
            (
                "{lead} drought: only 38 mm of rain since June",
                "Only 38 mm of rainfall has been recorded in the {lead} since June, against an "
                "average of 210 mm, meteorologists said.",
            ),
            (
                "Farmers in the {lead} lose second harvest to drought",
                "Olive and wheat growers in the {lead} lost a second harvest to the drought; "
                "the regional government pledged 120 million in aid.",
            ),
        ],
        ["{lead} tourism board launches autumn hiking trails"],
        "steady",
        ["reuters.com", "dw.com", "elpais.com", "afp.com"],
        unmarked=[
            (
                "Taps run dry three days in four across the {lead}",
                "Households in the {lead} now get piped supply only one day in four; tanker "
                "lorries bring drinking water to 86 villages in the hills above Lake Orrin.",
            ),
            (
                "{lead} turns to a desalination barge from Brasca",
                "A desalination barge leased from Brasca is to supply 40,000 cubic metres a day "
                "to the {lead} coast from next month, the Tessaly Water Authority said.",
            ),
        ],
    ),
    DemoEvent(
        "wildfire-cardona-ridge",
        "Cardona Ridge wildfire",
        "cardona-ridge-fire",
        "disaster",
        "weather",
        ["san-aurelio-county", "aurelian-fire-service"],
        ["wildfire", "containment", "evacuation order"],
        ["acres", "contained", "evacuated"],
        [
            (
                "{lead} wildfire doubles to 48,000 acres overnight",
                "The {lead} grew to 48,000 acres overnight on dry winds of 50 mph; the Aurelian "
                "Fire Service said it was 12% contained.",
            ),
            (
                "Evacuation order widened as {lead} nears San Aurelio",
                "An evacuation order now covers 6,500 residents of San Aurelio County as the "
                "{lead} burned within 3 miles of the town of Mirabel.",
            ),
            (
                "Crews gain ground: {lead} containment reaches 35%",
                "Containment of the {lead} reached 35%, with 2,100 firefighters and 14 aircraft "
                "on the lines; 212 homes have been destroyed.",
            ),
        ],
        ["{lead} anniversary exhibit planned at county museum"],
        "young",
        ["apnews.com", "reuters.com", "bbc.co.uk"],
    ),
    DemoEvent(
        "export-controls-advanced-chip-rule",
        "Advanced chip export-control rule",
        "bureau-of-industry-and-security",
        None,
        "tech",
        ["lumentra-semiconductor"],
        ["export controls", "export licence", "chip rule"],
        ["chips", "licence", "exports"],
        [
            (
                "{lead} issues chip rule tightening export controls on AI accelerators",
                "The {lead} issued a chip rule requiring an export licence for accelerators "
                "above 600 TOPS to 14 countries; it takes effect in 30 days.",
            ),
            (
                "Lumentra Semiconductor says {lead} export controls hit $1.2 billion of sales",
                "Lumentra Semiconductor said the {lead} export controls put about $1.2 billion "
                "of annual sales at risk, roughly 18% of its revenue.",
            ),
            (
                "Chipmakers seek export licence guidance from {lead}",
                "Industry groups asked the {lead} for guidance on export licence applications; "
                "the agency said it would review them within 45 days.",
            ),
        ],
        ["{lead} announces new director of enforcement"],
        "rising",
        ["reuters.com", "theregister.com", "ft.com", "bloomberg.com"],
    ),
    DemoEvent(
        "drug-approval-veltrazumab-severe-asthma",
        "Veltrazumab approval for severe asthma",
        "veltrazumab",
        None,
        "health",
        ["orvane-therapeutics", "european-medicines-agency"],
        ["approval", "marketing authorisation", "positive opinion"],
        ["approved", "patients", "trial"],
        [
            (
                "Regulator recommends approval of {lead} for severe asthma",
                "The European Medicines Agency recommended approval of {lead}, Orvane "
                "Therapeutics' injection for severe asthma in adults.",
            ),
            (
                "{lead} wins marketing authorisation after 1,140-patient trial",
                "{lead} won marketing authorisation after a 1,140-patient trial in which "
                "severe asthma attacks fell by 52% against placebo.",
            ),
            (
                "Orvane prices {lead} at 18,400 euros a year after approval",
                "Orvane Therapeutics set a list price of 18,400 euros a year for {lead} after "
                "its approval; launch in Germany comes first, in the spring.",
            ),
        ],
        ["{lead} patent filing details published"],
        "fading",
        ["fiercepharma.com", "reuters.com", "ft.com"],
    ),
    DemoEvent(
        "football-continental-cup-final",
        "Continental Cup final",
        "continental-cup",
        None,
        "sport",
        ["atletico-sarandi", "port-alder-united"],
        ["final", "extra time", "penalties"],
        ["score", "goal", "trophy"],
        [
            (
                "Atlético Sarandí win the {lead} final 2-1 after extra time",
                "Atlético Sarandí beat Port Alder United 2-1 after extra time in the {lead} "
                "final; Tomás Ibarra scored the winner in the 108th minute.",
            ),
            (
                "{lead} final: 61,000 watch Sarandí lift the trophy",
                "A crowd of 61,000 at Estadio Calvera watched Atlético Sarandí lift the {lead} "
                "after the final went to extra time.",
            ),
            (
                "Port Alder United rue missed chances in {lead} final",
                "Port Alder United's coach Dara Whitcombe said two saves in extra time decided "
                "the {lead} final; his side had led 1-0 at half-time.",
            ),
        ],
        ["{lead} organisers unveil next season's match ball"],
        "young",
        ["espn.com", "reuters.com", "elpais.com", "bbc.co.uk"],
    ),
    DemoEvent(
        "eruption-mount-kelvar-airport-closures",
        "Mount Kelvar eruption and airport closures",
        "mount-kelvar",
        "disaster",
        "science",
        ["kelvar-volcano-observatory", "hallam-international-airport"],
        ["eruption", "ash cloud", "alert level"],
        ["ash", "flights", "airport"],
        [
            (
                "{lead} eruption sends ash 11 km high, alert level raised to red",
                "The Kelvar Volcano Observatory raised the alert level to red after {lead} sent "
                "an ash column 11 km into the sky.",
            ),
            (
                "Ash cloud from {lead} shuts Hallam International Airport",
                "Hallam International Airport closed for a third day as the ash cloud from "
                "{lead} drifted east; 340 flights were cancelled.",
            ),
            (
                "{lead} eruption: 2,300 villagers moved from the slopes",
                "Authorities moved 2,300 villagers from within 8 km of {lead} after the "
                "eruption intensified overnight.",
            ),
        ],
        ["{lead} hiking permits suspended for the winter season"],
        "rising",
        ["reuters.com", "apnews.com", "dw.com", "bbc.co.uk"],
    ),
    DemoEvent(
        "court-ruling-castellan-norbridge-merger",
        "Castellan Foods and Norbridge Dairies merger ruling",
        "castellan-foods",
        None,
        "business",
        ["norbridge-dairies", "competition-appeal-tribunal"],
        ["merger", "tribunal ruling", "takeover"],
        ["blocked", "ruling", "appeal"],
        [
            (
                "Tribunal upholds block on {lead} merger with Norbridge Dairies",
                "The Competition Appeal Tribunal upheld the block on the 3.4 billion pound "
                "merger of {lead} and Norbridge Dairies, whose combined share of chilled dairy "
                "would have been 41%.",
            ),
            (
                "{lead} shares fall 6.2% after tribunal ruling",
                "{lead} shares fell 6.2% after the tribunal ruling; the company has 28 days to "
                "seek leave to appeal.",
            ),
            (
                "{lead} weighs next step after takeover of Norbridge blocked",
                "{lead} chief executive Priya Lanner said the board would decide within four "
                "weeks whether to appeal the blocked takeover.",
            ),
        ],
        ["{lead} launches plant-based yoghurt range"],
        "steady",
        ["ft.com", "reuters.com", "bloomberg.com"],
    ),
    DemoEvent(
        "rate-decision-central-bank-of-corvala",
        "Central Bank of Corvala rate decision",
        "central-bank-of-corvala",
        "rate-decision",
        "markets",
        ["corvala"],
        ["policy rate", "rate decision", "rate cut"],
        ["rate", "inflation", "peso"],
        [
            (
                "{lead} cuts policy rate by 50 basis points to 6.25%",
                "The {lead} cut its policy rate by 50 basis points to 6.25% from 6.75%, citing "
                "inflation of 3.8%, inside its 2% to 4% target band.",
            ),
            (
                "Peso slips as {lead} delivers bigger-than-expected rate cut",
                "The Corvalan peso fell 1.1% against the dollar after the {lead} rate cut of 50 "
                "basis points; economists had expected 25.",
            ),
            (
                "{lead} governor Elena Varga signals pause after rate decision",
                "Governor Elena Varga said the {lead} would pause after its rate decision to "
                "watch how the cut to 6.25% passes through to lending.",
            ),
        ],
        ["{lead} issues commemorative coin"],
        "steady",
        ["reuters.com", "bloomberg.com", "elpais.com", "ft.com"],
        tier=Event.Tier.FULL,
        home_domains=["bcc.example.org"],
    ),
    DemoEvent(
        "satellite-launch-skyforge-orbital-halcyon-3",
        "Skyforge Orbital Halcyon-3 launch",
        "skyforge-orbital",
        None,
        "science",
        ["halcyon-3", "punta-selva-spaceport"],
        ["launch", "liftoff", "scrubbed"],
        ["launch", "orbit", "rocket"],
        [
            (
                "{lead} scrubs Halcyon-3 launch over upper-stage valve",
                "{lead} scrubbed the launch of its Halcyon-3 satellite at Punta Selva "
                "Spaceport for the second time, citing an upper-stage valve fault.",
            ),
            (
                "{lead} sets new launch window for Halcyon-3",
                "{lead} set a new launch window opening in nine days for the 420 kg Halcyon-3, "
                "bound for a 550 km orbit.",
            ),
            (
                "Second scrub puts {lead} launch schedule under pressure",
                "Two scrubbed attempts have delayed the {lead} Halcyon-3 launch by three weeks; "
                "the company has one more rocket ready this year.",
            ),
        ],
        ["{lead} opens engineering office in Lisbon"],
        "fading",
        ["spacenews.com", "reuters.com", "bbc.co.uk"],
    ),
    DemoEvent(
        "quarterly-results-brightwater-bank-q3",
        "Brightwater Bank third-quarter results",
        "brightwater-bank",
        None,
        "markets",
        ["maren-holt"],
        ["quarterly results", "net profit", "earnings"],
        ["profit", "quarter", "dividend"],
        [
            (
                "{lead} quarterly results: net profit up 14% to 1.92 billion euros",
                "{lead} reported third-quarter net profit of 1.92 billion euros, up 14%, on net "
                "interest income of 4.1 billion euros.",
            ),
            (
                "{lead} earnings beat forecasts; buyback of 500 million euros",
                "{lead} earnings beat analysts' forecasts of 1.75 billion euros and the bank "
                "announced a 500 million euro share buyback; shares rose 3.4%.",
            ),
            (
                "{lead} chief Maren Holt says net profit will hold up in 2027",
                "Chief executive Maren Holt said {lead} net profit would hold up next year as "
                "the bank's CET1 capital ratio stood at 14.6%.",
            ),
        ],
        ["{lead} sponsors city marathon"],
        "young",
        ["reuters.com", "ft.com", "bloomberg.com"],
        unmarked=[
            (
                "{lead} to shut 120 branches and cut 1,800 jobs by 2028",
                "{lead} plans to close 120 of its 610 branches and cut 1,800 jobs by 2028 as "
                "customers move to its app, Maren Holt told staff.",
            ),
        ],
    ),
    DemoEvent(
        "referendum-veskaria-voting-age",
        "Veskaria voting-age referendum",
        "veskaria",
        "election",
        "politics",
        ["veskarian-electoral-commission"],
        ["referendum", "ballot measure"],
        ["turnout", "vote", "amendment"],
        [
            (
                "{lead} votes yes to lowering voting age to 16 in referendum",
                "Voters in {lead} backed lowering the voting age to 16 by 57.3% to 42.7% in the "
                "referendum, the Veskarian Electoral Commission said.",
            ),
            (
                "{lead} referendum turnout reaches 64.8%",
                "Turnout in the {lead} referendum was 64.8%, with 3.1 million votes cast, the "
                "electoral commission said.",
            ),
            (
                "Electoral commission certifies {lead} referendum result",
                "The Veskarian Electoral Commission certified the {lead} referendum result; the "
                "amendment takes effect before the next general election.",
            ),
        ],
        ["{lead} national orchestra tours abroad"],
        "fading",
        ["afp.com", "dw.com", "france24.com"],
    ),
]


# What each topic is (issue 51): its kind, its own name and what tells it from a neighbour,
# curated here as a curator keeps it in the admin: (kind, name, edition, period, place,
# organisation, outcome).
IDENTITIES = {
    "strike-port-of-valmora-dockworkers": (
        "place-bound-event",
        "Port of Valmora dockworkers' strike",
        "",
        "",
        "Port of Valmora",
        "Valmora Dockworkers Union",
        "ended",
    ),
    "drought-tessaly-basin-water-rationing": (
        "place-bound-event",
        "Tessaly Basin drought",
        "",
        "",
        "Tessaly Basin",
        "Tessaly Water Authority",
        "ended",
    ),
    "wildfire-cardona-ridge": (
        "place-bound-event",
        "Cardona Ridge wildfire",
        "",
        "",
        "San Aurelio County",
        "Aurelian Fire Service",
        "contained",
    ),
    "export-controls-advanced-chip-rule": (
        "policy-decision",
        "Advanced chip export-control rule",
        "",
        "",
        "",
        "Bureau of Industry and Security",
        "took effect",
    ),
    "drug-approval-veltrazumab-severe-asthma": (
        "product",
        "Veltrazumab",
        "",
        "",
        "",
        "Orvane Therapeutics",
        "approved",
    ),
    "football-continental-cup-final": (
        "place-bound-event",
        "Continental Cup final",
        "",
        "",
        "",
        "",
        "won",
    ),
    "eruption-mount-kelvar-airport-closures": (
        "place-bound-event",
        "Mount Kelvar eruption",
        "",
        "",
        "Mount Kelvar",
        "Kelvar Volcano Observatory",
        "erupted",
    ),
    "court-ruling-castellan-norbridge-merger": (
        "policy-decision",
        "Castellan Foods and Norbridge Dairies merger ruling",
        "",
        "",
        "",
        "Competition Appeal Tribunal",
        "ruled",
    ),
    "rate-decision-central-bank-of-corvala": (
        "policy-decision",
        "Central Bank of Corvala rate decision",
        "",
        "",
        "Corvala",
        "Central Bank of Corvala",
        "cut",
    ),
    "satellite-launch-skyforge-orbital-halcyon-3": (
        "mission",
        "Halcyon-3",
        "3",
        "",
        "Punta Selva Spaceport",
        "Skyforge Orbital",
        "launched",
    ),
    "quarterly-results-brightwater-bank-q3": (
        "statistical-release",
        "Brightwater Bank third-quarter results",
        "",
        "third quarter",
        "",
        "Brightwater Bank",
        "released",
    ),
    "referendum-veskaria-voting-age": (
        "election",
        "Veskaria voting-age referendum",
        "",
        "",
        "Veskaria",
        "Veskarian Electoral Commission",
        "passed",
    ),
}

# The issuers' latest words, as their pages and feeds carry them.
CORVALA_CUT = (
    "Monetary Policy Committee decision: the Committee decided to lower the policy rate by 50 "
    "basis points to 6.25%."
)
CARDONA_NOW = "Incident active: 48,000 acres, 35% contained, evacuation order for 6,500 residents."
CORVALA_HOLD = "Monetary Policy Committee decision: the policy rate is maintained at 6.75%."

SOURCES = [
    dict(
        slug="tessaly-water-drought-bulletin",
        name="Tessaly Water Authority drought bulletin",
        issuer="Tessaly Water Authority",
        cadence="Weekly, Mondays",
        fetch_url="https://water.tessaly.example.org/bulletin",
        parser="text-pattern",
        active_pattern=r"Stage [23] restrictions in force",
        quiet_pattern=r"Stage 1: voluntary savings",
        links=[{"label": "Bulletin", "url": "https://water.tessaly.example.org/bulletin"}],
        events=["drought-tessaly-basin-water-rationing"],
        observed_state="active-advisories",
        read_state="read",
        observed="Stage 3 restrictions in force: piped supply cut four days a week.",
        observed_ref="https://water.tessaly.example.org/bulletin",
        history=[
            ("no-active-systems", "Stage 1: voluntary savings requested.", 30),
            ("active-advisories", "Stage 2 restrictions in force: garden watering banned.", 16),
            (
                "active-advisories",
                "Stage 3 restrictions in force: piped supply cut four days a week.",
                4,
            ),
        ],
    ),
    dict(
        slug="kelvar-observatory-alert-level",
        name="Kelvar Volcano Observatory alert level",
        issuer="Kelvar Volcano Observatory",
        cadence="Daily, and on every change of alert level",
        fetch_url="https://kvo.example.org/alert",
        parser="text-pattern",
        active_pattern=r"Alert level (orange|red)",
        quiet_pattern=r"Alert level green",
        links=[{"label": "Alert level", "url": "https://kvo.example.org/alert"}],
        events=["eruption-mount-kelvar-airport-closures"],
        observed_state="active-advisories",
        read_state="read",
        observed="Alert level red: eruption in progress, ash column 11 km above the summit.",
        observed_ref="https://kvo.example.org/alert",
        history=[
            ("no-active-systems", "Alert level green: background activity.", 20),
            ("active-advisories", "Alert level orange: ash emissions observed.", 6),
            (
                "active-advisories",
                "Alert level red: eruption in progress, ash column 11 km above the summit.",
                2,
            ),
        ],
    ),
    dict(
        slug="aurelian-fire-incident-cardona",
        name="Aurelian Fire Service incident page: Cardona Ridge",
        issuer="Aurelian Fire Service",
        cadence="Twice daily during an incident",
        fetch_url="https://fire.aurelia.example.org/incidents/cardona-ridge",
        parser="text-pattern",
        active_pattern=r"Incident active",
        quiet_pattern=r"Incident closed",
        links=[
            {"label": "Incident", "url": "https://fire.aurelia.example.org/incidents/cardona-ridge"}
        ],
        events=["wildfire-cardona-ridge"],
        observed_state="active-advisories",
        read_state="read",
        observed=CARDONA_NOW,
        observed_ref="https://fire.aurelia.example.org/incidents/cardona-ridge",
        history=[
            ("active-advisories", "Incident active: 21,000 acres, 0% contained.", 5),
            (
                "active-advisories",
                CARDONA_NOW,
                1,
            ),
        ],
    ),
    dict(
        slug="central-bank-of-corvala-decisions",
        name="Central Bank of Corvala monetary policy decisions",
        issuer="Central Bank of Corvala",
        cadence="Eight scheduled meetings a year",
        fetch_url="https://bcc.example.org/rss/decisions.xml",
        parser="central-bank-rss",
        links=[{"label": "Decisions", "url": "https://bcc.example.org/decisions"}],
        events=["rate-decision-central-bank-of-corvala"],
        observed_state=None,
        read_state="read",
        observed=CORVALA_CUT,
        observed_ref="https://bcc.example.org/decisions",
        history=[(None, CORVALA_HOLD, 45), (None, CORVALA_CUT, 5)],
    ),
    dict(
        slug="veskaria-referendum-results",
        name="Veskarian Electoral Commission results page",
        issuer="Veskarian Electoral Commission",
        cadence="On polling day and at certification",
        fetch_url="https://results.veskaria.example.org/referendum",
        parser="text-pattern",
        active_pattern=r"Count in progress",
        quiet_pattern=r"Result certified",
        links=[{"label": "Results", "url": "https://results.veskaria.example.org/referendum"}],
        events=["referendum-veskaria-voting-age"],
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
        "strike-port-of-valmora-dockworkers",
        "polymarket",
        "valmora-dock-strike-ends-two-weeks",
        "Will the Valmora dockworkers' strike end within two weeks?",
        "Business",
        14,
        (35, 62),
    ),
    (
        "wildfire-cardona-ridge",
        "kalshi",
        "CARDONA-FULLCONTAIN-21D",
        "Will the Cardona Ridge Fire be fully contained within 21 days?",
        "Climate",
        21,
        (20, 44),
    ),
    (
        "rate-decision-central-bank-of-corvala",
        "kalshi",
        "CORVALA-NEXTMTG-CUT",
        "Will the Central Bank of Corvala cut its policy rate again at its next meeting?",
        "Economics",
        30,
        (41, 27),
    ),
    (
        "rate-decision-central-bank-of-corvala",
        "polymarket",
        "corvala-hold-previous-meeting",
        "Will the Central Bank of Corvala hold its policy rate at 6.75% at its previous meeting?",
        "Economics",
        -45,
        (66, 91),
    ),
    (
        "satellite-launch-skyforge-orbital-halcyon-3",
        "manifold",
        "skyforge-halcyon-3-launch-30d",
        "Will Skyforge Orbital launch Halcyon-3 within 30 days?",
        "Science",
        30,
        (58, 47),
    ),
    (
        "eruption-mount-kelvar-airport-closures",
        "polymarket",
        "hallam-airport-reopens-7d",
        "Will Hallam International Airport reopen within 7 days?",
        "Weather",
        7,
        (80, 33),
    ),
    (
        "referendum-veskaria-voting-age",
        "manifold",
        "veskaria-voting-age-16-passes",
        "Will Veskaria's referendum on a voting age of 16 pass?",
        "Politics",
        -12,
        (55, 71),
    ),
]

ATLAS_SEED = 20270315

ATLAS = World(VERTICALS, ENTITIES, OUTLETS, FEEDS, EVENTS, SOURCES, MARKETS, ATLAS_SEED, IDENTITIES)


def atlas_load(*, today: date | None = None) -> dict[str, int]:
    """Load the atlas registry beside (or without) the demo. Idempotent, as `demo_load` is."""
    return world_load(ATLAS, today=today)


def atlas_anchor_day() -> date | None:
    return world_anchor_day(ATLAS)
