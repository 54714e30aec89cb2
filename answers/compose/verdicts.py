"""Comparisons: a verdict from two held figures of one quantity, or the reason there is none.

What is compared, each figure the newest reading of its quantity (`answers.ground.figures.newest`: a
revision's later figure, never the one it replaced), from any layer:
- likelihood (the question asks which is more likely, the odds, the chance): what crowds price
  the same outcome at on each side, a live market question whose words carry the outcome asked
  ("hold"); belief, said so;
- across two topics: each side's figure of what the question asks ("raised", "turnout": a word
  of it in what the figure measures, else in its sentence), or, when it names nothing past the
  topics, a quantity both sides' figures name ("rate"); a side holding a single sum is compared
  by it; the issuer's readings before reports, then the value the side's rows repeat most, then
  the newest;
- within one topic: two figures of one quantity for two periods the question names ("in October
  or September"): two readings of one indicator.
The verdict is the first sentence: which is higher, by how much (the difference in the figures'
unit, and for sums and counts how many times as much: `answers.ground.figures.difference`, `ratio`),
as of when (the newer row's date); both figures quoted with their rows' markers, so the source
check holds it to them and accepts the worked-out difference (`answers.ground.figures.derived`). Two
figures of one quantity in different units (two currencies, a percentage against an amount) are
said to be so, and why no verdict is given; overlapping or equal figures make neither higher.
"""

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from answers.check import Sentence
from answers.compose import sooner
from answers.ground import Figure, figures
from answers.understand import (
    FINAL_WORDS,
    MONTHS,
    STOP,
    STOP_STEMS,
    another_edition,
    asks_ahead,
    capitalised,
    deeds_of,
    direction_of,
    lead_called,
    parts,
    phrases,
    stem,
    stem_set,
    without_titles,
)
from ingestion.tagging import current_tagger

LIKELY = stem_set(
    """likely likelihood likelier chance chances odds probability probable bet bettors traders
    confident confidence priced pricing price crowd crowds market markets"""
)
# "Priced" and "pricing" ask what a crowd believes; "price" is as often what is measured ("the
# strike price", "the list price"), and all three stem alike.
_PRICED = re.compile(r"\bpric(?:ed|ing)\b", re.IGNORECASE)
ASKING = stem_set(
    """compare comparison versus vs which higher lower more less bigger larger smaller greater
    better worse difference between against is are was were the a of and or to figure apart far
    gap""",
)
_CURRENCY = figures.CURRENCY_UNITS
_NEUTRAL = frozenset(stem(w) for w in figures.NEUTRAL)
_FORECAST = figures.FORECAST_STEMS
_SPAN = re.compile(rf"\b{figures.MONTH}\s*(?:-|\u2013|to|through)\s*{figures.MONTH}\b", re.I)
_PERIODS = re.compile(
    r"\b(January|February|March|April|May|June|July|August|September|October|November|"
    r"December|(?:first|second|third|fourth)[\s-]quarter|Q[1-4]|(?:19|20)\d\d[/\u2013-]\d\d(?!\d)"
    r"|(?<![\d/])(?:19|20)\d\d(?![\d/]))\b",
    re.IGNORECASE,
)


_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
_BARE_ORDINAL = re.compile(r"\b(first|second|third|fourth)\b(?![\s-]+quarter)", re.IGNORECASE)
_OF_YEAR = re.compile(rf"(?:{figures.MONTH}|quarter)(?:\s+of|,)?\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Asked:
    """What the question asks of one side: its words past the side's names, and whether they
    are only the words of the side's own title ("budget" of a council's budget: then a figure
    must measure them, not merely stand in a sentence with them)."""

    words: frozenset[str]
    strict: bool = False

    @classmethod
    def of(cls, words: set[str], title: set[str]) -> "Asked":
        loose = frozenset(words - title)
        return cls(loose, strict=False) if loose else cls(frozenset(words), strict=bool(words))


def verdict(writer, sides: list) -> bool:
    """Add the first sentence comparing the first two sides (topics' layers) to `writer`: a
    verdict, or why the figures of one quantity they hold cannot be compared; False when they
    hold none."""
    first, second = sides[0], sides[1]
    if sooner.first_of(writer, sides):
        return True  # "which starts earlier": when each does it, not how much
    question = writer.understood.question
    asked = stem_set(question) - STOP_STEMS
    # A word a curated quantity names ("crowd" of attendance) asks that quantity, no belief.
    believed = {w for w in asked & LIKELY - {"price"} if not figures.curated({w})}
    if believed or _PRICED.search(question):
        subject = set().union(*(_curated(s) for s in (first, second)))
        outcome = asked - LIKELY - ASKING - subject
        a, b = _priced(first, outcome), _priced(second, outcome)
        if a is None or b is None:
            return False
        return _said(writer, (first.topic.title, a), (second.topic.title, b), likely=True)
    # A period in a side's title ("US jobs report, November 2026") names the side, not a
    # period asked of both.
    periods = _periods_said(without_titles(question, [first.topic, second.topic]))
    periods = [p for p in periods if not p.isdigit()] or periods  # "October 2026": October
    # "Which will cost more", "which forecasts more": what is planned counts.
    ahead = asks_ahead(question) or bool(stem_set(question) & _FORECAST)
    said = _measure_said(question)
    mine, theirs, asked, pair = _paired(question, (first, second), periods, ahead, said)
    if not ahead and (pair is None or not all(_says_measure(f, said) for f in pair)):
        # What a side holds only as planned ("will invest EUR 310 million") is its figure of
        # the measure when none is done: plans set beside plans, or beside what was done.
        mine, theirs, asked, pair = _paired(question, (first, second), periods, True, said)
    if pair is None or not all(_says_measure(f, said) for f in pair):
        # What is measured: the comparative's own words, else what the parts ask of the sides
        # ("Is the deposit rate of A larger than that of B?").
        measure = said or frozenset(figures.curated(asked[0].words | asked[1].words))
        return _one_side(writer, (first, mine), (second, theirs), measure)
    a, b = pair
    # Else each labelled with what it measures.
    alike = figures.same_quantity(a, b, _curated(first) | _curated(second))
    said = [(_labelled(first, a, alike), a), (_labelled(second, b, alike), b)]
    return _said(writer, *(said[::-1] if _named_later(question, first, second) else said))


def _paired(question: str, sides: tuple, periods: list[str], ahead: bool, said: frozenset[str]):
    """Each side's figures of what is asked (planned ones too when `ahead`), what is asked of
    each, and the pair to compare (None when none fits)."""
    candidates = [_levels_asked(_candidates(side, ahead, periods), question, side.topic)
                  for side in sides]  # fmt: skip
    mine, theirs = _own_figures(*candidates, sides)
    asked = _asked(question, *sides)
    mine, theirs = _measuring(mine, asked[0]), _measuring(theirs, asked[1])
    return mine, theirs, asked, _pair(mine, theirs, asked, periods, ahead)


# What a comparative is said of: the lower-case words after it, up to "than", a comma, a
# name or a preposition ("more merchandise sales than", "the lower average ticket price,").
_MEASURE_SAID = re.compile(
    r"\b(?:more|less|fewer|higher|lower|bigger|larger|smaller|greater)\s+"
    r"((?:(?!than\b|in\b|for\b|of\b|at\b|on\b|to\b|from\b|by\b|with\b)[a-z][\w-]*\s*){1,4})"
)


def _measure_said(question: str) -> frozenset[str]:
    """The stems of what the question's comparative is said of, past the words every figure
    shares ("more shows"), or the curated quantity whose word a comparative is made of
    ("longer" of "long", a length); empty when it says none ("Which raised more?")."""
    said = _MEASURE_SAID.search(question)
    # A participle says the deed, not what it measures ("was more raised by A or B").
    named = " ".join(w for w in said.group(1).split() if not w.endswith("ed")) if said else ""
    found = stem_set(named) - STOP_STEMS - _NEUTRAL
    for word in _COMPARATIVE.findall(question.lower()):
        bases = (word[:-2], word[:-3], f"{word[:-3]}y")  # longer, bigger, heavier
        found |= {stem(b) for b in bases if len(b) > 2 and figures.curated({stem(b)})}
    if not found and _MONEY_VERB.search(question):
        found = set(figures.ANY_SUM)  # "costs more to build": a sum, whatever it pays for
    return frozenset(found)


# A verb whose comparative asks a sum ("costs more", "spent less", "pays more").
_MONEY_VERB = re.compile(r"\b(?:cost|spend|spent|pay|paid|invest|earn)(?:s|ed|ing)?\s+"
                         r"(?:\w+\s+)?(?:more|less)\b", re.IGNORECASE)  # fmt: skip


_COMPARATIVE = re.compile(r"\b[a-z]{3,}er\b")


def _measuring(held: list[Figure], asked: Asked) -> list[Figure]:
    """A side's figures that measure what is asked of it, when any does: one that only shares
    a sentence with the word is another measure ("payrolls rose by 64,000 and the unemployment
    rate was 5.1%": the rate is no payroll figure)."""
    if asked.strict:  # only the side's own title's words: any of its figures may be asked
        return held
    return [f for f in held if _stands(f, asked) == 2] or held


def _one_side(writer, first: tuple, second: tuple, said: frozenset[str]) -> bool:
    """The sentence for a comparison of a measure only one side holds a figure of ("which
    employs more, A or B?" where only A's rows count its workforce): no verdict, the figure
    held, and the side that holds none. False when the question names no measure of its own
    (`_measure_said`: every figure would do) or both or neither side hold one."""
    if not said or said <= figures.ANY_COUNT | figures.ANY_SUM:
        return False
    asked = figures.quantities(said)
    held = [[f for f in figs if asked & figures.quantities(f.quantity, doers=True)] for _, figs in
            (first, second)]  # fmt: skip
    if bool(held[0]) == bool(held[1]):
        return False
    side, other, figs = (first[0], second[0], held[0]) if held[0] else (second[0], first[0],
                                                                        held[1])  # fmt: skip
    figure = max(figs, key=lambda f: f.date)
    rows = [*other.readings, *other.reports]
    if not rows:
        return False
    # The other side's leading row is cited for its name: what it holds, none of which is this.
    writer.sentences.append(Sentence(str(phrases.COMPARE_ONE_SIDE.format(
        held=side.topic.title, figure=f"{figure.text} {writer.cite(figure.row)}",
        other=f"{other.topic.title} {writer.cite(rows[0])}")) + "."))  # fmt: skip
    return True


def _says_measure(figure: Figure, said: frozenset[str]) -> bool:
    """Whether a figure stands with the measure a comparative is said of, in what it measures
    (a curated quantity's word included) or its sentence: "more shows" is never answered by
    two ticket prices, whatever else the two sides share."""
    if not said:
        return True
    if said <= figures.ANY_COUNT:  # "fewer people": a count of anyone, whatever it calls them
        return not figure.unit
    if said <= figures.ANY_SUM:  # "more money": a sum in any currency, whatever it pays for
        return figure.unit in _CURRENCY
    held = figures.quantities(figure.quantity, doers=True)
    # "more containers" of a curated "containers handled": a word of a name of what it measures.
    named = said & figures.naming(held)
    return bool(figures.quantities(said) & held or said & stem_set(figure.sentence) or named)


def _named_later(question: str, first, second) -> bool:
    """Whether the question names the second side before the first: the verdict's pair is held
    in the question's order (a yes or no answers the side it names first)."""
    at = [_first_at(question.lower(), side) for side in (first, second)]
    return at[1] < at[0]


def _first_at(question: str, side) -> int:
    names = [side.topic.title, *side.topic.names]
    found = [question.find(n.lower()) for n in names if n and n.lower() in question]
    return min(found, default=len(question))


def _labelled(side, figure: Figure, alike: bool = True) -> str:
    """A side as its verdict names it: its topic's title, with what the figure measures when
    the title heads another quantity ("building permits (Norvania housing starts, October
    2026)"): a topic holds more than its headline figure."""
    headline = _headline(side)
    plain = not headline or headline & figure.quantity
    if not figure.named.strip() or (alike and plain):
        return side.topic.title
    quantity = _named_written(figure)
    return str(phrases.FIGURE_OF_TOPIC.format(quantity=quantity, topic=side.topic.title))


def _headline(side) -> set[str]:
    """What a side's title says its topic measures: the curated quantities it names
    (`registry.Quantity`: "housing starts"); a description in brackets is none."""
    bare = re.sub(r"\([^)]*\)", " ", side.topic.title)
    return set(figures.curated(stem_set(bare) - _names(side) - STOP_STEMS))


_ACRONYM = re.compile(r"\b[A-Z]{2,}\b")
_NAME = re.compile(r"(?<=\s)[A-Z][\w'-]*")  # a capitalised word, past the part's first
_WHICH_NOUN = re.compile(
    r"^\W*which\s+[a-z]+(?=\s+(?!of\b|is\b|was\b|are\b|were\b)[a-z]+)", re.IGNORECASE
)


def _asked(question: str, first, second) -> tuple[Asked, Asked]:
    """What the question asks of each side: the words of the part that names it ("the council's
    budget or the IPO's proceeds"), with the words no part names a side in ("which raised
    more"); a side named bare takes the other's ("Compare A and B funding")."""
    sides = (first, second)
    own: list[set[str]] = [set(), set()]
    common: set[str] = set()
    # "Which company got more cash": the noun after "which" is what is chosen, not measured.
    question = _WHICH_NOUN.sub("which", question)
    for part in parts(question):
        # A curated quantity's word counts as its quantity ("cost" asks of a "budget"); a
        # period says when, never what ("than Estmark in October 2026" asks what the other
        # part asks of it).
        part = _YEAR.sub(" ", figures.no_dates(part))
        # A capitalised word inside a part is a name's: whose, never a quantity's word ("Korvath
        # Mining" asks no mine's output).
        raw, capital = stem_set(part) - STOP_STEMS - ASKING, stem_set(" ".join(_NAME.findall(part)))
        said = set(figures.quantities(raw - capital)) | (raw & capital)
        # A name in capitals says whose even when it spells a small word ("the US rate").
        named = said | stem_set(" ".join(_ACRONYM.findall(part)))
        hits = [(len(named & _names(s)), len(said & _title(s))) for s in sides]
        if hits[0] == hits[1]:
            common |= said
        else:
            own[hits.index(max(hits))] |= said
    # Names say whose, not what; a word no row of either side uses tells no figure apart
    # ("recaudó" asked of English rows).
    unheard = (own[0] | own[1] | common) - _used(first, second)
    aside = _names(first) | _names(second) | unheard | _called(first) | _called(second)
    mine = [own[0] - aside, own[1] - aside]
    words = [(mine[i] or mine[1 - i]) | (common - aside) for i in (0, 1)]
    return Asked.of(words[0], _title(first)), Asked.of(words[1], _title(second))


def within(writer, side) -> bool:
    """Add the verdict between two readings of one quantity for the two periods the question
    names ("Was inflation higher in October or September?"); False when it names fewer or the
    side holds no figure of one quantity for both."""
    question = writer.understood.question
    asked = _seasons_named(_years_named(question, writer.understood.year), side.topic.period)
    periods, of = _times_asked(asked)
    if len(periods) < 2:
        return False
    said, wide = _words_of_periods(question, side, periods)
    held = _readings_of_periods(side, of)
    # A year asked is the year of a quarter or month too ("its 2026 estimate": Q3 2026's).
    firsts, seconds = (_ranked([f for f in held if getattr(f, of) == p
                                or (p.isdigit() and f.year == p)], said, wide)
                       for p in periods[:2])  # fmt: skip
    # The best-standing pair of one quantity ("complete at 1,655 tonnes" of the year asked
    # against "2,050 tonnes in 2025"), not merely each period's best figure.
    pairs = [(a, b) for a in firsts for b in seconds
             if figures.same_quantity(a, b, _curated(side))]  # fmt: skip
    # One unit before two ("£152.0 million" is set against September's sum, not its 0.4%).
    pair = next((p for p in pairs if p[0].unit == p[1].unit), pairs[0] if pairs else None)
    if pair is None:
        return False
    # "Did it rise from September to October?": the later first, which a rise says is higher.
    later_first = changed_between(question) and _after(pair[0], pair[1])
    if changed_between(question) and _after(pair[1], pair[0]):
        pair, periods, later_first = pair[::-1], periods[1::-1], True
    return _periods_verdict(writer, side, pair, periods[:2], of, later_first)


def changed_between(question: str) -> bool:
    """Whether a question asks of a rise or a fall between two times it names ("Did occupancy
    rise from September to October?"), with no comparative of its own."""
    said = _ROSE.search(question) or _FELL.search(question)
    compared = SAID_HIGHER.search(question) or SAID_LOWER.search(question)
    return bool(said) and not compared and len(_times_asked(question)[0]) >= 2


# A revision asked about: a word of the figure that replaced ("revised", "final") and one of
# the figure replaced ("flash", "preliminary", "first"), set side by side.
# The later side of a revision: said so, or the figure as it stands ("the new target", "the
# list now", "its current price") set against one it replaced.
_REVISED = stem_set("revised revision revise final corrected updated new now current latest")
_REPLACED = stem_set("flash preliminary provisional initial first original earlier previous")
_HOW_FAR = re.compile(r"\bhow (?:much|far)\b|\bdifferen", re.IGNORECASE)


def revision(writer, side) -> bool:
    """Add the verdict between a revised figure and the one it replaced, when the question asks
    by how much one was revised from the other ("How much higher was the revised figure than
    the preliminary count?"): the revision the side's rows make of one quantity that stands
    best with the question. False when it asks no such thing or the rows revise nothing."""
    question = writer.understood.question
    asked = stem_set(question)
    asks = _SET_AGAINST.search(question) or _HOW_FAR.search(question)
    if not (asked & _REVISED and asked & _REPLACED and asks):
        return False
    said = frozenset(asked - STOP_STEMS - ASKING - _REVISED - _REPLACED - _names(side))
    rows = [row for row in [*side.readings, *side.reports] if not row.posing]
    held = [f for row in rows for f in figures.held(row) if f.kind != "rejected"]
    pairs = figures.revisions(held, _curated(side))
    if not pairs:
        return False
    earlier, later = max(pairs, key=lambda p: (sum(_standing(p[1], said)),
                                               p[1].row.kind == "reading", p[1].date))  # fmt: skip
    if asked & _FIRST:  # "than the original budget": the first of the chain, not the last
        chain = [e for e, _ in pairs if figures.same_quantity(e, later, _curated(side))]
        earlier = min(chain, key=lambda f: (f.date, f.kind != "earlier"), default=earlier)
    return _said(writer, (str(phrases.FIGURE_REVISED), later),
                 (str(phrases.FIGURE_REPLACED), earlier))  # fmt: skip


# A change over time asked since a period ("have passengers grown since September?").
_SINCE = re.compile(r"\bsince\b", re.IGNORECASE)
_CHANGED = re.compile(
    r"\b(?:gr[eo]wn?|grows?|growing|shr[aiu]nk|shrinks?|ris(?:e|en|es|ing)|rose|f[ae]ll(?:en|s)?"
    r"|increas\w*|decreas\w*|drop\w*|climb\w*|chang\w*|up|down|more|less|fewer|higher|lower)\b",
    re.IGNORECASE,
)


# A change asked of for yes or no: a rise says the later time is higher, a fall lower.
_ROSE = re.compile(r"\b(?:gr[eo]wn?|grows?|growing|ris(?:e|en|es|ing)|rose|increas\w*|climb\w*"
                   r"|up)\b", re.IGNORECASE)  # fmt: skip
_FELL = re.compile(r"\b(?:shr[aiu]nk|shrinks?|f[ae]ll(?:en|s)?|decreas\w*|declin\w*|drop\w*"
                   r"|down)\b", re.IGNORECASE)  # fmt: skip


def since(writer, side) -> bool:
    """Add the verdict between a quantity's reading for the period a change is asked since
    and its best-standing reading of a later period (`_after`: "Have passenger numbers grown
    since September?"): the later first. False when no change since a named period is asked or
    the side holds no such pair."""
    question = writer.understood.question
    at = _SINCE.search(question)
    then = [p for p in _periods_said(question[at.end() :]) if not p.isdigit()][:1] if at else []
    if not (then and _CHANGED.search(question)):
        return False
    # The change asked ("changed", "grown") is no word of what changed.
    said, wide = _words_of_periods(_CHANGED.sub(" ", question), side, then)
    held = _readings_of_periods(side)
    before = _ranked([f for f in held if f.period == then[0]], said, wide)
    pair = next(((a, b) for b in before
                 for a in _ranked([f for f in held if _after(f, b)], said, wide)
                 if figures.same_quantity(a, b, _curated(side))), None)  # fmt: skip
    return pair is not None and _periods_verdict(writer, side, pair, [pair[0].period, then[0]],
                                                 later_first=True)  # fmt: skip


# A comparison with an earlier time the rows give no period of ("this year against last year",
# "higher than a year ago", "than when it was first published"): a row's own "up from 5,480 a
# year earlier" answers it.
_BEFORE_ASKED = re.compile(
    r"\b(?:last|previous|prior|preceding)\s+(?:year|month|quarter|period)|a\s+year\s+"
    r"(?:ago|earlier|before)|\byear\s+before|\bthan\s+(?:before|previously)\b"
    # "than when the rule was first published", "than originally": its first reading.
    r"|\bthan\s+(?:originally|initially|at\s+first|(?:when|at)\b[^?,;]*?\b(?:first|originally"
    r"|initially)\b)"
    # "than the rate it replaces", "than the old fee": the value before it.
    r"|\bthan\s+(?:the|its)\s+(?:old|previous|former|existing)\b"
    r"|\bthan\s+(?:the|its)\s+(?:[\w-]+\s+){0,2}(?:it|they|that)\s+replac(?:es|ed|e)\b",
    re.IGNORECASE,
)
# "compare", "versus", and the verbs of one figure passing another ("beat the same quarter a
# year earlier", "exceed last year's").
_COMPARE = re.compile(
    r"\bcompar\w*|\bversus\b|\bvs\b|\b(?:beat|exceed|surpass|outstrip|top|trail)(?:s|ed|ped|en)?\b",
    re.IGNORECASE,
)


# "By how much did it raise the fee?", "How much did enrolment rise?": the change of a figure
# against the one before it, which a row's "to 4,800, up from 4,200" answers. "Raise" asks a
# change only after "by" ("how much did it raise" is a sum raised).
CHANGE_ASKED = re.compile(
    r"\bby\s+how\s+much\b[^?]*?\b(?:rais|hik|lift|boost|improv|cut|rose|rise|risen|increas"
    r"|lower|reduc|gr[eo]w|f[ae]ll|drop|climb|shr[aiu]nk)\w*"
    r"|\bhow\s+much\b[^?]*?\b(?:rose|rise|risen|rises|increas|improv|lower|reduc|gr[eo]w"
    r"|f[ae]ll|dropp|climb|shr[aiu]nk)\w*",
    re.IGNORECASE,
)


def against_before(writer, side) -> bool:
    """Add the verdict between a quantity's current figure and the earlier one a row sets it
    against in one sentence ("completed 6,120 homes, up from 5,480 a year earlier"), when the
    question asks how now compares with before and names no two periods the rows hold. False
    when it asks no such thing or no row gives such a pair."""
    question = writer.understood.question
    asked = _BEFORE_ASKED.search(question) and (_CHANGED.search(question)
                                                or _COMPARE.search(question))  # fmt: skip
    if not (asked or CHANGE_ASKED.search(question)):
        return False
    said = frozenset(stem_set(_BEFORE_ASKED.sub(" ", question)) - STOP_STEMS - ASKING
                     - _names(side))  # fmt: skip
    rows = [row for row in [*side.readings, *side.reports] if not row.posing]
    held = [f for row in rows for f in figures.held(row)]
    year = _A_YEAR_BEFORE.search(question) is not None
    pairs = [(now, then) for now in held if now.reading for then in held
             if then.kind == "earlier" and then.row is now.row and then.sentence == now.sentence
             and figures.same_quantity(now, then, _curated(side))
             and _before_asked(now, then, year)]  # fmt: skip
    if not pairs:
        return False
    now, then = max(pairs, key=lambda p: (sum(_standing(p[0], said)),
                                          p[0].row.kind == "reading", p[0].date))  # fmt: skip
    named = _named_written(now, side.topic.title)
    # Named by their periods only where the periods tell them apart ("27 companies" of the
    # 2026 rule against "up from 23": the latest and the earlier list).
    apart = year or bool(then.period and then.period != now.period)
    return _said(writer, (_when_said(named, now, phrases.FIGURE_LATEST, apart), now),
                 (_when_said(named, then, phrases.FIGURE_EARLIER, apart), then),
                 later_first=True)  # fmt: skip


_A_YEAR_BEFORE = re.compile(r"\byear\b", re.IGNORECASE)


def _before_asked(now: Figure, then: Figure, year: bool) -> bool:
    """Whether `then` is the earlier time asked: a year before is of no other month or quarter
    than `now`'s ("up from 19,950 in September" is no October a year ago); a month or quarter
    before is of another."""
    if not then.period or then.period.isdigit():
        return True
    return (then.period == now.period) if year else (then.period != now.period)


def _when_said(named: str, figure: Figure, otherwise, by_period: bool = True) -> str:
    """A figure of a comparison over time, named by its period where it has one."""
    if figure.period and by_period:
        period = _written(figure, figure.period)
        return str(phrases.FIGURE_OF_PERIOD.format(quantity=named, period=period))
    return str(otherwise.format(quantity=named))


def _after(figure: Figure, then: Figure) -> bool:
    """Whether `figure` is of a period after `then`'s: a later month or quarter of the same
    order ("October" after "September", both reported on one day), else reported later."""
    order = next((o for o in (MONTHS, figures.QUARTERS)
                  if figure.period in o and then.period in o), None)  # fmt: skip
    if order is not None:
        return order.index(figure.period) > order.index(then.period)
    return bool(figure.period) and figure.period != then.period and figure.date > then.date


def _words_of_periods(question: str, side, periods: list[str]) -> tuple[set[str], set[str]]:
    """What a comparison of periods asks of the side: its own words past the side's names and
    the periods, and with them the topic's curated words for what it measures ("consumer
    prices" beside "inflation") when the question says one of those."""
    when = stem_set(" ".join(periods))
    said = stem_set(question) - STOP_STEMS - ASKING - _names(side) - when
    own = _curated(side) - _names(side) - when
    return said, (said | own if said & own else said)


def _periods_verdict(writer, side, pair: tuple[Figure, Figure], periods: list[str],
                     of: str = "period", later_first: bool = False) -> bool:  # fmt: skip
    """The verdict between two readings of one quantity, each named by its period."""
    a, b = pair
    if not (_comparable(a, b) or _clash(a, b)):
        return False
    phrase = phrases.FIGURE_OF_DAY if of == "day" else phrases.FIGURE_OF_PERIOD
    subjects = [_forecast_said(f, str(phrase.format(
                    quantity=_named_written(f, side.topic.title), period=_written(f, p))))
                for f, p in zip(pair, periods, strict=True)]  # fmt: skip
    return _said(writer, (subjects[0], a), (subjects[1], b), later_first=later_first)


def _forecast_said(figure: Figure, subject: str) -> str:
    """A side of a verdict as it is held: a forecast is named one ("main crop in 2026-27
    (forecast)"), never weighed as a reading without saying so."""
    return f"{subject} ({phrases.PLAN_FORECAST})" if figure.kind == "forecast" else subject


# What sets a held figure against one the question states ("exceed a 25% reduction", "larger
# than the 8% first proposed", "has it topped $500 million"), read back from that figure; a bound
# ("more than 3,000") says it by itself.
_SET_BY_ASKING = re.compile(
    r"\b(?:exceed(?:s|ed|ing)?|top(?:s|ped)?|beat(?:s|en)?|surpass(?:es|ed)?|than)"
    r"(?:\s+(?:a|an|the|its|their|his|her))?\s*$",
    re.IGNORECASE,
)
_UNIT_WORDS = stem_set(" ".join([*figures.CURRENCY_NAMES, "percent", "cent"]))
# A question put for yes or no: its verdict opens with the answer.
YES_NO = re.compile(r"^\W*(?:did|does|do|was|were|is|are|has|have|had|will|would)\b", re.I)
# English comparatives: which side of a figure a question or a claim puts another.
SAID_HIGHER = re.compile(
    r"\b(?:more|higher|bigger|larger|greater|above|over|exceed(?:s|ed)?|top(?:s|ped)?"
    r"|beat(?:s|en)?|surpass(?:es|ed)?|deeper|costlier|longer)\b",
    re.IGNORECASE,
)
SAID_LOWER = re.compile(
    r"\b(?:fewer|less|lower|smaller|cheaper|below|under|shorter|miss(?:ed|es)?|short)\b", re.I
)


def threshold(writer, side) -> bool:
    """Add the verdict between the side's held figure of what is asked and a figure the
    question sets it against ("Did the final result exceed a 25% reduction?", "Did more than
    3,000 workers strike?"): yes or no, above or below and by how much, then the row; a held
    figure of the same quantity on the other side of it follows with its row. False when the
    question states no such figure or the side holds none of its unit that stands with it."""
    question = writer.understood.question
    asked, limit = _threshold_asked(question)
    if asked is None:
        return False
    # The figure's unit ("25 euros") says what it is counted in, not what it measures.
    said = frozenset(w for w in stem_set(question) - STOP_STEMS - ASKING - _names(side)
                     - _UNIT_WORDS if not w.isdigit())  # fmt: skip
    ranked = _threshold_held(side, asked, question, said)
    if not ranked:
        return False
    best, stands = ranked[0], _standing(ranked[0], said)
    if best.bound and best.bound == limit and best.low != asked.low:
        return False  # "limited to under 3.5 tonnes" of one "under 7.5 tonnes": another limit
    verdict = _against(best, asked, question)
    # Another figure of it on the other side, standing as well with what is asked: a dispute.
    other = next((f for f in ranked[1:] if not f.overlaps(asked)
                  and (f.low > asked.high) != (best.low > asked.high)
                  and _as_standing(_standing(f, said), stands)
                  and figures.same_quantity(f, best, _curated(side))), None)  # fmt: skip
    beside = other and str(phrases.THRESHOLD_OTHER_SIDE.format(held=other.text, asked=asked.text))
    if other is not None and other.row is best.row:
        verdict, other = f"{verdict}; {beside}", None
    writer.say(best.row, verdict)
    if other is not None:
        writer.say(other.row, beside)
    return True


def _standing(figure: Figure, said: frozenset[str]) -> tuple[int, int]:
    """How many words asked a figure measures, and how many its sentence says."""
    return len(said & figure.quantity), len(said & stem_set(figure.sentence))


def _as_standing(one: tuple[int, int], best: tuple[int, int]) -> bool:
    """Whether a figure stands with what is asked about as well as the best one (its sentence
    one word short at most)."""
    return one[0] >= best[0] and one[1] >= best[1] - 1


def _threshold_asked(question: str) -> tuple[figures.Stated | None, str]:
    """The figure a yes-or-no question sets a held one against, or None, and the bound it was
    said with ("under 3.5 tonnes": below)."""
    if not YES_NO.match(question):
        return None, ""
    for said in figures.stated(question):
        at = question.find(said.text)
        if said.bound or (at >= 0 and _SET_BY_ASKING.search(question[:at])):
            # The value itself, written bare ("3,000", not "more than 3,000"): the question's
            # words say which side of it is asked.
            return replace(said, text=_LEADING_WORDS.sub("", said.text), bound=""), said.bound
    return None, ""


_LEADING_WORDS = re.compile(r"^(?:[^\W\d_]*[a-z][^\W\d_]*\s+)+")  # "more than", "above"


def _threshold_held(side, asked: figures.Stated, question: str,
                    said: frozenset[str]) -> list[Figure]:  # fmt: skip
    """The side's current figures in the unit of the one asked that stand with a word `said`
    (past the side's names), best first (the issuer's before reports'); a figure equal to the
    one asked is the one it names ("the 48,000 first announced"), not what it is set
    against."""
    rows = [row for row in [*side.readings, *side.reports] if not row.posing]
    held = [f for row in rows for f in figures.held(row)
            if f.unit == asked.unit and not another_edition(f.sentence, side.topic)]  # fmt: skip
    # A plan asked by its noun ("is the sales outlook above ...") is what is held to it.
    ahead = asks_ahead(question) or bool(stem_set(question) & _AIMS)
    current = _candidates_of(held, side, ahead)
    current = [f for f in current if (f.low, f.high) != (asked.low, asked.high)]
    periods = [p for p in _periods_said(question) if not p.isdigit()]
    standing = {id(f): _standing(f, said) for f in current}
    current = [f for f in current if not _off_period(f, periods) and any(standing[id(f)])]
    ranked = _ranked(current, said, said | _curated(side))
    # The issuer's reading of what is asked (it measures a word asked, its unit aside, or its
    # sentence says as many as any) is the record's: it leads a report that words the question
    # more closely (which follows as the other side).
    most = max((standing[id(f)][1] for f in ranked), default=0)

    def issuers(f: Figure) -> bool:
        measured, sentence = standing[id(f)]
        return f.row.kind == "reading" and (measured > 0 or sentence == most > 0)

    return sorted(ranked, key=lambda f: not issuers(f))


def _against(held: Figure, asked: figures.Stated, question: str) -> str:
    """ "No, 21% is below the 25% the question sets, by 4 percentage points"."""
    if held.overlaps(asked):
        return str(phrases.THRESHOLD_EVEN.format(held=held.text, asked=asked.text))
    above = held.low > asked.high
    higher, lower = (held, asked) if above else (asked, held)
    phrase = phrases.THRESHOLD_ABOVE if above else phrases.THRESHOLD_BELOW
    said = str(phrase.format(held=held.text, asked=asked.text, difference=_by(higher, lower)))
    up, down = bool(SAID_HIGHER.search(question)), bool(SAID_LOWER.search(question))
    if up == down:
        return said
    answer = phrases.ANSWER_YES if up == above else phrases.ANSWER_NO
    return str(phrases.ANSWER_THEN.format(answer=answer, verdict=said))


# A plan a question sets what happened against ("beat its forecast", "miss the target", "what
# it expected"): the words by which rows plan a figure, and the plans' own nouns.
_TARGETS = frozenset(stem(w) for w in figures.TARGETS)
_AIMS = figures.PLAN_STEMS
_PLANS = _FORECAST | _AIMS
_CROWDS = stem_set("traders bettors bet bets punters market markets crowd crowds odds")
# A verb that holds a figure to a plan, followed by what it holds it to ("hit its target"; a
# "revenue hit" is a noun).
_MET = re.compile(r"\b(?:meet|met|hit|reach(?:ed)?|achiev(?:e|ed))\s+(?:its|the|their|a|an)\b",
                  re.IGNORECASE)  # fmt: skip
# Setting one figure against another: a comparative, or a verb that holds it to a plan.
_SET_AGAINST = re.compile(
    rf"{SAID_HIGHER.pattern}|{SAID_LOWER.pattern}|{_MET.pattern}"
    r"|\b(?:compar\w*|against|versus|vs|miss(?:ed|es)?|short)\b",
    re.IGNORECASE,
)


def against_plan(writer, side) -> bool:
    """Add the verdict between the side's newest actual figure and the newest plan of the same
    quantity and period ("Did the operator beat its October passenger forecast?", "How did
    output compare with the target?"): above, below or even and by how much, yes or no first
    when the question asks so. False when the question sets nothing against a plan or the side
    holds no such pair."""
    question = writer.understood.question
    asked = stem_set(question) - STOP_STEMS
    # "Did traders expect it to reach 5 billion?" asks what a crowd believed: the markets'.
    # (Not LIKELY: "likely" stems as the "like" of "like-for-like sales".)
    if not (asked & _PLANS and _SET_AGAINST.search(question)) or asked & _CROWDS:
        return False
    said = frozenset(asked - ASKING - _PLANS - _names(side))
    periods = [p for p in _periods_said(question) if not p.isdigit()]
    pair = _plan_pair(side, said, periods, asked & _PLANS)
    if pair is None:
        return False
    actual, plan = pair
    writer.compared = (actual, plan)
    writer.sentences.append(Sentence(_against_planned(writer, actual, plan, asked)))
    return True


def _plan_pair(side, said: frozenset[str], periods: list[str],
               plan: set[str]) -> tuple[Figure, Figure] | None:  # fmt: skip
    """The best-standing (actual, plan) pair of one quantity and period the side holds: each
    the newest of its kind (a raised forecast replaces the one it raised), the plan the one
    its sentence names as the question does (`plan`: "guidance", not the analysts' forecast)."""
    rows = [row for row in [*side.readings, *side.reports] if not row.posing]
    held = [f for row in rows for f in figures.held(row)
            if f.kind not in ("rejected", "earlier", "whole") and not f.bound
            and not (another_edition(f.sentence, side.topic)
                     or _of_another_year(f, side.topic.period))]  # fmt: skip
    held = [_of_topic_period(f, side.topic.period) for f in held]  # "4,500 crowns" of 2027
    topic = _curated(side)
    plans = [f for f in _newest_planned(held, held, topic) if _planned(f)]
    # The period asked holds the actual; the plan is held to the actual's (the year a plan in
    # its sentence is read with is no other period: "against guidance of 118,000").
    done = [f for f in held if not (_planned(f) or _off_period(f, periods))]
    # The issuer's newest reading is the record's actual; reports' only when it holds none.
    for actuals in (figures.newest([f for f in done if f.row.kind == "reading"], topic),
                    figures.newest(done, topic)):  # fmt: skip
        # One period, or one sentence that sets the two side by side ("collected 61,000
        # tonnes in 2026 against a target of 70,000 tonnes"); a plan that names no period
        # ("beat analysts' forecasts of 1.75 billion euros") is of the topic's; one of another
        # period than the actual's ("full-year 2026 guidance" beside third-quarter revenue)
        # plans something else.
        pairs = [(a, p) for a in actuals for p in plans
                 if (a.period == p.period or a.sentence == p.sentence or not p.period)
                 and not (a.period and p.period and a.period != p.period)
                 and _comparable(a, p) and _plans_it(a, p, topic)]  # fmt: skip
        if pairs:
            return max(pairs, key=lambda pair: _pair_standing(pair, said, plan, done))
    return None


def _pair_standing(pair: tuple[Figure, Figure], said: frozenset[str], plan: set[str],
                   done: list[Figure]) -> tuple:  # fmt: skip
    """How well a pair stands with the question: what its figures measure and the plan's own
    noun, then what the rows say most ("4,500 crowns" of two reports against one's 5,000),
    then their sentences' words, then the newest."""
    actual, planned = pair
    named = plan & stem_set(planned.sentence[: planned.sentence.find(planned.text)])
    (a_measured, a_said), (p_measured, p_said) = _standing(actual, said), _standing(planned, said)
    return (a_measured + p_measured + len(named), _repeated(actual, done), a_said + p_said,
            actual.date, planned.date)  # fmt: skip


def _plans_it(actual: Figure, plan: Figure, topic: frozenset[str]) -> bool:
    """Whether `plan` plans what `actual` measures: one quantity, a plan that says no verb
    ("expects 400,000 visitors") planning what the actual did ("welcomed 432,000 visitors");
    or a plan named only by its noun in the actual's own sentence ("delivered 121,400
    vehicles ..., against guidance of 118,000")."""
    planned = plan.quantity - _AIMS - _FORECAST  # "the €590 million analysts had forecast"
    if actual.sentence == plan.sentence and not planned:
        return True
    # What a plan plans is measured past its noun ("inflation target": inflation).
    plan = replace(plan, quantity=planned) if planned else plan
    return figures.same_quantity(actual if plan.done else replace(actual, done=""), plan, topic)


def _against_planned(writer, actual: Figure, plan: Figure, asked: set[str]) -> str:
    """ "Yes, 432,000 [1] is above the forecast of 410,000 [2], by 22,000, ...": the actual
    set against its plan."""
    held, planned = (f"{f.text} {writer.cite(f.row)}" for f in (actual, plan))
    noun = phrases.PLAN_TARGET if asked & _TARGETS else phrases.PLAN_FORECAST
    date = max(actual.date, plan.date)
    if actual.overlaps(plan):
        said = phrases.PLAN_EVEN.format(held=held, planned=noun, plan=planned, date=date)
    else:
        above = actual.low > plan.high
        # Above, how many times the plan too; below, only by how much ("1.2 times as much"
        # said of the lower reads as the actual's).
        by = _by(actual, plan) if above else _by_points(plan, actual)
        said = (phrases.PLAN_ABOVE if above else phrases.PLAN_BELOW).format(
            held=held, planned=noun, plan=planned, difference=by, date=date
        )
    said, question = str(said), writer.understood.question
    yes = _yes_to_plan(question, actual, plan)
    if yes is None:
        return f"{said[:1].upper()}{said[1:]}."
    answer = phrases.ANSWER_YES if yes else phrases.ANSWER_NO
    return f"{phrases.ANSWER_THEN.format(answer=answer, verdict=said)}."


def _yes_to_plan(question: str, actual: Figure, plan: Figure) -> bool | None:
    """A yes-or-no question's answer: "did it beat" is yes above the plan, "did it miss"
    below it, "did it meet" at it or above; None when the question is not put so."""
    up, down = bool(SAID_HIGHER.search(question)), bool(SAID_LOWER.search(question))
    if not YES_NO.match(question):
        return None
    if up != down:
        above, below = actual.low > plan.high, actual.high < plan.low
        return above if up else below
    return actual.high >= plan.low if _MET.search(question) else None


# Words that ask for a figure by its time rather than by what it measures: the newest reading
# against the first one held ("is the contract now bigger than the original one?").
_NOW = stem_set("now new newest current currently latest today updated revised raised")
_WORD = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)?")
# What holds one part of a question to the other, past the joins `parts` splits at.
_HELD_TO = re.compile(
    r"\s+(?:above|below|over|under|exceed(?:s|ed|ing)?|against|compared (?:with|to)"
    r"|as (?:many|much|high|large|big)(?:\s+\w+)? as|enough to (?:cover|pay for|meet))\s+",
    re.IGNORECASE,
)
_OWN = stem_set("own")  # "Corvid Rail's own": the figure that name gives
# "the amount it first announced": what any figure is and how it was made known, never which.
_DECLARED = stem_set("amount sum announced announce declared stated")
_PRO_FORMS = stem_set("one ones")  # "the original one": the thing said before, not a word of it
_FIRST = stem_set("original originally first initial initially")
_THEN = _FIRST | stem_set("earlier previous previously old")


def apart(writer, side) -> bool:
    """Add the verdict between two figures of one topic that the question's two parts tell
    apart by their own words ("CRTA's pay offer and the union's claim", "the new estimate or
    the approved budget") or by time ("now" against "the original one"); False when the parts
    do not each hold a figure of one quantity with the other."""
    said = [q for p in parts(writer.understood.question) for q in _HELD_TO.split(p)]
    pieces = [_piece_words(p, side) for p in said if p.strip()]
    pieces = [p for p in pieces if p[0]]
    if len(pieces) < 2:
        return False
    # The two alternatives come last ("Which recall figure is higher: A or B?"); what the
    # parts before them and both alternatives say is what both figures are of.
    (one, said_one), (other, said_other) = pieces[-2], pieces[-1]
    # A part before them that only names the side ("In <Trial>, ...") says whose, as every
    # figure of the side is: nothing both figures must say.
    common = frozenset().union(one & other, *(words - _names(side) for words, _ in pieces[:-2]))
    one, other = one - other, other - one  # what tells each part from the other
    held = _held_apart(writer.understood.question, side)
    who = _lead_as_speaker((said_one, said_other), _speakers_told(said_one, said_other, held),
                           side, held)  # fmt: skip
    # A word of the question no row says ("strikers" of rows that say "walked out") tells no
    # figure apart.
    common &= frozenset().union(*(f.quantity | stem_set(f.sentence) for f in held))
    common -= _NEUTRAL  # "the number of strikers": which reading, not what is counted
    # The question's own common nouns and verbs ("pilots who walked out"), never a name's.
    lower = " ".join(w for w in _WORD.findall(writer.understood.question) if w.islower())
    asked = frozenset(stem_set(lower) - STOP_STEMS - ASKING)
    parts_said = (one | who[0], other | who[1])
    ranked = _apart_pairs(held, parts_said, common, _curated(side), who, asked)
    if not ranked or not _by_words(one, other):
        return False
    *_, a, b = min(ranked, key=lambda r: r[:6])
    told = ((said_one, one, who[0], a), (said_other, other, who[1], b))
    labels = [_speaker_label(said, by) if by else _label(said, words, f, common)
              for said, words, by, f in told]  # fmt: skip
    return _said(writer, (labels[0], a), (labels[1], b))


def parties(writer, side) -> bool:
    """Add the verdict between the figures one topic's rows give two parties the question sets
    side by side by name ("Did <A> rank higher than <B> in <the ranking>?", "Which paid more
    in the auction, <A> or <B>?"): each figure its sentence gives after naming that party, of
    one quantity. False when the question names no two such parties or no row gives both."""
    question = writer.understood.question
    named = _parties_named(question, side)
    if named is None:
        return False
    curated = _curated(side)
    owned = [(f, _owner(f, named)) for f in _held_apart(question, side) if f.reading]
    pairs = [(a, b) for a, one in owned if one == named[0][1] for b, other in owned
             if other == named[1][1] and a.unit == b.unit
             and figures.same_quantity(a, b, curated)]  # fmt: skip
    if not pairs:
        return False
    asked = figures.quantities(writer.said)
    a, b = max(pairs, key=lambda p: (bool(asked & p[0].quantity), p[0].row is p[1].row,
                                     p[0].row.kind == "reading", _newest(p[0])))  # fmt: skip
    return _said(writer, (named[0][0], a), (named[1][0], b))


def _parties_named(question: str, side) -> tuple[tuple[str, int], tuple[str, int]] | None:
    """The two bodies or people the topic carries that the question's two parts name, each
    (as the question writes it, its entity), in the question's order; never one the topic's
    own title names (the ranking itself)."""
    tagger = current_tagger()
    found = []
    for part in parts(question):
        spans = [(part[start:end], entity) for start, end, entity in tagger.entity_spans(part)
                 if entity in side.topic.entity_ids
                 and part[start:end].lower() not in side.topic.title.lower()]  # fmt: skip
        if len({entity for _, entity in spans}) == 1 and spans[0][1] not in {e for _, e in found}:
            found.append(spans[0])
    return (found[0], found[1]) if len(found) == 2 else None


def _owner(figure: Figure, named: tuple) -> int | None:
    """The party of `named` its sentence names last before the figure, or None."""
    sentence = figure.sentence
    at = sentence.find(figure.text)
    ids = {entity for _, entity in named}
    before = [(start, entity) for start, _, entity in current_tagger().entity_spans(sentence)
              if entity in ids and start < at]  # fmt: skip
    return max(before)[1] if at >= 0 and before else None


def _held_apart(question: str, side) -> list[Figure]:
    """The topic's figures two parts may be told apart among: none rejected, none of another
    edition, of the one period the question says of both ("the final September output or the
    provisional number"), and of the measure a comparative is said of ("the higher load
    factor": never two figures of another measure)."""
    rows = [row for row in [*side.readings, *side.reports] if not row.posing]
    periods = [p for p in _periods_said(question) if not p.isdigit()]
    measure = _measure_said(question)
    held = [f for row in rows for f in figures.held(row)
            if f.kind != "rejected" and not another_edition(f.sentence, side.topic)]  # fmt: skip
    return [
        f
        for f in held
        if _says_measure(f, measure)
        and not (_off_period(f, periods) or _of_another_year(f, side.topic.period))
    ]


def _by_words(one: frozenset[str], other: frozenset[str]) -> bool:
    """Whether each part says a word of its own past years: parts told apart by their years
    alone ("its 2025 estimate or its 2026 one") are periods (`within`), not words."""
    return all(any(not w.isdigit() for w in part) for part in (one, other))


# Whose figure a part asks for: a possessor ("the port authority's", "the union's") or a source
# ("according to the union"); "has the festival sold more than its organisers expect" names a
# subject and a speaker, not two speakers.
_WHOSE = re.compile(
    r"((?:[^\W\d_]+\s+){0,3}[^\W\d_]+)['\u2019]s?(?!\w)|according\s+to\s+((?:[^\W\d_]+\s*){1,4})"
    # "the figure the union gives": who gives it, before a verb of giving.
    r"|((?:[^\W\d_]+\s+){0,2}[^\W\d_]+)\s+(?:gives|gave|puts|put|reports|reported|counts"
    r"|counted)\b"
    # "the one given by people familiar with the terms": who gives it, after "by".
    r"|\b(?:given|put|reported|counted|estimated|quoted)\s+by\s+((?:[^\W\d_]+\s*){1,4})",
    re.IGNORECASE,
)


def _speakers_told(one: str, other: str, held: list[Figure]) -> tuple[frozenset, frozenset]:
    """The words by which two parts name who gives their figure ("the port authority's count
    or the union's"), when each names a speaker of the held figures the other does not (the
    topic's own name included: the issuer is a speaker like any); else none."""
    speakers = set().union(*(figures.given_by(f) for f in held))
    whose = [_whose(part) for part in (one, other)]
    who = [frozenset(stem_set(w) & speakers - STOP_STEMS - ASKING) for w in whose]
    if who[0] - who[1] and who[1] - who[0]:
        return who[0] - who[1], who[1] - who[0]
    # One part names a speaker, the other only someone no row names ("the airline or the
    # Lurenna Pilots Association"): that one is the issuer, whose reading stands for it.
    # Someone a row names ("the union's pay claim is 9%") gives no reading of the issuer's.
    said = set().union(*(f.quantity | stem_set(f.sentence) for f in held))
    for named, bare in ((0, 1), (1, 0)):
        someone = stem_set(whose[bare]) - STOP_STEMS - ASKING
        if who[named] and someone and not who[bare] and not someone & said:
            return (who[0], _ISSUER) if bare else (_ISSUER, who[1])
    return frozenset(), frozenset()


def _lead_as_speaker(said: tuple[str, str], who: tuple[frozenset, frozenset], side,
                     held: list[Figure]) -> tuple[frozenset, frozenset]:  # fmt: skip
    """Each part's speaker words, the lead's own names for a part that calls its speaker only by
    the noun of the lead's kind when the other part's speaker has that noun in its own name
    ("the airline's" against "the pilots' union's" of the "<Country> Airline Pilots Union":
    never the union twice)."""
    if not (who[0] and who[1]):
        return who
    both = who[0] | who[1]
    if not any(both <= figures.given_by(f) for f in held):
        return who  # each part names a speaker of its own ("the union's", "the authority's")
    lead = frozenset(stem_set(side.topic.lead) - STOP_STEMS)
    return tuple(lead if lead_called(_whose(part), side.topic) else who[i]
                 for i, part in enumerate(said))  # fmt: skip


def _whose(part: str) -> str:
    """The words a part names a speaker by: a possessor or a source ("the union's", "according
    to the union"), or the whole part when it is only a name ("the airline or the Lurenna
    Pilots Association")."""
    found = " ".join(" ".join(groups) for groups in _WHOSE.findall(part))
    bare = len(_WORD.findall(part)) <= _BARE_NAME
    return found or (part if bare else "")


_BARE_NAME = 5  # words a part that is only a name may have ("the Lurenna Pilots Association")
# A part's speaker that gives no figure of what is asked ("the airline" of rows where the airline
# gave only another count): the issuer's own reading stands for it.
_ISSUER = frozenset({"\0issuer"})


def _speakers_with_figures(who: tuple[frozenset, frozenset], held: list[Figure]):
    """Each part's speaker words, or `_ISSUER` for a part whose speaker gives none of `held`;
    none for a party the rows name doing what the figure says ("<a company> improved its pay
    offer to 3.8%") that is not the issuer: its figure is told by the part's words."""
    issuer = set().union(*(stem_set(f.row.source) for f in held if f.row.kind == "reading"))

    def named(words: frozenset) -> bool:
        return not words <= issuer and any(words <= stem_set(f.sentence) for f in held)

    return tuple(w if not w or any(w <= figures.given_by(f) for f in held)
                 else frozenset() if named(w) else _ISSUER for w in who)  # fmt: skip


def _speaker_label(piece: str, who: frozenset[str]) -> str:
    """ "The figure the union gives", the speaker as the part writes it ("the union's")."""
    written = _WORD.findall(piece)
    at = [i for i, w in enumerate(written) if stem(_possessor(w).lower()) in who]
    if not at:  # the issuer, named as the part names it ("the airline")
        return str(phrases.FIGURE_GIVEN_BY.format(speaker=" ".join(written)))
    first = at[0] - (at[0] > 0 and written[at[0] - 1].lower() == "the")
    name = " ".join(_possessor(w) for w in written[first : at[-1] + 1])
    return str(phrases.FIGURE_GIVEN_BY.format(speaker=name))


def _possessor(word: str) -> str:
    """ "union" of "union's"."""
    return re.sub(r"['\u2019]s?$", "", word)


def _apart_pairs(held: list[Figure], words: tuple[frozenset, frozenset], common: frozenset,
                 topic: frozenset[str], who: tuple[frozenset, ...],
                 asked: frozenset[str] = frozenset()) -> list[tuple]:  # fmt: skip
    """Each pair of held figures that answers the two parts (given by each part's speaker, when
    the parts name who), as a sort key with the pair; of pairs alike, the one measuring most of
    what the whole question `asked` says ("pilots who walked out": the pilots, not the flights
    the same issuer's sentence gives)."""
    # A proposal is a figure a part may name ("the offer"); an earlier or replaced one is not
    # what is held now.
    replaced = figures.replaced_ids(held, topic)
    current = {id(f) for f in held if f.kind != "earlier" and id(f) not in replaced}
    of_common = [f for f in held if not common or common & (f.quantity | stem_set(f.sentence))]
    who = _speakers_with_figures(who, of_common) if any(who) else who
    # How each figure answers each part does not depend on the figure it is paired with.
    fits = [{id(f): _part_fit(f, part, held, topic, current, by) for f in of_common}
            for part, by in zip(words, who, strict=True)]  # fmt: skip
    repeats = {id(f): _repeated(f, held) for f in of_common}
    ranked = []
    for a in of_common:
        for b in of_common:
            if (
                (a.low, a.high) == (b.low, b.high)
                or a.unit != b.unit
                or figures.timed(a) != figures.timed(b)
            ):
                continue  # "38 patients" is never set against "four hours"
            fit = (fits[0][id(a)], fits[1][id(b)])
            alike = figures.same_quantity(a, b, topic) or _set_against(a, b)
            if _fits_apart(*fit, alike):
                repeated = repeats[id(a)] + repeats[id(b)]
                ranked.append((*_apart_rank((a, b), fit, alike, repeated, common, asked), a, b))
    return ranked


def _set_against(a: Figure, b: Figure) -> bool:
    """Whether one of two figures of one sentence names no quantity and the sentence sets it
    against the other ("6.2% ..., less than the 9% the company asked for"): it is of the one it
    is set against."""
    bare = not a.quantity or not b.quantity
    return bare and a.sentence == b.sentence and figures.set_beside(a)


def _apart_rank(pair: tuple[Figure, Figure], fit: tuple, alike: bool, repeated: int,
                common: frozenset[str], asked: frozenset[str]) -> tuple:  # fmt: skip
    """A pair's sort key: first what both parts share ("the figure for cancelled flights")
    measured by both, then the parts' words each answers, what the whole question asks
    measured, one quantity, the values the rows repeat (one that another row disputes is said
    once), the part's words each measures, the newest."""
    a, b = pair
    told = (-repeated, -fit[0].matched - fit[1].matched, -fit[0].said - fit[1].said)
    measured = -len(asked & a.quantity) - len(asked & b.quantity)
    shared = -bool(common & a.quantity) - bool(common & b.quantity)
    return shared, -(fit[0].word + fit[1].word), measured, not alike, told, _newest(a)


def _piece_words(piece: str, side) -> tuple[frozenset[str], str]:
    """A part's stems that can tell a figure (past the side's names and the words of asking),
    and the part as written."""
    said = stem_set(piece)
    content = said - STOP_STEMS - ASKING - _names(side) - _PRO_FORMS - _DECLARED
    if not content - _OWN:  # "or Corvid Rail's own?": the part names whose figure it asks
        content = said & _names(side)
    # A day it names ("the 6 November warning strike") tells its figure as a word does.
    return frozenset(content | (said & (_NOW | _THEN)) | figures.days_said(piece)), piece


@dataclass(frozen=True)
class _Fit:
    """How a figure answers one part: `word` 2 when a word of the part is in what it measures,
    1 in its sentence (one less when a later reading replaced it); `timely` when the part asks
    by time ("now", "original") and the figure is the newest, or the first, of its quantity (or
    asks no time); `timed` when time is all the part says."""

    word: int
    timely: bool
    timed: bool
    matched: int = 0  # how many of the part's words it measures: of two that do, the closer
    # How many of the part's words its sentence says: of one value given twice, the row that
    # says "its first week" answers the first week, not one that says it was down from it.
    said: int = 0


def _part_fit(figure: Figure, words: frozenset[str], held: list[Figure], topic,
              current: set[int], who: frozenset[str] = frozenset()) -> _Fit:  # fmt: skip
    named = words - _NOW - _THEN
    own = _own(figure)
    given = figures.given_by(figure)
    issuer = who == _ISSUER and figure.row.kind == "reading"
    if who and not (issuer or who <= given):
        return _Fit(0, False, False)  # a part that names its speaker asks for that one's figure
    # A day the part names that the figure's sentence gives is the occasion it is of.
    on_day = words & figures.days_said(figure.sentence)
    score = 2 * bool(words & own or who or on_day or (named and named <= given))
    score = max(score, 2 * _status_named(figure, words))
    score = score or int(bool(words & stem_set(figure.sentence)))
    alike = [f for f in held if figures.same_quantity(f, figure, topic) and f.unit == figure.unit]
    if not (words & _THEN or id(figure) in current or _told_from_current(figure, words, alike,
                                                                         current)
            or _speakers_newest(figure, alike, who)):  # fmt: skip
        score -= 1  # replaced since: only what the part names in it can still ask for it
    timely = True
    if words & _NOW:
        # The newest of the issuer's own readings, when it gives one: another's estimate
        # since ("the auditor puts it at ...") disputes the new figure, it is not it.
        read = [f for f in alike if f.reading]
        read = [f for f in read if f.row.kind == "reading"] or read
        newest = max(read, key=lambda f: f.date, default=None)
        timely = newest is not None and newest.overlaps(figure) and figure.reading
    if words & _THEN:
        first = min(alike, key=lambda f: (f.date, f.kind != "earlier"), default=None)
        # "the original budget" is the first of its kind; "the previous one" any it replaced.
        earlier = figure.kind == "earlier" and not words & _FIRST
        timely = timely and (earlier or bool(first and first.overlaps(figure)))
    # The topic's own words ("harbour" of a harbour's dredging) tell least.
    return _Fit(
        max(score, 0),
        timely,
        not words - _NOW - _THEN,
        len((words - topic) & own),
        len(words & stem_set(figure.sentence)),
    )


def _speakers_newest(figure: Figure, alike: list[Figure], who: frozenset[str]) -> bool:
    """Whether the figure is the newest that the speaker a part names gives of its kind: what
    that speaker holds now, whatever another's later reading says ("the union's count")."""
    if not who or who == _ISSUER:
        return False
    mine = [f for f in alike if who <= figures.given_by(f)]
    return figure is max(mine, key=lambda f: f.date, default=None)


# Words that name which reading of a figure: its provisional one or its final one.
_PROVISIONAL = stem_set(" ".join(figures.PROVISIONAL))
_FINAL = stem_set(" ".join(FINAL_WORDS))


def _status_named(figure: Figure, words: frozenset[str]) -> bool:
    """Whether a part names the figure by which reading it is, as its sentence does ("the
    provisional number", "the final September output")."""
    said = words & stem_set(figure.sentence)
    provisional = figure.kind == "provisional"
    return bool((said & _PROVISIONAL and provisional) or (said & _FINAL and not provisional))


def _own(figure: Figure) -> frozenset[str]:
    """What a figure measures as its row writes it: a curated quantity joins "budget" to "cost"
    for a question of either, but a part that names the budget asks for the budget."""
    return stem_set(figure.named) | {figure.done} if figure.named else figure.quantity


def _told_from_current(figure: Figure, words: frozenset[str], alike: list[Figure],
                       current: set[int]) -> bool:  # fmt: skip
    """Whether a part names a replaced figure in more of its words than any current figure of
    its kind ("the approved budget" of a budget re-estimated since, "the launch price" of a
    price cut since): it still asks for it."""
    mine = len(words & _own(figure))
    return mine >= 1 and all(len(words & _own(f)) < mine for f in alike if id(f) in current)


def _fits_apart(one: _Fit, other: _Fit, alike: bool) -> bool:
    """Whether two figures answer the two parts: each at its time, each by a word of its part
    (a part that says only a time excepted), one of them by what it measures (so the pair is
    of what was asked, not of two sentences that merely say its words), and of one quantity
    unless both measure what their part names."""
    if not (one.timely and other.timely):
        return False
    if not all(f.word >= 1 or f.timed for f in (one, other)):
        return False
    # Two parts told apart by time alone ("the new quota", "the original quota") name what
    # both measure in the words they share.
    by_time = one.timed and other.timed
    return (by_time or max(one.word, other.word) >= 2) and (alike or min(one.word, other.word) >= 2)


def _label(piece: str, words: frozenset[str], figure: Figure, common: frozenset[str]) -> str:
    """The part's words that told its figure and that its sentence writes alike (the source
    check holds the verdict to the rows), with the words both parts share and the small words
    between them as the part writes them ("turnout in the first round"), else what the figure
    measures."""
    written = {w.lower() for w in _WORD.findall(figure.sentence)}
    piece_words = _WORD.findall(piece)
    told = [stem(w.lower()) in words | common and w.lower() in written for w in piece_words]
    if not any(told[i] and stem(w.lower()) in words for i, w in enumerate(piece_words)):
        return figure.named or figure.text
    first, last = told.index(True), len(told) - 1 - told[::-1].index(True)
    # A number opens no label: the name it numbers, as the sentence writes it ("Terminal 3").
    while first and piece_words[first][:1].isdigit() and piece_words[first - 1].lower() in written:
        first -= 1
        told[first] = True
    # The noun a told word stands before, as the sentence writes it too ("first" of "its first
    # week"): the part's words, whole.
    while last + 1 < len(piece_words) and piece_words[last + 1].lower() in written:
        last += 1
        told[last] = True
    kept = [w for w, t in zip(piece_words[first : last + 1], told[first : last + 1], strict=True)
            if t or w.lower() in STOP or w.lower() in written]  # fmt: skip
    return " ".join(kept)


def _said(writer, first: tuple[str, Figure], second: tuple[str, Figure],
          likely: bool = False, later_first: bool = False) -> bool:  # fmt: skip
    """The verdict's sentence: the higher named first, by how much, as of the newer row
    (`later_first`: the first side is the later time, which a rise asked of is higher)."""
    (name_a, a), (name_b, b) = first, second
    writer.compared = (a, b)  # in the question's order: a premise about which is higher reads it
    date = max(a.date, b.date)
    quoted = [f"{f.text} {writer.cite(f.row)}" for f in (a, b)]
    state = _state_answered(writer)
    if _clash(a, b):
        body = phrases.COMPARE_UNITS_DIFFER.format(
            first=quoted[0], first_topic=name_a, second=quoted[1], second_topic=name_b,
            why=phrases.UNITS_CURRENCIES if {a.unit, b.unit} <= _CURRENCY
            else phrases.UNITS_PERCENT_AMOUNT)  # fmt: skip
    elif a.overlaps(b):
        body = phrases.COMPARE_EVEN.format(first=quoted[0], second=quoted[1], date=date)
    else:
        sides = [(name_a, a, quoted[0]), (name_b, b, quoted[1])]
        high, low = sides if a.low > b.high else sides[::-1]
        body = _verdict_body(writer.understood.question, high, low, likely, date,
                             sides[0] if state else None)  # fmt: skip
    text = str(body).rstrip(".")
    if not _clash(a, b):  # two units no verdict sets apart answer no yes or no
        text = _answered_yes_or_no(writer.understood.question, a, b, text, later_first)
    if text == str(body).rstrip(".") and state:  # the rows' state, first
        text = str(phrases.ANSWER_THEN.format(answer=writer.affirm, verdict=text))
    writer.sentences.append(Sentence(f"{text[:1].upper()}{text[1:]}."))
    return True


def _state_answered(writer) -> bool:
    """Whether a yes or no the rows give of a state ("Did its ratio improve?") opens the
    verdict: asked with no comparative of its own, and not which of two ("... or ...")."""
    question = writer.understood.question
    compared = SAID_HIGHER.search(question) or SAID_LOWER.search(question)
    return bool(writer.affirm) and not compared and not re.search(r"\bor\b", question, re.I)


def _verdict_body(question: str, high: tuple, low: tuple, likely: bool, date: str,
                  lead: tuple | None = None) -> str:  # fmt: skip
    """The verdict's words, each side (name, figure, quoted): the higher first, or the lower
    when the question asks which is lower and nothing of higher ("Which had the lower ratio?")
    or when `lead`, the side to name first, is the lower."""
    asks_lower = _ASKS_LOWER.search(question) and not _ASKS_HIGHER.search(question)
    if likely:
        template, first, second = phrases.COMPARE_MORE_LIKELY_BY, high, low
    elif lead is low if lead is not None else asks_lower:
        template, first, second = phrases.COMPARE_LOWER_BY, low, high
    else:
        template, first, second = phrases.COMPARE_HIGHER_BY, high, low
    # "How many times as much" is said of the higher: a lower side first gets the difference.
    by = _by_points if template is phrases.COMPARE_LOWER_BY else _by
    return str(template.format(subject=first[0], first=first[2], second=second[2],
                               difference=by(high[1], low[1]), date=date))  # fmt: skip


_ASKS_LOWER = re.compile(
    r"\b(?:lower|lowest|less|least|fewer|fewest|smaller|smallest|cheaper|cheapest)\b", re.I
)
# The comparatives that ask which is higher: never "over" or "above", which as often say when
# or where ("over the twelve months to October").
_ASKS_HIGHER = re.compile(
    r"\b(?:more|most|higher|highest|bigger|biggest|larger|largest|greater|greatest|costlier"
    r"|longer|deeper)\b",
    re.I,
)


def _answered_yes_or_no(question: str, a: Figure, b: Figure, text: str,
                        later_first: bool = False) -> str:  # fmt: skip
    """The verdict, after "Yes" or "No" when the question asks so of its first-named side with
    one comparative ("Did A issue more permits than B?", "Is A cheaper than B?"), or (the
    first side the `later_first` time) with one verb of change ("Did revenue grow?")."""
    higher, lower = SAID_HIGHER.search(question), SAID_LOWER.search(question)
    if later_first and not (higher or lower):
        higher, lower = _ROSE.search(question), _FELL.search(question)
    # "Was it higher in the first round or the second?" asks which, not whether.
    which = re.search(r"\bor\b", question, re.IGNORECASE)
    if not YES_NO.match(question) or which or bool(higher) == bool(lower) or a.overlaps(b):
        return text
    yes = (a.low > b.high) if higher else (a.high < b.low)
    answer = phrases.ANSWER_YES if yes else phrases.ANSWER_NO
    return str(phrases.ANSWER_THEN.format(answer=answer, verdict=text))  # a name keeps its case


def _by(higher: Figure, lower: Figure) -> str:
    """How much higher, in the figures' unit; for sums and counts how many times as much."""
    times = figures.ratio(higher, lower) if higher.unit != "%" else None
    difference = _by_points(higher, lower)
    return str(phrases.BY_TIMES.format(difference=difference, ratio=times)) if times else difference


def _by_points(higher: Figure, lower: Figure) -> str:
    """How much higher, in the figures' unit only."""
    difference = figures.difference(higher, lower)
    return str(phrases.BY_POINTS.format(points=difference)) if higher.unit == "%" else difference


def _names(side) -> set[str]:
    """The stems of the side's topic's names (its entities' and its own: `Topic.names` holds
    both), which say whose, never what: the words written with a capital. An alias a curator
    wrote in lower case ("print book volumes") describes what the rows measure; its words still
    ask what."""
    return stem_set(capitalised(side.topic.names))


def _called(side) -> set[str]:
    """The stems of the capitalised words of a side's title and own names, past a word a
    curated quantity names ("GDP"): which one they say ("of <Startup> Series C" asks no
    "series"), never what is asked of it."""
    said = capitalised((side.topic.title, *side.topic.own_names))
    return {w for w in stem_set(said) if not figures.curated({w})}


def _used(*sides) -> set[str]:
    """Every stem the sides' readings and reports use."""
    rows = [row for side in sides for row in [*side.readings, *side.reports]]
    return set(figures.quantities(set().union(*(stem_set(row.snippet) for row in rows))))


def _title(side) -> set[str]:
    return stem_set(side.topic.title)


def _curated(side) -> frozenset[str]:
    return frozenset(stem_set(" ".join([side.topic.title, *side.topic.names, *side.topic.terms])))


def _candidates(side, ahead: bool = False, periods: Sequence[str] = ()) -> list[Figure]:
    """The side's current readings, newest first: an issuer's and the reports' (not posing);
    asked `ahead` ("which will cost more"), its forecasts after them; asked of `periods` ("the
    2025 totals") that the side holds figures of, its current readings of those."""
    rows = [row for row in [*side.readings, *side.reports] if not row.posing]
    held = [f for row in rows for f in figures.held(row)]
    # A later year's reading replaces a year's as the current one, not as the one asked of it;
    # a figure that names no period may be of it.
    asked = {id(f) for f in held if any(figures.of_period(f, p) for p in periods)}
    of_asked = [f for f in held if not f.period or id(f) in asked] if asked else []
    # A side's figure is the record's: a report at odds with its issuer is not set against
    # the other side (a threshold says it as the other side, `threshold`).
    found = _candidates_of(of_asked or held, side, ahead)
    return figures.past_rivals(found, _curated(side))


def _candidates_of(held: list[Figure], side, ahead: bool) -> list[Figure]:
    held = [f for f in held if not _of_another_year(f, side.topic.period)]
    current = figures.newest(held, _curated(side))
    if not ahead:
        return current
    planned = current + [f for f in held if f.kind == "forecast"]
    return _newest_planned(planned, held, _curated(side))


def _of_another_year(figure: Figure, period: str) -> bool:
    """A figure of a year the topic is not of ("the 2026 cod quota of 52,000 tonnes" of the
    2027 quota): another occasion's."""
    return period.isdigit() and figure.period.isdigit() and figure.period != period


def _newest_planned(planned: list[Figure], held: list[Figure],
                    topic: frozenset[str]) -> list[Figure]:  # fmt: skip
    """`planned` less each planned figure a later planned one of the same quantity and period
    replaced, or that a row gives as what came before ("forecast, raised on 28 November: 4.7
    million (previously 4.6 million)": not the 4.6 million)."""
    before = {(f.low, f.high, f.unit) for f in held if f.kind == "earlier"}
    ahead = sorted((f for f in planned if _planned(f)), key=lambda f: f.date, reverse=True)
    stale = {id(f) for i, f in enumerate(ahead)
             if (f.low, f.high, f.unit) in before
             or any(g.date > f.date and g.period == f.period
                    and figures.same_quantity(f, g, topic) for g in ahead[:i])}  # fmt: skip
    return [f for f in planned if id(f) not in stale]


def _planned(figure: Figure) -> bool:
    """A forecast, or a figure its sentence calls one before it ("Full-year forecast, raised on
    28 November: 4.7 million"), or a target just before it ("against a target of 70,000"), or
    the one a clause after it says was expected ("above the 2.5 million tonnes the federation
    had expected")."""
    at = max(figure.sentence.find(figure.text), 0)
    before, after = figure.sentence[:at], figure.sentence[at + len(figure.text) :]
    aimed = stem_set(" ".join(_WORD.findall(before)[-3:])) & _AIMS
    clause = re.split(r"[,;:.()]", after, maxsplit=1)[0]
    expected = _WORD.findall(before)[-1:] == ["the"] and stem_set(clause) & _FORECAST
    return figure.kind == "forecast" or bool(stem_set(before) & _FORECAST or aimed or expected)


def _levels_asked(found: list[Figure], question: str, topic) -> list[Figure]:
    """A side's figures less the sizes of changes ("cut by 25 basis points", "a cut of 25
    basis points" of a topic whose deed is a cut), unless the question asks of that change
    ("which cut by more"): a level is compared with a level, never with the step taken to it."""
    asked = stem_set(question)
    deeds = deeds_of(topic)
    found = [f for f in found if not _step(f, deeds) or stem_set(_stepped(f)) & asked]
    # A curated quantity asked ("the policy rate"): the figures that measure it, in any of its
    # words ("employed 6,300 people" of employees), where any do; a name says none ("Korvath
    # Mining" asks no mine's output).
    curated = figures.curated(asked - STOP_STEMS - stem_set(" ".join(_NAME.findall(question))))
    return [f for f in found if curated & figures.quantities(f.quantity, doers=True)] or found


def _step(figure: Figure, deeds: set[str]) -> bool:
    """Whether a figure is the size of a change: "by" before it, or "of" after the topic's deed
    ("a cut of 25 basis points")."""
    at = figure.sentence.find(figure.text)
    of_deed = at > 0 and re.search(r"([^\W\d_]+)\s+of\s+$", figure.sentence[:at])
    # A deed that moves a level ("a cut of"), never a thing the topic is of ("a round of").
    moves = bool(of_deed and direction_of(of_deed.group(1)) & {"up", "down"})
    return figures.by_amount(figure) or (moves and stem(of_deed.group(1).lower()) in deeds)


def _stepped(figure: Figure) -> str:
    """The word a change's size is of ("cut" of "cut by 25 basis points")."""
    words = figure.named.split()
    return words[0] if words else ""


def _own_figures(first: list[Figure], second: list[Figure], sides: tuple) -> tuple[list, list]:
    """Each side's figures less those of rows the other side holds too (a report attached to
    both topics is of neither alone: its yield is not one topic's against the other's), unless
    the words around the figure name its side alone ("<A> forced 18,600 residents from their
    homes, against 3,200 evacuated from around <B>"), or a side would be left with none."""
    urls = [{f.row.url for f in side} for side in (first, second)]
    names = [_side_names(side) for side in sides]
    mine, theirs = names[0] - names[1], names[1] - names[0]
    # A figure said of the other side alone is the other's, in whichever topic its row came
    # ("<airport> handled 17.8 million" in a row of its airline's topic).
    own = [[f for f in first if (f.row.url not in urls[1] or _named_by(f, mine, theirs))
            and not _named_by(f, theirs, mine)],
           [f for f in second if (f.row.url not in urls[0] or _named_by(f, theirs, mine))
            and not _named_by(f, mine, theirs)]]  # fmt: skip
    return (own[0] or first, own[1] or second)


def _side_names(side) -> frozenset[str]:
    """The words of a side's own names written with a capital ("keldara", "mount"), its
    title's, its lead's and its curated ones, not those of the entities it carries: those the
    other side's lack tell it ("inflation" in a release's title says what, not whose)."""
    topic = side.topic
    return frozenset(_name_words(capitalised((topic.title, topic.lead, *topic.own_names))))


def _name_words(text: str) -> list[str]:
    return [w for w in re.findall(r"[^\W\d_]+", text.lower()) if w not in STOP]


def _named_by(figure: Figure, own: frozenset[str], other: frozenset[str]) -> bool:
    """Whether the words a figure is said with (`figures.around`) name one of `own` and none
    of `other`: the figure is said of that side."""
    around = set(_name_words(figures.around(figure)))
    return bool(around & own) and not around & other


_THIS_YEAR = re.compile(r"\b(this|last) year(?:'s)?\b", re.IGNORECASE)


_THIS_SEASON = re.compile(r"\b(this|last|previous) season(?:'s)?\b", re.IGNORECASE)
_SEASON = re.compile(r"\b((?:19|20)\d\d)[/\u2013-]\d\d\b")


def _seasons_named(question: str, period: str) -> str:
    """The question with "this season" and "last season" said as the seasons they are, of a
    topic curated for a season ("2026-27": this season 2026/27, last season 2025/26)."""
    curated = _SEASON.search(period)
    if not curated:
        return question
    start = int(curated.group(1))

    def season(m: re.Match) -> str:
        first = start - (m.group(1).lower() != "this")
        return f"in {first}/{(first + 1) % 100:02d}"

    return _THIS_SEASON.sub(season, question)


def _years_named(question: str, year: int) -> str:
    """The question with "this year" and "last year" said as the years they are ("this year
    than in 2025": 2026 than 2025), when another year is named beside them or both are said."""
    both = {m.lower() for m in _THIS_YEAR.findall(question)} == {"this", "last"}
    if not year or not (both or _PERIODS.search(_THIS_YEAR.sub(" ", question))):
        return question
    return _THIS_YEAR.sub(lambda m: f"in {year - (m.group(1).lower() == 'last')}", question)


def _times_asked(question: str) -> tuple[list[str], str]:
    """The two times a question sets side by side, and which a figure holds them as: two days
    of a month ("on 27 November than on 20 November": "day"), else two months or quarters
    ("in November or in October" of "inflation November 2026"; "rise from September to
    October": a change between two, not a total over them), else years ("period")."""
    days = list(dict.fromkeys(figures.day_first(m.group(0))
                              for m in figures.DAY_OF_MONTH.finditer(question)))  # fmt: skip
    if len(days) >= 2:
        return days, "day"
    if _ROSE.search(question) or _FELL.search(question):
        question = _SPAN.sub(lambda m: " and ".join(re.findall(figures.MONTH, m.group(0), re.I)),
                             question)  # fmt: skip
    periods = _periods_said(question)
    named = [p for p in periods if not p.isdigit()]
    dated = figures.dated_periods(question)
    if len(named) < 2 <= len(dated):  # "in Q3 2026 than in Q3 2025": one quarter, two years
        return dated, "dated"
    years = [p for p in periods if p.isdigit()]
    if len(named) == 1 and len(years) >= 2:
        # "in January-November 2026 with the same period of 2025": one span, two years.
        return years, "period"
    if len(named) == 1:
        return named, "period"  # "Q3 2026 revenue": one quarter, said with its year
    return (named if len(named) >= 2 else periods), "period"


def _readings_of_periods(side, of: str = "period") -> list[Figure]:
    """Every figure the side gives for a period said (or a day, `of`), as a reading of it: a
    current reading, or one given as earlier than another ("up from 3.0% in September"),
    unless a revision replaced it."""
    rows = [row for row in [*side.readings, *side.reports] if not row.posing]
    held = [_of_topic_period(f, side.topic.period) for row in rows for f in figures.held(row)]
    replaced = figures.replaced_ids(held, _curated(side))
    kept = [f for f in held if getattr(f, of) and id(f) not in replaced]
    read = [f for f in kept if f.reading or f.kind == "earlier"]
    # A period only forecast so far ("the 2026-27 crop at 5.1 million") is compared as that
    # forecast, which its verdict names.
    known = {getattr(f, of) for f in read}
    return read + [f for f in kept if f.kind == "forecast" and getattr(f, of) not in known]


def _of_topic_period(figure: Figure, period: str) -> Figure:
    """A reading that says no period is of its topic's curated one ("the barley harvest at 2.5
    million tonnes" of the 2026 harvest)."""
    if figure.period or not figure.reading or not period:
        return figure
    # As figures name periods: "Q3 2026" is the third quarter, "November 2026" November.
    named = sorted(figures.periods(period), key=str.isdigit)
    return replace(figure, period=named[0] if named else period.lower())


def _periods_said(question: str) -> list[str]:
    """The periods a question names, in order, as figures hold them; "October 2026" is one
    (a year right after a month or a quarter says which one)."""
    # Months run together ("from January to October") are one period, a total over them.
    spans = [figures.span_name(m.group(0)) for m in _SPAN.finditer(question)]
    question = _SPAN.sub(" ", question)
    said = [m for m in _PERIODS.finditer(question)
            if not (m.group(1).isdigit() and _OF_YEAR.search(question[: m.start()]))]  # fmt: skip
    periods = list(dict.fromkeys([*spans, *(_period(m.group(1)) for m in said)]))
    if any(p.endswith("quarter") for p in periods):
        # "in the third quarter than in the second": the bare ordinal is a quarter too.
        periods += [f"{o.lower()} quarter" for o in _BARE_ORDINAL.findall(question)]
    return list(dict.fromkeys(periods))


def _off_period(figure: Figure, periods: list[str]) -> bool:
    """Whether a figure is of another period than the one the question names ("4.1 million in
    2025" asked "in October 2026"); a figure that names none may be of it."""
    return len(periods) == 1 and bool(figure.period) and not figures.of_period(figure, periods[0])


def _period(said: str) -> str:
    """A period as figures hold it: "third quarter", "2025/26" (a season however written)."""
    season = re.fullmatch(r"(\d{4})[/\u2013-](\d\d)", said)
    if re.fullmatch(r"[Qq][1-4]", said):  # "Q3": the third quarter, as figures name it
        return next(iter(figures.periods(said)))
    return "/".join(season.groups()) if season else re.sub(r"[\s-]+", " ", said.lower())


def _named_written(figure: Figure, otherwise: str = "") -> str:
    """What the figure measures, each word with the capital its sentence always gives it
    ("Estmark housing starts"; "homes" stays as "6,120 homes" writes it), else `otherwise`."""
    if not figure.named:
        return otherwise
    # A sentence's first word is capitalised for opening it; its topic's title writes a name.
    tokens = _WORD.findall(figure.sentence)
    title = _WORD.findall(getattr(figure.row, "topic_title", "") or "")
    said = {*tokens[1:], *(t.lower() for t in tokens[:1]), *title}
    return " ".join(w if w in said else w.capitalize() if w.capitalize() in said else w
                    for w in figure.named.split())  # fmt: skip


def _written(figure: Figure, period: str) -> str:
    """The period as the figure's sentence writes it ("October", "third quarter")."""
    short = _QUARTER_MARK.get(period)  # "Q3 2025" where the row writes it so
    if figure.year and period == figure.dated:  # "the third quarter of 2025", "October 2025"
        marked = f"{short} {figure.year}" if short else ""
        if marked and marked.lower() in figure.sentence.lower():
            return marked
        joined = " of " if figure.period in figures.QUARTERS else " "
        return f"{_written(figure, figure.period)}{joined}{figure.year}"
    if period in figures.QUARTERS:  # "Third-quarter 2026 results": the third quarter
        return short if short and re.search(rf"\b{short}\b", figure.sentence) else f"the {period}"
    written = re.escape(period).replace(r"\ ", r"[\s-]").replace("/", "[/\u2013-]")  # "2026-27"
    found = re.search(written, figure.sentence, re.IGNORECASE)
    return found.group(0) if found else period


_QUARTER_MARK = {f"{name} quarter": f"Q{n}" for n, name in enumerate(
    ("first", "second", "third", "fourth"), start=1)}  # fmt: skip


def _best(held: list[Figure], said: set[str], wide: set[str]) -> Figure | None:
    """The figure standing most with the words asked (in what it measures, then in its
    sentence; the question's own words before the topic's), of those the issuer's, then the
    value the rows repeat most, then the newest; None when none stands with them."""
    ranked = _ranked(held, said, wide)
    return ranked[0] if ranked else None


def _ranked(held: list[Figure], said: set[str], wide: set[str]) -> list[Figure]:
    """`held` best first, as `_best` ranks them; empty when none stands with the words asked."""

    def key(f: Figure) -> tuple:
        sentence = stem_set(f.sentence)
        # Of two figures measuring as many words asked, the one whose own noun is asked
        # ("volumes" of "print book volumes", not the "print" of "print book sales").
        head = bool(stem_set(_head(f.named)) & said)
        # Past its words and its sentence's, what it measures in its curated names ("volume"
        # of a count of TEU handled, a curated "container volume").
        named = said & figures.naming(figures.quantities(f.quantity))
        return (-len(said & f.quantity), -head, -len(wide & f.quantity), -len(said & sentence),
                -len(named), -len(wide & sentence), f.row.kind != "reading", -_repeated(f, held),
                _newest(f))  # fmt: skip

    ranked = sorted(held, key=key)
    if ranked and (any(key(ranked[0])[:6]) or not said):
        return ranked
    return []


def _head(named: str) -> str:
    """A figure's own noun: the last word of what it measures past the words that say which
    reading ("barley harvest estimate": harvest)."""
    kept = [w for w in named.split() if w.lower() not in figures.NEUTRAL]
    return kept[-1] if kept else ""


def _newest(figure: Figure) -> str:
    """A key that sorts newer rows first."""
    return "".join(chr(0x10FFFF - ord(c)) for c in figure.date)


def _pair(first: list[Figure], second: list[Figure], asked: tuple[Asked, Asked],
          periods: list[str] = (), ahead: bool = False):  # fmt: skip
    """The two figures to compare, one a side, or None: the best ranked of the pairs that
    answer what is asked (`_fit`), then the value each side's rows repeat most, then the
    newest; failing those, two figures that measure one thing whatever was asked ("inflation"
    and "annual inflation"), or a side's single sum against the other's sum asked about."""
    nothing = (Asked(frozenset()), Asked(frozenset()))
    for fitting, wanted in ((asked, _each_asked), (asked, _fit), (nothing, _measure_alike)):
        ranked = []
        for i, a in enumerate(first):
            for j, b in enumerate(second):
                fit = wanted(a, b, fitting)
                if fit is not None:
                    # Of what stands with the question, the figures of the period it names.
                    off = _off_period(a, periods) + _off_period(b, periods)
                    # Two readings alike (one period, both planned or both done) before
                    # figures that measure the words asked more closely.
                    key = (fit[0], off, _unlike(a, b, ahead), *fit[1:],
                           -_repeated(a, first) - _repeated(b, second), i + j)  # fmt: skip
                    ranked.append((key, a, b))
        if ranked:
            _, a, b = min(ranked, key=lambda r: r[0])
            return a, b
    return _single_sums(first, second, asked)


def _unlike(a: Figure, b: Figure, ahead: bool) -> int:
    """How far two figures are from one reading of each side: of two periods (a month against
    January to October), or one planned and one done, or not what was asked (an outcome asked
    of two forecasts)."""
    periods = bool(a.period and b.period and a.period != b.period)
    return periods + sum(_planned(f) != ahead for f in (a, b))


def _each_asked(a: Figure, b: Figure, asked: tuple[Asked, Asked]) -> tuple | None:
    """`_fit` for two figures of two quantities the question names one a side ("Ardmore
    Arena's capacity or the league's average crowd, which is bigger?"): each measures its own
    side's words, in one unit; the user set them side by side."""
    words = [asked[0].words - asked[1].words, asked[1].words - asked[0].words]
    if not all(words) or a.unit != b.unit:
        return None
    if not (_measures_all(a, words[0]) and _measures_all(b, words[1])):
        return None
    return (0, -len(a.quantity & words[0]) - len(b.quantity & words[1]))


def _measures_all(figure: Figure, words: frozenset[str]) -> bool:
    """Whether a figure stands with every word of its side: at least one in what it measures
    (or a word of the curated quantity it measures: "crowd" of an attendance), the rest there
    or in its sentence ("this season")."""
    held = figures.quantities(figure.quantity, doers=True)
    measured = {w for w in words if w in held or figures.curated({w}) & held}
    return bool(measured) and words - measured <= stem_set(figure.sentence)


def _measure_alike(a: Figure, b: Figure, asked: tuple[Asked, Asked]) -> tuple | None:
    """`_fit` for two figures one of whose quantities is the other's or more, asked nothing."""
    return _fit(a, b, asked) if figures.same_quantity(a, b) else None


def _fit(a: Figure, b: Figure, asked: tuple[Asked, Asked]) -> tuple | None:
    """How well two figures make a comparison, as a sort key (None: they do not): units that
    compare before units that clash; each standing with what is asked of its side, in what it
    measures before its sentence (asked the same of both, one word of it for both); asked
    nothing past the topics, what both measure shared; issuer readings first."""
    if a.row is b.row or _one_statement(a, b) or not (_comparable(a, b) or _clash(a, b)):
        return None
    if not a.unit and a.quantity and b.quantity and not a.quantity & b.quantity:
        return None  # "121 vessels" is no count of "1.12 million TEU"
    if _of_the_other(a, asked[0], asked[1]) or _of_the_other(b, asked[1], asked[0]):
        return None  # "<A>'s order book against <B>'s order": an order book is A's
    readings = (a.row.kind != "reading") + (b.row.kind != "reading")
    if not (asked[0].words or asked[1].words):
        shared = a.quantity & b.quantity
        return (_clash(a, b), 0, -len(shared), readings) if shared else None
    stand = [_stands(a, asked[0]), _stands(b, asked[1])]
    # "Which is bigger in capacity": a figure in the unit of measure of the other side's
    # capacity ("the 660 MW unit" against "capacity stays at 320 MW") is of it too.
    by_unit = sorted(stand) == [0, 2] and bool(_measures(a) & _measures(b))
    stand = [max(s, int(by_unit)) for s in stand]
    if not all(stand) or (asked[0] == asked[1] and not (by_unit or _common(a, b, asked[0]))):
        return None
    measured = (stand[0] == 2) + (stand[1] == 2)
    return (-measured, _clash(a, b), -len(a.quantity & b.quantity), readings)


def _of_the_other(figure: Figure, own: Asked, other: Asked) -> bool:
    """Whether a figure measures every word asked of the other side alone and none asked of
    its own alone ("order book" asked of the yard, the order asked of the line)."""
    theirs, mine = other.words - own.words, own.words - other.words
    measured = figures.quantities(figure.quantity)
    return bool(theirs) and theirs <= measured and not mine & measured


def _measures(figure: Figure) -> set[str]:
    """The units of measure a figure is counted in ("mw" of "660 MW")."""
    return {word for word in figure.quantity if figures.UNIT_STEM.match(word)}


def _one_statement(a: Figure, b: Figure) -> bool:
    """The same figure of the same document, held by both sides (a report attached to both
    topics): never compared with itself."""
    return a.row.url == b.row.url and (a.low, a.high, a.sentence) == (b.low, b.high, b.sentence)


def _stands(figure: Figure, asked: Asked) -> int:
    """2 when the figure measures a word asked, 1 when its sentence says one (not enough for
    the words of the side's own title), 0 when neither."""
    if asked.words & figures.quantities(figure.quantity, doers=True):  # "delivered": deliveries
        return 2
    return int(not asked.strict and bool(asked.words & stem_set(figure.sentence)))


def _common(a: Figure, b: Figure, asked: Asked) -> set[str]:
    """The words asked that both figures stand with (in what they measure, or their sentence)."""
    wide = [figures.quantities(f.quantity | (frozenset() if asked.strict else stem_set(f.sentence)))
            for f in (a, b)]  # fmt: skip
    return set(asked.words & wide[0] & wide[1])


def _repeated(figure: Figure, held: list[Figure]) -> int:
    """How many of the side's figures give this value: the one its rows are about."""
    return sum((f.low, f.high, f.unit) == (figure.low, figure.high, figure.unit) for f in held)


def _single_sums(first: list[Figure], second: list[Figure], asked: tuple[Asked, Asked]):
    """A side whose sums are all one value is compared by it with the other side's sum of what
    is asked, in any currency ("Which raised more?": the $85 million it holds)."""
    sums = [[f for f in side if f.unit in _CURRENCY] for side in (first, second)]
    alone = [len({(f.low, f.unit) for f in side}) == 1 for side in sums]
    standing = [sorted((f for f in side if _stands(f, ask) or not ask.words),
                       key=lambda f: (-_stands(f, ask), -_repeated(f, side)))
                for side, ask in zip(sums, asked, strict=True)]  # fmt: skip
    for one, other in ((0, 1), (1, 0)):
        if alone[one] and standing[other] and sums[one][0].row is not standing[other][0].row:
            pair = (sums[one][0], standing[other][0])
            return pair if one == 0 else pair[::-1]
    return None


def _comparable(a: Figure, b: Figure) -> bool:
    return a.unit == b.unit


def _clash(a: Figure, b: Figure) -> bool:
    """One quantity in units this engine does not convert: two currencies, or a percentage
    against a sum."""
    units = {a.unit, b.unit}
    if len(units) < 2:
        return False
    return units <= _CURRENCY or ("%" in units and bool(units & _CURRENCY))


def _priced(side, outcome: set[str]) -> Figure | None:
    """The live price of this side's market question on the outcome asked (a historical
    capture is of another occasion: an October meeting's hold is not December's)."""
    for row in side.live:
        if not outcome or outcome & stem_set(row.facts["question"]):
            return figures.held(row)[0]
    return None
