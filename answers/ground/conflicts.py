"""Conflicts: held rows that disagree about one decision or one figure.

Three kinds, each between rows of different origins:
- a figure: two rows give the same quantity of the same period (`answers.ground.figures`: "the
  unemployment rate was") as an actual (or revised) reading with values that do not overlap,
  neither revising the other (figures of two periods are two readings, not a disagreement), nor
  the later a newer reading of a count the earlier read on another day (`figures.updates`);
- a decision: one row states a state ("kept its rate", "signed the deal") and another states an
  opposite one of the same thing ("cut its rate"), each as done, neither hedged nor a noun; of a
  topic that goes on over time (a company), only when both are said on one day;
- belief against the record: the issuer states an outcome as done that a live market question
  asks about, and the crowd prices it below even odds.
The answer then says that the rows disagree and who says what, the issuer first
(`answers.compose.composition`), never one side alone.
"""

import itertools
import re
from dataclasses import dataclass, replace
from datetime import date

from answers.ground import figures, premises
from answers.ground.retrieval import Evidence
from answers.understand import STOP, stem

REPORTS_COMPARED = 6  # the best reports held against the issuer and each other
# What may follow a state word that is a verb with its object ("cut its rate", "held rates").
_OBJECT_OPENERS = frozenset("its their the his her rates rate interest output production".split())
_AUXILIARIES = frozenset("has have had was were been is are".split())
# What "how long" asks a figure of.
# Read by stem, "seconds" would be "second", as often an ordinal ("the second round").
_TIME_UNITS = frozenset(stem(w) for w in figures.TIME_UNITS - {"seconds"})
# The words of an amount: a sum "risen to $171 million" and one "paused at $62 million" share
# "million", not what rose and what was paused.
_SCALES = frozenset(
    "million millions billion billions trillion thousand hundred bn percent".split()
)
_DECIDED = re.compile(r"\b(?:decided|voted|agreed|chose|opted) to (\w+)", re.IGNORECASE)
# A market question about another occasion of the outcome ("cut again at its next meeting") is
# not about the one the issuer stated.
_ANOTHER_TIME = frozenset("again next another further second more new".split())
_TOKEN = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)?")
_ACTUAL = frozenset({"actual", "revised"})  # a revised figure is the actual one now


@dataclass(frozen=True)
class Conflict:
    what: str  # what the rows disagree on, in their words
    first: Evidence  # the issuer's row when one side is the issuer's
    second: Evidence
    # The sentence the second side gives its figure in, to be quoted ("The union said 38 wards
    # were affected", not the row's other sentence that gives the hospital's 24).
    quoted: str = ""


@dataclass(frozen=True)
class Asking:
    """What the answer is about: the question's own stems past its topic (`words`: its names,
    title and terms left out) and the topic's curated stems (`topic`), which say what every
    figure of it is of ("consumer prices" and "inflation" of a consumer price release)."""

    words: frozenset[str] = frozenset()
    topic: frozenset[str] = frozenset()
    # Every stem the question says past its names and stop words, the topic's own included:
    # a figure at odds is one asked about only when its sentence says one of them ("fare" is
    # not a conflict on passenger journeys).
    said: frozenset[str] = frozenset()
    periods: frozenset[str] = frozenset()  # the periods it names: figures of others are not asked
    names: frozenset[str] = frozenset()  # the stems of the topic's names: whose, never what
    duration: bool = False  # "how long": a figure of time is asked, never a fine or a count
    period: str = ""  # the topic's own curated period ("2026"): a state of another year is not it
    # The topic goes on over time (`vocabulary.Topic.ongoing`): states said on two days are two
    # states in turn ("kept its guidance" in October, "raised" it in November), not a dispute.
    ongoing: bool = False
    # Every stem the rows say: a word asked that none of them says tells no two of them apart
    # ("people" of "how many people visited" beside rows of "visitors").
    spoken: frozenset[str] = frozenset()
    # What "how many" counts ("worker"), a word of a name or not: figures of another count
    # (barrels of throughput) are no dispute about it.
    counted: frozenset[str] = frozenset()


def _sided(what: str, a: Evidence, b: Evidence, said: tuple, readings: list[Evidence],
           asking: Asking) -> Conflict:  # fmt: skip
    """The conflict with its sides in order (`_issuer_first`) and the second's sentence."""
    first, second = _issuer_first(a, b, said, readings, asking)
    quoted = next((f.sentence for f in reversed(said) if f.row is second), "")
    return Conflict(what, first, second, quoted)


def conflict(readings: list[Evidence], reports: list[Evidence], live: list[Evidence],
             asking: Asking = Asking(),
             earlier: list[Evidence] = ()) -> Conflict | None:  # fmt: skip
    """The first disagreement among the rows, the issuer's side first. A figure's is one only
    when it is about what is asked that some row says: rows at odds on evacuations do not
    answer how many died when another row says who died. A value the issuer itself gave before
    its latest reading (`earlier`) and has since replaced disputes nothing: a report that
    repeats it is behind, not at odds."""
    statements = [*readings, *reports[:REPORTS_COMPARED]]
    rows = [*readings, *reports]  # the words asked that any of them says
    spoken = {stem(t.lower()) for row in rows for t in _TOKEN.findall(row.text)}
    asking = replace(asking, words=asking.words & spoken, spoken=frozenset(spoken))
    # Each row's figures, read once: every pair of rows holds them against each other.
    raw = {id(row): _of_own_period(figures.held(row), asking.period) for row in rows}
    held = {id(row): figures.wholes(raw[id(row)]) for row in statements}
    gone = _revised_away(rows, raw) | _replaced_by_issuer(readings, earlier, raw)
    stated = _stated_dispute(statements, raw, asking, gone)
    if stated:
        what, giver, row, theirs, own = stated
        return _sided(what, giver, row, (theirs, own), readings, asking)
    found = _best_figures(statements, held, asking, gone) or _two_voices(statements, raw, asking)
    if found:
        what, a, b, *said = found
        return _sided(what, a, b, tuple(said), readings, asking)
    for a, b in itertools.combinations(statements, 2):
        if asking.ongoing and a.date[:10] != b.date[:10]:
            continue
        found = _decisions_differ(a, b, asking.period)
        if found:
            return Conflict(found, a, b)
    for reading, price in itertools.product(readings, live):
        found = _belief_differs(reading, price)
        if found:
            return Conflict(found, reading, price)
    return None


def _of_own_period(held: list[figures.Figure], period: str) -> list[figures.Figure]:
    """`held` with the topic's own period said as none: "23 companies" of "its 2026 rule" and
    "27 companies" of the 2026 rule's amendment are of one period, read anew or at odds."""
    if not period:
        return held
    return [replace(f, period="") if f.period == period else f for f in held]


def _best_figures(statements: list[Evidence], held: dict, asking: Asking, gone: set):
    """(what, a row, another, its figure, the other's) for the two rows at odds on a figure
    whose sides the most rows and headlines give: "£2.4m against £1.9m" of a fine, each in a
    headline, not a 2019 fine of £600,000 a row mentions in passing; none of a value `gone`."""
    found = []
    for a, b in itertools.combinations(statements, 2):
        differ = _figures_differ(held[id(a)], held[id(b)], asking)
        if differ and not {(f.unit, f.low, f.high) for f in differ[1:]} & gone:
            found.append((differ[0], a, b, *differ[1:]))
    # A report's headline gives what it is about: its figure there counts again.
    headlines = [f for row in statements if row.kind == "report" for f in figures.stated(row.title)]
    given = [f for row in statements for f in held[id(row)] if f.reading] + headlines

    def support(f: figures.Figure) -> int:
        return sum(g.unit == f.unit and g.overlaps(f) for g in given)

    # An issuer's own reading on one side first (the record's, which reporting disputes), then
    # the sides the most rows give.
    def weight(c) -> tuple[bool, int]:
        return "reading" in (c[1].kind, c[2].kind), support(c[3]) + support(c[4])

    return max(found, key=weight, default=None)


def _revised_away(rows: list[Evidence], raw: dict) -> set[tuple]:
    """(unit, low, high) of each value a row says was revised away ("revised from 152 to 148"):
    an earlier figure beside a revised one in its sentence. It disputes nothing."""
    return {(f.unit, f.low, f.high) for row in rows for f in raw[id(row)]
            if f.kind == "earlier" and any(g.kind == "revised" and g.sentence == f.sentence
                                           for g in raw[id(row)])}  # fmt: skip


def _replaced_by_issuer(readings: list[Evidence], earlier: list[Evidence], raw: dict) -> set:
    """(unit, low, high) of each value an issuer's earlier reading gave that its latest
    reading of the same quantity replaces (`figures.revises`)."""
    latest = [f for row in readings for f in raw[id(row)]]
    history = [f for row in earlier for f in figures.held(row)]
    return {(f.unit, f.low, f.high) for f in history
            if any(figures.revises(g, f) for g in latest)}  # fmt: skip


def _stated_dispute(statements: list[Evidence], raw: dict, asking: Asking, gone: set):
    """(what, the other side's row, the row, the other's figure, its own) when a row sets its
    own figure against another ("19 hours, not the 31 hours the agency alleged") that another
    row gives as a reading: the rows disagree, as the row itself says; not when the other value
    is one revised away since (the dispute is then with the revised figure)."""
    for row in statements:
        for own, other in figures.set_against(raw[id(row)]):
            # "Revised: ... 48,620, not 48,210", "final ... 1,291.3, above the provisional
            # 1,284.6": a revision, not a dispute.
            settled = own.kind == "revised" or (other.kind == "provisional" != own.kind)
            if settled or (other.unit, other.low, other.high) in gone:
                continue
            # The figure set against one names no quantity of its own ("the company's own
            # count of 640,000"), or is given as another's reading ("handed over 4,610 homes,
            # more than the 4,480 completions the company reported"): it is of the one it is
            # set against, whatever words each is said in.
            rival = other.quantity and figures.speaker(other) - figures.speaker(own)
            if other.quantity and not (rival or figures.same_quantity(own, other, asking.topic)):
                continue
            # The row names the other side's value itself: the two need not both say what is
            # asked ("failed for 9 hours, not the 14" of a leak that "lasted 14 hours").
            for giver in statements:
                given = [f for f in raw[id(giver)] if giver is not row and f.reading
                         and (f.unit, f.low, f.high) == (other.unit, other.low, other.high)
                         and _about(asking, own, f, either=True)]  # fmt: skip
                if given:
                    return _what(own, given[0], asking), giver, row, given[0], own
            # No row of the other's held: the row names who gave it ("not the £9,500 <maker>
            # announced"), a dispute it reports itself, as two voices in one row are.
            if rival and other.reading and _about(asking, own, other, either=True):
                # What the row's own figure measures: the other's words name only its giver.
                return _what(own, own, asking), row, row, other, own
    return None


def _two_voices(statements: list[Evidence], raw: dict, asking: Asking):
    """(what, the row, the row, one figure, the other) when one row gives two speakers'
    readings of one thing ("the hospital said 24 wards ...; the union said 38"): the row
    reports a dispute, though neither side is another row's."""
    for row in statements:
        readings = [f for f in raw[id(row)] if f.reading]
        for f, g in itertools.combinations(readings, 2):
            voices = figures.given_by(f), figures.given_by(g)
            if not all(voices) or voices[0] == voices[1] or f.overlaps(g):
                continue
            if _one_thing(f, g, asking) and _about(asking, f, g, either=True):
                return _what(f, g, asking), row, row, f, g
    return None


def _figures_differ(mine: list[figures.Figure], theirs: list[figures.Figure], asking: Asking):
    """(what, one figure, the other) where two rows' figures (`figures.wholes` of each) differ
    on one thing as actual readings (a revision, one replacing the other, is not a
    disagreement: `answers.ground.figures.revises`); None when they give none."""
    for fa in mine:
        for fb in theirs:
            # A row that gives the other's value too agrees with it: its other figure is of
            # another thing ("<A> forced 18,600 from their homes, against 3,200 around <B>").
            if _gives(mine, fb) or _gives(theirs, fa):
                continue
            actual = {fa.kind, fb.kind} <= _ACTUAL and not fa.overlaps(fb)
            topic = asking.topic
            revision = any(replaces(x, y, topic) for x, y in ((fa, fb), (fb, fa))
                           for replaces in (figures.revises, figures.updates))  # fmt: skip
            # The issuer's own reading is of what is asked in its own words ("capped ... at
            # 4.5%" of "what cap did it set"): the report need only say them.
            issuer = "reading" in (fa.row.kind, fb.row.kind)
            if actual and _one_thing(fa, fb, asking) and not revision and _about(
                    asking, fa, fb, either=issuer):  # fmt: skip
                return _what(fa, fb, asking), fa, fb
    return None


def _gives(held: list[figures.Figure], figure: figures.Figure) -> bool:
    """Whether one of `held` is a reading of `figure`'s very value in its unit (a bound, "over
    three days", gives none)."""
    value = (figure.unit, figure.low, figure.high)
    return any(f.reading and not f.bound and (f.unit, f.low, f.high) == value for f in held)


def _what(a: figures.Figure, b: figures.Figure, asking: Asking) -> str:
    """What two figures disagree on, in their words, less the topic's own names ("flights", not
    "peliva air flights": every row of the topic is of it)."""
    # The issuer's words first: the record's name for what is disputed.
    figure = max((a, b), key=_naming)
    words = figure.named.split()
    # Half of a hyphenated word ("class" of "first-class") names nothing by itself.
    while len(words) > 1 and re.search(rf"\w-{re.escape(words[0])}\b", figure.sentence, re.I):
        words = words[1:]
    # The names it opens on ("peliva air flights": flights), never a word inside what it names
    # ("personal data breach notifications" of a "breach notification" topic).
    rest = list(itertools.dropwhile(lambda w: stem(w) in asking.names, words))
    return " ".join(rest or words)


def _naming(figure: figures.Figure) -> tuple[bool, bool, int]:
    """Which of two figures names what they disagree on: one that names it, an issuer's
    reading's before a report's, then the longer name."""
    return (
        bool(figure.named),
        figure.row is not None and figure.row.kind == "reading",
        len(figure.named),
    )


def _one_thing(a: figures.Figure, b: figures.Figure, asking: Asking) -> bool:
    """Both figures measure one thing of its topic (`answers.ground.figures.same_quantity`:
    "consumer prices" and "consumer price inflation" of the release; never "magnitude" and "the
    strongest magnitude"), of one period and occasion, in one unit."""
    # "52 hours" underground is no count of "eleven miners" underground.
    same = a.unit == b.unit and _one_period(a, b) and figures.timed(a) == figures.timed(b)
    named = figures.curated(a.quantity), figures.curated(b.quantity)
    if all(named) and not named[0] & named[1]:
        return False  # two quantities a curator tells apart ("production", "exports")
    if _each(a) != _each(b):
        return False  # "ships of 142,000 gross tons each" is no count of "three ships"
    # Figures of days their sentences name apart ("the warning strike on 6 November", "the
    # strike on 17 November") are of two occasions, however alike.
    days = [figures.days_said(f.sentence) for f in (a, b)]
    apart = all(days) and not days[0] & days[1]
    return same and not apart and figures.same_quantity(a, b, asking.topic)


_EACH = re.compile(r"^(?:[\s-]+[^\W\d_]+){0,3}\s+(?:each|apiece)\b", re.IGNORECASE)


def _each(figure: figures.Figure) -> bool:
    """Whether a figure is said of each one of several ("of 142,000 gross tons each"): a measure
    of one item, never a total or a count."""
    at = figure.sentence.find(figure.text)
    return at >= 0 and bool(_EACH.match(figure.sentence[at + len(figure.text) :]))


# A figure that names no period, stated this near one that names its own, is of that period.
_SAME_SPELL_DAYS = 14


def _one_period(a: figures.Figure, b: figures.Figure) -> bool:
    """Whether two figures are of one period: the same one (in one year, when both say theirs),
    or one named and the other, naming none, stated within `_SAME_SPELL_DAYS` of it ("shipped
    11.1 million smartphones, a research firm estimates" beside the company's "12.4 million
    in the third quarter")."""
    if a.period == b.period:
        return not (a.year and b.year and a.year != b.year)
    if (a.period and b.period) or not (a.date and b.date):
        return False
    apart = date.fromisoformat(a.date[:10]) - date.fromisoformat(b.date[:10])
    return abs(apart.days) <= _SAME_SPELL_DAYS


def _issuer_first(a: Evidence, b: Evidence, said: tuple, readings: list[Evidence],
                  asking: Asking) -> tuple[Evidence, Evidence]:  # fmt: skip
    """The two sides, the issuer's first: when two reports are at odds and an issuer's reading
    gives one side's figure, that reading stands for that side."""
    if a.kind == "reading":
        return a, b
    for reading in readings:
        for held in figures.held(reading):
            for mine, other in ((said[0], b), (said[1], a)):
                if _one_thing(held, mine, asking) and held.overlaps(mine):
                    return reading, other
    return a, b


def _about(asking: Asking, a: figures.Figure, b: figures.Figure, either: bool = False) -> bool:
    """Whether two figures answer what is asked: every word of it past what they measure (that
    some row says) is in one's sentence or the other's ("evacuated", not "died"; not "sleeping
    in shelters" beside "17 people were killed"), each sentence says a word the question says
    past what both figures measure, and they are of a period it names, when it names one."""
    measured = figures.quantities(a.quantity | b.quantity)
    # "How many people came": a noun that counts anyone is said by any count's noun.
    anyone = figures.ANY_COUNT if not (a.unit or b.unit) else frozenset()
    rest = {w for w in asking.words if not covered(w, measured) and w not in anyone}
    each = [{stem(t.lower()) for t in _TOKEN.findall(f.sentence)} for f in (a, b)]
    said = each[0] | each[1]
    # Past what both measure ("people"), each sentence says a word asked: "17 people were
    # killed" is not about "how many people are sleeping in shelters".
    # When is asked by the periods (`when` below), never by the words each sentence says: "in
    # the November 2026 strike" of a report that names no month is still of it.
    dated = {stem(w) for p in asking.periods for w in p.split()}
    dated |= {w for w in asking.said if w.isdigit()}
    asked = _unmeasured(asking.said - dated, a.quantity & b.quantity | anyone, asking.spoken)
    asked = {w for w in asked if not covered(w, figures.quantities(a.quantity & b.quantity))}
    named = not asked or (_says_any(asked, said) if either else all(_says_any(asked, w)
                                                                    for w in each))  # fmt: skip
    if asking.counted and not _says_any(set(asking.counted), measured):
        return False  # "how many workers": not a dispute about barrels
    when = not (asking.periods and a.period and b.period) or any(
        figures.of_period(a, p) for p in asking.periods
    )
    timed = not asking.duration or bool(_TIME_UNITS & (a.quantity | b.quantity))
    return (
        all(covered(w, said) for w in rest)
        and named
        and when
        and timed
        and _measures_asked(asking, a, b)
    )


def _says_any(words: set[str], stems: set[str]) -> bool:
    return any(covered(w, stems) for w in words)


def covered(word: str, stems: set[str] | frozenset[str]) -> bool:
    """Whether `stems` say `word`: itself, the curated quantity it names, or a stem one begins
    the other with ("produc" of "produced", "product" of "production": one word's forms)."""
    if word in stems or figures.curated({word}) & stems:
        return True
    return len(word) >= 5 and any(len(s) >= 5 and (s.startswith(word) or word.startswith(s))
                                  for s in stems)  # fmt: skip


def _unmeasured(said: frozenset[str], measured: frozenset[str],
                spoken: frozenset[str]) -> frozenset[str]:  # fmt: skip
    """The words asked past what both figures measure, a verb asked of its doer's noun
    included ("visited" of "visitors": English makes the one of the other with "-or"). When
    the question asks what they measure, a word no row says ("people" of "how many people
    visited") tells none of them apart; else every word asked still counts ("is it still
    active" asks no figure)."""
    doers = {word[:-2] for word in measured if word.endswith("or") and len(word) > 5}
    rest = said - measured - doers
    return rest & spoken if rest != said else rest


def _measures_asked(asking: Asking, a: figures.Figure, b: figures.Figure) -> bool:
    """Whether the figures measure the curated quantity or theme the question asks, when it
    asks one (`registry.Quantity`, `registry.Theme`: "revenue" is not the "occupancy" said
    beside it)."""
    measured = a.quantity | b.quantity
    asked = figures.curated(asking.said)
    if asked and not asked & figures.quantities(measured):
        return False
    # A theme only when both say one: "rate" of "occupancy rate" is no interest rate. The
    # topic's own words are whose theme, not what is asked ("the strike" of a strike's cut).
    themes = figures.themes_of(asking.said - asking.topic)
    held = figures.themes_of(measured)
    return not (themes and held) or bool(themes & held)


def decisions(text: str, period: str = "") -> list[tuple[str, frozenset[str], str]]:
    """(state family, stems of its object, the verb as written) for each state a text states
    as done: a verb with its object or after an auxiliary, or what a body "decided to" do;
    never hedged, negated or a noun; given the topic's year (`period`), never one a sentence
    says of another year ("in its 2025 decision the council held the price")."""
    found = []
    for sentence in re.split(r"(?<=[.!?;])\s+", text):
        if _of_another_year(sentence, period):
            continue
        written = _TOKEN.findall(sentence)
        tokens = [t.lower() for t in written]
        # A word of a name ("the Corrin Reservoir") is whose, not what: two states share an
        # object only by a common noun ("reservoir stocks had fallen").
        common = [t.lower() if i == 0 or not t[:1].isupper() else "" for i, t in enumerate(written)]
        for index, token in enumerate(tokens):
            family = premises.family_of(token)
            if family is None or not _as_done(tokens, index, sentence):
                continue
            # What the state is of: the words around it ("the cargo toll was raised").
            # The noun a number counts is its unit ("to 162,000 tonnes"), not what changed.
            counted = {i + 1 for i, t in enumerate(tokens) if t[:1].isdigit()}
            near = [*range(max(0, index - 4), index), *range(index + 1, index + 5)]
            around = [common[i] for i in near if i < len(common) and i not in counted]
            objects = frozenset(
                stem(t) for t in around if t.isalpha() and t not in STOP | _AUXILIARIES | _SCALES
            ) - {stem(token)}
            found.append((family, objects, token))
    return found


def _of_another_year(sentence: str, period: str) -> bool:
    """Whether a sentence names a year, and only years other than the topic's own."""
    if not period.isdigit():
        return False
    years = {p for p in figures.periods(sentence) if p.isdigit()}
    return bool(years) and period not in years


def _as_done(tokens: list[str], index: int, sentence: str) -> bool:
    token = tokens[index]
    before, after = tokens[max(0, index - 3) : index], tokens[index + 1 : index + 2]
    if any(w in premises.HEDGES for w in before):
        return False
    if token in premises.STATIVE:
        return True
    decided = any(m.group(1).lower() == token for m in _DECIDED.finditer(sentence))
    verb = premises.states(token) and (
        bool(set(after) & _OBJECT_OPENERS) or bool(before[-1:] and before[-1] in _AUXILIARIES)
    )
    return decided or verb


def _decisions_differ(a: Evidence, b: Evidence, period: str = "") -> str | None:
    for family, objects, _ in decisions(a.text, period):
        opposite = premises.OPPOSITE.get(family, set())
        for other, their_objects, verb in decisions(b.text, period):
            shared = objects & their_objects
            if other in opposite and shared:
                return _object_words(b.text, shared) or verb
    return None


def _object_words(text: str, stems: frozenset[str]) -> str:
    """The words of `text` whose stems are `stems`, as written, in order."""
    said = [t for t in _TOKEN.findall(text) if stem(t.lower()) in stems]
    return " ".join(dict.fromkeys(t.lower() for t in said))


def asked_outcomes(question: str) -> set[str]:
    """The state families a market question asks about ("Will the Fed cut?": down); none for a
    question about another occasion of them ("cut again at its next meeting")."""
    words = {t.lower() for t in _TOKEN.findall(question)}
    if words & _ANOTHER_TIME:
        return set()
    return {premises.family_of(t) for t in words} - {None}


def _belief_differs(reading: Evidence, price: Evidence) -> str | None:
    """The issuer states as done the outcome a live question asks about, priced below even."""
    question = price.facts.get("question", "")
    asked = asked_outcomes(question)
    if not asked or price.facts.get("pct", 100) >= 50:
        return None
    for family, _, _ in decisions(reading.text):
        if family in asked:
            return question
    return None


# --- the topic's curated outcome (issue 51) ---------------------------------------------------


def outcome_family(outcome: str) -> str | None:
    """The state family of a topic's curated outcome ("signed": sign), or the outcome itself
    when no family holds its verb ("made landfall"): what its markets ask about."""
    words = outcome.lower().split()
    return next(filter(None, map(premises.family_of, words)), None) or (" ".join(words) or None)


def asked_of(question: str, outcome: str) -> set[str]:
    """What a topic's market question asks about: its own state word, else the outcome the
    topic tracks (a question of the topic with no state word of its own asks of that: "Will
    the accord take effect by March?"); none for another occasion."""
    asked = asked_outcomes(question)
    if asked or set(question.lower().split()) & _ANOTHER_TIME:
        return asked
    return {outcome_family(outcome)} - {None}


def stated_outcomes(text: str, outcome: str) -> set[str]:
    """The state families `text` states as done, with the topic's outcome when its words are
    said as done (no hedge or negation in the three words before: "made landfall", never "is
    expected to make landfall")."""
    found = {family for family, _, _ in decisions(text)}
    wanted = outcome.lower().split()
    tokens = [t.lower() for t in _TOKEN.findall(text)]
    for i in range(len(tokens) - len(wanted) + 1) if wanted else ():
        hedged = set(tokens[max(0, i - 3) : i]) & (premises.HEDGES | {"to"})
        if tokens[i : i + len(wanted)] == wanted and not hedged:
            found.add(outcome_family(outcome))
    return found
