"""Figures as a row states them: what is measured, its value, and whether the row gives it as the
actual reading, a forecast, an earlier reading or a rejected one.

"The unemployment rate was 4.3%" states the actual unemployment rate; "economists expect 4.2%"
a forecast; "up from 4.2%" an earlier reading; "the board rejected a bid of $3 billion" a rejected
one. The quantity is the run of lower-case words before the figure, less the words that link a
quantity to its value ("was", "rose to", "at") and a place or name set in it ("inflation in
<Country>"): two rows that name the same quantity with figures that do not overlap disagree
(`answers.ground.conflicts`), and of several figures of one quantity the newest actual comes first.
"""

import re
from dataclasses import dataclass

from answers.understand import STOP, stem

_FIGURE = re.compile(
    r"(?P<cur>[$€£])\s?(?P<amount>\d+(?:[.,]\d+)*)\s*(?P<scale>million|billion|bn|trillion)?"
    r"|(?P<low>\d+(?:\.\d+)?)\s?(?:%|percent|per cent)"
    r"(?:\s*(?:to|and|-|\u2013)\s*(?P<high>\d+(?:\.\d+)?)\s?(?:%|percent|per cent))?"
    r"|(?P<bps>\d+)\s*(?:basis points|bps?)\b"
    r"|(?P<sum>\d+(?:[.,]\d+)?)\s*(?P<sum_scale>million|billion|bn)?\s+(?P<currency>euros?|"
    r"dollars?|pounds?|yen|francs?)\b"
    r"|(?P<count>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?\s+(?:million|billion))"
    r"|(?P<decimal>\d+\.\d+)(?![\d%])",
    re.IGNORECASE,
)
_CURRENCIES = {"euro": "€", "dollar": "$", "pound": "£", "yen": "¥", "franc": "CHF"}
_SCALE = {"million": 1e6, "billion": 1e9, "bn": 1e9, "trillion": 1e12}
_WORD = re.compile(r"[^\W\d_][^\W_]*(?:['\u2019][^\W_]+)?|\d[\d.,]*%?")
_CLAUSE = re.compile(r"[;,:()]|\s(?:and|but|while|whereas)\s")
# Words that link a quantity to its value: never part of what is measured.
LINKING = frozenset(
    """was were is are be been stood stands stay stays stayed remain remains remained at to of
    by rose rise rises fell fall falls edged edges up down climbed climbs dropped drops jumped
    slipped eased eases increased decreased grew came come in reached reaches hit hits kept
    keeping keep held holds hold unchanged steady around about near nearly almost some roughly
    over under above below just only a an the its their his her our new record total
    annualised annualized show shows showed showing rising rises holding puts put putting
    said says setting set""".split()
)
# Words that say which reading of a quantity, not which quantity: "annual inflation" and
# "inflation" are one quantity, "core inflation" another.
NEUTRAL = frozenset(
    """annual headline overall official final latest total reported nonfarm monthly yearly
    figure figures level number reading""".split()
)
_PREPOSITIONS = frozenset("in for of at across among on".split())
FORECAST = frozenset(
    """expect expects expected expecting forecast forecasts forecasters forecasting predict
    predicts predicted projected projects projection consensus seen could would might may
    toward towards aim aims poll polls economists analysts""".split()
)
EARLIER = frozenset(
    """from previous previously prior earlier initially originally initial preliminary revised
    last""".split()
)
TARGETS = frozenset("target targets goal goals objective ceiling floor band".split())
PROVISIONAL = frozenset("flash preliminary provisional advance initial".split())
REJECTED = frozenset("rejected reject rejects refused declined withdrawn spurned turned".split())
_LOOK_BACK = 5  # words before a figure that say what kind of figure it is


@dataclass(frozen=True)
class Stated:
    quantity: frozenset[str]  # stems of what is measured ("unemploy", "rate"); empty if unsaid
    low: float
    high: float
    unit: str  # "%", "bp", a currency sign, or "" for a count
    kind: str  # actual | provisional | forecast | earlier | rejected
    text: str  # the figure as the row writes it
    named: str = ""  # what is measured, in the row's words ("unemployment rate")

    def overlaps(self, other: "Stated") -> bool:
        return self.low <= other.high and other.low <= self.high


def stated(text: str) -> list[Stated]:
    """Every figure `text` states, clause by clause, in order."""
    found = []
    for match in _FIGURE.finditer(text):
        value = _value(match)
        if value is None:
            continue
        low, high, unit = value
        quantity, named = _quantity(_clause_before(text, match.start()))
        counted = _counted(text[match.end() :]) if unit in ("", "#") else (frozenset(), "")
        if counted[0] and (unit == "" or not quantity):  # "21,000 runners": what follows counts
            quantity, named = counted
        if not quantity and unit == "#":
            continue  # a bare decimal of nothing named is no figure to weigh
        kind = _kind_of(text, match)
        found.append(Stated(quantity, low, high, unit, kind, match.group(0).strip(), named))
    return found


def _kind_of(text: str, match: re.Match) -> str:
    following = _WORD.findall(text[match.end() : match.end() + 40])[:1]
    if following and following[0].lower() in TARGETS:
        return "forecast"  # "its 2% target": what is aimed at, not a reading
    kind = _kind(_WORD.findall(_sentence_before(text, match.start())))
    sentence = {w.lower() for w in _WORD.findall(_sentence_of(text, match))}
    if kind == "actual" and PROVISIONAL & sentence:
        return "provisional"  # a flash estimate, a preliminary count: later ones revise it
    return kind


def _sentence_of(text: str, match: re.Match) -> str:
    start = _sentence_before(text, match.start())
    rest = re.split(r"(?<=[.!?])\s+", text[match.start() :], maxsplit=1)[0]
    return f"{start}{rest}"


def _sentence_before(text: str, at: int) -> str:
    """The sentence up to `at`, from its last ";" (a forecast's scope ends there)."""
    return re.split(r"(?<=[.!?])\s+|;", text[:at])[-1]


def _value(match: re.Match) -> tuple[float, float, str] | None:
    if match.group("cur"):
        amount = float(match.group("amount").replace(",", ""))
        amount *= _SCALE.get((match.group("scale") or "").lower(), 1)
        return amount, amount, match.group("cur")
    if match.group("low"):
        low = float(match.group("low"))
        high = float(match.group("high") or low)
        return min(low, high), max(low, high), "%"
    if match.group("bps"):
        return float(match.group("bps")), float(match.group("bps")), "bp"
    if match.group("sum"):
        amount = float(match.group("sum").replace(",", ""))
        amount *= _SCALE.get((match.group("sum_scale") or "").lower(), 1)
        return amount, amount, _CURRENCIES[match.group("currency").lower().rstrip("s")]
    if match.group("decimal"):  # a reading with no unit ("magnitude 6.4"): its quantity names it
        value = float(match.group("decimal"))
        return value, value, "#"
    count = match.group("count")
    number, _, scale = count.partition(" ")
    value = float(number.replace(",", "")) * _SCALE.get(scale.lower(), 1)
    return (value, value, "") if value >= 1000 else None


def _clause_before(text: str, at: int) -> list[str]:
    """The words of the clause a figure stands in, up to the figure."""
    clause = _CLAUSE.split(text[:at])[-1]
    return _WORD.findall(clause)


def _quantity(before: list[str]) -> tuple[frozenset[str], str]:
    """The lower-case words nearest before the figure, past the linking words and any place or
    name set in them ("annual inflation in <Country> was": annual inflation)."""
    words: list[str] = []
    for word in reversed(before):
        low = word.lower()
        if word[:1].isupper() and low not in STOP:
            if words:
                break
            continue  # a name or place in the quantity's phrase: not what is measured
        if low in LINKING or low in _PREPOSITIONS or not low.isalpha() or low.endswith("ed"):
            if words and low not in _PREPOSITIONS:
                break
            continue
        if low in STOP or low in FORECAST or low in EARLIER or low in REJECTED:
            break
        words.append(low)
        if len(words) == 3:
            break
    return frozenset(stem(w) for w in words if w not in NEUTRAL), " ".join(reversed(words))


def _counted(after: str) -> tuple[frozenset[str], str]:
    """The noun a count is of, the first words after it ("customers", "ships at anchor")."""
    words = []
    for word in _WORD.findall(re.split(r"[;,.:()]", after, maxsplit=1)[0])[:3]:
        low = word.lower()
        if not low.isalpha() or low in STOP or low in LINKING or low.endswith("ed"):
            break  # "customers affected": the customers are what is counted
        words.append(low)
    return frozenset(stem(w) for w in words if w not in NEUTRAL), " ".join(words)


def _kind(before: list[str]) -> str:
    """Rejected or a forecast when the sentence says so before the figure; an earlier reading
    when one of its words stands just before it ("up from 4.2%", "the previous 3.1%")."""
    words = [w.lower() for w in before]
    if any(w in REJECTED for w in words[-_LOOK_BACK:]):
        return "rejected"
    if any(w in EARLIER for w in words[-2:]) or "previous" in words[-_LOOK_BACK:]:
        return "earlier"
    if any(w in FORECAST for w in words):
        return "forecast"
    return "actual"
