"""Figures as a row states them: what is measured (its quantity), its value and unit, the period
it is of, and its status: the actual reading, a provisional one (a flash estimate), a revised one
(a later reading that replaces an earlier: "revised to 3.6%"), a forecast, an earlier reading (a
figure given as superseded: "up from 4.2%", "revised from 3.4%") or a rejected one.

"The unemployment rate was 4.3%" states the actual unemployment rate; "economists expect 4.2%"
a forecast; "up from 4.2%" an earlier reading; "the board rejected a bid of $3 billion" a rejected
one. The quantity is the run of lower-case words before the figure, less the words that link a
quantity to its value ("was", "rose to", "at") and a place or name set in it ("inflation in
<Country>", "the price in the <Agency> auction"); an earlier figure with none of its own is of the
quantity it is compared with ("rose to 4.3% from 4.2%"). The period is the month, quarter or year
the row gives the figure for ("2.1% in November, down from 2.3% in October"), empty when unsaid.

`held` gives every figure a row holds, whatever its layer: an issuer's reading and a report by
their words, a market capture as the crowd's price of its question as of its date. Two rows that
name the same quantity with actual figures that do not overlap disagree
(`answers.ground.conflicts`), unless the later revises the earlier (`revisions`: the later row says
it revised that figure, or one source's provisional figure is followed by its own later one of the
same period); of several figures of one quantity the newest actual comes first (`newest`).
`difference` and `ratio` work out a verdict's numbers, and `derived` the same numbers for the source
check, so the two never differ by a digit. The quantity notion lives here so that it can later be
read from the registry.
"""

import calendar
import functools
import itertools
import math
import re
from collections.abc import Collection
from dataclasses import dataclass, field, fields, replace
from typing import Any

from answers.understand import (
    CURRENCY_CODES,
    DAY_NUMBER,
    FINAL_WORDS,
    MONTHS,
    NOT_AN_END,
    PROVISIONAL_WORDS,
    STOP,
    WILL,
    phrases,
    stem,
    vocabulary,
)

# Currencies written by name after a sum ("25 euros", "4,500 crowns"), each name (and an
# irregular plural) to its unit: a sign where one is usual, else the currency's own name.
_CURRENCIES = {"euro": "€", "dollar": "$", "pound": "£", "yen": "¥", "franc": "CHF"} | {
    name: unit
    for unit, names in {
        "crown": "crown", "krona": "krona kronor", "krone": "krone kroner", "koruna": "koruna",
        "peso": "peso", "rupee": "rupee", "rand": "rand", "lira": "lira lire", "dinar": "dinar",
        "dirham": "dirham", "shilling": "shilling", "zloty": "zloty", "forint": "forint",
        "yuan": "yuan", "ruble": "ruble rouble", "riyal": "riyal", "ringgit": "ringgit",
        "baht": "baht", "naira": "naira", "rupiah": "rupiah", "hryvnia": "hryvnia",
    }.items()
    for name in names.split()
}  # fmt: skip
CURRENCY_NAMES = frozenset(_CURRENCIES)  # "25 euros": the unit a sum is written in
CURRENCY_UNITS = frozenset(_CURRENCIES.values())
SPELLED_OUT = {
    word: n
    for n, word in enumerate(
        """two three four five six seven eight nine ten eleven twelve thirteen fourteen
        fifteen sixteen seventeen eighteen nineteen twenty""".split(),
        start=2,
    )
}
# Whether a sentence gives any amount: a digit, or a count in words.
AMOUNT = re.compile(rf"\d|\b(?:{'|'.join(SPELLED_OUT)})\s+[^\W\d_]", re.IGNORECASE)
# A sum's scale as news writes it: "$640m" and "€2.5bn" as "$640 million" and "€2.5 billion".
_SCALE = {"million": 1e6, "billion": 1e9, "trillion": 1e12, "thousand": 1e3, "bn": 1e9,
          "mn": 1e6, "tn": 1e12, "m": 1e6, "k": 1e3}  # fmt: skip
_SCALES = "|".join(_SCALE)
_FIGURE = re.compile(
    rf"(?P<cur>[$€£]|\b(?:{'|'.join(CURRENCY_CODES)})\b)\s?(?P<amount>\d+(?:[.,]\d+)*)\s*"
    rf"(?:(?P<scale>{_SCALES})(?!\w))?"
    # "from 4.2% to 5.1%" is a change, two figures; "4.2% to 5.1%" alone is a range.
    r"|(?<=\bfrom\s)(?P<single>\d+(?:\.\d+)?)\s?(?:%|percent|per cent)"
    r"|(?<![\d.,])(?P<low>\d+(?:\.\d+)?)\s?(?:%|percent|per cent)"
    r"(?:\s*(?:to|and|-|\u2013)\s*(?P<high>\d+(?:\.\d+)?)\s?(?:%|percent|per cent))?"
    r"|(?P<bps>\d+)\s*(?:basis points|bps?)\b"
    rf"|(?P<sum>\d+(?:[.,]\d+)?)\s*(?:(?P<sum_scale>{_SCALES})(?!\w))?\s+(?P<currency>"
    + "|".join(sorted((f"{name}s?" for name in _CURRENCIES), key=len, reverse=True))
    + r")\b"
    r"|(?P<count>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?\s+(?:million|billion))"
    r"|(?P<decimal>\d+\.\d+)(?![\d%])"
    # A rank ("41st, up from 48th", "2nd in the table"); never an edition ("the 32nd fair") or a
    # day ("23rd November", "the 1st of May").
    r"|(?<![\d.,])(?P<rank>\d{1,4})(?:st|nd|rd|th)\b(?=\s*(?:[,;.)]|$)|\s+(?:place|position|spot"
    r"|in|on|out|among|from|to|and|after|behind|ahead|overall)\b)"
    # "310 tonnes": what follows counts; "2026/27 wheat" is a season, not 27 of anything;
    # "the TR-7 early warning units", "R7 weighs": a number in a name counts nothing.
    # "revised from 121, after ...", "up from 23.": a number a clause or a sentence ends on may
    # be set against a count (a sentence's last four digits are its year: "in October 2026.").
    r"|(?<![\d.,/])(?<!\d[-\u2013])(?<![^\W\d_])(?<![^\W\d_][-\u2013])(?P<small>\d{1,4})"
    r"(?=\s+[^\W\d_]|[,;)](?:\s|$)|(?<!\d{4})\.(?:\s|$))"
    # News writes counts under ten, and often to twenty, in words ("two climbers died").
    rf"|\b(?P<spelled>{'|'.join(SPELLED_OUT)})(?=\s+[^\W\d_])",
    re.IGNORECASE,
)
_WORD = re.compile(r"[^\W\d_][^\W_]*(?:['\u2019][^\W_]+)?|\d[\d.,]*%?")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_CLAUSE = re.compile(r"[;:()]|,(?!\d)|(?<=[.!?])\s|\s(?:and|but|while|whereas)\s")
_SENTENCE_END = re.compile(rf"(?<=[.!?]){NOT_AN_END}\s+")
# A clause that says when something else happened ("after sewage polluted the brook in June").
_SUBORDINATE = re.compile(r"\s(?:after|before|because|since|when|which|who|whose|where)\s")
# "from 152 to 148 megalitres": the number after "to", with the noun both count.
_RANGE_TO = re.compile(r"\s+to\s+\d[\d,.]*(?=\s+[^\W\d_])")
# The periods a figure is given for: a month (capitalised: "may" is a verb), a quarter, a year
# after a preposition ("by 2029" is a deadline, not a period).
_MONTHS = (
    r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
)
_PERIOD = re.compile(
    # Months run together ("January-October 2026: 3.95 million"): a total over them, never the
    # last month's figure.
    rf"\b(?P<span>{_MONTHS}\s*(?:-|\u2013|to|through)\s*{_MONTHS})\b"
    # A month, not a day of one ("on 17 November" says an occasion, not a period).
    rf"|(?<!\d\s)(?<!\d\d\s)\b(?P<month>{_MONTHS})\b(?!\s+\d{{1,2}}(?:st|nd|rd|th)?\b)"
    r"|\b(?P<quarter>(?i:first|second|third|fourth))[\s-](?i:quarter)\b"  # "Third-quarter revenue"
    # A season of a year ("autumn 2026": an intake, a harvest), said with its year ("a fall").
    r"|\b(?P<season_name>(?i:spring|summer|autumn|fall|winter))(?=\s+(?:of\s+)?(?:19|20)\d\d\b)"
    # A year's whole: "full-year 2026 guidance" is of 2026, not of a quarter said before it.
    r"|\b(?i:full[\s-]year)\s+(?P<full_year>(?:19|20)\d\d)\b"
    # A year to date ("in 2026 through November"): the months from January, not the year.
    rf"|\b(?:in|for|of|during)\s+(?P<to_date>(?:19|20)\d\d)\s+(?:through|to|until|up\s+to)\s+"
    rf"(?:the\s+end\s+of\s+)?(?P<to_month>{_MONTHS})\b"
    r"|\b[Qq](?P<q>[1-4])\b|\b(?:in|for|of|during)\s+(?P<year>(?:19|20)\d\d)\b(?![/\u2013-]\d)"
    # A year that says which one of a thing ("its 2025 decision", "the 2024 strike").
    r"|\b(?i:the|its|their|this|that|last)\s+(?P<year_of>(?:19|20)\d\d)(?=\s+[a-z])"
    # A season across two years ("the 2025/26 season", "2025-26"), wherever it is said.
    r"|\b(?P<season>(?:19|20)\d\d)[/\u2013-](?P<next>\d\d)(?!\d)",
)
_ORDINAL = {"1": "first", "2": "second", "3": "third", "4": "fourth"}
RANK = "rank"  # the unit of a place in a ranking ("41st"), held as its negative
# Words that link a quantity to its value: never part of what is measured.
LINKING = frozenset(
    """was were is are be been stood stand stands stay stays stayed remain remains remained at to of
    by rose rise rises fell fall falls edged edges up down climbed climbs dropped drops jumped
    slipped eased eases increased decreased grew came come in reached reaches hit hits kept
    keeping keep held holds hold unchanged steady around about near nearly almost some roughly
    closer nearer close
    over under above below just only a an the its their his her our new record total
    annualised annualized show shows showed showing rising rises holding puts put putting
    said says setting set now currently risen fallen grown has have had also again through
    until till""".split()
)
# Words that say which reading of a quantity, not which quantity: "annual inflation" and
# "inflation" are one quantity, "core inflation" another; a flash estimate and the final figure
# are two readings of one.
NEUTRAL = frozenset(
    """annual headline overall official final latest total reported nonfarm monthly yearly
    figure figures level levels number numbers reading readings flash estimate estimates
    preliminary provisional advance initial count counts tally own""".split()
)
_PREPOSITIONS = frozenset("in for of at across among on".split())
_ARTICLES = frozenset("the a an".split())
FORECAST = frozenset(
    """expect expects expected expecting forecast forecasts forecasters forecasting predict
    predicts predicted projected projects projection consensus seen could would might may
    toward towards aim aims aimed aiming poll polls economists analysts hope hopes hoped
    hoping urged urging proposed proposing sought seeking advised advises advise recommended
    recommends recommend plans planned planning intends intended""".split()
)
# ("preliminary", "initial": a provisional reading, not a superseded one: `PROVISIONAL`.)
EARLIER = frozenset("from previous previously prior earlier initially originally last".split())
_PERIODS_OF = frozenset("year's years' quarter's month's season's week's edition's".split())
# Words that say a figure replaces an earlier reading of the same thing.
REVISING = frozenset("revised revises revise revising revision trims trimmed corrected".split())
TARGETS = frozenset("target targets goal goals objective ceiling floor band".split())
# The nouns of a plan besides a forecast's ("its guidance", "analysts' expectations").
PLAN_NOUNS = TARGETS | frozenset(
    "projection projections expectation expectations outlook guidance proposal proposals".split()
)
PROVISIONAL = PROVISIONAL_WORDS
PLAN_STEMS = frozenset(stem(w) for w in PLAN_NOUNS)
FORECAST_STEMS = frozenset(stem(w) for w in FORECAST)
# Nouns that count anyone or anything ("how many people came" of "drew 184,000 visitors").
ANY_COUNT = frozenset(stem(w) for w in "people persons units items".split())
# What any sum is ("raised more money"): a figure in a currency, whatever it measures.
ANY_SUM = frozenset(stem(w) for w in "money cash funds sum sums amount".split())
# An estimate said of the figure itself ("estimates the harvest at", "is now estimated at"): a
# provisional reading, which a later count by its own speaker replaces.
ESTIMATED = frozenset("estimate estimates estimated".split())
REJECTED = frozenset("rejected reject rejects refused declined withdrawn spurned turned".split())
READINGS = frozenset({"actual", "provisional", "revised"})  # statuses that state a reading
# English grammar that says a figure is read anew, over time ("has now pumped", "rises to",
# "so far", "up from"): a later figure said without it reads the same thing otherwise.
_CHANGED = re.compile(
    r"\b(?:now|so far|to date|updated?|latest|ris(?:e|es|en|ing)|rose|climb(?:s|ed|ing)?|"
    r"rais(?:e|es|ed|ing)|increas(?:e|es|ed|ing)|(?:up|down) from|stands|reach(?:es|ed)|"
    r"taking|bringing|extend(?:s|ed|ing)?|lengthen(?:s|ed)?|shorten(?:s|ed)?)\b",
    re.IGNORECASE,
)
# The words that link a figure to what it is of ("a quota of 52,000 tonnes", "set at", "was",
# "reached"): a count after them is of the words before them.
_NAMING = frozenset(
    "of at to was were is are be been stood stands reached reaches totalled".split()
)
# English grammar: what stands before a verb ("to sell", "will sell"), and the verbs by which a
# row says who gives a figure rather than what it measures.
_VERB_BEFORE = frozenset("to will would shall should can could may might must".split())
_SPEAKING = frozenset(
    "said says put puts putting counted counts reported recorded records logged tallied".split()
)
# English grammar: the verbs by which a row says how many came or how many there were
# ("welcomed 48,000 visitors", "drew about 41,000", "totalled 18,700"): a count of them, never
# something done to them.
_CAME = frozenset(
    """welcomed welcomes attracted attracts drew draws drawn hosted hosts received receives
    totalled totaled totals numbered amounted""".split()
)
# The verbs that say who, never what was done; of them only `_SPEAKING` ahead of a figure names
# its speaker ("estimate" is as often a noun: "the office's cost estimate of").
_SAYING = _SPEAKING | frozenset("say reports told estimated estimates".split())
_SAID = re.compile(rf"\b(?:{'|'.join(sorted(_SPEAKING))})\b", re.IGNORECASE)
_SAID_AFTER = re.compile(
    r",\s*(?P<who>[^,;.]+?)\s+(?:said|says|reported|estimates?|estimated)\b"
    r"|\baccording to (?P<to>[^,;.]+)",
    re.IGNORECASE,
)
_DETERMINERS = frozenset("a an the its their his her our this that".split())
_OF_WHOLE = (["of"], ["of", "the"], ["of", "its"], ["of", "their"])  # "640 of its 2,100"
# "640 of its 2,100 trains"; never "round 2 of the 5G auction" (a mark, not a whole's count).
_PART_OF = re.compile(r"\s+of\s+(?:(?:the|its|their)\s+)?\d[\d,.]*(?![^\W\d_])")
# English grammar: past forms that take no "-ed" ("sold 190,000 tickets"), and the stems of
# verbs whose noun is another word ("sold", "sell": "sales"; "lost": "losses"), so that what was
# done and its noun measure one thing.
IRREGULAR_PAST = frozenset(
    """cut set held kept rose risen fell fallen won lost broke broken shut hit sank shrank grew
    grown began begun left led met paid sold spent struck drew drawn took taken gave given
    made saw seen went gone came ran brought bought built""".split()
)
# Of them, those that do something to what is counted ("sold 190,000 tickets" is not "250,000
# tickets on offer"); "drew 21,000 runners" says only how many came.
_DONE_IRREGULAR = frozenset("sold bought paid spent lost won built cut shut".split())
_NOUN_OF = {"sold": "sale", "sell": "sale", "lost": "loss", "lose": "loss", "spent": "spend",
            "paid": "pay", "built": "build", "won": "win", "grew": "grow", "bought": "buy",
            "made": "make", "gave": "give", "given": "give", "took": "take", "taken": "take",
            "drew": "draw", "drawn": "draw"}  # fmt: skip
# English grammar: the words that make a figure a bound, and which side of it the value lies.
_BOUNDS = {
    **dict.fromkeys(("more than", "over", "above", "at least", "upwards of", "in excess of",
                     "exceeding"), "above"),
    **dict.fromkeys(("less than", "fewer than", "under", "below", "at most", "as much as",
                     "as many as", "as high as", "up to"), "below"),
}  # fmt: skip
# English grammar: "over" as the particle of a verb ("handed over 4,610 homes"), not a bound.
_PARTICLE = re.compile(r"\b(?:hand|turn|sign|roll|carr)(?:s|ed|ied|ing|y)?\s+$", re.IGNORECASE)
# A verb of movement before "up to" ("edged up to 4.3%", "rose up to"): the level it reached.
_MOVED_UP = re.compile(r"\b(?:\w+ed|rose|risen|went|gone|grew|grown|came|shot|crept)\s+$", re.I)
_BOUND_WORDS = "|".join(bound.replace(" ", r"\s+") for bound in _BOUNDS)
_BOUND = re.compile(rf"(?:\b(?P<not>no|not)\s+)?\b(?P<bound>{_BOUND_WORDS})\s+$", re.IGNORECASE)
# Spans of time: a count of them says how long or when ("over the last 2 weeks"), never how
# many of something a premise claims; "how long" asks a figure in one of them.
TIME_UNITS = frozenset(
    "seconds minutes hours days nights weeks months years decades centuries".split()
)
MONTH = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november"
    r"|december)"
)
# A day of a month, however written ("3 November", "November 3rd", "the 3rd of November").
DAY_OF_MONTH = re.compile(
    rf"\b{DAY_NUMBER}\s+(?:of\s+)?{MONTH}\b|\b{MONTH}\s+{DAY_NUMBER}(?![\d%])", re.I
)
_A_DAY = re.compile(rf"(?:st|nd|rd|th)?\s+(?:of\s+)?{MONTH}\b", re.IGNORECASE)  # after its number
# The symbols of units of measure, by SI grammar (a prefix and a unit): "112.4 GWh", "660 MW".
UNIT_SYMBOL = re.compile(r"^(?:[kMGTP]?(?:W|Wh|Wp|J|V|Hz)|[kcm]?m[23]?|[km]?g|ha|bcm|mph)$")
UNIT_STEM = re.compile(UNIT_SYMBOL.pattern, re.IGNORECASE)  # the same, as a figure's stems
# What follows a counted noun when the count says when, not how many ("two weeks ago").
_AGO = frozenset("ago later earlier".split())
# Nouns whose plural takes no "-s" ("three people"); a short word is a unit ("40 km").
UNCHANGED_PLURALS = frozenset(
    """people children men women staff police personnel crew cattle sheep deer fish aircraft
    feet teeth geese data media series species""".split()
)
# One figure held to another: "more than", "against", "not the 31 hours it alleged".
_TALLIES = frozenset("count counts tally total totals".split())
_SET_AGAINST = frozenset(
    """than versus against whereas not instead rather above below disputing disputes contesting
    contradicting""".split()
)
# Words that end what a figure measures, read back from it.
_NOT_MEASURED = STOP | FORECAST | EARLIER | REJECTED | _SET_AGAINST
_DEFINITE = frozenset("the its their his her".split())  # "than the 31 hours": a figure given
_LOOK_BACK = 5  # words before a figure that say what kind of figure it is
_LOOK_AHEAD = 5  # words after a figure that may say it was revised ("3.6%, revised from")


@dataclass(frozen=True)
class Stated:
    quantity: frozenset[str]  # stems of what is measured ("unemploy", "rate"); empty if unsaid
    low: float
    high: float
    unit: str  # "%", "bp", a currency sign, "#" for a bare decimal, or "" for a count
    kind: str  # the status: actual | provisional | revised | forecast | earlier | rejected
    # | whole (the total a part is given of: "640 of its 2,100 trains")
    text: str  # the figure as the row writes it
    named: str = ""  # what is measured, in the row's words ("unemployment rate")
    period: str = ""  # what it is of, lower case ("october", "third quarter", "2026"), if said
    sentence: str = ""  # the sentence it stands in
    done: str = ""  # the stem of what was done to what a count counts ("shipped"), if said
    # "above" or "below" when the row gives a bound, not a reading ("more than 40 homes",
    # "under 200"): it holds every value past it, so it never disputes one that is.
    bound: str = ""
    day: str = ""  # the day of a month it is of ("27 november"), if said
    # The year its month or quarter is of, when said with it ("the third quarter of 2025",
    # "Q3 2026"): two periods of one name in two years are two periods.
    year: str = ""

    @property
    def status(self) -> str:
        return self.kind

    @property
    def dated(self) -> str:
        """Its period with the year said with it ("third quarter 2025"), or "" when none is."""
        return f"{self.period} {self.year}" if self.year else ""

    @property
    def reading(self) -> bool:
        """Whether it states a reading (actual, provisional or revised), not what is hoped for,
        superseded or turned down."""
        return self.kind in READINGS

    def overlaps(self, other: "Stated") -> bool:
        low, high = self.span
        other_low, other_high = other.span
        return low <= other_high and other_low <= high

    @property
    def span(self) -> tuple[float, float]:
        """The values it allows: its own, or all past its bound."""
        low = -math.inf if self.bound == "below" else self.low
        high = math.inf if self.bound == "above" else self.high
        return low, high


@dataclass(frozen=True)
class Figure(Stated):
    """A figure held: what a row states, with the row (`answers.ground.retrieval.Evidence`) it is
    in."""

    row: Any = field(default=None, compare=False)

    @property
    def date(self) -> str:
        return self.row.date or ""


def stated(text: str) -> list[Stated]:
    """Every figure `text` states, clause by clause, in order."""
    found: list[Stated] = []
    end = 0  # where the figure before ends: a quantity is never read across it
    for match in _FIGURE.finditer(text):
        if (value := _value(match)) is None:
            continue
        low, high, unit = value
        bound, lead = _bound(text, match)
        # What is measured stands before the bound's words ("could cost as much as $190m").
        head = text[: match.start() - len(lead)]
        before, opens = _clause_before(text, end, len(head))
        quantity, named = _quantity(before, opens, unit not in ("", "#", "%", "bp"), unit == "%")
        counted = _counted_after(text, match) if unit in ("", "#") else (frozenset(), "")
        plain = match.group("small") or match.group("spelled")
        counted = _plain_counted(text, match, counted, found) if plain else counted
        if counted is None:
            continue
        # "112.4 GWh": an amount of what follows, as "118 GWh" is.
        unit, plain = ("", "decimal") if unit == "#" and counted[1] else (unit, plain)
        quantity, named = _with_counted((quantity, named), counted, unit, before, head)
        quantity, named = _modifying((quantity, named), before, text[match.end() :], unit)
        quantity, named = _planned_of((quantity, named), before, opens, unit)
        quantity, named = _margin((quantity, named), before, text[: match.start()], unit)
        if not quantity and unit == "#":
            continue  # a bare decimal of nothing named is no figure to weigh
        written = _written(text, match, lead, counted[1] if plain else "")
        period, year = _period(text, match)
        figure = Stated(quantity, low, high, unit + _per(text, match), _kind_of(text, match),
                        written, named, period, _sentence_of(text, match).strip(),
                        _done_to(before, counted, unit), bound, _day(text, match),
                        year)  # fmt: skip
        between = _WORD.findall(text[end : match.start()])
        figure = _beside_before(found, figure, between)
        figure = _curated_in_clause(figure, before, text[match.end() :])
        found.append(_agreed_kind(_planned_kind(figure)))
        end = match.end()
    return _from_now(found)


def _beside_before(found: list[Stated], figure: Stated, between: list[str]) -> Stated:
    """The figure as the figures before it in the text make it (`between`: the words since the
    last): a part of a whole, a change against a reference, a value it went to or stands with,
    a rate set against another's."""
    figure = _of_whole(found, figure, between)
    figure = _compared(figure, _reference(found, figure, between), between)
    last = found[-1] if found else None
    figure = _coordinated(_went_to(figure, last, between), last, between)
    return _per_set_against(figure, last, between)


def _per_set_against(figure: Stated, before: Stated | None, between: list[str]) -> Stated:
    """A sum set against the one before it by a contrast, its rate's time unit unsaid ("€1,650
    a month, not the €1,450 <maker> announced"): of the same time unit."""
    if before is None or figure.unit == before.unit or "/" in figure.unit:
        return figure
    base, _, per = before.unit.partition("/")
    contrast = set(w.lower() for w in between) & _SET_AGAINST
    return replace(figure, unit=before.unit) if per and base == figure.unit and contrast else figure


def _curated_in_clause(figure: Stated, before: list[str], rest: str) -> Stated:
    """A figure whose nearest words name no curated quantity measures the one its clause says,
    when it says exactly one: a sum or a rate the one said before it ("raised its estimate of
    damage from the <place> earthquake to $3.1 billion": the earthquake is no quantity), a
    count one a curated phrase of several words says around it ("forced 18,600 residents from
    their homes"). A curator's word for what is measured outranks where a name stands."""
    if curated(figure.quantity):
        return figure
    after = _WORD.findall(_CLAUSE.split(rest, maxsplit=1)[0])
    clause = {stem(w.lower()) for w in [*before, *after] if w.isalpha()}
    if figure.unit in ("", "#"):
        phrases = _quantity_words()[1]
        said = frozenset(t for words, t in phrases if len(words) > 1 and words <= clause)
    else:
        said = curated(stem(w.lower()) for w in before if w.isalpha())
    return replace(figure, quantity=figure.quantity | said) if len(said) == 1 else figure


def _written(text: str, match: re.Match, lead: str, noun: str) -> str:
    """A figure as its row writes it, a bound's words first; a plain number with its noun
    ("310 tonnes")."""
    written = f"{lead}{match.group(0).strip()}"
    return f"{written} {_noun_written(text[match.end() :], noun)}" if noun else written


def _per(text: str, match: re.Match) -> str:
    """A rate's time unit ("1,600 incidents a month": "/month"), said in the figure's clause
    after it: a rate is no total of the same things, so it is held in its own unit."""
    found = _PER.match(text, match.end())
    return f"/{found.group(1).lower()}" if found else ""


# Never "a year earlier" or "a month ago": when, not how often.
_PER = re.compile(
    r"[^,;.:()]{0,40}?\b(?:a|an|per|each)\s+(hour|day|week|month|year)\b"
    r"(?!\s+(?:earlier|ago|before|later|after|on|from|previously))",
    re.I,
)


def _from_now(found: list[Stated]) -> list[Stated]:
    """ "Will lift it from 860,000 TEU to 1.05 million TEU by 2029": the figure a planned change
    starts from is the reading now, not a superseded one."""
    planned = [(f.sentence, f.unit) for f in found if f.kind == "forecast"]
    return [replace(f, kind="actual") if f.kind == "earlier" and (f.sentence, f.unit) in planned
            and _FROM_TO.search(f.sentence) else f for f in found]  # fmt: skip


_FROM_TO = re.compile(r"\bfrom\s+[^.;]*?\bto\b", re.IGNORECASE)


def _of_whole(found: list[Stated], figure: Stated, between: list[str]) -> Stated:
    """ "640 of its 2,100 trains": the part (the figure before, changed in `found`) counts what
    the whole counts; the whole is no reading of what the part measures."""
    if not found or [w.lower() for w in between] not in _OF_WHOLE:
        return figure
    part = found[-1]
    named = f"{part.named} {figure.named}".strip()
    found[-1] = replace(part, quantity=part.quantity | figure.quantity, named=named)
    return replace(figure, kind="whole")


def _reference(found: list[Stated], figure: Stated, between: list[str] = ()) -> Stated | None:
    """The figure before one that it may be compared with: the one just before it, or for an
    earlier reading or one set against another ("..., against 25,910") that names nothing, the
    one of its sentence and unit nearest its size ("63,410 students across eleven campuses, up
    from 60,940": the students, not the campuses)."""
    last = found[-1] if found else None
    if last is None or figure.quantity or not (figure.kind == "earlier" or _contrasted(between)):
        return last
    like = [f for f in found if f.sentence == figure.sentence and f.unit == figure.unit]
    size = abs(figure.low) or 1.0
    return min(like, key=lambda f: abs(math.log((abs(f.low) or 1.0) / size)), default=last)


def _counted_after(text: str, match: re.Match) -> tuple[frozenset[str], str]:
    """What a count counts, from the words after it; "from 152 to 148 megalitres": the first
    counts what the second does."""
    ranged = _RANGE_TO.match(text, match.end())
    after = text[ranged.end() if ranged else match.end() :]
    # "118 VA-350 aircraft": a model's number names what is counted, the noun after it counts.
    name = _name_before_noun(after)
    if any(c.isdigit() for c in name):
        after = after.split(name, 1)[1]
    return _counted(after)


def _coordinated(figure: Stated, before: Stated | None, between: list[str]) -> Stated:
    """A figure joined by "and" to an earlier one is earlier too ("up from 42 trams and €318
    million"): only the words of the figure before stand between them."""
    if before is None or before.kind != "earlier" or figure.kind != "actual":
        return figure
    said = {w.lower() for w in _WORD.findall(before.text)}
    rest = [w.lower() for w in between if w.lower() not in said]
    if rest and set(rest) <= {"and", "or"}:
        return replace(figure, kind="earlier")
    return figure


def _planned_kind(figure: Stated) -> Stated:
    """A figure of a plan's noun ("its guidance of 4% to 5%", either end of "guidance to €5.3
    billion to €5.5 billion") is planned, not read."""
    if figure.kind == "actual" and figure.quantity & PLAN_STEMS:
        return replace(figure, kind="forecast")
    return figure


def _agreed_kind(figure: Stated) -> Stated:
    """A term a deal sets, said with "will" ("will pay $710m" of a curated quantity a curator
    marks agreed): the term agreed, not a forecast."""
    built = vocabulary.built()
    if figure.kind == "forecast" and not figure.bound and built and (
            curated(figure.quantity) & built.agreed):  # fmt: skip
        return replace(figure, kind="actual")
    return figure


def _went_to(figure: Stated, before: Stated | None, between: list[str]) -> Stated:
    """The level a change went to ("volumes fell 3.0% to 15.8 million units") measures what
    the change did, whatever noun it counts in: the words before the change are its own."""
    if before is None or [w.lower() for w in between] != ["to"] or before.unit == figure.unit:
        return figure
    if not before.quantity or before.quantity <= figure.quantity:
        return figure
    return replace(figure, quantity=before.quantity | figure.quantity,
                   named=f"{before.named} {figure.named}".strip())  # fmt: skip


def timed(figure: Stated) -> bool:
    """Whether a figure counts a span of time ("four hours", "48 hours"), not things: its own
    noun is a unit of time ("the second round" is no second)."""
    words = figure.named.lower().split() or [""]
    # Its noun last ("a strike of 48 hours"), or first when plural ("hours underground"; the
    # ordinal of "second round turnout" is no unit).
    return words[0] in TIME_UNITS or words[-1] in TIME_UNITS or f"{words[-1]}s" in TIME_UNITS


def wholes(held_figures: list[Figure]) -> list[Figure]:
    """`held_figures` (of one row) less those it gives beside another reading of the same
    quantity and period with another value: parts of a whole ("trams carried 9.8 million
    journeys in October and the metro 11.2 million") or two sides the row sets side by side
    ("the operator puts it at 640; the union says 710"), neither the row's own reading of the
    whole; of a figure the row sets against its own ("14 tonnes, more than the operator's
    figure of 9 tonnes") only its own is kept."""
    readings = [f for f in held_figures if f.reading]

    def beside(f: Figure, g: Figure) -> bool:
        same = _projected(g.quantity) == _projected(f.quantity)
        periods = g.period == f.period or not (g.period and f.period)
        if (g.low, g.high) == (f.low, f.high) or g.unit != f.unit or not periods:
            return False
        between = _between(f, g)
        if between is not None and set(between) & _SET_AGAINST:
            return _at(f) > _at(g)  # the figure set against the row's own is another's
        # "860 pilots joined and 212 flights were cancelled": two things, not two parts.
        apart = bool(f.quantity and g.quantity) and not _projected(f.quantity) & _projected(
            g.quantity
        )
        return same or (between is not None and "and" in between and not apart)

    return [f for f in held_figures if not (f.reading and any(beside(f, g) for g in readings))]


def set_against(held_figures: list[Figure]) -> list[tuple[Figure, Figure]]:
    """(its own, the other's) for each figure a row sets against another of its sentence and
    unit ("19 hours, not the 31 hours the agency alleged"; "710,000 households, more than the
    company's own count of 640,000"): a dispute the row itself states."""
    pairs = []
    for other in (f for f in held_figures if f.reading):
        # The row's own is the first figure of the unit before the contrast ("will pay €27
        # million, including a €4 million earn-out, rather than the €23 million"): what it
        # sets apart, a reading or not.
        for own in sorted(held_figures, key=_at):
            between = _between(own, other)
            apart = (own.low, own.high) != (other.low, other.high) and own.unit == other.unit
            # A period said between them makes the other that period's ("6.4% more than in
            # October 2025 (1.73 million)"): a comparison, not a rival reading.
            # Only past the contrast: "4,610 homes in the year to September 2026, ..., more
            # than the 4,480" says its own period before it.
            past = _after_contrast(between or [])
            apart = apart and not any(_A_PERIOD.match(w) for w in past)
            # "27,340 ..., against 25,910 across the 2025-26 season": another period's figure,
            # set beside it, no rival reading.
            apart = apart and not (other.period and other.period != own.period)
            apart = apart and not _of_another_thing(own, other)
            if apart and _at(own) < _at(other) and between and set(between) & _SET_AGAINST:
                # "will cost €2.3 billion, not the €1.9 billion the board states": a sum to come
                # set against the one held is at odds with it too.
                # A bound to come ("will pay up to €27 million") is a ceiling, not a rival sum.
                to_come = own.kind == "forecast" and not own.bound
                pairs += [(own, other)] if own.reading or to_come else []
                break
    return pairs


def _of_another_thing(own: Figure, other: Figure) -> bool:
    """Whether the figure set against another is said of another named thing: a name whose
    possessive it follows past the contrast ("against <B>'s 4,100"), or one after a preposition
    in its clause ("against 3,200 evacuated from around <B>"), that the row's own clause does
    not say. A name that says it ("not the 14 hours the <office> alleged") is its giver: a
    rival reading, a dispute."""
    sentence = own.sentence
    start, at = sentence.find(own.text), sentence.find(other.text)
    if start < 0 or at <= start:
        return False
    contrast = max((m.end() for m in _CONTRAST_WORD.finditer(sentence, start, at)), default=at)
    after = _CLAUSE.split(sentence[at + len(other.text) :], maxsplit=1)[0]
    owner = {_noun_stem(m.group(1).lower()) for m in _OWNER.finditer(sentence[contrast:at])}
    placed = {_noun_stem(w.lower()) for m in _PLACED.finditer(after) for w in m.group(1).split()}
    mine = {_noun_stem(w.lower()) for w in _WORD.findall(_CLAUSE.split(sentence[:start])[-1])}
    return bool((owner | placed) - mine) or _arms(sentence[start + len(own.text) : contrast],
                                                  after)  # fmt: skip


def _arms(own_after: str, other_after: str) -> bool:
    """Whether the two figures are said of two groups or arms in parallel, one preposition
    with another object after each ("68% of patients on the drug ..., against 12% on
    placebo"): two things measured side by side, no rival reading of one."""
    mine = {m.group(1).lower(): m.group(2).lower() for m in _QUALIFIED.finditer(own_after)}
    theirs = {m.group(1).lower(): m.group(2).lower() for m in _QUALIFIED.finditer(other_after)}
    return any(p in mine and mine[p] != word for p, word in theirs.items())


_QUALIFIED = re.compile(r"\b(on|among|under|with|without|taking|receiving)\s+(?:the\s+|an?\s+)?"
                        r"([\w-]+)", re.IGNORECASE)  # fmt: skip


_CONTRAST_WORD = re.compile(rf"\b(?:{'|'.join(sorted(_SET_AGAINST))})\b", re.IGNORECASE)
_OWNER = re.compile(r"\b([A-Z][\w-]*)['\u2019]s\b")
_PLACED = re.compile(r"\b(?:at|in|around|near|across|of|for)\s+((?:[A-Z][\w-]*\s?)+)")


def set_beside(figure: Stated) -> bool:
    """Whether a figure's sentence sets it and another of its unit apart by a contrast word
    ("reached 11.2 km, against 6.1 km at <B>")."""
    others = [text for text, unit in _in_sentence(figure.sentence)
              if unit == figure.unit and text != figure.text]  # fmt: skip
    return bool(others) and _CONTRAST_WORD.search(figure.sentence) is not None


@functools.lru_cache(maxsize=1024)
def measured_in(sentence: str) -> frozenset[str]:
    """What the figures `sentence` states measure, together: read once a sentence."""
    return frozenset().union(*(f.quantity for f in stated(sentence)))


@functools.lru_cache(maxsize=1024)
def _in_sentence(sentence: str) -> tuple[tuple[str, str], ...]:
    """(text, unit) of each figure `sentence` states: read once a sentence, however many of its
    figures ask what stands beside them (`set_beside`, `around`)."""
    return tuple((f.text, f.unit) for f in stated(sentence))


def around(figure: Stated) -> str:
    """The words a figure is said with: its sentence between the figures either side, cut at
    a contrast word ("<A> released 7,800 tonnes" of "<A> released 7,800 tonnes a day against
    <B>'s 4,100 tonnes"; "<B>'s 4,100 tonnes" of the other)."""
    sentence = figure.sentence
    at = sentence.find(figure.text)
    if at < 0:
        return ""
    spans = [(m.start(), m.end()) for text, _ in _in_sentence(sentence) if text != figure.text
             for m in re.finditer(re.escape(text), sentence)]  # fmt: skip
    start = max((e for _, e in spans if e <= at), default=0)
    end = min((b for b, _ in spans if b >= at + len(figure.text)), default=len(sentence))
    before = _CONTRAST_WORD.split(sentence[start:at])[-1]
    return f"{before}{_CONTRAST_WORD.split(sentence[at:end])[0]}"


def _after_contrast(between: list[str]) -> list[str]:
    """The words after the last contrasting word ("than", "not") of `between`."""
    at = max((i for i, w in enumerate(between) if w in _SET_AGAINST), default=-1)
    return between[at + 1 :]


_A_PERIOD = re.compile(rf"^(?:{_MONTHS}|(?:19|20)\d\d)\W*$", re.IGNORECASE)  # a word of one


def _at(figure: Figure) -> int:
    return figure.sentence.find(figure.text)


def _between(f: Figure, g: Figure) -> list[str] | None:
    """The words between two figures of one sentence, None for figures of two sentences."""
    if f.sentence != g.sentence:
        return None
    at = sorted((_at(f), _at(g)))
    return _WORD.findall(f.sentence[at[0] : at[1]].lower())


def _small_count(text: str, match: re.Match, counted: tuple[frozenset[str], str]) -> bool:
    """Whether a plain number is a count: of the noun after it ("310 tonnes", "40 containers",
    "two climbers"), not a year ("in 2026"), the number of a name ("Line 5 trains", "Boeing 737
    jets"), a label ("a level 3 warning": more than one of a thing takes its plural) or a time
    ago ("two weeks ago")."""
    value = _value(match)[0]
    if _A_DAY.match(text[match.end() :]) or re.search(rf"{MONTH}\s+$", text[: match.start()], re.I):
        return False  # "on 20 November loans stood at": a day, not 20 of anything
    if _PART_OF.match(text[match.end() :]):
        return True  # "640 of its 2,100 trains": a part of a counted whole
    if _SOURCED_BEFORE.search(text[: match.start()]) or _SOURCED_AFTER.match(text[match.end() :]):
        return False  # "according to two people familiar with ...": who says, not a count
    before = _WORD.findall(text[: match.start()])[-1:]
    after = _WORD.findall(text[match.end() :])[:1]
    # "Line 5 trains" is a name's number; "Orvik Ferry Company: 140 sailings" is a count.
    joined = bool(re.search(r"[^\W_]\s*$", text[: match.start()]))
    named = joined and bool(before) and before[0][:1].isupper() and before[0].lower() not in STOP
    # "20 Corvid R8 trams": a name's count is of what the name is, not of the name's first word.
    naming = bool(after) and after[0][:1].isupper() and not _name_before_noun(text[match.end() :])
    naming = naming and not UNIT_SYMBOL.match(after[0])  # "118 GWh" is an amount, not a name
    words = counted[1].split()
    nouns = [w for w in counted[1].split(" of ")[0].split() if not w.endswith("ed")]
    told = any(_plural(noun) for noun in nouns)
    ago = bool(_AGO.intersection(words))
    return told and not ago and not 1800 <= value <= 2100 and not (named or naming)


# Who a report has its figure from, counted ("according to two people", "three people familiar
# with the talks", "two sources close to the board"): a count of who says, never of a thing.
_SOURCED_BEFORE = re.compile(r"\baccording\s+to\s+$", re.IGNORECASE)
_SOURCED_AFTER = re.compile(
    r"\s+[^\W\d_]+\s+(?:familiar\s+with|briefed\s+on|close\s+to|with\s+knowledge\s+of)\b",
    re.IGNORECASE,
)


def _plain_counted(text: str, match: re.Match, counted: tuple[frozenset[str], str],
                   found: list[Stated]) -> tuple[frozenset[str], str] | None:  # fmt: skip
    """What a plain number counts: its noun's (`_small_count`), nothing of its own when it is
    set against the count before it ("from 58 previously reported"), or None: no count."""
    if _small_count(text, match, counted):
        return counted
    return (frozenset(), "") if _against_count(text, match, found) else None


# Words that set a bare number against the count before it ("up from 47", "from 58 previously").
_AGAINST_COUNT = frozenset("from against versus vs".split())


def _against_count(text: str, match: re.Match, found: list[Stated]) -> bool:
    """Whether a plain number with no noun is set against the count before it in its sentence
    ("delivered 58 aircraft ..., up from 47 in the second quarter"; "to 56 aircraft, from 58
    previously reported"): a count of that count's noun, never a year."""
    before = _WORD.findall(text[: match.start()])[-1:]
    last = found[-1] if found else None
    if not before or before[0].lower() not in _AGAINST_COUNT or last is None:
        return False
    one = last.sentence == _sentence_of(text, match).strip()
    return one and not last.unit and bool(last.quantity) and not 1800 <= _value(match)[0] <= 2100


def _noun_written(after: str, counted: str) -> str:
    """The noun a plain count is written with: its first word ("310 tonnes"), or through the
    name before it as the row writes it ("300 Peliva Air flights")."""
    written = _WORD.findall(after)
    if name := _name_before_noun(after):
        return " ".join(after.split()[: len(name.split()) + 1])
    # The whole noun phrase the count counts ("412 personal data breach notifications"): its
    # first word alone ("412 personal") says nothing of what is counted.
    nouns = counted.split()
    # Only a noun phrase ending on its plural noun: "hikers died", "dockers take part" say
    # what the counted did, and are no part of what is counted.
    phrase = nouns[-1].endswith("s") and not any(w.endswith("ed") for w in nouns)
    if [w.lower() for w in written[: len(nouns)]] == nouns and phrase and not set(nouns) & STOP:
        return " ".join(written[: len(nouns)])
    return written[0] if written and written[0].lower() == nouns[0] else nouns[0]


def _name_before_noun(after: str) -> str:
    """The name standing between a count and the plural noun it counts, as the row writes it
    ("300 Peliva Air flights": "Peliva Air"; a model's number is part of its name: "118 VA-350
    aircraft", "20 Corvid R8 trams"), or "" when none does ("118 GWh in September")."""
    tokens = after.split()[:5]
    name = list(itertools.takewhile(_in_name, enumerate(tokens)))
    noun = tokens[len(name) : len(name) + 1]
    counts = bool(name and noun) and noun[0].isalpha() and noun[0].islower() and _plural(noun[0])
    counts = counts and noun[0] not in STOP  # "118 GWh in September": a unit, then when
    return " ".join(token for _, token in name) if counts else ""


_NAME_TOKEN = re.compile(r"[^\W_]+(?:[-\u2013][^\W_]+)*")


def _in_name(at_token: tuple[int, str]) -> bool:
    """Whether a word after a count is part of a name: capitalised, or a model's number after
    the name's first word ("Boeing 737"); a word with punctuation ends the name."""
    at, token = at_token
    starts = token[:1].isupper() or (at > 0 and token[:1].isdigit())
    return starts and bool(_NAME_TOKEN.fullmatch(token)) and not UNIT_SYMBOL.match(token)


def _plural(word: str) -> bool:
    """Whether a noun after a count is its plural: "-s" (not "-ss"), one that takes none, or a
    unit's short form."""
    plain = word in UNCHANGED_PLURALS or len(word) <= 3
    return plain or (word.endswith("s") and not word.endswith("ss"))


def bound(text: str, match: re.Match) -> bool:
    """Whether the figure `match` finds in `text` is given as a bound ("more than 50%", "5.0 or
    greater"), by this module's grammar of bounds, whoever's reader found it."""
    return bool(_bound(text, match)[0])


def _bound(text: str, match: re.Match) -> tuple[str, str]:
    """Whether the words just before a figure make it a bound ("more than", "at least",
    "under"), which side, and those words as written with the space after them; or those
    just after it ("5.0 or greater")."""
    found = _BOUND.search(text[: match.start()])
    if not found or _PARTICLE.search(text[: found.start("bound")]):
        return _bound_after(text, match.end()), ""
    if found.group("bound").lower() == "up to" and _MOVED_UP.search(text[: found.start("bound")]):
        return "", ""  # "edged up to 4.3%": where it went, not a bound
    side = _BOUNDS[" ".join(found.group("bound").lower().split())]
    if found.group("not"):  # "no more than 40": at most 40
        side = "above" if side == "below" else "below"
    return side, found.group(0)


# "magnitude 5.0 or greater", "50 or more": a bound said after the figure.
_BOUND_AFTER = re.compile(r"\s+(?:or|and)\s+(?:(greater|more|above|higher|over)|(less|fewer|below|"
                          r"lower|under))\b", re.IGNORECASE)  # fmt: skip


def _bound_after(text: str, at: int) -> str:
    found = _BOUND_AFTER.match(text, at)
    return "" if found is None else "above" if found.group(1) else "below"


def _compared(figure: Stated, before: Stated | None, between: list[str]) -> Stated:
    """A figure that names no quantity of its own is of the one its sentence compares it with:
    an earlier figure ("up to 4.3% from 4.2%", of that one's period when that one revises it),
    or the level a change leads to ("cut its rate by 50 basis points to 6.25%"). A figure whose
    only words are a noun the other counts too ("5.1 million tonnes, against 4.8 million tonnes
    in 2025-26") names nothing of its own either."""
    if before is None or not before.quantity or not figure.quantity <= before.quantity:
        return figure
    # A clause after a semicolon stands alone as a sentence, and reads the one before anew.
    parallel = _parallel(figure, before, between) and figure.sentence.strip() in before.sentence
    if before.sentence != figure.sentence and not parallel:
        return figure
    # "released 7,800 tonnes a day against <B>'s 4,100 tonnes": set against a rate, a rate.
    per = _contrasted(between) and before.unit.startswith(f"{figure.unit}/")
    figure = replace(figure, unit=before.unit) if per else figure
    earlier = (figure.kind == "earlier" or _contrasted(between)) and before.unit == figure.unit
    level = all(w.lower() in LINKING for w in between)
    if not (earlier or level or parallel):
        return figure
    period = figure.period or (before.period if before.kind == "revised" or level else "")
    # "forecast the 2026-27 crop at 5.1 million, against 4.8 million in 2025-26": what a
    # forecast is set against, of a period of its own, is that period's reading, no forecast.
    of_another = earlier and period and before.period not in ("", period)
    kind = "earlier" if of_another and figure.kind == before.kind == "forecast" else figure.kind
    period, year = (
        (period, figure.year) if period or not earlier else _a_year_before(figure, before)
    )
    return replace(figure, quantity=before.quantity, named=before.named, period=period,
                   done="", bound="", kind=kind, year=year)  # fmt: skip


_A_YEAR_BEFORE = re.compile(r"\s*(?:a|one)\s+year\s+(?:earlier|ago|before)\b", re.IGNORECASE)


def _a_year_before(figure: Stated, before: Stated) -> tuple[str, str]:
    """The period and year of a figure set "a year earlier" than the one before it ("$960
    million in Q3 2026, down from $1.02 billion a year earlier": the third quarter of 2025), or
    none when its sentence does not say so or the one before names no year."""
    at = figure.sentence.find(figure.text)
    if at < 0 or not _A_YEAR_BEFORE.match(figure.sentence, at + len(figure.text)):
        return "", figure.year
    if before.period.isdigit():  # of a year alone: the year before
        return str(int(before.period) - 1), ""
    return (before.period, str(int(before.year) - 1)) if before.year else ("", figure.year)


def _contrasted(between: list[str]) -> bool:
    """Whether a figure is set against the one before it ("..., against 25,910", "than 14",
    "against <B>'s 4,100": a name whose figure it is stands between)."""
    words = list(between)
    while len(words) > 1 and words[-1][:1].isupper():
        words.pop()
    return bool(words) and words[-1].lower() in _SET_AGAINST


def _parallel(figure: Stated, before: Stated, between: list[str]) -> bool:
    """Whether a figure reads the one before for another period ("23.6 million journeys in
    October; September revised to 21.9 million"): its own period, the same unit, and nothing
    between them but that period, the other's words and words linking a value."""
    if not figure.period or figure.period == before.period or figure.unit != before.unit:
        return False
    known = {*before.named.split(), *figure.period.split(), "and", "in", "for"}
    known |= LINKING | REVISING
    return all(w.lower() in known for w in between)


def held(row) -> list[Figure]:
    """Every figure a row holds (an `answers.ground.retrieval.Evidence`): an issuer's reading and a
    report by their words, a market capture as the crowd's price of its question (a likelihood,
    in percent, as of its date); other rows state none."""
    if row.kind == "price":
        question = row.facts["question"]
        pct = row.facts["pct"]
        quantity = frozenset({"likelihood", *_stems(question)})
        return [Figure(quantity, pct, pct, "%", "actual", f"{pct:g}%", question, row.date or "",
                       question, row=row)]  # fmt: skip
    if row.kind not in ("reading", "report"):
        return []
    text = row.text
    others = getattr(row, "others", frozenset())  # a neighbour edition's figures
    return [Figure(**{f.name: getattr(s, f.name) for f in fields(Stated)}, row=row)
            for s in stated(text) if s.text not in others]  # fmt: skip


def words_of(figure: Stated) -> set[str]:
    """The stems a figure is said with: what it measures and every word of its sentence."""
    return figure.quantity | _stems(figure.sentence)


def _stems(text: str) -> set[str]:
    return {_noun_stem(w) for w in _WORD.findall(text.lower()) if w.isalpha() and w not in STOP}


def _kind_of(text: str, match: re.Match) -> str:
    following = _WORD.findall(text[match.end() : match.end() + 40])[:1]
    if following and following[0].lower() in TARGETS:
        return "forecast"  # "its 2% target": what is aimed at, not a reading
    before = _WORD.findall(_sentence_before(text, match.start()))
    kind = _kind(before)
    if kind == "earlier" and _from_alone(text, match, before):
        kind = "actual"  # "is priced from €189,000": where a price starts, no earlier one
    since = _since_last_figure(before)
    # "revised its figure from 152 to 148": the revising word says the pair's later one.
    revising = _revising(since, _words_after(text, match))
    revising = revising or ([w.lower() for w in since] == ["to"] and _revising(before, []))
    if kind == "actual" and revising:
        return "revised"
    if kind == "actual" and _BY_YEAR.match(text, match.end()) and any(map(WILL.fullmatch, before)):
        return "forecast"  # "will lift it to 1.05 million TEU by 2029": set for a year ahead
    if kind == "actual" and _demanded(_since_last_figure(before), text[match.end() :]):
        return "claimed"
    sentence = {w.lower() for w in _WORD.findall(_sentence_of(text, match))}
    own = {w.lower() for w in before[-2 * _LOOK_BACK :]}  # its own clause's words
    # "put the final reading at 1,291.3, above the provisional 1,284.6": the nearer word's.
    near = next((w.lower() for w in reversed(before) if w.lower() in _STATUS_WORDS), "")
    if kind == "actual" and near not in FINAL_WORDS and (PROVISIONAL & sentence or ESTIMATED & own):
        return "provisional"  # a flash estimate, a preliminary count: later ones revise it
    return kind


_STATUS_WORDS = FINAL_WORDS | PROVISIONAL  # "final", "provisional": which a reading is


def _from_alone(text: str, match: re.Match, before: list[str]) -> bool:
    """Whether "from" just before a figure says where it starts ("priced from €189,000",
    "fares from €29"): the only figure of its sentence, which says no change ("up from",
    "raised ... from"); a change is never said of one figure alone."""
    words = [w.lower() for w in before[-2:]]
    if words[-1:] != ["from"] or (words[:1] and words[0] in EARLIER | {"up", "down"}):
        return False
    sentence = _sentence_of(text, match)
    amounts = [m for m in _FIGURE.finditer(no_dates(sentence)) if not _in_a_word(sentence, m)]
    return len(amounts) == 1 and not _MOVED.search(sentence)


# A change said of a figure: what makes "from" before another figure an earlier one.
_MOVED = re.compile(
    r"\b(?:up|down|r[io]s\w*|f[ae]ll\w*|drop\w*|declin\w*|climb\w*|rais\w*|cut\w*|"
    r"increas\w*|decreas\w*|gr[eo]w\w*|revis\w*|lift\w*|lower\w*|eas\w*|sl[iu][dp]\w*|"
    r"jump\w*|surg\w*|plung\w*|shr[aiu]nk\w*|chang\w*|recover\w*|rebound\w*)\b",
    re.IGNORECASE,
)


def _in_a_word(text: str, match: re.Match) -> bool:
    """Whether a number is part of a word ("T4", "A320"): a model's mark, no amount."""
    return match.start() > 0 and text[match.start() - 1].isalpha()


# A deadline right after a figure and its noun: "to about 1.05 million TEU by 2029".
_BY_YEAR = re.compile(r"(?:\s+[^\W\d_]+){0,2}\s+by\s+(?:the\s+end\s+of\s+)?(?:19|20)\d\d\b")


def _from_a_figure(since: list[str]) -> bool:
    """Whether a "from" since the figure before says where a change started ("to 3.6% from its
    flash estimate"), not where something came from by name ("sailing from <a port> with 2,050
    passengers": a capitalised name after it)."""
    named = {i for i, w in enumerate(since[1:]) if w[:1].isupper()}  # the word after i is a name
    return any(w.lower() == "from" and i not in named for i, w in enumerate(since))


def _since_last_figure(words: list[str]) -> list[str]:
    """The words before a figure back to the figure before it in its sentence (or all)."""
    at = max((i for i, w in enumerate(words) if w[:1].isdigit() and not _when(words, i)),
             default=-1)  # fmt: skip
    return words[at + 1 :]


def _when(words: list[str], i: int) -> bool:
    """Whether a number among words is a year or a season's second year ("2025-26"), not a
    figure."""
    year = re.fullmatch(r"(?:19|20)\d\d", words[i]) is not None
    return year or (i > 0 and len(words[i]) == 2 and _when(words, i - 1))


def _words_after(text: str, match: re.Match) -> list[str]:
    """The words after a figure, up to the next figure or the sentence's end."""
    rest = re.split(r"(?<=[.!?;])\s+", text[match.end() :], maxsplit=1)[0]
    words = [w for w in _WORD.findall(rest) if not re.fullmatch(r"(?:19|20)\d\d[.,]?", w)]
    return words[: next((i for i, w in enumerate(words) if w[:1].isdigit()), len(words))]


def _revising(before: list[str], after: list[str]) -> bool:
    """A figure given as the revised one: "revised inflation to 3.6%", "3.6%, revised from"."""
    return any(w.lower() in REVISING for w in [*before, *after[:_LOOK_AHEAD]])


def _sentence_of(text: str, match: re.Match) -> str:
    start = _sentence_before(text, match.start())
    rest = re.split(r"(?<=[.!?])\s+", text[match.start() :], maxsplit=1)[0]
    return f"{start}{rest}"


def _sentence_before(text: str, at: int) -> str:
    """The sentence up to `at`, from its last ";" (a forecast's scope ends there)."""
    return re.split(r"(?<=[.!?])\s+|;", text[:at])[-1]


def _period(text: str, match: re.Match) -> tuple[str, str]:
    """The period the figure is given for, and the year said with it: the first one said after
    it in its clause, else the last said before it in its sentence (an earlier figure takes
    none from before it: that is the later one's)."""
    found = _said_near(text, match, _periods_in)
    return (_period_name(found), _year_of(found)) if found else ("", "")


def _day(text: str, match: re.Match) -> str:
    """The day of a month the figure is of ("1,610 on 27 November, up from 1,240 on 20
    November"), in one form, found as its period is."""
    found = _said_near(text, match, lambda said: list(DAY_OF_MONTH.finditer(said)))
    return day_first(found.group(0)) if found else ""


_AS_OF = re.compile(r"\bas (?:of|at) [^,;]*", re.IGNORECASE)


def _said_near(text: str, match: re.Match, find) -> re.Match | None:
    """Of the matches `find` gives, the one a figure is of (`_period`), or None."""
    after = _CLAUSE.split(text[match.end() :], maxsplit=1)[0]
    # "fined £2.4m after sewage polluted the brook in June": the period of what came after.
    after = _SUBORDINATE.split(after, maxsplit=1)[0]
    # Up to the next figure: a day's number or a year is none (`no_dates`).
    cut = _FIGURE.search(no_dates(after))
    after = after[: cut.start()] if cut else after
    found = find(after)
    # "... since launch, as of 31 October 2026": a time the sentence puts the figure at.
    stamped = _AS_OF.search(re.split(r"(?<=[.!?])\s", text[match.end() :], maxsplit=1)[0])
    found = found or (find(stamped.group(0)) if stamped else [])
    if found:
        return found[0]
    before = _sentence_before(text, match.start())
    if _kind(_WORD.findall(before)) == "earlier":
        return None
    # "affected by its September data breach": which breach, not the period of the figure.
    found = [m for m in find(_past_earlier(before)) if not _WHICH_ONE.search(before[: m.start()])]
    return found[-1] if found else None


# A month after "by its" or "in their" says which one of a thing ("affected by its September
# data breach"), not the period of a figure ("its October sales rose": of October).
_WHICH_ONE = re.compile(r"\b(?:by|in|from|after|since|over|of)\s+(?:its|their)\s+$", re.I)


def _periods_in(text: str) -> list[re.Match]:
    """The periods `text` names, less a year that says which month's or quarter's it is ("the
    third quarter of 2026": the third quarter, not 2026)."""
    kept: list[re.Match] = []
    for m in _PERIOD.finditer(text):
        named = kept and any(kept[-1].group(g) for g in ("quarter", "month", "q", "season_name"))
        if not (named and m.group("year") and m.start() - kept[-1].end() <= 1):
            kept.append(m)
    return kept


def _past_earlier(before: str) -> str:
    """`before` up to the last earlier figure in it: what is said after that one ("up from
    139,500 in 2025, with 1,320 exhibitors") is its own, not a later figure's."""
    last = next(reversed(list(_FIGURE.finditer(no_dates(before)))), None)
    if last is None or _kind(_WORD.findall(before[: last.start()])) != "earlier":
        return before
    return before[: last.start()]


def no_dates(text: str) -> str:
    """`text` with its days and periods blanked, at their places: where its figures stand, a
    day's number ("1,610 on 27 November") or a year ("from 139,500 at the 2025 fair") none."""
    masked = DAY_OF_MONTH.sub(lambda m: "_" * len(m.group(0)), text)
    return _PERIOD.sub(lambda m: "_" * len(m.group(0)), masked)


def periods(text: str) -> frozenset[str]:
    """The periods `text` names ("October", "the third quarter", "in 2026"), as figures hold
    them."""
    return frozenset(_period_name(m) for m in _PERIOD.finditer(text))


def _period_name(match: re.Match) -> str:
    if match.group("span"):
        return span_name(match.group("span"))
    if match.group("to_month"):
        return span_name(f"January-{match.group('to_month')}")
    if match.group("season"):
        return f"{match.group('season')}/{match.group('next')}"
    if match.group("month") or match.group("season_name"):
        return (match.group("month") or match.group("season_name")).lower()
    if match.group("quarter") or match.group("q"):
        return f"{match.group('quarter') or _ORDINAL[match.group('q')]} quarter".lower()
    return match.group("year") or match.group("year_of") or match.group("full_year")


# A year said right after a month or a quarter ("October 2026", "the third quarter of 2025").
_YEAR_AFTER = re.compile(r"(?:,?\s+|[\s-]+of\s+|-)((?:19|20)\d\d)\b(?![/\u2013-]\d)")


def _year_of(match: re.Match) -> str:
    """The year a month or quarter `match` names is of, when said right after it (or before,
    of a year to date); else ""."""
    if match.group("to_date"):
        return match.group("to_date")
    if not (match.group("month") or match.group("quarter") or match.group("q")
            or match.group("season_name")):  # fmt: skip
        return ""
    after = _YEAR_AFTER.match(match.string, match.end())
    return after.group(1) if after else ""


def dated_periods(text: str) -> list[str]:
    """The months and quarters `text` names with their year ("Q3 2026", "the third quarter of
    2025"), in order, as figures hold them (`Stated.dated`)."""
    named = [(_period_name(m), _year_of(m)) for m in _PERIOD.finditer(text)]
    return list(dict.fromkeys(f"{name} {year}" for name, year in named if year))


def span_name(said: str) -> str:
    """Months run together as a period is held: "january-october"; a calendar quarter's as
    the quarter ("July to September": the third quarter)."""
    first, last = re.findall(_MONTHS, said, re.IGNORECASE)[:2]
    quarter = _QUARTER_SPANS.get((first[:3].lower(), last[:3].lower()))
    return f"{_ORDINAL[quarter]} quarter" if quarter else f"{first}-{last}".lower()


_QUARTER_SPANS = {
    ("jan", "mar"): "1", ("apr", "jun"): "2", ("jul", "sep"): "3", ("oct", "dec"): "4"
}  # fmt: skip


def _value(match: re.Match) -> tuple[float, float, str] | None:
    if match.group("cur"):
        amount = float(match.group("amount").replace(",", ""))
        amount *= _SCALE.get((match.group("scale") or "").lower(), 1)
        sign = match.group("cur")
        return amount, amount, CURRENCY_CODES.get(sign.lower(), sign)
    if match.group("single"):
        value = float(match.group("single"))
        return value, value, "%"
    if match.group("low"):
        low = float(match.group("low"))
        high = float(match.group("high") or low)
        return min(low, high), max(low, high), "%"
    if match.group("bps"):
        return float(match.group("bps")), float(match.group("bps")), "bp"
    if match.group("sum"):
        amount = float(match.group("sum").replace(",", ""))
        amount *= _SCALE.get((match.group("sum_scale") or "").lower(), 1)
        name = match.group("currency").lower()
        return amount, amount, _CURRENCIES.get(name) or _CURRENCIES[name[:-1]]
    if match.group("decimal"):  # a reading with no unit ("magnitude 6.4"): its quantity names it
        value = float(match.group("decimal"))
        return value, value, "#"
    if match.group("small") or match.group("spelled"):
        value = float(match.group("small") or SPELLED_OUT[match.group("spelled").lower()])
        return value, value, ""
    if match.group("rank"):
        # Held as its negative: a higher rank is a smaller number, so "higher", "rose" and
        # "fell" read a rank as they read any other figure.
        value = -float(match.group("rank"))
        return value, value, RANK
    count = match.group("count")
    number, _, scale = count.partition(" ")
    value = float(number.replace(",", "")) * _SCALE.get(scale.lower(), 1)
    return (value, value, "") if value >= 1000 else None


def _clause_before(text: str, start: int, at: int) -> tuple[list[str], bool]:
    """The words of the clause a figure stands in, from `start` (the figure before) up to the
    figure, and whether they open a sentence."""
    head = text[:at]
    if head.rstrip().endswith(":") and not _WORD.findall(head[head.rstrip().rfind(":") :]):
        # "Roundwood harvested in <valley> in the third quarter (July to September): 4.2
        # million cubic metres": the label before the colon names what is measured.
        head = re.sub(r"\([^)]*\)", lambda m: " " * len(m.group(0)), head.rstrip()[:-1])
        start = min(start, len(head))
    parts = _CLAUSE.split(head)
    clause = parts[-1]
    # A clause of link words alone ("..., to 16.1 million") goes on from the clause before
    # ("The September volume figure was also revised, to"): that one names what it measures.
    if len(parts) > 1 and all(w.lower() in LINKING for w in _WORD.findall(clause)):
        clause = head[len(head) - len(clause) - len(parts[-2]) - 1 :]
        if not _WORD.findall(parts[-2]) or re.search(r"[.!?]\s", clause):
            clause = parts[-1]
        elif len(parts) > 2 and _aside(parts[-2]):
            # "put the list price of <drug>, approved by <body> this month, at": the aside
            # set off by commas names nothing measured; the clause it interrupts does.
            clause = f"{parts[-3]} {' ' * len(parts[-2])}{parts[-1]}"
    begins = len(head) - len(clause)
    if begins < start:  # the figure before stands in the same clause
        return _WORD.findall(text[start:at]), False
    opening = head[:begins].rstrip()
    return _WORD.findall(clause), not opening or opening[-1] in ".!?"


def _aside(part: str) -> bool:
    """Whether a part set off by commas is an aside: it opens on a past participle or a
    relative word ("approved by ...", "which ...")."""
    first = next(iter(_WORD.findall(part)), "")
    return first.islower() and (first.endswith("ed") or first in _RELATIVE_WORDS)


_RELATIVE_WORDS = frozenset("which who whose seen known".split())


def _named(words: list[str], i: int, opens: bool = False) -> bool:
    """Whether `words[i]` is a name: capitalised, not a stop word, and not the first word of a
    sentence before a lower-case one ("Consumer prices", "Food prices": words written with a
    capital for opening the sentence)."""
    word = words[i]
    if not word[:1].isupper() or word.lower() in STOP:
        return False
    opener = opens and i == 0 and i + 1 < len(words) and words[i + 1][:1].islower()
    return not (opener and "'" not in word and "\u2019" not in word)


def _past_name(words: list[str], i: int) -> int | None:
    """Where the quantity goes on when the name at `i` is set in it after a preposition ("the
    average strike price in the <Agency> auction"): the word before the preposition, or None
    ("Bank of <Country>" is one name)."""
    # A year or a season's numbers before the name are of it ("the 2026-27 <League> season").
    while i >= 0 and (_named(words, i) or (words[i].isdigit() and len(words[i]) <= 4)):
        i -= 1
    if i < 1 or words[i].lower() not in ("the", "its", "their"):  # "the price of its <model>"
        return None
    return i - 2 if i > 1 and words[i - 1].lower() in _PREPOSITIONS else None


def _quantity(before: list[str], opens: bool = False, money: bool = False,
              rate: bool = False) -> tuple[frozenset[str], str]:  # fmt: skip
    """What a figure measures (`_measured`), or what "the number of" names before it ("the
    number of customer records exposed in the breach rose to 5.1 million": customer records)."""
    return _number_of(before) or _changed_object(before) or _measured(before, opens, money, rate)


# A change verb's object, then what it is of or whom it is for, then "to" the figure: "raised
# the capacity target of its <plant> expansion to 11,000" measures the capacity target, not the
# expansion; "improved its pay offer to engineers to 3.8%" the offer, not the engineers.
_CHANGED_OF = re.compile(
    r"\b(?:rais|increas|cut|lower|lift|reduc|boost|trim|revis|extend|expand|improv|sweeten)\w*"
    r"\s+(?:the|its|their)\s+(?P<what>(?:[a-z-]+\s+){0,2}[a-z-]+)\s+"
    r"(?:of\s+(?:the|its|their)|to|for)\s+[^,;]*?\bto$"
)


def _changed_object(before: list[str]) -> tuple[frozenset[str], str] | None:
    found = _CHANGED_OF.search(" ".join(before).lower())
    if found is None:
        return None
    kept = [w for w in found.group("what").split() if w not in STOP and w not in NEUTRAL]
    return (quantities(stem(w) for w in kept), " ".join(kept)) if kept else None


def _number_of(before: list[str]) -> tuple[frozenset[str], str] | None:
    """The nouns after the last "number of", "count of" or "total of" before a figure, up to a
    linking or past-form word; None when none is said."""
    lows = [w.lower() for w in before]
    at = max((i for i, w in enumerate(lows[:-1]) if w in _TALLY_NOUNS and lows[i + 1] == "of"),
             default=None)  # fmt: skip
    if at is None:
        return None
    # Up to a past form ("exposed in the breach"), past the small words ("dockers on strike");
    # a past form a curated quantity says is what is counted ("residents evacuated").
    named = _quantity_words()[0]
    nouns = itertools.takewhile(lambda w: not w.endswith("ed") or stem(w) in named,
                                lows[at + 2 : at + 6])  # fmt: skip
    kept = [w for w in nouns if w.isalpha() and w not in STOP and w not in NEUTRAL]
    return (quantities(stem(w) for w in kept), " ".join(kept)) if kept else None


_TALLY_NOUNS = frozenset("number count total tally".split())


def _measured(before: list[str], opens: bool = False, money: bool = False,
              rate: bool = False) -> tuple[frozenset[str], str]:  # fmt: skip
    """The lower-case words nearest before the figure, past the linking words and any place or
    name set in them ("annual inflation in <Country> was"), an average's word ("exports
    averaged"); a past verb before a rate is part of it ("the hospital offered 4%": an offer)."""
    words: list[str] = []
    i = len(before) - 1
    while i >= 0 and len(words) < 3:
        low = before[i].lower()
        if _named(before, i, opens):
            resumed = _past_name(before, i) if words else None
            if words and resumed is None:
                break
            words, i = ([], resumed) if words else (words, i - 1)
            continue  # a name or place in the quantity's phrase: not what is measured
        if words and low in _ARTICLES and i > 1 and before[i - 1].lower() in ("of", "for"):
            i -= 2  # "the full cost of the closure": the cost is of the closure
            continue
        if not words and low.endswith("ed") and low not in LINKING and _verbs_measure(
                before, i, money):  # fmt: skip
            words.append(low)
            break
        last = i == len(before) - 1
        if last and rate and low.endswith("ed") and low not in LINKING | _NOT_MEASURED:
            words.append(low)  # "the hospital offered 4%": an offer
            i -= 1
            continue
        skip = _passed_over(before, i) or (low in _AVERAGED and not words)
        if skip or (low in EARLIER and not words):  # "its pay offer from 4.2%": the offer's
            if skip and words and low not in _PREPOSITIONS:
                break
            i -= 1
            continue
        # "..., not the €236 million": a figure set against another names no quantity; "<club>
        # reports revenue of": a verb of saying says who, not what.
        if low in _NOT_MEASURED or low in _SAYING:
            break
        words.append(low)
        i -= 1
    return quantities(stem(w) for w in words if w not in NEUTRAL), " ".join(reversed(words))


# An average is the figure's form, not what it measures: "exports averaged 301,000 barrels",
# "production to an average of 441,000" measure exports and production.
_AVERAGED = frozenset("average averages averaged averaging".split())


def _past_average(before: list[str]) -> list[str]:
    """The words before a figure less an average's words just before it ("produced an average
    of" -> "produced"; "exports averaged" -> "exports")."""
    words = list(before)
    if len(words) > 1 and words[-1].lower() == "of" and words[-2].lower() in _AVERAGED:
        words = words[:-1]
    if words and words[-1].lower() in _AVERAGED:
        words = words[:-1]
        if words and words[-1].lower() in _ARTICLES:
            words = words[:-1]
    return words


def _verbs_measure(before: list[str], i: int, money: bool) -> bool:
    """Whether the past form at `i` is what the figure measures: "budgeted at $62 million",
    "valued at", "fined £2.4 million", "priced from €189,000" (where a sum starts)."""
    after = before[i + 1 : i + 2]
    return after == ["at"] or (money and (after == ["from"] or i == len(before) - 1))


def _passed_over(before: list[str], i: int) -> bool:
    """Whether the word at `i` is no word of what a figure measures: a linking word, a
    preposition, a past form, no word at all, or its period ("September registrations",
    "third-quarter deliveries": the period is the figure's own)."""
    low = before[i].lower()
    quarter = low in _QUARTER_ORDINALS and before[i + 1 : i + 2] == ["quarter"]
    period = low in _PERIOD_WORDS or quarter
    past = low.endswith("ed") and not _curated_with_next(before, i)
    return low in LINKING | _PREPOSITIONS or period or not low.isalpha() or past


def _curated_with_next(before: list[str], i: int) -> bool:
    """Whether the word at `i` and the next are words of one curated quantity ("combined
    ratio", "insured loss"): a past form that names what is measured, not what was done."""
    pair = {stem(w.lower()) for w in before[i : i + 2]}
    return len(pair) == 2 and any(pair <= words for words, _ in _quantity_words()[1])


# Words that say a figure's period where its quantity's words stand ("third-quarter deliveries").
_PERIOD_WORDS = frozenset(MONTHS) | {"quarter"}
_QUARTER_ORDINALS = frozenset(_ORDINAL.values())
# The quarters in their order, as figures name them.
QUARTERS = tuple(f"{o} quarter" for o in _ORDINAL.values())


def _with_counted(
    measured: tuple[frozenset[str], str],
    counted: tuple[frozenset[str], str],
    unit: str,
    before: list[str],
    head: str = "",
) -> tuple[frozenset[str], str]:
    """What a count measures: the noun after it ("21,000 runners"), with the thing done to them
    when a verb stands just before ("shipped 9,100 tonnes of salt", not the shipper), or with
    the words that name the figure when they are linked to it ("a catch quota of 52,000
    tonnes", "the harvest reached 4.3 million tonnes"), so that two counts of one unit are two
    things; a speaker's words before it ("officials said 40 containers") are no part of it."""
    quantity, named = measured
    if not counted[0] or (quantity and unit != ""):
        return quantity, named
    # "a catch quota of 52,000 tonnes", "cut its throughput by 90,000 barrels": what is named
    # before the count is what it measures.
    # A label before a colon ("Roundwood harvested ...: 4.2 million cubic metres") names it.
    linked = head.rstrip().endswith(":") or (before and before[-1].lower() in (*_NAMING, "by"))
    if quantity and (linked or _passive_to(before, named)):
        return quantity | counted[0], named
    averaged = _past_average(before)
    if quantity and len(averaged) < len(before):  # "exports averaged 301,000 barrels"
        return quantity | counted[0], named
    verb = _verb_before(averaged)
    if verb:
        return counted[0] | {_noun_stem(verb)}, f"{counted[1]} {verb}"
    return counted


def _passive_to(before: list[str], named: str) -> bool:
    """Whether the words after what is measured are a passive verb and its preposition ("permits
    were granted for 21,300 dwellings", "loans were approved for"): the count is of the
    subject, counted in the noun after it."""
    rest = [w.lower() for w in _words_after_named(before, named)]
    return (len(rest) >= 2 and rest[-1] in _PREPOSITIONS and rest[-2].endswith("ed")
            and all(w in LINKING or w.endswith("ed") for w in rest[:-1]))  # fmt: skip


def _words_after_named(before: list[str], named: str) -> list[str]:
    """The words of `before` after the last word of `named` in it."""
    last = named.split()[-1] if named else ""
    at = max((i for i, w in enumerate(before) if w.lower() == last), default=len(before) - 1)
    return before[at + 1 :]


def _modifying(measured: tuple[frozenset[str], str], before: list[str], after: str,
               unit: str) -> tuple[frozenset[str], str]:  # fmt: skip
    """A rate or sum set between a determiner and its noun ("a 3.5% pay offer", "its 7%
    claim", "the improved 4.2% offer") measures that noun, not the words before it."""
    lead = [w.lower() for w in before[-2:]]
    # "its improved 4.2% offer", "<the university>'s improved 4.2% offer"
    owner = len(lead) == 2 and (lead[0] in _DETERMINERS or lead[0].endswith(("'s", "\u2019s")))
    described = owner and lead[1].endswith(("ed", "ing"))
    owned = bool(lead) and lead[-1].endswith(("'s", "\u2019s"))  # "<Name>'s 3.8% offer"
    if unit == "%" and not measured[0] and not owned:
        return _state_after(after) or measured  # "58% complete": how complete
    if unit in ("", "#") or not lead or not (lead[-1] in _DETERMINERS or described or owned):
        return measured
    noun = _counted(after)
    return noun if noun[0] else measured


def _demanded(before: list[str], after: str) -> bool:
    """Whether a figure is demanded: a verb of demanding before it in its clause ("is claiming
    a 7% pay rise") or in the clause after its noun ("the 12% pay rise the union demands")."""
    clause = _CLAUSE.split(after, maxsplit=1)[0]
    following = _FIGURE.search(clause)  # up to the next figure: that one's words are its own
    rest = _WORD.findall(clause[: following.start()] if following else clause)
    return bool(_DEMANDING & {w.lower() for w in [*before, *rest]})


# Verbs by which a party demands a figure of another ("is claiming a 7% pay rise", "the union
# claims 7%"): a demand, never a reading of what is offered or paid.
_DEMANDING = frozenset(
    "claim claims claiming demand demands demanding demanded seeks seeking sought".split()
)


# Verbs by which a body decides on a thing put to it ("rejected the offer by 73%"): the share
# after "by" is the vote's, never a change of the thing decided on.
_DECIDED = REJECTED | frozenset(
    """accepted accept accepts approved approve approves backed voted passed ratified
    endorsed""".split()
)


def _margin(measured: tuple[frozenset[str], str], before: list[str], head: str,
            unit: str) -> tuple[frozenset[str], str]:  # fmt: skip
    """A share after "by" in a sentence that decides on what it names, with no verb of change
    ("members rejected the improved 4.2% offer by 73% in a ballot"): the vote's share. A
    rank measures where it stands, whatever precedes it."""
    if unit == RANK:
        return quantities([stem("rank")]), "rank"
    if unit != "%" or not before or before[-1].lower() != "by":
        return measured
    sentence = _sentence_before(head, len(head))
    said = {w.lower() for w in _WORD.findall(sentence)}
    if not said & _DECIDED or _CHANGED.search(sentence):
        return measured
    return quantities([stem("vote")]), "vote"


def _state_after(after: str) -> tuple[frozenset[str], str] | None:
    """The state a share says right after it, when nothing before names it ("was 58% complete",
    "is 92% full"); None for a preposition, a comparative or nothing."""
    word = next(iter(_WORD.findall(after[:30])), "").lower()
    plain = word.isalpha() and word not in STOP and word not in _PREPOSITIONS
    return (quantities([stem(word)]), word) if plain and not word.endswith("er") else None


# What a figure is set against in its clause ("earnings beat analysts' forecasts of ...",
# "inflation is near its 2% target"): the words before one of these say what a plan plans.
_HELD_AGAINST = frozenset(
    """beat beats beating missed misses miss missing topped tops exceeded exceeds surpassed
    above below near under over short ahead behind met meets matched trailed lagged""".split()
)


def _planned_of(measured: tuple[frozenset[str], str], before: list[str], opens: bool,
                unit: str) -> tuple[frozenset[str], str]:  # fmt: skip
    """A plan named by its noun alone, or by nothing ("beat forecasts of 1.75 billion euros",
    "near its 2% target"), plans what its clause sets against it: the words before the verb
    or preposition that holds the two apart, with the plan's noun ("inflation target")."""
    quantity, named = measured
    if quantity - PLAN_STEMS:
        return measured
    held = [i for i, w in enumerate(before) if w.lower() in _HELD_AGAINST]
    if not held:
        return measured
    # A link word stands in for the verb, so a sentence's first word reads as its opener.
    subject, said = _quantity([*before[: held[-1]], "is"], opens, unit not in ("", "#", "%"),
                              unit == "%")  # fmt: skip
    if not subject:
        return measured
    return subject | quantity, f"{said} {named}".strip()


def _done_to(before: list[str], counted: tuple[frozenset[str], str], unit: str) -> str:
    """The stem of the verb done to what a count counts: just before it ("shipped 9,100
    tonnes") or just after its noun ("2,000 tonnes of hops contracted"); empty if none."""
    if not counted[0] or unit != "":
        return ""
    verb = _verb_before(before)
    if verb:
        return _noun_stem(verb)
    after = counted[1].split()[-1]
    return _noun_stem(after) if after.endswith("ed") else ""


def _noun_stem(word: str) -> str:
    """A verb's stem as its noun's ("sold": "sale"), so the doing and its noun are one."""
    stemmed = stem(word)
    return _NOUN_OF.get(stemmed, stemmed)


# Words that weigh a figure without saying what was done to it ("delivered only 80 aircraft").
FOCUSING = frozenset("only just merely nearly almost roughly approximately some".split())


def _verb_before(before: list[str]) -> str:
    """The word just before a count when it is the verb done to what it counts, else empty;
    an article and a word of which reading may stand between ("generated a final 112.5
    MWh")."""
    words = list(before[-4:])
    while len(words) > 1 and words[-1].lower() in NEUTRAL | _ARTICLES | FOCUSING:
        words.pop()
    if len(words) > 1 and words[-1].lower() == "over" and _PARTICLE.search(f"{words[-2]} "):
        words.pop()  # "handed over 4,610 homes": the verb before its particle
    last = words[-1].lower() if words else ""
    if last.isalpha() and last not in LINKING and _done(last, words[:-1]):
        return last
    return ""


def speaker(figure: Stated) -> set[str]:
    """The stems of who gives a figure in its sentence: the words before a verb of saying
    ahead of it ("The Footplate Union said 710 trains"), or after it (", the association
    said"; "according to X")."""
    sentence = figure.sentence
    at = max(sentence.find(figure.text), 0)
    given = _GIVER_AFTER.match(sentence, at + len(figure.text))
    if given:  # "not the £9,500 <maker> announced": the name after it gave it
        return _stems(given.group("who"))
    owned = _WHOSE_FIGURE.search(sentence[:at])  # "against the yard's figure of 6,800"
    if owned:  # the words after the last joining one: "against the yard's" is the yard's
        who = owned.group("who").split()
        cut = max((i for i, w in enumerate(who) if w.lower() in _JOINING), default=-1)
        return _stems(" ".join(who[cut + 1 :]))
    head = [m for m in _SAID.finditer(sentence[:at])]
    if head:  # the clause's own speaker: "...; Brackwater said 150" is Brackwater's
        return _stems(_CLAUSE.split(sentence[: head[-1].start()])[-1])
    tail = _SAID_AFTER.search(sentence[at:])
    return _stems(tail.group("who") or tail.group("to")) if tail else set()


_JOINING = _ARTICLES | _PREPOSITIONS | frozenset("against than and or to from by with".split())
# A name and a verb of giving right after a figure ("the €1,450 <maker> announced").
_GIVER_AFTER = re.compile(
    r"(?:\s+a\s+(?:day|week|month|year))?"
    # "the 6% pay rise the <union> demands": its noun and an article may stand between.
    r"(?:(?:\s+[a-z]+){1,3}\s+the)?"
    r"\s+(?P<who>[A-Z][\w'\u2019-]*(?:\s+[A-Z][\w'\u2019-]*){0,3})\s+(?:had\s+|has\s+|is\s+)?"
    r"(?:said|announced|set|gave|stated|quoted|estimated|reported|published|demands|demanded"
    r"|demanding|claims|seeks|sought)\b"
)
# A figure said as someone's, right before it: "the yard's figure of", "the union's own count of".
_WHOSE_FIGURE = re.compile(
    r"\b(?:the\s+)?(?P<who>[^\W\d_]+(?:\s+[^\W\d_]+){0,2})['\u2019]s?\s+(?:own\s+)?"
    r"(?:figure|count|estimate|number|tally|total|reading)s?\s+(?:of\s+|at\s+|was\s+)?$",
    re.IGNORECASE,
)


def day_first(date: str) -> str:
    """A day of a month in one form: "November 3rd" and "3rd of November" are "3 november"."""
    day = re.search(r"\d+", date).group(0).lstrip("0")
    return f"{day} {re.search(MONTH, date, re.IGNORECASE).group(0).lower()}"


def days_said(text: str) -> frozenset[str]:
    """Each day of a month `text` names, in one form ("6 november")."""
    return frozenset(day_first(m.group(0)) for m in DAY_OF_MONTH.finditer(text))


def given_by(figure: Figure) -> set[str]:
    """The stems of who gives a figure: the speaker its sentence names, else the issuer whose
    own reading it is ("Halvard Port Authority: 1,200 dockers are on strike")."""
    who = speaker(figure)
    if not who and figure.row is not None and figure.row.kind == "reading":
        return _stems(figure.row.source)
    return who


def _done(word: str, before: list[str]) -> bool:
    """Whether a word just before a count is the verb done to what it counts: a past form
    ("shipped", "sold"), or a verb after "to" or a modal ("plans to sell 35 pubs", "will sell
    42") or asked with "did" ("did <maker> deliver 80 aircraft"); never a verb of saying or
    counting ("counted 398"), which says who gives the figure. `before`: the words before it."""
    if word in _SAYING | _CAME:
        return False
    past = word.endswith("ed") or word in _DONE_IRREGULAR
    asked = any(w.lower() in _DID for w in before[-3:-1])
    return past or asked or (bool(before) and before[-1].lower() in _VERB_BEFORE)


_DID = frozenset("did does do didn't doesn't".split())


# Words between a count and its noun that say which of them, not what is counted.
_COUNT_ADJECTIVES = frozenset("new more fewer extra additional further other".split())


def _noun_next(said: list[str], at: int) -> bool:
    """Whether the word after `at` is a plain lower-case word that can be counted."""
    nxt = said[at + 1].lower() if at + 1 < len(said) else ""
    return nxt.isalpha() and nxt == said[at + 1] and nxt not in STOP and not nxt.endswith("ed")


def _counted(after: str) -> tuple[frozenset[str], str]:
    """The noun a count is of, the first words after it ("customers", "ships at anchor"), and
    what a unit counts ("tonnes of cod")."""
    words = []
    said = _WORD.findall(re.split(r"[;,.:()]", after, maxsplit=1)[0])[:5]
    for at, word in enumerate(said):
        low = word.lower()
        if not words and low.endswith("ed") and _noun_next(said, at):
            continue  # "5,034 reported cyber incidents": the incidents, reported
        if low == "of" and len(words) in (1, 2):
            words.append(low)  # "tonnes of cod": the cod is what the tonnes measure
            continue
        done = (low.endswith("ed") and low.isalpha()) or low in _DONE_IRREGULAR
        if done and words and words[-1] != "of":
            words.append(low)  # "tonnes of hops contracted": what was done to what is counted
            break
        if low in IRREGULAR_PAST and words:
            break  # "24 wards ran reduced services": what the counted things did is not them
        if not words and low in _COUNT_ADJECTIVES:
            continue  # "38,450 new passenger cars", "1,200 more jobs": the cars, the jobs
        if not low.isalpha() or low in STOP or low in LINKING or low.endswith("ed"):
            break
        if low in _PREPOSITIONS or low in SPELLED_OUT:
            # "63,410 students across eleven campuses": what is counted ends at a preposition;
            # "5 trains ran two weeks": at the next count.
            break
        words.append(low)
        if low in _AGO:
            break  # "two weeks ago"
    if words[-1:] == ["of"]:
        words.pop()
    kept = (stem(w) for w in words if w not in NEUTRAL and w != "of")
    return quantities(kept), " ".join(words)


def _kind(before: list[str]) -> str:
    """Rejected or a forecast when the sentence says so before the figure; an earlier reading
    when one of its words stands just before it ("up from 4.2%", "the previous 3.1%"), or "from"
    does since the figure before it ("to 3.6% from its flash estimate of 3.4%")."""
    words = [w.lower() for w in before]
    if any(w in REJECTED for w in words[-_LOOK_BACK:]):
        return "rejected"
    # "will cost €11.2 billion, more than the €9.5 billion the company has stated": the figure
    # another gave, set against the row's own, takes no "will" from before the contrast.
    referred = [i for i, (w, then) in enumerate(itertools.pairwise(words))
                if w in _SET_AGAINST and then in _DEFINITE]  # fmt: skip
    if referred:
        before, words = before[referred[-1] + 1 :], words[referred[-1] + 1 :]
    recent = words[-_LOOK_BACK:]
    since = _since_last_figure(words)[-_LOOK_BACK:]
    # "rose from a year earlier to 38,450": the figure a change went to is no earlier one.
    went_to = words[-1:] == ["to"] and "from" in since
    # "forced 18,600 residents from their homes, against 3,200": a figure set against another
    # after the "from" of a place is no earlier one.
    from_said = _from_a_figure(_since_last_figure(before)) and not _contrasted(since)
    if not went_to and (any(w in EARLIER for w in words[-2:]) or "previous" in recent
                        or from_said):  # fmt: skip
        return "earlier"
    # "at last year's auction, which sold 0.9 million": a figure of the period before.
    if any(w in EARLIER and later in _PERIODS_OF for w, later in itertools.pairwise(since)):
        return "earlier"
    # A forecast's word in a name ("the Capital Projects Office") forecasts nothing; "would"
    # after a verb of saying is reported speech ("said the ban would affect 710,000").
    reported = any(w in _SAYING and "would" in words[i:] for i, w in enumerate(words))
    # "seen by <outlet>" is looked at, not expected ("seen at 3%").
    forecast = {w.lower() for i, w in enumerate(before) if (i == 0 or not w[:1].isupper())
                and before[i + 1 : i + 2] != ["by"]}  # fmt: skip
    forecast = forecast & FORECAST - ({"would"} if reported else set())
    # "will handle 3.2 million passengers": the figure is what the future verb will do; a
    # "will" further back is of another verb ("will deepen the channel with its €42m grant").
    ahead = any(WILL.fullmatch(w) for w in words[-3:-1])
    # "will lift its fleet capacity ... to 1.05 million": the figure the future verb aims at.
    aimed = words[-1:] == ["to"] and any(WILL.fullmatch(w) for w in since[:-2])
    return "forecast" if forecast or ahead or aimed else "actual"


def quantities(stems, doers: bool = False) -> frozenset[str]:
    """`stems` (a verb's as its noun's: "sold" as "sale"), and for each word a curated quantity
    names ("budget": cost) that quantity's token (`registry.Quantity`, read through the
    vocabulary this process already built; none before one is, as in a test of the words
    alone)."""
    said = frozenset(_NOUN_OF.get(s, s) for s in stems)
    named, phrases = _quantity_words()
    if doers:
        # Asked of a measure, a verb says its doer's or receiver's noun a curated quantity
        # names ("employed 6,300 people" counts employees); never a dispute's reading (a
        # striker is no employee count).
        said |= {f"{s}{end}" for s in said for end in ("e", "er") if f"{s}{end}" in named}
    return (said | {named[s] for s in said if s in named}
            | {token for words, token in phrases if words <= said})  # fmt: skip


def curated_stems() -> Collection[str]:
    """The stems of every one-word name a curated quantity goes by ("magnitud"): the built
    vocabulary's own keys, read without a copy."""
    return _quantity_words()[0].keys()


def curated(stems, doers: bool = False) -> frozenset[str]:
    """The tokens of the curated quantities `stems` say ("=attendance" of "crowd"): what a
    curator says they measure (`doers`: a verb's noun too, `quantities`)."""
    return frozenset(token for token in quantities(stems, doers) if token.startswith("="))


def _projected(quantity: frozenset[str]) -> frozenset[str]:
    """A figure's words with each one a curated quantity names replaced by its token, and the
    words of each curated phrase it says ("handed over": hand) with them."""
    named, phrases = _quantity_words()
    held = [(words, token) for words, token in phrases if words <= quantity]
    rest = quantity.difference(*(words for words, _ in held))
    return frozenset(named.get(s, s) for s in rest) | {token for _, token in held}


def _quantity_words() -> tuple[dict[str, str], tuple]:
    built = vocabulary.built()
    return (built.quantity_words, built.quantity_phrases) if built else ({}, ())


def naming(tokens: Collection[str]) -> frozenset[str]:
    """The stems of every curated word and phrase that names one of `tokens` ("contain" and
    "handl" of "containers handled", a name of "=container-throughput"): the words a question
    may say of what such a figure measures."""
    words, phrases = _quantity_words()
    return frozenset({w for w, token in words.items() if token in tokens}
                     | {w for said, token in phrases if token in tokens for w in said})  # fmt: skip


def same_quantity(a: Stated, b: Stated, topic: frozenset[str] = frozenset()) -> bool:
    """Whether two figures measure one thing: both name it, and past the words of the topic
    they are of (`topic`: its title's, names' and terms' stems), one's words are the other's or
    more ("inflation" and "annual inflation"; "consumer prices" and "consumer price inflation"
    of a consumer price release, both its own subject), never its subject and something more
    ("magnitude" and "the strongest magnitude" of an earthquake)."""
    if not (a.quantity and b.quantity):
        return False
    if _undone(a, b) or _undone(b, a):
        return False  # "will sell 42 pubs" is not "operates 412 pubs"
    topic = quantities(topic)  # a topic of "passengers" is of its curated quantity too
    # Each figure's words as the quantities they name, then past the topic's: "delivered" of a
    # topic of "deliveries" is the topic's own word too.
    mine, theirs = _projected(a.quantity) - topic, _projected(b.quantity) - topic
    if not (mine and theirs):
        # Both said in the topic's own words: one thing when they share a word or say one
        # curated theme ("inflation" and "consumer prices"), never two things a topic speaks
        # of ("the policy rate" and "the peso" of a rate decision).
        if mine != theirs:
            # A bare count ("drew 21,000 runners") is of what another count of the same noun
            # says it is ("put the marathon field at 18,000 runners").
            narrow, wide = (a, b) if not mine else (b, a)
            return narrow.unit == wide.unit == "" and narrow.quantity <= wide.quantity
        # Or one curated quantity in two of its words ("acquire for" and "will pay").
        return bool(a.quantity & b.quantity or curated(a.quantity) & curated(b.quantity)
                    or _one_theme(a, b))  # fmt: skip
    if mine == theirs:
        return True
    if mine < theirs or theirs < mine:
        narrow, wide = (a, b) if mine < theirs else (b, a)
        # "the catch quota of 52,000 tonnes" and "landed 31,000 tonnes of cod" of a cod quota:
        # the one that says more drops what the other measures of the topic's words.
        return not (narrow.quantity & topic) - wide.quantity - _stems(wide.sentence)
    return False


def _undone(a: Stated, b: Stated) -> bool:
    """Whether `a` counts what was done ("shipped", "to sell") where `b` never says it, nor
    says it is a tally ("the passenger count": a count of what was done, whatever the verb)."""
    tally = bool(_TALLIES & set(b.named.split()))
    return bool(a.done) and a.done not in b.quantity | _stems(b.sentence) and not tally


def _one_theme(a: Stated, b: Stated) -> bool:
    """Whether two figures sharing no word say one curated theme, and no curated quantity
    sets them apart: a theme is wide ("housing": house prices and a mortgage rate), a curated
    quantity said of one and not the other is what it measures."""
    said = [curated(f.quantity) for f in (a, b)]
    if any(said) and not said[0] & said[1]:
        return False
    return bool(_themes(a) & _themes(b))


def _themes(figure: Stated) -> set[str]:
    """The curated themes a figure's words say (`registry.Theme`, through the vocabulary)."""
    return themes_of(figure.quantity)


def themes_of(stems: frozenset[str]) -> set[str]:
    """The curated themes `stems` say (`registry.Theme`, through the vocabulary)."""
    built = vocabulary.built()
    if built is None:
        return set()
    return {slug for said, slug in built.theme_stems if said and said <= stems}


def revises(later: Figure, earlier: Figure, topic: frozenset[str] = frozenset()) -> bool:
    """Whether `later` replaces `earlier`: the same quantity (of `topic`), unit and period,
    another value, and either the later row says it revised that value ("revised to 3.6% from
    3.4%") or one issuer's reading is followed by its own later one (an outlet that reports two
    figures is not revising either)."""
    # A revision that names the value it replaced ("to 418,500 from the provisional 412,000")
    # says it is of what that value measured, in whatever words another row gave it
    # ("handled 412,000 passengers").
    # A revised figure whose sentence gives the other value too knows it, whatever it calls it
    # ("revised cost estimate €712 million, against the approved budget of €640 million").
    said = later.kind == "revised" and bool(_kinds_given(later, earlier))
    alike = same_quantity(later, earlier, topic) or (
        said and bool(later.quantity & earlier.quantity)
    )
    same = (later.unit, later.low, later.high) == (earlier.unit, earlier.low, earlier.high)
    apart = later.period and earlier.period and later.period != earlier.period
    if later.unit != earlier.unit or not alike or apart or same:
        return False
    one_sentence = later.row is earlier.row and later.sentence == earlier.sentence
    if one_sentence and later.kind == "forecast" and earlier.kind == "earlier":
        return True  # "raised its target to 45,000, up from 40,000": a plan revised
    if not later.reading or earlier.kind in ("forecast", "rejected"):
        return False
    if one_sentence:
        return later.kind == "revised" and earlier.kind == "earlier"
    if earlier.kind == "earlier":
        return False
    # Said: whatever the rows' dates (a copy of the first estimate may be dated after the
    # report of its revision), the revision names the value it replaced.
    # One issuer's later reading replaces its own provisional one, and any figure it restates:
    # said in the same words, the value the earlier reading gave gone from the later one (an
    # issuer does not dispute itself). A figure both readings give stands beside it.
    issuer = later.row.kind == earlier.row.kind == "reading"
    own = issuer and later.row.source == earlier.row.source
    own = own and (earlier.kind == "provisional" or _restated(later, earlier))
    # The issuer's reading of a period that is not provisional comes after its provisional one,
    # whoever reported that and whatever the dates say (two read on one day tie).
    final = earlier.kind == "provisional" and later.row.kind == "reading" and bool(later.period)
    final = final and later.kind != "provisional" and later.period == earlier.period
    return said or final or (own and later.date > earlier.date)


def _restated(later: Figure, earlier: Figure) -> bool:
    """Whether `later`'s row gives `earlier`'s figure anew: in the same words, its value no
    longer among the row's readings ("worth £152.0 million" where it said £151.3 million)."""
    if later.named != earlier.named:
        return False
    earlier_low, earlier_high = earlier.span
    return not any(unit == earlier.unit and low <= earlier_high and earlier_low <= high
                   for unit, (low, high) in _readings_in(later.row.text))  # fmt: skip


@functools.lru_cache(maxsize=1024)
def _readings_in(text: str) -> tuple[tuple[str, tuple[float, float]], ...]:
    """(unit, span) of each reading `text` states (`Stated.overlaps` compares spans): read once
    a row, however many of its figures `revises` holds against another's (pairwise)."""
    return tuple((f.unit, f.span) for f in stated(text) if f.reading)


def updates(later: Figure, earlier: Figure, topic: frozenset[str] = frozenset()) -> bool:
    """Whether `later` is a newer reading of what `earlier` read, not a disagreement with it: two
    figures of one quantity, unit and period (or none), stated on different days, neither
    setting the other's value beside its own as another's ("more than the national figure of
    14,000": that row disputes it; "up from 14,000" updates it), the later saying it reads anew
    ("the toll rose to 11", "has now pumped", "so far"). An issuer's reading after a report
    reads anew; a report after the issuer's that gives another figure stays a disagreement, and
    so do two figures of a thing done ("drew 21,000 runners"; "put the field at 18,000") and two
    sizes of one change."""
    if later.unit != earlier.unit or later.period != earlier.period:
        return False
    sizes = by_amount(later) and by_amount(earlier)  # "cut by 90,000" and "by 120,000"
    # A report after the issuer that gives another figure disputes it; the issuer reads anew.
    sides = (later.row.kind, earlier.row.kind)
    # Two proposals read over time too: an offer raised from 6.5% to 7.2%.
    proposals = later.kind == earlier.kind == "forecast"
    if not ((later.reading and earlier.reading) or proposals) or sides == ("report", "reading"):
        return False
    if sides == ("reading", "report") and _another_party(earlier, later):
        return False
    if (later.low, later.high) == (earlier.low, earlier.high) or sizes:
        return False
    # Either sentence giving the other's value as a reading of now disputes it; one giving it
    # as the value it replaced ("risen to €465 million from the €410 million budget") is of
    # what that value measured, in whatever words.
    mine, theirs = _kinds_given(later, earlier), _kinds_given(earlier, later)
    alike = same_quantity(later, earlier, topic) or (
        "earlier" in mine and bool(later.quantity & earlier.quantity)
    )
    if not later.date[:10] > earlier.date[:10] or not alike:
        return False
    if mine - {"earlier"} or theirs - {"earlier"}:
        return False
    return "earlier" in mine or _read_anew(later, earlier)


def _another_party(report: Figure, reading: Figure) -> bool:
    """Whether a report's figure names a speaker of its own that is not the issuer ("analysts
    at <a bank> estimate", "according to port data compiled by <a weekly>"): that party's
    figure, which the issuer's later reading disputes, never reads anew."""
    who = speaker(report)
    return bool(who) and not who <= _stems(reading.row.source)


def _read_anew(later: Figure, earlier: Figure) -> bool:
    """Whether the later reads the earlier anew: it says so ("the toll rose to 11"); or the
    earlier was an estimate the count that follows replaces ("estimates the harvest at 1,840
    tonnes", then "came in at 1,655"), or a tally so far ("has now burned 41,000 hectares").
    "Police put the field at 18,000" of a race that "drew 21,000" says none: they are at odds."""
    if _AGAINST_OTHERS.search(later.sentence):
        return False  # "fewer than other reports suggest": it says it is at odds with them
    settled = (
        earlier.kind == "provisional" and later.kind == "actual" and _one_speaker(later, earlier)
    )
    running = bool(_SO_FAR.search(earlier.sentence))
    if running and not later.unit and later.high < earlier.low and not _one_speaker(later, earlier):
        # A tally so far ("has shipped 1.2 million") does not fall: another's lower count a day
        # later, without a word of change, is another count of it, at odds with the first (a
        # wind speed or a rate may fall).
        return bool(_FELL.search(later.sentence))
    return settled or running or bool(_CHANGED.search(later.sentence))


# A figure set against what others say of it: "fewer than other reports suggest", "above
# what analysts estimated", "contrary to earlier reports".
_AGAINST_OTHERS = re.compile(
    r"\b(?:(?:fewer|more|less|lower|higher|smaller|larger|bigger|below|above)\s+than|contrary\s+to"
    r"|at\s+odds\s+with|disput(?:es|ing))\s+(?:the\s+|what\s+|some\s+)?(?:other|earlier|previous"
    r"|rival|published|official|many)?\s*(?:reports?|estimates?|figures?|accounts?|sources?|outlets?"
    r"|analysts?)\b",
    re.IGNORECASE,
)
_FELL = re.compile(
    r"\b(?:fell|falls?|dropped|drops?|declined?|down\s+(?:from|to)|revised\s+down"
    r"|lowered|cut)\b",
    re.IGNORECASE,
)


# A count said as it stands so far: "now", "so far", "to date", "has burned", "have died".
_SO_FAR = re.compile(
    r"\b(?:now|so far|to date|(?:has|have)\s+(?:now\s+|so\s+far\s+)?[a-z]+(?:ed|en))\b",
    re.IGNORECASE,
)


def by_amount(figure: Figure) -> bool:
    """Whether a figure is the size of a change ("cut its throughput by 90,000 barrels"), not
    a level read anew."""
    at = figure.sentence.find(figure.text)
    return at > 0 and bool(re.search(r"\bby\s+$", figure.sentence[:at]))


def _one_speaker(one: Figure, other: Figure) -> bool:
    """Whether two figures are given by one source: one row source, or one speaker named."""
    who = speaker(one)
    return one.row.source == other.row.source or (bool(who) and who == speaker(other))


def _kinds_given(one: Figure, other: Figure) -> set[str]:
    """The kinds `one`'s sentence gives `other`'s value as ("earlier": the value it replaced;
    "actual": set beside its own as a reading of now)."""
    value = (other.low, other.high)
    return {f.kind for f in stated(one.sentence) if (f.low, f.high) == value}


def revisions(held_figures: list[Figure],
              topic: frozenset[str] = frozenset()) -> list[tuple[Figure, Figure]]:  # fmt: skip
    """(earlier, later) for each figure a later one replaces, in the order held."""
    return [(earlier, later) for later in held_figures for earlier in held_figures
            if earlier is not later and revises(later, earlier, topic)]  # fmt: skip


def readings_over_time(
    held_figures: list[Figure], topic: frozenset[str] = frozenset()
) -> list[tuple[Figure, Figure]]:
    """(earlier, later) for each figure a newer reading of it updates (`updates`)."""
    return [(earlier, later) for later in held_figures for earlier in held_figures
            if earlier is not later and updates(later, earlier, topic)]  # fmt: skip


def replaced_ids(held_figures: list[Figure], topic: frozenset[str] = frozenset()) -> set[int]:
    """The ids of the figures a later one revises or reads anew."""
    pairs = [*revisions(held_figures, topic), *readings_over_time(held_figures, topic)]
    return {id(earlier) for earlier, _ in pairs}


def newest(held_figures: list[Figure], topic: frozenset[str] = frozenset()) -> list[Figure]:
    """The readings among `held_figures` that no later one replaces or updates, newest first
    (of one date, an actual or revised one before a provisional one, an issuer's before a
    report's)."""
    replaced = replaced_ids(held_figures, topic)
    current = [f for f in held_figures if f.reading and id(f) not in replaced]
    current = [f for f in current if not _of_a_year_before(f, current, topic)]
    current = [f for f in current if not _to_an_earlier_month(f, current, topic)]
    by_date = sorted(current, key=lambda f: (f.kind == "provisional", f.row.kind != "reading"))
    return _issuer_ahead(sorted(by_date, key=lambda f: f.date, reverse=True), topic)


def _of_a_year_before(figure: Figure, current: list[Figure], topic: frozenset[str]) -> bool:
    """Whether another current figure of the same quantity is of a later year than this one
    ("€3.4 billion for the third quarter of 2026, ... against €2.8 billion in 2025"): the year
    before's is no current reading."""
    year = _year_said(figure)
    return bool(year) and any(
        _year_said(g) > year and g.unit == figure.unit and same_quantity(g, figure, topic)
        for g in current
    )


def of_period(figure: Stated, period: str) -> bool:
    """Whether `figure` is of `period`: its own, or, of a year, its total to date ("in 2026
    through November" is of 2026; the second quarter of 2026 is a quarter, not the year)."""
    if figure.period == period:
        return True
    return period.isdigit() and figure.year == period and _to_date(figure) is not None


def _to_an_earlier_month(figure: Figure, current: list[Figure], topic: frozenset[str]) -> bool:
    """Whether another current figure of the same quantity is of its year to a later month
    ("14.2 million in 2026 through November" beside "12.9 million in 2026 through October"):
    a total to date is current until one to a later month is read."""
    end = _to_date(figure)
    return end is not None and any(
        (later := _to_date(g)) is not None and later > end and g.year == figure.year
        and g.unit == figure.unit and same_quantity(g, figure, topic)
        for g in current
    )  # fmt: skip


def _to_date(figure: Stated) -> int | None:
    """The month a total from January runs to ("january-october": 10), or None."""
    first, _, last = figure.period.partition("-")
    return _MONTH_NUMBER.get(last) if first == "january" else None


_MONTH_NUMBER = {name.lower(): n for n, name in enumerate(calendar.month_name) if name}


def _year_said(figure: Figure) -> str:
    return figure.year or (figure.period if figure.period.isdigit() else "")


def _issuer_ahead(ordered: list[Figure], topic: frozenset[str]) -> list[Figure]:
    """`ordered` with each issuer's reading moved ahead of the later reports that give another
    figure of one thing and period: a report at odds with the issuer does not replace its
    reading (`updates`), so the issuer's leads, whatever the report's date."""
    for reading in [f for f in ordered if f.row.kind == "reading"]:
        at = ordered.index(reading)
        rivals = [i for i, f in enumerate(ordered[:at]) if _rival(f, reading, topic)]
        if rivals:
            ordered.insert(rivals[0], ordered.pop(at))
    return ordered


def past_rivals(current: list[Figure], topic: frozenset[str] = frozenset()) -> list[Figure]:
    """`current` less each report's figure at odds with an issuer's reading of one thing and
    period: the other side of a dispute, never the record's figure to compare."""
    readings = [f for f in current if f.row.kind == "reading"]
    return [f for f in current if not any(_rival(f, r, topic) for r in readings)]


def _rival(figure: Figure, reading: Figure, topic: frozenset[str]) -> bool:
    return (figure.row.kind != "reading" and figure.period == reading.period
            and figure.unit == reading.unit and not figure.overlaps(reading)
            and same_quantity(figure, reading, topic))  # fmt: skip


def difference(higher: Stated, lower: Stated) -> str:
    """How much `higher` exceeds `lower`, written as the figures are: a percentage's in points
    ("1.75 to 2.00" for a range; the template says "percentage points"), a sum with its sign,
    scale and currency word ("$125 million"), a count with its separators ("5,000")."""
    low, high = higher.low - lower.high, higher.high - lower.low
    if higher.unit == RANK:
        return str(phrases.BY_PLACES.format(places=_number(low, 0)))
    if higher.unit == "%":
        numbers = [_number(v, _decimals(higher, lower)) for v in dict.fromkeys((low, high))]
        return " to ".join(numbers)
    # Places enough for the lower figure in the higher's scale (1.3 million less 120,000 is
    # 1.18 million, not 1.2), at most three.
    scale = _SCALE.get(_scale_word(higher) or "", 1)
    places = len(f"{lower.high / scale:.3f}".rstrip("0").partition(".")[2])
    return _written_as(higher, low, max(_decimals(higher), places))


def ratio(higher: Stated, lower: Stated) -> str | None:
    """How many times `lower` `higher` is, for sums and counts (a rate's ratio says nothing a
    difference in points does not; a magnitude's is meaningless), when it is at least 1.1."""
    if higher.unit in ("%", "bp", "#", RANK) or lower.high <= 0:
        return None
    times = higher.low / lower.high
    if times < 1.05:
        return None
    return _number(times, 1 if times < 10 else 0)


def derived(texts: list[str]) -> set[str]:
    """Every number a verdict may work out from the figures `texts` state: the difference and
    ratio of each two of one unit that do not overlap, as `difference` and `ratio` write them
    (without thousands separators, as the source check compares numbers)."""
    found = [f for text in texts for f in stated(text)]
    numbers: set[str] = set()
    for a in found:
        for b in found:
            if a.unit == b.unit and a.low > b.high:
                worked = f"{difference(a, b)} {ratio(a, b) or ''}"
                numbers |= {n.replace(",", "") for n in _NUMBER.findall(worked)}
    return numbers


def _decimals(*figures_: Stated) -> int:
    """The most decimals either figure is written with, past its scale word."""
    places = [len(n.split(".")[1]) if "." in n else 0
              for f in figures_ for n in _NUMBER.findall(f.text.replace(",", ""))]  # fmt: skip
    return max(places, default=0)


def _scale_word(figure: Stated) -> str | None:
    """The scale word a figure is written with ("million"), if any."""
    return next((w for w in _SCALE if re.search(rf"(?:\b|(?<=\d)){w}\b", figure.text, re.I)),
                None)  # fmt: skip


def _number(value: float, places: int, grouped: bool = False) -> str:
    return f"{value:,.{places}f}" if grouped else f"{value:.{places}f}"


def _written_as(figure: Stated, value: float, places: int) -> str:
    """`value` written in the form of `figure`'s text: its first number replaced ("$210 million"
    becomes "$125 million" for 125,000,000)."""
    scale = _scale_word(figure)
    amount = value / _SCALE[scale] if scale else value
    number = _number(amount, places, grouped=bool(re.search(r"\d,\d{3}", figure.text)))
    text = figure.text
    # A difference of counts is of the noun, not of one side's name ("by 31 aircraft", not
    # "by 31 VA-350 aircraft").
    if not figure.unit and (found := _NUMBER.search(text)):
        name = _name_before_noun(text[found.end() :])
        text = text.replace(f" {name} ", " ", 1) if name else text
    return _NUMBER.sub(number, text, count=1)
