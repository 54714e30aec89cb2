"""The assertion-verb lexicon: which words make a document assert one of the 18 verbs.

A document asserts a verb when its title or summary contains one of the verb's phrases as whole
words (case-insensitive). The lexicon is deliberately small and high-precision: a missed verb
lowers `assertionCoverage` honestly, a wrong one would mislabel a row. Curating it is a code
change with a test, so every change is reviewed.
"""

from registry.models import AssertionVerb as V

LEXICON: dict[str, tuple[str, ...]] = {
    V.MILITARY_ACTION: ("airstrike", "airstrikes", "air strike", "shelling", "offensive",
                        "missile", "missiles", "drone strike", "bombing", "invasion", "troops",
                        "fighting", "clashes"),
    V.UTTERANCE: ("said", "says", "told", "warned", "warns", "statement", "remarks", "vowed",
                  "signals", "signal", "according to"),
    V.MEETING_VISIT: ("met with", "meets", "meeting", "visit", "visits", "summit", "talks",
                      "hosted", "delegation", "delegations", "ministers meet"),
    V.DISASTER: ("hurricane", "earthquake", "flood", "flooding", "wildfire", "storm surge",
                 "landfall", "tornado", "evacuation", "evacuations", "tsunami", "cyclone",
                 "tropical storm"),
    V.SANCTION_TRADE: ("sanctions", "tariff", "tariffs", "export ban", "embargo", "trade deal",
                       "output cuts", "production cuts", "quota"),
    V.LAUNCH_RELEASE: ("launch", "launches", "launched", "unveils", "unveiled", "rollout",
                       "liftoff", "launch date"),
    V.ACQUISITION: ("acquire", "acquires", "acquisition", "takeover", "buyout", "merger",
                    "to buy"),
    V.ELECTION: ("election", "elections", "vote", "ballot", "polls", "runoff", "turnout",
                 "referendum"),
    V.LEGAL_RULING: ("court ruling", "ruling", "ruled", "verdict", "judge", "lawsuit",
                     "indictment", "appeals court", "certifies"),
    V.REGULATORY_APPROVAL: ("approval", "approved", "approves", "clears", "authorization",
                            "authorisation", "licence granted", "license granted"),
    V.RATE_DECISION: ("rate decision", "interest rates", "rate cut", "rate hike", "holds rates",
                      "basis points", "deposit rate", "keeps rates"),
    V.ECON_RELEASE: ("jobs report", "payrolls", "inflation", "gdp", "cpi", "unemployment rate",
                     "flash estimate", "retail sales"),
    V.PRICE_THRESHOLD: ("record high", "all-time high", "falls below", "crosses", "tops",
                        "surges past", "oil rises", "oil falls"),
    V.FUNDING_ROUND: ("raises", "funding round", "series a", "series b", "series c",
                      "seed round", "valuation", "values"),
    V.SPORTS_OUTCOME: ("wins final", "won the", "defeats", "championship", "title win",
                       "clinches"),
    V.CEASEFIRE_DEAL: ("ceasefire", "truce", "peace deal", "peace talks", "armistice"),
    V.IPO_LISTING: ("ipo", "initial public offering", "goes public", "market debut",
                    "listing"),
    V.LEADER_EXIT: ("resigns", "resignation", "steps down", "ousted", "quits", "impeached"),
}  # fmt: skip
