"""Figure cases generated from a registry's own rows (issue 51): comparisons, premises, the newest.

The figures are read here by a reader of this module's own, not the engine's: a sentence of a
topic's rows (its issuer's readings, the reports that mention it) holding a percentage, a sum or
a count ("4,200 jobs", "1.2 million visitors": grouped digits or a scaled number),
measured by a curated word (`registry.Quantity` and `registry.Theme`, English) the same sentence
says. So a case says what the registry holds, not what the engine made of it.

- `comparison`: two topics whose sentences measure one word in one unit, every value one side
  holds above every value the other holds (so whichever figure a side is read by, the verdict is
  the same): the first sentence must give the verdict, the higher side's figure before the
  lower's, never "no verdict"; the same pair asked which is lower (`comparison-lower`: the lower
  side or figure first) and for yes or no (`comparison-yes-no`: "Yes" or "No" first, right by
  the held figures, then the verdict with a held figure).
- `comparison-one-side`: two topics of one kind asked which is higher in what only one of them
  measures (the other's rows never name it in any of its curated words): the first sentence
  must give no verdict and quote a figure the holder holds.
- `premise`: a topic's measured word with a value none of its rows holds (a percentage where it
  holds one, else a sum or a count): the first sentence must name the premise as unsupported or
  contradicted and give a figure the topic holds, the rest answered from the topic; asked in
  passing (`premise-in-passing`: a relative clause, "its <measure> of <value>") and as the
  scene of a question about the next topic in the registry's order (`premise-beside`: both
  topics answered), the same.
- `newest`: a topic whose issuer gave two readings of one measured word (asked as it is, and of
  the topic's own period when it has one): the first sentence must
  give the newest reading's figure, and the answer must take the issuer's side (a revision is
  never rows at odds with no side taken).
- `plan`: a topic whose rows hold a measured word's figures and a plan of it (a forecast,
  target, expectation or guidance said beside a figure in its unit), every figure on one side of
  every plan: the first sentence must set them apart the right way round ("above", "below")
  and quote a held figure.
- `revision`: a sentence that revises a measured word's figure "to" one value "from" another:
  asked by how much it was revised, the first sentence must quote both, the higher first.
"""

import random
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from itertools import combinations

from registry.models import Document, Quantity, SourceReading, Theme

_AMOUNT = re.compile(
    r"(?P<cur>[$€£])\s?(?P<n>\d+(?:\.\d+)?)\s*(?P<scale>million|billion)?"
    r"|(?P<n2>\d+(?:\.\d+)?)\s*(?P<scale2>million|billion)\s+(?P<cur2>euros?|pounds?|dollars?)\b"
    r"|(?P<pct>\d+(?:\.\d+)?)\s?(?:%|percent\b|per cent\b)"
    # A count: grouped digits or a scaled number ("4,200 jobs", "1.2 million visitors"), never
    # a bare number (a year, a day).
    r"|(?P<count>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?(?=\s*(?:million|billion)\b))"
    r"(?:\s*(?P<scale3>million|billion))?",
    re.IGNORECASE,
)
_UNITS = {"$": "$", "€": "€", "£": "£", "euro": "€", "pound": "£", "dollar": "$"}
_SCALE = {"million": 1e6, "billion": 1e9}
_SENTENCE = re.compile(r"(?<=[.!?;])\s+")
_TOKEN = re.compile(r"[^\W\d_][\w'-]*|\d[\d.,]*")
_NEAR = 8  # words before a figure that may name what it measures
# A figure right after these is a change, not a level ("rose 3.5%", "cut by 18%").
_CHANGE = frozenset(
    """rose rises rise fell falls fall up down jumped jumps jump gained gains
    lost slipped slid climbed dropped surged plunged grew grows by more less""".split()
)
# A figure near these is hoped for, not held ("near its 2% target", "expected at 150,000").
_HOPE = frozenset(
    """target targets toward towards expect expects expected expecting forecast
    forecasts forecasting if could would might aims aim hopes""".split()
)
_FIRST = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"])")
PREMISE_NAMED = ("The record does not support the premise", "The record contradicts the premise")
# A yes-or-no question's answer word before the premise ("No, the record does not support ...").
_ANSWER_WORD = re.compile(r"^(?:Yes|No), ")


def premise_first(text: str) -> bool:
    """Whether `text` opens by naming a premise, after the yes or no it answers, if any."""
    rest = _ANSWER_WORD.sub("", text)
    return f"{rest[:1].upper()}{rest[1:]}".startswith(PREMISE_NAMED)


NO_VERDICT = ("No verdict", "Neither is higher")
# A number as written, never part of another, a date's or a marker's ("[2]").
_NUMBER = r"(?<![\d.\-\[]){}(?!\d|\.\d|\])"
REFUSED = "does not pick one"  # the rows left at odds (`phrases.ROWS_DISAGREE`)
# A plan said beside a figure, by the noun a question asks it by ("beat forecasts of 150,000").
_PLANS = {"forecast": "forecast", "forecasts": "forecast", "forecasting": "forecast",
          "expected": "expectations", "expect": "expectations", "expects": "expectations",
          "target": "target", "targets": "target", "guidance": "guidance"}  # fmt: skip
# A sentence that revises a figure ("revised ... to 3.6% from 3.4%", "trims ... to 0.5%").
_REVISING = re.compile(r"\b(?:revis\w*|trim\w*|correct\w*|cut)\b", re.IGNORECASE)
# Which way a first sentence sets a figure against its plan (`phrases.PLAN_ABOVE`, `_BELOW`).
_ABOVE = re.compile(r"\b(?:above|higher|beat|exceed\w*)\b", re.IGNORECASE)
_BELOW = re.compile(r"\b(?:below|lower|missed|short of)\b", re.IGNORECASE)

COMPARING = (
    "Which is higher, the {word} of {first} or of {second}?",
    "Was the {word} higher for {first} or for {second}?",
    "Compare the {word} of {first} and {second}.",
    "Which is larger: {first}'s {word} or {second}'s?",
    "How does the {word} of {first} compare with that of {second}?",
    "Compare {first}'s {word} with {second}'s.",
)
# The same pair asked the other way round: the verdict names the lower side (or figure) first.
COMPARING_LOWER = (
    "Which is lower, the {word} of {first} or of {second}?",
    "Which had the smaller {word}: {first} or {second}?",
    "Was the {word} lower for {first} or for {second}?",
)
# Asked for yes or no: the answer word first, right by the held figures.
COMPARING_YES_NO = (
    "Was the {word} of {first} higher than that of {second}?",
    "Is {first}'s {word} lower than {second}'s?",
)
# Asked of a measure only one side's rows hold: no verdict, the held figure given.
ONE_SIDED = (
    "Which has the higher {word}, {first} or {second}?",
    "Is the {word} of {first} larger than that of {second}?",
    "Compare the {word} of {first} and {second}.",
)
PREMISING = (
    "Why did the {word} of {subject} reach {value}?",
    "Given that {subject}'s {word} was {value}, what happens next?",
    "With the {word} at {value} for {subject}, what did the issuer say?",
    "After {subject} put its {word} at {value}, who disagreed?",
    "How was the {value} {word} of {subject} received?",
)
# The wrong value said in passing, in a clause about the subject: named first all the same.
PREMISING_IN_PASSING = (
    "What did {subject}, whose {word} reached {value}, say next?",
    "What is the latest on {subject}, which put its {word} at {value}?",
    "Who commented on {subject} and its {word} of {value}?",
)
# The wrong value set as the scene of a question about another topic: named first all the same,
# with what the topic it is of holds.
PREMISING_BESIDE = (
    "With the {word} of {subject} at {value}, what is the latest on {other}?",
    "Given that {subject}'s {word} was {value}, what did {other} say?",
    "After {subject} put its {word} at {value}, what happened to {other}?",
)
NEWEST = (
    "What is the latest {word} figure for {subject}?",
    "What {word} figure does {subject} now stand at?",
)
PLANNING = (
    "Did {subject}'s {word} beat the {plan}?",
    "Was the {word} of {subject} above or below the {plan}?",
    "How did {subject}'s {word} compare with the {plan}?",
)
REVISING = (
    "By how much was {subject}'s {word} revised from the first estimate?",
    "How far was the {word} of {subject} revised from its earlier figure?",
    "How much did the revised {word} of {subject} differ from the original figure?",
)


@dataclass(frozen=True)
class Value:
    number: float  # in the unit's own scale (a sum in units, a percentage in percent)
    written: str  # the digits as the row writes them ("6.25", "85")


@dataclass
class Measured:
    """What one topic's rows say of each measured word, by unit: every value, and the issuer's
    readings of it, oldest first."""

    values: dict[tuple[str, str], list[Value]] = field(default_factory=lambda: defaultdict(list))
    readings: dict[tuple[str, str], list[list[Value]]] = field(
        default_factory=lambda: defaultdict(list)
    )
    numbers: set[str] = field(default_factory=set)  # every number its rows write
    plans: dict[tuple[str, str], list[tuple[Value, str]]] = field(
        default_factory=lambda: defaultdict(list)
    )  # each plan's value and the noun a question asks it by
    revised: dict[tuple[str, str], list[tuple[Value, Value]]] = field(
        default_factory=lambda: defaultdict(list)
    )  # (from, to) of each revision a sentence makes
    said: dict[tuple[str, str], Counter] = field(default_factory=lambda: defaultdict(Counter))
    mentioned: set[str] = field(default_factory=set)  # what its rows name, figure or not

    def word(self, key: tuple[str, str]) -> str:
        """The word its rows most often measure `key` by."""
        return self.said[key].most_common(1)[0][0]


@dataclass(frozen=True)
class Measures:
    """The registry's English words of what a figure measures (`Quantity`) or is about
    (`Theme`), longest first, each with its row ("quantity:cost"), and each row's name."""

    words: dict[str, str]
    names: dict[str, str]

    @classmethod
    def read(cls) -> "Measures":
        words, names = {}, {}
        # Quantities last: a word both hold ("budget") measures the quantity.
        for prefix, rows in (("theme", Theme.objects.all()), ("quantity", Quantity.objects.all())):
            for row in rows:
                names[f"{prefix}:{row.slug}"] = row.name.lower()
                words |= {w: f"{prefix}:{row.slug}" for w in row.words.get("en", []) if len(w) > 2}
        ordered = sorted(words, key=lambda w: (-len(w), w))
        return cls({w: words[w] for w in ordered}, names)


def figure_cases(subjects: list, rng: random.Random) -> list[dict]:
    """The comparison, premise and newest cases of `subjects` (`casegen.Subject`s)."""
    measures = Measures.read()
    measured = {s.event.pk: _measured(s.event, measures) for s in subjects}
    cases = []
    for index, subject in enumerate(subjects):
        cases += _premises(subject, measured[subject.event.pk], rng)
        # Beside the next topic, in the registry's order: one question of each topic's premise.
        other = subjects[(index + 1) % len(subjects)]
        cases += _premise_beside(subject, other, measured[subject.event.pk], rng)
        cases += _newest(subject, measured[subject.event.pk], rng)
        cases += _plan_cases(subject, measured[subject.event.pk], rng)
        cases += _revision_cases(subject, measured[subject.event.pk], rng)
    for a, b in combinations(subjects, 2):
        cases += _comparison(a, b, measured[a.event.pk], measured[b.event.pk], measures, rng)
        cases += _one_sided(a, b, measured[a.event.pk], measured[b.event.pk], rng)
    return cases


def _measured(event, measures: Measures) -> Measured:
    measured = Measured()
    readings = SourceReading.objects.filter(source__events=event, ok=True,
                                            observed_words__isnull=False)  # fmt: skip
    for reading in sorted(readings, key=lambda r: (r.attempted_at, r.pk)):
        read = _read(reading.observed_words, measures, measured)
        for key, values in read.items():
            if not measured.readings[key] or measured.readings[key][-1] != values:
                measured.readings[key].append(values)
    for title, summary in Document.objects.filter(events=event).values_list("title", "summary"):
        _read(f"{title}. {summary or ''}", measures, measured)
    return measured


def _read(text: str, measures: Measures, measured: Measured) -> dict[tuple[str, str], list[Value]]:
    """Each figure's value by (what it measures, unit), added to `measured`; this text's own.
    A plan's figure is kept apart, of what it plans (`_plan_read`)."""
    own: dict[tuple[str, str], list[Value]] = defaultdict(list)
    last: dict[str, tuple[str, str]] = {}  # by unit, what the text's last figure measured
    for sentence in _SENTENCE.split(text):
        measured.numbers |= set(re.findall(r"\d+(?:\.\d+)?", sentence))
        low = sentence.lower()
        measured.mentioned |= {measures.words[w] for w in measures.words if _says(low, w)}
        amounts = [(_value(m), m) for m in _AMOUNT.finditer(sentence)]
        keyed = []
        for (unit, value), match in amounts:
            word = _measuring(low, match, list(measures.words))
            if not word:
                _plan_read(low, match, (unit, value), measures, measured, last)
                continue
            key = last[unit] = (measures.words[word], unit)
            measured.said[key][word] += 1
            own[key].append(value)
            keyed.append((key, value, match))
            # Every figure in its unit the sentence gives beside it may be the one a reader
            # takes for it ("values it at $2 billion after raising $210 million").
            for (other_unit, other), _ in amounts:
                if other_unit == unit and other not in measured.values[key]:
                    measured.values[key].append(other)
        if _REVISING.search(sentence):
            _revision_read(low, keyed, measured)
    return own


def _plan_read(low: str, match: re.Match, amount: tuple[str, Value], measures: Measures,
               measured: Measured, last: dict) -> None:  # fmt: skip
    """A plan's figure ("economists had forecast 3.1%"), kept as a plan of what the nearest
    curated word before it in its sentence measures, else of what the text's last figure in its
    unit did; never one end of a range ("a 2% to 4% target band")."""
    before = _TOKEN.findall(low[: match.start()])
    following = _TOKEN.findall(low[match.end() :])
    nouns = [_PLANS[t] for t in [*before[-_NEAR:], *following[:1]] if t in _PLANS]
    ranged = before[-1:] in (["to"], ["and"]) or (following[:2] and following[0] == "to" and (
        following[1][:1].isdigit()))  # fmt: skip
    if not nouns or ranged:
        return
    said = low[: match.start()]
    found = [(said.rfind(w), w) for w in measures.words if _says(said, w)]
    unit, value = amount
    key = (measures.words[max(found)[1]], unit) if found else last.get(unit)
    if key:
        measured.plans[key].append((value, nouns[-1]))


def _revision_read(low: str, keyed: list, measured: Measured) -> None:
    """A sentence's revision of one measured figure: the value said "from" (a few words before
    it) is the one replaced, the other of its quantity the revised one."""
    for key in {k for k, _, _ in keyed}:
        values = [(v, m) for k, v, m in keyed if k == key]
        replaced = [v for v, m in values if _after_from(_TOKEN.findall(low[: m.start()])[-5:])]
        revised = [v for v, _ in values if v not in replaced]
        if len(replaced) == 1 and len(revised) == 1 and replaced != revised:
            measured.revised[key].append((replaced[0], revised[0]))


def _after_from(before: list[str]) -> bool:
    """Whether a figure is the one "from" introduces: no number between ("from its flash
    estimate of 3.4%", never the 3.6% of "from 3.4% to 3.6%")."""
    if "from" not in before:
        return False
    tail = before[len(before) - before[::-1].index("from") :]
    return not any(t[:1].isdigit() for t in tail)


def _measuring(low: str, match: re.Match, words: list[str]) -> str | None:
    """The curated word a figure is of: the nearest said in the few words before it ("turnout
    was 79.2%", "the policy rate by 50 basis points to 6.25%") or, for a sum, just after it
    ("a $85 million funding round"); none for a change ("rose 3.5%", "by 18%") or a hope ("a
    target of 2%")."""
    before = _TOKEN.findall(low[: match.start()])[-_NEAR:]
    following = _TOKEN.findall(low[match.end() :])[:1]
    if not before or before[-1] in _CHANGE or set(before + following) & _HOPE:
        return None
    if match.group("count"):
        return _after_word(low, match, words)
    said = " ".join(before)
    found = [(said.rfind(w), w) for w in words if _says(said, w)]
    if found:
        return max(found)[1]
    return None if match.group("pct") else _after_word(low, match, words)


def _after_word(low: str, match: re.Match, words: list[str]) -> str | None:
    """The curated word a figure is of just after it ("a $85 million funding round")."""
    after = " ".join(_TOKEN.findall(low[match.end() :])[:3])
    found = [(-after.find(w), w) for w in words if _says(after, w)]
    return max(found)[1] if found else None


def _says(text: str, word: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text) is not None


def _value(match: re.Match) -> tuple[str, Value]:
    if match.group("pct"):
        return "%", Value(float(match.group("pct")), match.group("pct"))
    if match.group("count"):  # a count's unit: none
        digits = match.group("count")
        scale = _SCALE.get((match.group("scale3") or "").lower(), 1)
        return "#", Value(float(digits.replace(",", "")) * scale, digits)
    digits = match.group("n") or match.group("n2")
    scale = _SCALE.get((match.group("scale") or match.group("scale2") or "").lower(), 1)
    unit = _UNITS.get(match.group("cur") or match.group("cur2").lower().rstrip("s"), "")
    return unit, Value(float(digits) * scale, digits)


def _comparison(a, b, ma: Measured, mb: Measured, measures: Measures,
                rng: random.Random) -> list[dict]:  # fmt: skip
    """What two topics of one kind both measure in one unit with the most values, when one
    side's values all stand above the other's, asked three ways (`_compared`)."""
    if a.event.lead_entity_id == b.event.lead_entity_id or a.event.kind_id != b.event.kind_id:
        return []  # one thing, or two kinds of thing ("a share price against a fish stock")
    shared = sorted(set(ma.values) & set(mb.values),
                    key=lambda k: (-len(ma.values[k]) - len(mb.values[k]), k))  # fmt: skip
    for key in shared:
        low_a, high_a = _span(ma.values[key])
        low_b, high_b = _span(mb.values[key])
        if low_a > high_b:
            higher, lower = (a, ma.values[key]), (b, mb.values[key])
        elif low_b > high_a:
            higher, lower = (b, mb.values[key]), (a, ma.values[key])
        else:
            continue
        both = ma.said[key] & mb.said[key]
        word = both.most_common(1)[0][0] if both else measures.names[key[0]]
        return _compared(higher, lower, word, rng)
    return []


def _one_sided(a, b, ma: Measured, mb: Measured, rng: random.Random) -> list[dict]:
    """Two topics of one kind asked which is higher in what only one of them measures (the
    other's rows never name it, in any of its words): no verdict, the held figure given."""
    if a.event.lead_entity_id == b.event.lead_entity_id or a.event.kind_id != b.event.kind_id:
        return []
    for holder, other, measured, lacking in ((a, b, ma, mb), (b, a, mb, ma)):
        # A curated quantity the holder's issuer reads ("revenue"), never a theme's word its
        # rows happen to say beside a figure ("barrels" in a rate decision's report).
        keys = sorted(k for k in measured.readings if k[1] and k[0].startswith("quantity:")
                      and k[0] not in lacking.mentioned)  # fmt: skip
        if keys:
            first, second = (holder, other) if rng.random() < 0.5 else (other, holder)
            question = rng.choice(ONE_SIDED).format(
                word=measured.word(keys[0]), first=_called(first), second=_called(second)
            )
            return [{"class": "comparison-one-side", "counts": "verdicts", "question": question,
                     "topics": [first.event.subject, second.event.subject],
                     "held": [v.written for v in measured.values[keys[0]]]}]  # fmt: skip
    return []


def _compared(higher: tuple, lower: tuple, word: str, rng: random.Random) -> list[dict]:
    """One pair asked which is higher, which is lower (the lower side then named first), and
    for yes or no (the answer word first, right by the held figures); asked by a word both
    sides' rows say, else by the quantity's name."""
    sides = {"higher": [v.written for v in higher[1]], "lower": [v.written for v in lower[1]],
             "titles": [higher[0].event.title, lower[0].event.title]}  # fmt: skip
    cases = []
    for klass, templates in (("comparison", COMPARING), ("comparison-lower", COMPARING_LOWER),
                             ("comparison-yes-no", COMPARING_YES_NO)):  # fmt: skip
        first, second = (higher, lower) if rng.random() < 0.5 else (lower, higher)
        template = rng.choice(templates)
        question = template.format(word=word, first=_called(first[0]), second=_called(second[0]))
        case = {"class": klass, "counts": "verdicts", "question": question,
                "topics": [first[0].event.subject, second[0].event.subject], **sides}  # fmt: skip
        if klass == "comparison-yes-no":
            case["yes"] = (first is higher) == (" higher " in template)
        cases.append(case)
    return cases


def _called(subject) -> str:
    """A topic's name as a question says it: without the period a title adds after a comma
    ("<Country> jobs report, November 2026")."""
    return subject.name.split(",")[0].strip()


def _span(values: list[Value]) -> tuple[float, float]:
    return min(v.number for v in values), max(v.number for v in values)


def _premises(subject, measured: Measured, rng: random.Random) -> list[dict]:
    """A wrong value of what the topic's rows measure (`_wrong_of`), asked as the question's
    premise and in passing."""
    wrong = _wrong_of(measured, rng)
    if wrong is None:
        return []
    key, value, held = wrong
    return [{"class": klass, "counts": "premises", "topics": [subject.event.subject],
             "question": rng.choice(templates).format(word=measured.word(key), value=value,
                                                      subject=_called(subject)),
             "premise": True, "held": held}
            for klass, templates in (("premise", PREMISING),
                                     ("premise-in-passing", PREMISING_IN_PASSING))]  # fmt: skip


def _premise_beside(subject, other, measured: Measured, rng: random.Random) -> list[dict]:
    """A wrong value of one topic's measured word set as the scene of a question about another
    topic (`premise-beside`): both answered, the premise named first."""
    wrong = _wrong_of(measured, rng)
    if wrong is None or other.event.pk == subject.event.pk:
        return []
    key, value, held = wrong
    question = rng.choice(PREMISING_BESIDE).format(
        word=measured.word(key), value=value, subject=_called(subject), other=_called(other)
    )
    return [{"class": "premise-beside", "counts": "premises", "question": question,
             "topics": [subject.event.subject, other.event.subject], "premise": True,
             "held": held}]  # fmt: skip


def _wrong_of(measured: Measured, rng: random.Random) -> tuple | None:
    """What a topic's issuer reads (else what its rows hold the most values of), in percent
    where its rows say one, else in its currency: its key, a value its rows never write (as a
    question writes it), and the values they hold; None when it measures nothing in a unit."""

    def order(key: tuple[str, str]) -> tuple:
        return key[1] != "%", key not in measured.readings, -len(measured.values[key]), key

    keys = sorted((k for k in measured.values if k[1]), key=order)
    if not keys:
        return None
    key = keys[0]
    held = measured.values[key]
    digits, value = _wrong(key[1], max(v.number for v in held), rng)
    if digits in measured.numbers or digits.removesuffix(".0") in measured.numbers:
        return None
    return key, value, [v.written for v in held]


def _wrong(unit: str, highest: float, rng: random.Random) -> tuple[str, str]:
    """A value above every held one: its digits, and as a question writes it ("7.4%", "$3.1
    billion", "€640 million", "5,460")."""
    if unit == "%":
        digits = f"{highest + rng.choice([1.7, 2.3, 3.1]):.1f}"
        return digits, f"{digits}%"
    wrong = highest * rng.choice([1.3, 1.6, 2.2])
    prefix = "" if unit == "#" else unit
    if wrong < 1e6:
        digits = f"{wrong:,.0f}"
        return digits, f"{prefix}{digits}"
    scale, name = (1e9, "billion") if wrong >= 1e9 else (1e6, "million")
    digits = f"{wrong / scale:.1f}".removesuffix(".0")
    return digits, f"{prefix}{digits} {name}"


def _newest(subject, measured: Measured, rng: random.Random) -> list[dict]:
    """A measured word the issuer read twice with different values: its newest reading's first
    value is the figure to give."""
    for key, readings in sorted(measured.readings.items()):
        if len(readings) >= 2:
            question = rng.choice(NEWEST).format(word=measured.word(key), subject=_called(subject))
            # Asked of the topic's own period too ("... for Q3 2026?"): the period both
            # readings are of asks the newest, never the one it replaced.
            period = subject.event.period
            asked = [question, f"{question[:-1]} for {period}?"] if period else [question]
            return [{"class": "newest", "counts": "newest", "question": q,
                     "topics": [subject.event.subject], "newest": readings[-1][0].written,
                     "earlier": [v.written for r in readings[:-1] for v in r]}
                    for q in asked]  # fmt: skip
    return []


def _plan_cases(subject, measured: Measured, rng: random.Random) -> list[dict]:
    """A measured word its rows plan and hold: every held figure (never a plan's) above every
    plan of it, or below every one."""
    for key, plans in sorted(measured.plans.items()):
        planned = [v for v, _ in plans]
        held = [v for v in measured.values[key] if v not in planned]
        if not held:
            continue
        above = min(v.number for v in held) > max(v.number for v in planned)
        if not above and max(v.number for v in held) >= min(v.number for v in planned):
            continue
        noun = Counter(n for _, n in plans).most_common(1)[0][0]
        question = rng.choice(PLANNING).format(word=measured.word(key), plan=noun,
                                               subject=_called(subject))  # fmt: skip
        return [{"class": "plan", "counts": "verdicts", "question": question,
                 "topics": [subject.event.subject], "above": above,
                 "held": [v.written for v in held]}]  # fmt: skip
    return []


def _revision_cases(subject, measured: Measured, rng: random.Random) -> list[dict]:
    """A measured word a sentence revises: asked by how much, both figures are given."""
    for key, revisions in sorted(measured.revised.items()):
        replaced, revised = revisions[-1]
        question = rng.choice(REVISING).format(word=measured.word(key), subject=_called(subject))
        higher, lower = sorted((revised, replaced), key=lambda v: -v.number)
        return [{"class": "revision", "counts": "verdicts", "question": question,
                 "topics": [subject.event.subject], "titles": [],
                 "higher": [higher.written], "lower": [lower.written]}]  # fmt: skip
    return []


def figure_score(case: dict, result: dict) -> list[str]:
    """What is wrong with one figure case's answer: [] when right."""
    answer = result["answer"]
    first = _FIRST.split(answer)[0]
    got = {t["topic"] for t in result["topics"]}
    if not result["grounded"]:
        return ["declined a question the registry answers"]
    problems = [] if set(case["topics"]) <= got else [f"answered from {sorted(got)}"]
    if case["class"] in ("comparison", "revision"):
        problems += _verdict_problems(case, first)
    elif case["class"] == "comparison-lower":
        problems += _verdict_problems(_turned(case), first)
    elif case["class"] == "comparison-yes-no":
        problems += _yes_no_problems(case, first)
    elif case["class"] == "plan":
        problems += _plan_problems(case, first)
    elif case["class"] == "comparison-one-side":
        if not first.startswith("No verdict"):
            problems.append("a verdict on what only one side measures")
        if not _says_any(first, case["held"]):
            problems.append("the first sentence gives no figure the registry holds")
    elif case["class"] == "place-premise":
        if not premise_first(first) or case["place"] not in first:
            problems.append(f"the premise of {case['place']} was not named first")
    elif case["class"] in ("premise", "premise-in-passing", "premise-beside"):
        if not premise_first(first):
            problems.append("the false premise was not named first")
        if not _says_any(first, case["held"]):
            problems.append("the first sentence gives no figure the registry holds")
    elif case["class"] == "newest":
        if not _says_any(first, [case["newest"]]):
            problems.append(f"the first sentence does not give the newest {case['newest']}")
        if REFUSED in answer:
            problems.append("no side taken between the issuer's readings and the rows")
    return problems


def _verdict_problems(case: dict, first: str) -> list[str]:
    if first.startswith(NO_VERDICT) or "no comparable figure" in first:
        return ["no verdict"]
    # The verdict names the higher side first; failing that, quotes its figure first.
    higher, lower = (first.find(title) for title in case["titles"]) if case["titles"] else (-1, -1)
    if higher >= 0:
        return [] if lower < 0 or higher < lower else ["the lower side said as the higher"]
    high = _at(first, case["higher"])
    low = _at(first, case["lower"])
    if high is None or low is None:
        return ["the first sentence does not quote both figures"]
    return [] if high < low else ["the lower figure said as the higher"]


def _turned(case: dict) -> dict:
    """A comparison asked for the lower side: that side is the one to say first."""
    return {**case, "higher": case["lower"], "lower": case["higher"],
            "titles": case["titles"][::-1]}  # fmt: skip


def _yes_no_problems(case: dict, first: str) -> list[str]:
    """The answer word first, right by the held figures, then the verdict it rests on (a side
    said to be higher or lower, with a figure: this reader's values of a side may miss the
    one the engine quotes, so which figure is the verdict's own check, not this one)."""
    if first.startswith(NO_VERDICT) or "no comparable figure" in first:
        return ["no verdict"]
    word = "Yes" if case["yes"] else "No"
    if not first.startswith(f"{word}, "):
        return [f"the first sentence does not answer {word}"]
    said = _says_any(first, case["higher"]) or _says_any(first, case["lower"])
    if not (_VERDICT_SAID.search(first) and said):
        return ["the first sentence gives no verdict with a held figure"]
    return []


_VERDICT_SAID = re.compile(r"\bis (?:higher|lower)\b")


def _plan_problems(case: dict, first: str) -> list[str]:
    if first.startswith(NO_VERDICT):
        return ["no verdict"]
    right, wrong = (_ABOVE, _BELOW) if case["above"] else (_BELOW, _ABOVE)
    problems = []
    if not _says_any(first, case["held"]):
        problems.append("the first sentence quotes no figure held")
    if not right.search(first) or wrong.search(first):
        side = "above" if case["above"] else "below"
        problems.append(f"the first sentence does not set it {side} the plan")
    return problems


def _says_any(text: str, numbers: list[str]) -> bool:
    return _at(text, numbers) is not None


def _at(text: str, numbers: list[str]) -> int | None:
    """Where the first of `numbers` stands in `text` as a number of its own, if any does."""
    found = [m.start() for n in numbers
             for m in re.finditer(_NUMBER.format(re.escape(n)), text)]  # fmt: skip
    return min(found, default=None)
