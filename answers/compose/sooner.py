"""Which comes first: a comparison of when two topics do one thing ("Which starts volume
production earlier: <A> or <B>?"), read from the times their rows give for it.

A row's time is the one said with the deed the question asks ("volume production in the second
quarter of 2027"): the deed's words in the question past the two topics' names, found in a
sentence, then the first time said in its clause from there. Two times that do not overlap get
a verdict, each quoted in its row's words with its citation; times that overlap ("2027" and
"March 2027") or a side with no time for the deed get none, and the comparison goes on as any
other.
"""

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime

from answers.check import Sentence
from answers.ground import figures
from answers.understand import (
    MONTHS,
    STOP_STEMS,
    phrases,
    stem,
    stem_set,
    time_window,
    vocabulary,
)

# A comparison of times, not of amounts: "which opens first", "earlier", "sooner", "later".
ASKED = re.compile(r"\b(?:earlier|sooner|first|later|before|after)\b", re.IGNORECASE)
_LATER = re.compile(r"\blater\b|\bafter\b", re.IGNORECASE)
_ORDINAL = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4,
            "4th": 4}  # fmt: skip
_QUARTER = re.compile(
    r"\b(?:the\s+)?(?P<nth>first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter\s+(?:of\s+)?"
    r"(?P<year>(?:19|20)\d\d)\b|\bQ(?P<q>[1-4])\s*(?P<qyear>(?:19|20)\d\d)\b",
    re.IGNORECASE,
)
_HALF = re.compile(
    r"\b(?:the\s+)?(?P<nth>first|second|1st|2nd)\s+half\s+(?:of\s+)?(?P<year>(?:19|20)\d\d)\b"
    r"|\bH(?P<h>[12])\s*(?P<hyear>(?:19|20)\d\d)\b",
    re.IGNORECASE,
)
_CLAUSE_END = re.compile(r"[;.]|,\s+(?!\d)")
# The words that ask when, which say nothing of the deed.
_TIME_WORDS = stem_set(
    "which who what when earlier sooner first later before after or than came comes come happened"
)
_MONTH_STEMS = stem_set(" ".join(MONTHS))


@dataclass(frozen=True)
class When:
    start: date
    end: date
    text: str  # as the row writes it
    row: object


def first_of(writer, sides: list) -> bool:
    """Add the verdict of which of two sides does what the question asks first; False when
    it asks no such thing or either side gives no time for it, or the two times overlap."""
    question = writer.understood.question
    if not ASKED.search(question):
        return False
    names = frozenset().union(*(_names(side) for side in sides[:2]))
    deed = stem_set(question) - names - STOP_STEMS - _TIME_WORDS
    # A side whose rows never say the deed asked of the other ("the end of <auction> or
    # <outage>") is asked when it itself happened: its title's own words.
    found = [_when(side, deed) or _when(side, _itself(side)) for side in sides[:2]]
    if not deed or None in found:
        return False
    (a, b), titles = found, [side.topic.title for side in sides[:2]]
    if not (a.end < b.start or b.end < a.start):
        return False  # "2027" and "March 2027": neither is said to come first
    order = [(titles[0], a), (titles[1], b)]
    early, late = order if a.end < b.start else order[::-1]
    lead, other = (late, early) if _LATER.search(question) else (early, late)
    phrase = phrases.TIME_LATER if lead is late else phrases.TIME_EARLIER
    (topic, when), (other_topic, other_when) = lead, other
    text = str(phrase.format(
        topic=topic, when=when.text, cite=writer.cite(when.row), other=other_topic,
        other_when=other_when.text, other_cite=writer.cite(other_when.row)))  # fmt: skip
    writer.sentences.append(Sentence(f"{text[:1].upper()}{text[1:]}."))
    return True


def _itself(side) -> frozenset[str]:
    """The words of a side's title past its entities' names and its period: what it is
    ("network outage" of "<town> network outage, November 2026")."""
    topic, built = side.topic, vocabulary.built()
    names = [n for e in topic.entity_ids for n in (built.entity_names.get(e, ()) if built else ())]
    return frozenset(stem_set(topic.title) - stem_set(" ".join([*names, topic.period]))
                     - STOP_STEMS - _TIME_WORDS - _MONTH_STEMS)  # fmt: skip


def _names(side) -> frozenset[str]:
    topic = side.topic
    return frozenset(stem_set(" ".join([topic.title, *topic.names])))


def _when(side, deed: frozenset[str]) -> When | None:
    """The time the side's rows give for the deed: of the sentences saying most of its words,
    the issuer's first, then the newest report's."""
    rows = [r for r in [*side.readings, *side.reports] if not r.posing]
    found = []
    for order, row in enumerate(rows):
        for sentence in re.split(r"(?<=[.!?])\s+", row.snippet):
            said = deed & stem_set(sentence)
            when = _time_after(sentence, said, row) if said else None
            if when is not None:
                found.append((-len(said), row.kind != "reading", -_day(row).toordinal(), order,
                              when))  # fmt: skip
    return min(found, key=lambda f: f[:4])[4] if found else None


def _time_after(sentence: str, said: frozenset[str], row) -> When | None:
    """The first time the sentence's clause gives from the deed's first word on."""
    words = list(re.finditer(r"[^\W\d_]+", sentence))
    at = next((w.start() for w in words if stem(w.group(0).lower()) in said), None)
    if at is None:
        return None
    clause = _CLAUSE_END.split(sentence[at:], maxsplit=1)[0]
    return _period(clause, row) or _day_of(clause, row) or _window(clause, row)


def _period(clause: str, row) -> When | None:
    """A quarter or a half of a year ("the second quarter of 2027", "H2 2028")."""
    for pattern, parts in ((_QUARTER, 4), (_HALF, 2)):
        found = pattern.search(clause)
        if found is None:
            continue
        nth, year = [g for g in found.groups() if g]
        index = _ORDINAL.get(nth.lower()) or int(nth)
        months = 12 // parts
        first = date(int(year), (index - 1) * months + 1, 1)
        last_month = index * months
        last = date(int(year) + last_month // 12, last_month % 12 + 1, 1)
        return When(first, date.fromordinal(last.toordinal() - 1), found.group(0), row)
    return None


def _day_of(clause: str, row) -> When | None:
    """A day of a month ("on 12 November", "12 November 2026"), of the year it says, else the
    row's."""
    found = figures.DAY_OF_MONTH.search(clause)
    if found is None:
        return None
    number, month = figures.day_first(found.group(0)).split()
    year = re.match(r",?\s+((?:19|20)\d\d)\b", clause[found.end() :])
    day = date(int(year.group(1)) if year else _day(row).year, MONTHS.index(month) + 1,
               int(number))  # fmt: skip
    return When(day, day, clause[found.start() : year.end() + found.end() if year else found.end()],
                row)  # fmt: skip


def _window(clause: str, row) -> When | None:
    """A day, a month or a year the clause says, read as of the row's day ("next year")."""
    day = _day(row)
    window = time_window(clause, now=datetime(day.year, day.month, day.day, tzinfo=UTC))
    if window is None or not window.text:
        return None
    return When(window.start, window.end, window.text, row)


def _day(row) -> date:
    return date.fromisoformat(row.date[:10]) if row.date else date.min
