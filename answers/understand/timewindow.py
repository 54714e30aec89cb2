"""The time a question is about, as a window of days: a small grammar over dateparser.

dateparser reads single date expressions ("October 3", "letzte Woche", "lundi"); the forms around
them are recognised here: `since X`, `between X and Y` / `from X to Y` / `X to Y`, `the first week
of X`, and the rolling `the last N days|weeks|months`. Spans are found by pattern first and only
those short spans go to dateparser: over a whole question it reads "5% in March" as March 5, "die"
as Tuesday and "may" as a month. A number with a unit or a currency is masked before anything is
read, so it is never a year or a day. Decisions: docs/decisions.md, "Time windows".
"""

import calendar
import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from dateparser.date import DateDataParser

LANGUAGES = ["en", "es", "fr", "de", "pt", "it"]
MAX_CHARS = 2000  # a question is read this far; the patterns are linear, dateparser is the cost
MAX_EXPRESSIONS = 12  # date expressions handed to dateparser per question

# Words that make a run of text a time expression; `_name_spans` in understanding also uses them
# so "Monday" or "Oktober" is never taken for a name.
TIME_WORDS = frozenset(
    """today yesterday tomorrow week weeks weekend month months year years ago last next past
    fortnight hoy ayer semana mes año heute gestern woche monat jahr hier aujourd'hui
    semaine mois année hoje ontem mês ano enero febrero marzo abril mayo junio julio agosto
    septiembre octubre noviembre diciembre januar februar märz mai juni juli oktober
    dezember janvier février mars avril juin juillet août septembre octobre novembre
    décembre janeiro fevereiro março maio junho julho setembro outubro novembro dezembro""".split()
) | {w.lower() for w in [*calendar.month_name, *calendar.month_abbr, *calendar.day_name] if w}

# The English months in their order: a figure's period, a month before a year.
MONTHS = tuple(m.lower() for m in calendar.month_name if m)
_MONTHS = """january february march april may june july august september october november
    december sept sep jan feb apr jun jul aug oct nov dec enero febrero marzo abril mayo junio
    julio agosto septiembre setiembre octubre noviembre diciembre januar februar märz april mai
    juni juli august oktober dezember janvier février fevrier mars avril juin juillet août aout
    septembre octobre novembre décembre decembre janeiro fevereiro março abril maio junho julho
    setembro outubro novembro dezembro gennaio febbraio aprile maggio giugno luglio settembre
    ottobre dicembre""".split()
# Month names that are also common words ("may the Fed cut", "protesters march", "Mars", "Jan
# Smith"): a month only beside a day or a year, or after a word that introduces a time.
_AMBIGUOUS = {"may", "march", "mars", "sept", "sep", "jan", "feb", "apr", "jun", "jul", "aug",
              "oct", "nov", "dec"}  # fmt: skip
_INTRODUCERS = {"in", "of", "since", "until", "till", "by", "from", "during", "early", "mid",
                "late", "last", "this", "next", "between", "and", "to", "through", "before",
                "after", "on", "for", "en", "de", "depuis", "seit", "im", "desde", "hasta",
                "entre", "el", "le", "au", "bis", "von", "zwischen", "und", "et", "y", "em",
                "até"}  # fmt: skip
_WEEKDAYS = """monday tuesday wednesday thursday friday saturday sunday lunes martes miércoles
    miercoles jueves viernes sábado sabado domingo montag dienstag mittwoch donnerstag freitag
    samstag sonnabend sonntag lundi mardi mercredi jeudi vendredi samedi dimanche
    segunda-feira terça-feira quarta-feira quinta-feira sexta-feira lunedì martedì mercoledì
    giovedì venerdì""".split()
# Relative phrases dateparser reads (checked one by one: it does not read "vergangene Woche",
# "la semaine passée", "il mese scorso" or a Portuguese one with its article, "o mês passado",
# so they are not listed; the phrase after the article is: "no mês passado" reads "mês passado").
_RELATIVE = r"""today|yesterday|tonight|this\s+morning|this\s+afternoon|this\s+evening
    |(?:this|last|next)\s+(?:week|month|year)|hoy|ayer|heute|gestern|aujourd'hui|hier|hoje
    |ontem|oggi|ieri|esta\s+semana|el\s+mes\s+pasado|el\s+año\s+pasado|la\s+semana\s+pasada
    |este\s+mes|este\s+año|diese\s+woche|letzte\s+woche|diesen\s+monat|letzten\s+monat
    |dieses\s+jahr|letztes\s+jahr|cette\s+semaine|la\s+semaine\s+derni[eè]re|ce\s+mois(?:-ci)?
    |le\s+mois\s+dernier|cette\s+année|l'année\s+derni[eè]re|questa\s+settimana|este\s+mês
    |mês\s+passado|semana\s+passada|este\s+ano|ano\s+passado"""
_NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                 "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
                 "few": 3, "a few": 3, "couple": 2, "a couple": 2, "couple of": 2,
                 "a couple of": 2, "several": 3}  # fmt: skip
_UNITS = {"hour": "hours", "hours": "hours", "day": "days", "days": "days", "week": "weeks",
          "weeks": "weeks", "fortnight": "fortnights", "fortnights": "fortnights",
          "month": "months", "months": "months", "year": "years", "years": "years",
          "horas": "hours", "días": "days", "dias": "days", "semanas": "weeks", "meses": "months",
          "años": "years", "stunden": "hours", "tage": "days", "tagen": "days",
          "wochen": "weeks", "monate": "months", "monaten": "months", "jahre": "years",
          "jahren": "years", "heures": "hours", "jours": "days", "semaines": "weeks",
          "mois": "months", "ans": "years", "années": "years", "anos": "years"}  # fmt: skip


def _alternation(names) -> str:
    return "|".join(re.escape(n) for n in sorted(set(names), key=len, reverse=True))


_MONTH = rf"(?:{_alternation(_MONTHS)})"
_WEEKDAY = rf"(?:{_alternation(_WEEKDAYS)})"
DAY_NUMBER = r"(?:3[01]|[12]\d|0?[1-9])(?:st|nd|rd|th|er|\.)?"  # "3rd", "1er", "3."
_DAY = DAY_NUMBER
_YEAR = r"(?:19|20)\d{2}"
_COUNT = r"(?:\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
# One date expression, longest form first (alternation takes the first form that matches).
_EXPRESSION = re.compile(
    rf"""(?<![\w'])(?:
    (?P<calendar>(?:{_WEEKDAY},?\s+)?(?:(?:the\s+)?{_DAY}\s+(?:of\s+|de\s+)?)?{_MONTH}\.?
        (?:\s+{_DAY}(?![\d%]))?(?:,?\s+(?:de\s+)?(?P<year>{_YEAR}))?)
    |\d{{4}}-\d{{1,2}}-\d{{1,2}}|\d{{1,2}}[/.]\d{{1,2}}[/.](?:\d{{4}}|\d{{2}})
    |(?P<start>(?:the\s+)?(?:start|beginning)\s+of\s+(?:the\s+|this\s+)(?P<of>week|month|year))
    |{_COUNT}\s+(?:days?|weeks?|months?|years?)\s+ago
    |hace\s+\d{{1,3}}\s+(?:días|semanas|meses|años)|vor\s+\d{{1,3}}\s+(?:tagen|wochen|monaten)
    |il\s+y\s+a\s+\d{{1,3}}\s+(?:jours|semaines|mois|ans)|há\s+\d{{1,3}}\s+(?:dias|semanas|meses|anos)
    |{_RELATIVE}
    |(?P<weekday>(?P<which>(?:last|this|next)\s+)?{_WEEKDAY})
    |(?P<bare_year>{_YEAR}(?![\d%]|[.,]\d))
    )(?!\w)""",  # "yesterday's coverage" is yesterday
    re.IGNORECASE | re.VERBOSE,
)
_ROLLING = [
    re.compile(p, re.IGNORECASE)
    for p in (
        r"\b(?:(?P<the>the)\s+)?(?P<lead>last|past|previous)\s+(?:(?P<n>\d{1,3}|(?:a\s+)?few"
        r"|(?:a\s+)?couple(?:\s+of)?|several|two|three|four|five|six|seven|eight|nine|ten"
        r"|eleven|twelve)\s+)?(?P<unit>hours?|days?|weeks?|fortnights?|months?|years?)\b"
        r"(?!\s+of\b)",
        r"\b(?:los|las)\s+últim[oa]s\s+(?P<n>\d{1,3})\s+(?P<unit>horas|días|dias|semanas|meses"
        r"|años)\b",
        r"\b(?:den|die|der)\s+letzten\s+(?P<n>\d{1,3})\s+(?P<unit>stunden|tagen?|wochen"
        r"|monaten?|jahren?)\b",
        r"\b(?:les|ces|des)\s+(?P<n>\d{1,3})\s+derni(?:ers|ères|eres)\s+(?P<unit>heures|jours"
        r"|semaines|mois|ans|années)\b",
        r"\b(?:[nd]?os|[nd]?as)\s+últim[oa]s\s+(?P<n>\d{1,3})\s+(?P<unit>horas|dias|semanas|meses"
        r"|anos)\b",
    )
]
# A number with a unit, or after a currency sign, is a quantity: never a year or a day.
_QUANTITY_UNITS = r"""percent|per\s+cent|pct|bps?|basis\s+points?|million|millions|billion
    |billions|trillion|thousand|hundred|mn|bn|tn|k|mph|kph|km/h|km|kilometres|kilometers|miles
    |mi|feet|ft|foot|metres|meters|m|people|persons|points|pts|tonnes|tons|t|barrels|bpd|b/d
    |degrees|dollars|euros|pounds|yen|yuan|usd|eur|gbp|units|jobs|homes|households|seats|votes
    |deaths|cases|times|x|kg|lbs?|gw|mw|kwh|twh|ships|vessels|aircraft|planes|troops|soldiers
    |workers|employees|shares|contracts|cars|vehicles|customers|users|acres|hectares|gallons
    |litres|liters|por\s+ciento|millones|mil|prozent|millionen|milliarden|pour\s+cent|milliards
    |por\s+cento|milhões|milhares"""
_NUMBER = r"\d[\d,]*(?:\.\d+)?"
_QUANTITY = re.compile(
    rf"""(?:[$€£¥₹]|\b(?:US\$|A\$|C\$|USD|EUR|GBP|JPY|CHF)\s?){_NUMBER}
    |\b{_NUMBER}\s*(?:%|°|(?:{_QUANTITY_UNITS})\b)
    |(?<![\d.])\d+\.\d+\b(?!\.\d)""",
    re.IGNORECASE | re.VERBOSE,
)
_BETWEEN = re.compile(
    r"^\s*(?:and|to|until|till|through|thru|-|\u2013|\u2014|y|und|et|e|a|al|au|hasta|bis|até)\s*$",
    re.I,
)
_RANGE_LEAD = re.compile(r"\b(?:between|from|entre|zwischen|von|du|desde|dal|tra|fra)\s+$", re.I)
_STARTING = re.compile(
    r"\b(?:starting(?:\s+(?:from|in))?|effective|a\s+partir\s+de|à\s+partir\s+de|ab|"
    r"à\s+compter\s+de)\s+$",
    re.IGNORECASE,
)
# "From" alone is as often where news starts ("news from the first week of November"): a start
# only in a question of what will be.
_FROM_WILL = re.compile(r"\bfrom\s+$", re.IGNORECASE)
# English grammar of what is to come: a modal ("will", "shall", "'ll") or "going to".
WILL = re.compile(r"\b(?:will|won't|shall|going to)\b|'ll\b", re.IGNORECASE)
# A question of what is ahead: the future's grammar, or a word of plan or schedule ("which is
# expected to cost more", "when is the next one due").
_PLANNED = re.compile(
    r"\b(?:expected|planned|projected|plans?|scheduled|due|next|upcoming|coming)\b", re.IGNORECASE
)


def asks_ahead(question: str) -> bool:
    """Whether a question asks of what is to come, so a forecast or plan answers it."""
    return bool(WILL.search(question) or _PLANNED.search(question))


def _takes_effect(text: str, at: int) -> bool:
    """Whether the time expression at `at` is when something takes effect ("starting January",
    "a partir de janeiro", "from January" of what will be), not when it was said."""
    before = text[:at]
    if _FROM_WILL.search(before):
        return bool(WILL.search(text))
    return bool(_STARTING.search(before))


_RANGE_WORD = re.compile(r"\b(?:to|until|till|and|through|a|al|até|bis|au)\b|[-\u2013]", re.I)
_SINCE = re.compile(
    r"\b(?:ever\s+)?(?:since|desde|seit|depuis|dal|dalla)\s+(?:(?:el|le|la|dem|der|o|a|o\s+dia)\s+)?$",
    re.I,
)
_NTH_WEEK = re.compile(r"\b(?:the\s+)?(first|second|third|fourth|last)\s+week\s+of\s+$", re.I)
_NTH = {"first": 0, "second": 1, "third": 2, "fourth": 3}
_WORD_BEFORE = re.compile(r"([^\W\d_]+)\W*$")


@dataclass(frozen=True)
class Window:
    start: date
    end: date
    text: str
    filters: bool  # only a window in the past filters evidence; a future one names the event
    compared: bool = False  # one of two times a comparison sets side by side: it filters none

    def holds(self, day: date | None) -> bool:
        return day is not None and self.start <= day <= self.end

    def describe(self) -> str:
        return f"{self.text} ({self.start.isoformat()} to {self.end.isoformat()})"


@dataclass(frozen=True)
class _Read:
    """One date expression as dateparser read it: its span in the question and its period."""

    at: int
    until: int
    start: date
    end: date
    period: str  # dateparser's: day, week, month or year
    year_said: bool


# The day a thing was done, said of it ("the final played on 22 November 2026", "held on 3 May"):
# when it happened, a premise the record may not hold, never a window over the reporting; a day
# something was published or said on is one.
_ON_THE_RECORD = (
    "published|reported|released|announced|posted|issued|updated|happened|occurred|changed"
)
# English's irregular past participles a deed is dated by ("born on", "held on", "shut on").
_IRREGULAR_DONE = "born|held|built|shut"
EVENT_DAY = re.compile(
    rf"\b(?!(?:{_ON_THE_RECORD})\b)(?:[a-z]+ed|{_IRREGULAR_DONE})\s+on\s+"
    rf"(?P<day>{DAY_NUMBER}\s+(?:of\s+)?{_MONTH}|{_MONTH}\s+{DAY_NUMBER})"
    r"(?:,?\s+(?:19|20)\d\d)?\b",
    re.IGNORECASE,
)


def time_window(question: str, *, now: datetime, events: bool = False) -> Window | None:
    """The window the question names, or None; the first time expression wins, in its widest
    form ("since Monday" over "Monday"). Never raises: text it cannot read has no window.
    A day something happened on ("which struck on 3 May") sets no window for a question; read
    with `events`, a row's sentence keeps it: "the strike ended on 26 November" says a date."""
    text = question[:MAX_CHARS]
    masked = _QUANTITY.sub(lambda m: " " * len(m.group(0)), text)
    if not events:
        masked = EVENT_DAY.sub(lambda m: " " * len(m.group(0)), masked)
    today = now.date()
    try:
        found = [*_rolling(masked, now), *_day_ranges(masked, now), *_seasons(masked),
                 *_composed(masked, _expressions(masked, now), today)]  # fmt: skip
    except (ValueError, OverflowError):  # a date past year 9999 or before year 1
        return None
    if not found:
        return None
    at, until, start, end = min(found, key=lambda f: (f[0], -f[1]))
    if start <= today < end:
        end = today  # "this month" so far: the rest has no reporting yet
    # "From January", "a partir de janeiro": when something takes effect, not when it was said.
    starts = _takes_effect(text, at) and not _RANGE_WORD.search(text[at:until])
    return Window(start, end, text[at:until].strip(), filters=start <= today and not starts)


# A season across two years ("the 2025/26 season", "2025-26"): the second year follows the first.
_SEASON = re.compile(rf"(?<![\w'/])(?P<first>{_YEAR})[/\u2013-](?P<next>\d\d)(?![\d/])")


def _seasons(masked: str):
    """Each season said, as both its years: a figure of it may be given in either."""
    for match in _SEASON.finditer(masked):
        first = int(match["first"])
        if (first + 1) % 100 == int(match["next"]):
            yield match.start(), match.end(), date(first, 1, 1), date(first + 1, 12, 31)


def _expressions(masked: str, now: datetime) -> list[_Read]:
    settings = {"RELATIVE_BASE": now.replace(tzinfo=None), "RETURN_AS_TIMEZONE_AWARE": False}
    parser = DateDataParser(languages=LANGUAGES, settings=settings)
    today = now.date()
    reads = []
    for match in _EXPRESSION.finditer(masked):
        if len(reads) == MAX_EXPRESSIONS:
            break
        span = match.group(0)
        if match["calendar"] and not re.search(r"\d", span) and not _month_meant(masked, match):
            continue
        if match["start"]:  # "the start of the month": its first day
            first, _ = _period(today, match["of"].lower())
            reads.append(_Read(match.start(), match.end(), first, first, "day", False))
            continue
        data = parser.get_date_data(span)
        if data.date_obj is None:
            continue
        period = data.period or "day"
        start, end = _period(data.date_obj.date(), period)
        if match["weekday"] and not match["which"] and start >= today:
            # A weekday named alone points back: the most recent one before today.
            start = end = start - timedelta(days=7 * ((start - today).days // 7 + 1))
        reads.append(_Read(match.start(), match.end(), start, end, period, bool(match["year"])))
    return reads


def _month_meant(masked: str, match: re.Match) -> bool:
    """A month name said alone is a month unless it is also a common word ("may", "march") not
    introduced as a time ("in May", "since March")."""
    if match.group(0).lower().rstrip(".") not in _AMBIGUOUS:
        return True
    before = _WORD_BEFORE.search(masked[: match.start()])
    return bool(before) and before.group(1).lower() in _INTRODUCERS


def _composed(masked: str, reads: list[_Read], today: date):
    """Each expression alone, and the forms around it: since X, X to Y, the Nth week of X."""
    for index, read in enumerate(reads):
        yield read.at, read.until, read.start, read.end
        before = masked[: read.at]
        since = _SINCE.search(before)
        if since:
            start = read.start
            if start > today and read.period == "month" and not read.year_said:
                start = start.replace(year=start.year - 1)  # "since December", said in November
            if start <= today:
                yield since.start(), read.until, start, today
        nth = _NTH_WEEK.search(before)
        if nth and read.period == "month":
            start, end = _nth_week(read.start, read.end, nth.group(1).lower())
            yield nth.start(), read.until, start, end
        following = reads[index + 1] if index + 1 < len(reads) else None
        if following and _BETWEEN.match(masked[read.until : following.at]):
            end = following.end
            if end < read.start and not following.year_said:
                end = end.replace(year=end.year + 1)  # "from December to February"
            if end >= read.start:
                lead = _RANGE_LEAD.search(before)
                yield lead.start() if lead else read.at, following.until, read.start, end


# Two days of one month: "between the 1st and the 15th (of this month)", "from 3 to 10
# November", "between November 3 and 9", "del 3 al 10 de noviembre", "vom 3. bis 10. November".
_DAY_RANGE = re.compile(
    rf"""\b(?:between|from|entre|zwischen|von|vom|du|desde|del|dal|dall'|de|do)\s+
    (?:(?P<month_first>{_MONTH})\.?\s+)?(?:the\s+|el\s+|le\s+)?(?P<first>{_DAY})\s*
    (?:and|to|until|till|through|-|\u2013|y|al|a|ao|au|até|bis|et|und|e)\s*(?:the\s+|el\s+|le\s+)?
    (?P<last>{_DAY})(?![\d%])
    (?:\s+(?:of\s+|de\s+)?(?:(?P<month>{_MONTH})\.?(?:\s+(?P<year>{_YEAR}))?
    |(?P<which>this|last)\s+month))?""",
    re.IGNORECASE | re.VERBOSE,
)


def _day_ranges(masked: str, now: datetime):
    """A range of days in one month; no month said: this month, or the last one when the range
    has not begun yet."""
    today = now.date()
    for match in _DAY_RANGE.finditer(masked):
        month_said = match["month"] or match["month_first"] or match["which"]
        if not month_said and not re.search(r"\d(?:st|nd|rd|th)\b", match.group(0), re.I):
            continue  # "rose from 12 to 15" is a quantity, not the 12th to the 15th
        first, last = (int(re.match(r"\d+", match[g]).group(0)) for g in ("first", "last"))
        month = _month_number(match["month"] or match["month_first"])
        year = int(match["year"]) if match["year"] else today.year
        if month is None:
            back = 1 if match["which"] and match["which"].lower() == "last" else 0
            start_of = _months_back(today.replace(day=1), back)
            year, month = start_of.year, start_of.month
            if not back and first > today.day:
                earlier = _months_back(today.replace(day=1), 1)
                year, month = earlier.year, earlier.month
        elif not match["year"] and date(year, month, 1) > today:
            year -= 1  # "between 3 and 9 December", said in November: last December
        try:
            start, end = date(year, month, first), date(year, month, last)
        except ValueError:  # a day past the month's end
            continue
        if start <= end:
            yield match.start(), match.end(), start, end


def _month_number(name: str | None) -> int | None:
    if not name:
        return None
    parsed = DateDataParser(languages=LANGUAGES).get_date_data(f"1 {name}")
    return parsed.date_obj.month if parsed.date_obj else None


def _rolling(masked: str, now: datetime):
    """The last N units up to today, N units inclusive: "the last 7 days" is today and the six
    before it; hours count back from now."""
    today = now.date()
    for pattern in _ROLLING:
        for match in pattern.finditer(masked):
            said = (match["n"] or "").lower()
            lead, the = match.groupdict().get("lead"), match.groupdict().get("the")
            if not said and lead and lead.lower() != "past" and not the:
                continue  # "last week" is the calendar week before this one, read elsewhere
            count = int(said) if said.isdecimal() else _NUMBER_WORDS.get(" ".join(said.split()), 1)
            unit = _UNITS.get(match["unit"].lower(), "days")
            if unit == "hours":
                start = (now - timedelta(hours=count)).date()
            elif unit in ("months", "years"):
                start = _months_back(today, count * (12 if unit == "years" else 1))
                start += timedelta(days=1)
            else:
                days = count * {"days": 1, "weeks": 7, "fortnights": 14}[unit]
                start = today - timedelta(days=days - 1)
            yield match.start(), match.end(), start, today


def _months_back(day: date, months: int) -> date:
    year, month = divmod(day.year * 12 + day.month - 1 - months, 12)
    month += 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def _period(day: date, period: str) -> tuple[date, date]:
    if period == "week":
        monday = day - timedelta(days=day.weekday())
        return monday, monday + timedelta(days=6)
    if period == "month":
        return day.replace(day=1), day.replace(day=calendar.monthrange(day.year, day.month)[1])
    if period == "year":
        return day.replace(month=1, day=1), day.replace(month=12, day=31)
    return day, day


def _nth_week(first: date, last: date, which: str) -> tuple[date, date]:
    if which == "last":
        return last - timedelta(days=6), last
    start = first + timedelta(days=7 * _NTH[which])
    return start, min(start + timedelta(days=6), last)
