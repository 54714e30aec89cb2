"""Premises: what a question takes for granted, held to the record's statements and state.

A question presupposes a claim when it asks why, how or when something came about ("Why was the
port closed?", "How did the rate fall to 3%?"), opens on it ("Since the strike ended, ..."), or asks
yes or no of it ("Has the probe launched?"). The claim is its state word (the verb) and its figures.

The record holds the claim when one of the topic's statements (issuer readings, reports and the
service's own recorded states; never a market question, which is belief) says that state word in
a form that states it, not as a noun ("the launch"), not negated ("has not launched") and not as a
plan or a forecast ("is expected to launch"), with the same figures. It contradicts the claim when
a statement says the opposite state ("raised" against "cut", "strengthened" against "weakened",
"postponed" against "launched") or the topic's recorded state says otherwise. Either way the
answer names the premise first; a question that takes nothing for granted names nothing.
"""

import calendar
import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from answers.ground import figures
from answers.ground.figures import (
    DAY_OF_MONTH,
    FOCUSING,
    IRREGULAR_PAST,
    MONTH,
    SPELLED_OUT,
    TIME_UNITS,
    UNCHANGED_PLURALS,
    day_first,
    days_said,
    periods,
)
from answers.understand import (
    CURRENCY_CODES,
    EVENT_DAY,
    NOT_AN_END,
    STOP,
    STOP_STEMS,
    stem,
    stem_set,
    vocabulary,
)

# State groups by stem: a question's state word and a statement's meet when their stems share a
# group ("raised" and "hiked"); a statement in an opposite group contradicts it.
_FAMILY_WORDS = {
    "up": """raise hike rise rose risen increase higher boost climb jump surge soar gain
            grow grew grown accelerate rising""",
    "down": """cut lower reduce decrease fall fell fallen drop slash ease decline slip slide
            plunge sink sank tumble slump shrink shrank fade falling collapsing""",
    "hold": "hold held unchanged steady keep kept pause maintain unmoved",
    "stronger": "strengthen intensify stronger upgrade",
    "weaker": "weaken weaker downgrade dissipate",
    "better": "improve improved improving",
    "worse": "worsen worsened deteriorate deteriorated",
    "launch": "launch lift liftoff",
    "delay": "delay postpone scrub push",
    "cancel": "cancel canceled cancelled scrap abandon axe",
    "sign": "sign seal",
    "collapse": "collapse break broke broken fail",
    "approve": "approve clear authorise authorize grant certify license licence accept ratify",
    "reject": "reject deny block refuse ban prohibit",
    "open": "open reopen restore resume",
    "close": "close shut halt suspend",
    "win": "win won",
    "lose": "lose lost",
    "end": "end finish complete conclude",
    "contain": "contain extinguish",
    "spread": "spread escalate",
    "land": "land landed splashdown",
    "uphold": "uphold upheld affirm",
    "overturn": "overturn overturned annul annulled quash quashed invalidate invalidated",
    "freeze": "freeze froze frozen",
    "lead": "lead led",
    "start": "start begin began begun commence",
    # Deeds, done by one party: never at odds with another deed (`OPPOSITE` has none).
    "buy": "buy bought acquire purchase",
    "sell": "sell sold divest",
    # Phrasal only ("revised upwards", "brought forward"): `PHRASAL` names them.
    "revise-up": "",
    "revise-down": "",
    "advance": "",
}
FAMILIES: dict[str, frozenset[str]] = {
    name: frozenset(stem(w) for w in text.split()) for name, text in _FAMILY_WORDS.items()
}
OPPOSITE = {"up": {"down", "hold"}, "down": {"up", "hold"}, "hold": {"up", "down"},
            "stronger": {"weaker"}, "weaker": {"stronger"}, "better": {"worse"},
            "worse": {"better"}, "launch": {"delay", "cancel"},
            "delay": {"launch"}, "cancel": {"launch"}, "sign": {"collapse"},
            "collapse": {"sign"}, "approve": {"reject"}, "reject": {"approve"},
            "open": {"close"}, "close": {"open"}, "win": {"lose"}, "lose": {"win"},
            "contain": {"spread"}, "spread": {"contain"}, "uphold": {"overturn"},
            "overturn": {"uphold"}, "freeze": {"up", "down"}, "revise-up": {"revise-down"},
            "revise-down": {"revise-up"}, "advance": {"delay"}}  # fmt: skip
OPPOSITE["delay"] = OPPOSITE["delay"] | {"advance"}
OPPOSITE["up"] = OPPOSITE["up"] | {"freeze"}
OPPOSITE["down"] = OPPOSITE["down"] | {"freeze"}
# Where in a range or an order a claim puts something: the other end contradicts it.
POSITIONS = {"bottom": "top", "top": "bottom", "lowest": "highest", "highest": "lowest",
             "minimum": "maximum", "maximum": "minimum", "below": "above",
             "above": "below"}  # fmt: skip
# Verbs of being: with a figure they claim it ("given that inflation was 5%"); "at" claims a
# level too ("with the rate at 9%").
COPULAS = frozenset("was were is are stood stands remained at".split())
# Two-word verbs whose state is their own ("called off" is cancelled, "pushed back" delayed).
PHRASAL = {"called off": "cancel", "call off": "cancel", "lifted off": "launch",
           "lift off": "launch", "pushed back": "delay", "push back": "delay",
           "broke down": "collapse", "broken down": "collapse", "shut down": "close",
           "wound down": "end", "put out": "contain", "splashed down": "land",
           "splash down": "land", "touched down": "land", "touch down": "land",
           "struck down": "overturn", "strike down": "overturn",
           **{f"{verb} {way}": f"revise-{family}" for verb in ("revised", "revise")
              for family, ways in (("up", ("up", "upwards", "upward")),
                                   ("down", ("down", "downwards", "downward")))
              for way in ways},
           **{f"{verb} forward": "advance" for verb in ("brought", "bring", "moved", "pulled")},
           }  # fmt: skip
# A claim of a whole state ("fully contained", "the whole law") is held only by a statement of
# a whole state.
_WHOLE = frozenset("fully completely entirely totally wholly whole entire all every".split())
_WHOLE_SAID = re.compile(
    r"\b(?:fully|completely|entirely|totally|wholly|whole|entire|all|every|in full|100\s?%)",
    re.I,
)
HEDGES = frozenset(
    """not no never yet without will would could may might should shall expected expects expect
    plans plan planned due scheduled aims aim hopes hope if whether unless before cannot can't
    won't isn't hasn't haven't wasn't weren't didn't doesn't don't""".split()
)
# A state received, or backed, is stated too: "won marketing authorisation", "received
# approval", "backed lowering the voting age".
_RECEIVED = frozenset(
    "won received got gained secured granted obtained earned backed approved endorsed voted".split()
)
STATIVE = frozenset("unchanged steady higher lower stronger weaker open closed shut".split())
DETERMINERS = frozenset("a an the any this that its their his her our".split())
_TOKEN = re.compile(
    r"\d+(?:[.,]\d+)*(?:%|(?:bn|mn|m)\b)?|[^\W_]+(?:['\u2019][^\W_]+)?|%", re.UNICODE
)
_TIME_UNITS = rf"(?:{'|'.join(sorted(TIME_UNITS))})"
# A figure a claim sets a state to: a percentage, basis points or a sum ("set to 5%", "$3 billion").
_MODEL = (
    r"(?:(?:(?-i:[A-Z])[^\W\d_]+\s+)?(?:(?-i:[A-Z])[^\W\d_]*[-\u2013]?)?\d[^\W_]*"
    r"(?:[-\u2013][^\W_]+)*\s+)?"
)
_FIGURE = re.compile(
    rf"(?:[$€£]|\b(?:{'|'.join(CURRENCY_CODES)})\b)\s?\d+(?:[.,]\d+)*"
    r"(?:\s?(?:million|billion|bn|mn|m)\b)?"  # "$640m", "$640 million": one sum
    r"|\d+(?:[.,]\d+)*\s*(?:%|percent|per cent|bps?\b|[kmgt]wh?\b|gigawatts?"
    r"|mw\b|megawatts?|tonnes\b|tons\b|barrels\b|million\b|billion\b|km\b|kilomet(?:re|er)s?\b"
    r"|miles?\b|kg\b|hectares?\b|acres?\b)|\bcategory\s+\d\b"
    r"|\b\d{1,3}(?:,\d{3})+\b"
    # A count of a plural noun, in digits or words ("5 hikers", "five hikers"); never a span
    # of time ("over the last 2 weeks"), which says when, not what is claimed.
    # A model's number is no count ("the VA-350 aircraft"); it may stand between a count and
    # its noun ("80 VA-350 aircraft", "12 Boeing 737 jets").
    rf"|(?<![^\W\d_][-\u2013])\b(?:\d{{1,4}}|{'|'.join(SPELLED_OUT)})\s+{_MODEL}(?!{_TIME_UNITS}\b)"
    rf"(?:[^\W\d_]+(?<![sS])[sS]|{'|'.join(sorted(UNCHANGED_PLURALS))})\b"
    # How long: "for 72 hours", "a 48-hour strike".
    r"|(?<=\bfor\s)\d+\s+(?:hours?|days?|weeks?|months?)\b|\b\d+-(?:hour|day|week|month)\b"
    # A rank ("fall to 55th in the table"), as `answers.ground.figures` reads one.
    r"|\b\d{1,4}(?:st|nd|rd|th)\b(?=\s*(?:[,;.?)]|$)|\s+(?:place|position|spot|in|on|out|among"
    r"|overall)\b)",
    re.IGNORECASE,
)
_SCALED = re.compile(r"(\d)\s*(million|mn|m|billion|bn)\b")  # "$640 million" is "$640m"
_DURATION = re.compile(r"(\d+)(?:\s*|-)(hour|day|week|month)s?\b")
# A year said as when a state came about ("began in 2024"), and any year a statement gives.
_IN_YEAR = re.compile(r"\b(?:in|since|during)\s+((?:19|20)\d\d)\b(?![/\u2013-]\d)", re.IGNORECASE)
_YEAR = re.compile(r"(?<![\d,.])(?:19|20)\d\d(?!\d|[,./\u2013-]\d)")
_SPELLED = re.compile(rf"\b(?:{'|'.join(SPELLED_OUT)})\b", re.IGNORECASE)
_STATEMENT = re.compile(rf"(?<=[.!;]){NOT_AN_END}\s+")
# What presupposes: why, how or when something came about, or a clause opening on it. A yes or
# no question ("Has the port reopened?") asks, it does not assert, and is answered, not corrected.
_LEAD = re.compile(
    r"^\s*(?:(?:what\s+made|what\s+caused|(?P<why>why|how|when)(?:\s+(?:far|long|soon))?"
    r"\s+(?P<aux>did|has|have|had|was|were|is|are))\b"
    # "Why will it create 900 jobs?", "why does it employ ...": the deed to come or held is
    # taken for granted; "when does it try again" only asks when.
    r"|why\s+(?P<ahead>does|do|will|would)\b"
    r"|(?P<since>since|after|following|now that|given that|once)\b)",
    re.IGNORECASE,
)
# A clause inside the question that takes an event for granted: "... when it hit <place> as a
# Category 5?", "... after the strike ended?"
_INNER = re.compile(
    r"\b(?i:when|after|since|once|now that)\s+(?:it|they|he|she|the\s+(?:\w+\s+){0,4}\w+"
    r"|[A-Z]\w+)\s+(?:(?:was|were|had|has|have|is|are)\s+(?:been\s+)?)?"
    r"(?=\w+(?:ed|ung|ook|it|ut|ew|ell|ose|ave|on|ost)\b)",
)
# A level put before the question as its setting ("With the rate at 9%, what next?").
_WITH = re.compile(r"^\s*(?:with|given)\s+(?=\S)", re.IGNORECASE)  # "Given its 4% growth, ..."
# A statement put before the question ("The bank set its rate to 5%: why so low?").
_STATED = re.compile(
    # Set off by a colon, a semicolon, a comma or a dash ("X paid £245m - when does it close?").
    r"^(?P<claim>[^:?]{8,}?)\s*(?:[:;]|,(?!\d)|\s[-\u2013\u2014])\s*"
    r"(?:why|how|what|when|was|were|is|are|did|does|has|have|will)\b"
    # A sentence of its own before the question ("X was fined £5m. Will it appeal?").
    r"|^(?P<sentence>[^:?]{8,}?)\.\s+(?:why|how|what|who|when|where|which|will|would|is|are"
    r"|was|were|did|does|do|has|have|can|could|should)\b",
    re.IGNORECASE,
)
# A statement with a question tagged on ("The strike began on 10 November, didn't it?"): it
# asks only to have the statement confirmed, so it takes the statement for granted.
_TAG = re.compile(
    # A statement, never a question of its own ("How many attended - is the 148,200 right?").
    r"^(?!\s*(?:how|what|why|when|who|which|where)\b)(?P<claim>.{8,}?),?\s+(?:(?:is|was|are|were|did|does|do|has|have|had|will|would|can"
    r"|could)(?:n['\u2019]t|\s+not)?\s+(?:it|they|he|she|there|we|you|that|this)|right|correct"
    r"|true|no)\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Claim:
    words: str  # the question's own words for it
    verb: str  # the state word as asked
    figures: tuple[str, ...]
    objects: frozenset[str] = frozenset()  # stems of what the state is of ("deposit", "rate")
    whole: bool = False  # "fully", "completely": only a whole state holds it
    actor: tuple[str, ...] = ()  # who the question says did it, when not the topic's own name
    # Every name of the tracked entity the actor's words name ("NDPA": its full name too),
    # read once for the claim: a row may name the actor by any of them.
    actor_names: tuple[str, ...] = ()
    counted: bool = False  # its figure is the count of its subject: the figure is the claim
    # A deed of a named actor ("Why did the port authority call a strike?"): only who did it
    # can be wrong; the record that says nothing of the deed denies nothing.
    acted: bool = False

    @property
    def family(self) -> str | None:
        return family_of(self.verb)


def family_of(word: str) -> str | None:
    if " " in word:
        return PHRASAL.get(word.lower())
    low = word.lower()
    # English grammar: "-er" makes a noun of a verb ("container", "opener", "freezer"); only
    # the comparatives a family lists ("higher", "weaker") are states.
    if low.endswith(("er", "ers")) and low.rstrip("s") not in _LISTED:
        return None
    root = stem(low)
    return next((name for name, stems in FAMILIES.items() if root in stems), None)


_LISTED = frozenset(w for text in _FAMILY_WORDS.values() for w in text.split())


def _phrasal(tokens: list[str], index: int) -> str:
    """The token at `index`, joined to the next when the two make a phrasal state verb."""
    pair = " ".join(t.lower() for t in tokens[index : index + 2])
    return pair if pair in PHRASAL else tokens[index].lower()


def tagged(question: str) -> str:
    """The statement a tag question asks to have confirmed ("X carried fewer in Q3 than in
    Q2, right?": X carried fewer in Q3 than in Q2), or ""."""
    found = _TAG.match(question.strip().rstrip("?").strip())
    return found.group("claim").strip() if found else ""


def stated_before(question: str) -> str:
    """What a question states before it asks ("X began in 2024. When will it finish?": X began
    in 2024), or what a tag question asks to confirm; "" when it states nothing."""
    # Only a sentence of its own: "Between 9 and 17 November, how did ..." sets a window.
    found = _STATED.match(question.strip())
    return (found.group("sentence") if found else "") or tagged(question)


def claim_about(question: str, topic) -> Claim | None:
    """`claim_of` with the topic's own words (title, names, terms) as its subject; a body the
    question names as the doer that is none of the topic's own names (an entity it carries,
    "the <authority> reject <the drug>") is the claim's actor: a row of another body doing it
    does not hold it."""
    said = " ".join([topic.title, *topic.names, *topic.terms]).lower()
    claim = claim_of(question, set(re.findall(r"[^\W_]+", said)))
    if claim is None:
        return None
    # What the state is of is the topic itself, in one of its curated words ("the tie-up
    # signed" of a merger curated with "tie-up"): a row saying it in another of them holds it.
    own = stem_set(" ".join([*topic.terms, *topic.own_names]).lower()) - STOP_STEMS
    if claim.objects and claim.objects <= own:
        claim = replace(claim, objects=frozenset(own))
    if not (claim.actor or claim.acted):
        claim = replace(claim, actor=_doer_named(claim, topic))
    return replace(claim, actor_names=_names_of(claim.actor))


def _names_of(actor: tuple[str, ...]) -> tuple[str, ...]:
    """Every name, lower case, of each tracked entity one of whose names is the actor's words."""
    built = vocabulary.built()
    said = " ".join(actor)
    return tuple(n.lower() for ns in (built.entity_names.values() if built and actor else ())
                 if said in {n.lower() for n in ns} for n in ns)  # fmt: skip


def _doer_named(claim: Claim, topic) -> tuple[str, ...]:
    """The words of the last name the claim says before its state word, when none of them is
    a word of the topic's title or own names, nor a month ("October" says when)."""
    own = {w.lower() for w in _TOKEN.findall(" ".join([topic.title, *topic.own_names]))}
    at = re.search(rf"(?<!\w){re.escape(claim.verb)}", claim.words, re.IGNORECASE)
    runs: list[list[str]] = [[]]
    for token in _TOKEN.findall(claim.words[: at.start()] if at else ""):
        word = re.sub(r"['\u2019]s$", "", token).lower()
        named = token[:1].isupper() and word not in STOP and not re.fullmatch(MONTH, word)
        runs[-1:] = [[*runs[-1], word]] if named else [runs[-1], []]
    run = next((r for r in reversed(runs) if r), [])
    return tuple(run) if run and not set(run) & own else ()


def claim_of(question: str, subject_words: Iterable[str]) -> Claim | None:
    """The claim `question` takes for granted, or None. `subject_words` are the topic's own
    words (names, title, terms): they are its subject, never its state word."""
    # A statement before the question ("X showed 1.95 million; was it revised?") is read whole:
    # the clauses below are split at its semicolon.
    stated = _STATED.match(question.strip())
    if stated and ";" in stated.group(0):
        claim = _claim_in(stated.group(0), {w.lower() for w in subject_words})
        if claim:
            return claim
    for clause in re.split(r"[?;]|,\s+(?=(?:and|but)\b)", question):
        claim = _claim_in(clause.strip(), {w.lower() for w in subject_words})
        if claim:
            return claim
    return _relative_claim(question, {w.lower() for w in subject_words})


# A clause set off after a name that states a figure of it ("<race>, which had 200 starters,",
# "<firm>, whose shares reached 14%,", "<project>, costing €4 billion,").
_RELATIVE = re.compile(
    r"(?P<ante>[^,?]+?),\s+(?P<which>which\s+|whose\s+|(?=[a-z]+ing\s))"
    r"(?P<rel>(?:[^,?]|,(?=\d))*\d(?:[^,?]|,(?=\d))*)"
)
# A figure said as the subject's own in passing ("... and its budget of $2 billion?").
_POSSESSED = re.compile(
    rf"\b(?:its|their)\s+(?P<what>(?:[a-z][\w-]*\s+){{0,2}}[a-z][\w-]*)\s+of\s+"
    rf"(?P<figure>{_FIGURE.pattern})",
    _FIGURE.flags,
)
_NAME_JOINS = frozenset("the of de del la le di da von van".split())


def _relative_claim(question: str, subject: set[str]) -> Claim | None:
    """The figure a relative clause states of the name before it, read as taken for granted
    ("How many units, which cost $12,000 each, ...": given that the units cost $12,000), or a
    figure a wh-question gives as the subject's own ("Who commented on it and its revenue of
    $1.3 billion?": given that its revenue was $1.3 billion)."""
    found = _RELATIVE.search(question)
    if found is None:
        return _possessed_claim(question, subject)
    words = found.group("ante").split()
    start = len(words) - (1 if words and words[-1].isalpha() and words[-1].islower() else 0)
    # A name, or the topic's own words however cased ("Euro area flash inflation").
    while start and (words[start - 1][:1].isupper() or any(c.isdigit() for c in words[start - 1])
                     or words[start - 1].lower() in _NAME_JOINS | subject):  # fmt: skip
        start -= 1
    named = " ".join(words[start:])
    if not any(w[:1].isupper() or w.lower() in subject for w in words[start:]):
        return None  # no name before it: nothing the clause is said of
    # The topic's own words in lower case name it too, never the claim's state word.
    proper = any(w[:1].isupper() for w in words[start:])
    owner = "its" if found.group("which").strip() == "whose" else named if proper else named.title()
    return _claim_in(f"Given that {owner} {found.group('rel').strip()}", subject)


def _possessed_claim(question: str, subject: set[str]) -> Claim | None:
    found = _POSSESSED.search(question)
    if found is None or not re.match(r"\s*(?:what|who|how|why|when|where|which)\b", question,
                                     re.IGNORECASE):  # fmt: skip
        return None
    return _claim_in(f"Given that its {found.group('what')} was {found.group('figure')}", subject)


def _claim_in(clause: str, subject: set[str]) -> Claim | None:
    lead, stated = _LEAD.match(clause), _STATED.match(clause)
    inner = _INNER.search(clause)
    setting = _WITH.match(clause)
    tag = _TAG.match(clause)
    if tag and not lead:
        rest = tag.group("claim")
        claim = _claim_of_words(rest, _TOKEN.findall(rest), subject, False)
        return replace(claim, words=_own_sentence(rest)) if claim else None  # the whole statement
    if setting and not lead and _FIGURE.search(re.split(r",(?!\d)", clause)[0]):
        rest = re.split(r",(?!\d)", clause[setting.end() :])[0]
        tokens = _TOKEN.findall(rest)
        # A setting states its figure whatever its verb ("Given that the line runs 450 km").
        return (_claim_of_words(rest, tokens, subject, True) or _level(rest, tokens)
                or _count_set(rest, tokens))  # fmt: skip
    if not lead and not stated and inner:  # "How much damage did it do when it hit <place>?"
        return _claim_of_words(clause[inner.end() :], _TOKEN.findall(clause[inner.end() :]),
                               subject, True)  # fmt: skip
    if lead:
        rest = re.split(r",(?!\d)", clause[lead.end() :])[0]  # the claim ends with its clause
        aux = (lead.group("aux") or lead.group("ahead") or "").lower()
        # "Why was there a 12% rise ...": what there was is taken for granted, as with "did".
        there = rest.lstrip().lower().startswith("there ")
        rest = rest.lstrip()[len("there ") :] if there else rest
        # "After <a name> merged with ...", "given that it runs 450 km": a side clause states
        # its deed and its figure as done, as "did" does.
        # A deed to come or held ("why will it create 900 jobs?"), with its figure, is taken
        # for granted as a done one is.
        after_do = aux in ("did", "does", "do", "will", "would") or there or not aux
    elif stated:  # only with a figure: "the Corvala rate cut: what's the story?" states nothing
        rest, after_do = stated.group("claim") or stated.group("sentence"), False
        if not (_FIGURE.search(rest) or DAY_OF_MONTH.search(rest)):
            return None
    else:
        return None
    return _claim_of_words(rest, _TOKEN.findall(rest), subject, after_do)


def _claim_of_words(rest: str, tokens: list[str], subject: set[str],
                    after_do: bool) -> Claim | None:  # fmt: skip
    """The first state word of a claim's words, with its figures, what it is of and who did it;
    else the first place in a range or an order it names ("at the bottom of its range")."""
    before: list[str] = []
    actor: list[str] = []
    for index, token in enumerate(tokens):
        low = _phrasal(tokens, index)
        if token[:1].isupper() or low in DETERMINERS:
            owner = re.sub(r"['\u2019]s$", "", token.lower())  # "<Name>'s ratio": the name's
            if token[:1].isupper() and owner not in {*subject, *STOP} and not before:
                actor.append(token.lower())  # "Why did <someone else> lead the round?"
            continue
        if _passed_over(low, rest[rest.find(token) :], subject):
            before += [] if low in _WHOLE or low in SPELLED_OUT or not low.isalpha() else [token]
            continue
        figures = _figures_from(rest, tokens, index)
        subject = () if figures or family_of(low) else _figures_from(rest, tokens, index, True)
        counted, figures = bool(subject), figures or subject
        # A state word makes a claim; any other verb only with a figure ("set its rate to 5%"):
        # "How has the fire developed?" takes nothing for granted that the record could deny.
        hedged = any(t.lower() in HEDGES for t in tokens[max(0, index - 3) : index])
        if family_of(low) and (_a_noun(tokens, index) or hedged):
            # "the odds of a Fed cut": a cut talked of, not one claimed; "now expected to
            # open": an expectation, which takes no opening for granted.
            before.append(token)
        elif low in COPULAS and any(
            family_of(t.lower()) or states(t.lower()) for t in tokens[index + 1 :]
        ):
            before.append(token)  # "was approved after ...": the state word is the claim
        elif family_of(low) or (figures and (after_do or states(low) or low in COPULAS)):
            at = index if family_of(low) else _state_after(tokens, index)
            low = _phrasal(tokens, at) if at != index else low
            claim = _claim(rest, tokens, at, low, figures, [*before, *tokens[index:at]],
                           tuple(actor))  # fmt: skip
            return replace(claim, counted=counted)
        before.append(token)
    return _position_claim(rest, tokens) or (_deed(rest, tokens) if after_do else None)


def _passed_over(low: str, rest: str, subject: set[str]) -> bool:
    """Whether a claim's word (`low`, `rest` the words from it on) is no state it claims: a word
    of its subject or a stop word (not a state word or a copula), or no word at all. A past form
    of the topic's own term dated in the question ("rated it on 2 October") is the deed."""
    # "fined <them> EUR 48 million" of a fine: the topic's own term done, with its figure.
    timed = DAY_OF_MONTH.search(rest) or _IN_MONTH.search(rest)
    dated = bool(timed or _FIGURE.search(rest)) and (states(low) or low.endswith("ed"))
    named = (low in subject or low in STOP) and not (family_of(low) or low in COPULAS or dated)
    scale = low in _SCALES  # "48 million": the figure's, never a state word
    plain = low.replace(" ", "").isalpha() and low not in SPELLED_OUT
    return named or scale or low in _WHOLE or not plain


_SCALES = frozenset("thousand million millions billion billions trillion bn mn".split())
_CODES = frozenset(code.upper() for code in CURRENCY_CODES)


def _state_after(tokens: list[str], index: int) -> int:
    """The state word a verb of no state reports ("show rates rising", "see prices fall"): the
    first of the claim's next words that is one, used as a verb; else the verb itself."""
    for at in range(index + 1, min(len(tokens), index + 1 + _CLAIM_WORDS)):
        if family_of(_phrasal(tokens, at)) and not _a_noun(tokens, at):
            return at
    return index


def _level(rest: str, tokens: list[str]) -> Claim | None:
    """A level set as the question's setting, said with no verb ("Given its Q3 revenue of €1.24
    billion, ...", "with payrolls up 250,000"): the figure "of", "at", "up" or "down" gives is
    the claim."""
    for index, token in enumerate(tokens):
        given = token.lower() in ("of", "at", "up", "down")
        figures = _figures_from(rest, tokens, index) if given else ()
        if figures:
            return _claim(rest, tokens, index, token.lower(), figures, tokens[:index], ())
    return None


def _count_set(rest: str, tokens: list[str]) -> Claim | None:
    """A count set as the question's setting with no state word ("With 5,000 hotel workers on
    strike, ..."): the count of its noun is the claim."""
    figures = _figures_from(rest, tokens, 0)
    if not figures or not tokens or not tokens[0][:1].isdigit():
        return None
    nouns = [t for t in tokens[1:4] if t.isalpha() and t.islower() and t not in STOP]
    if not nouns:
        return None
    claim = _claim(rest, tokens, 0, nouns[-1], figures[:1], [], ())
    return replace(claim, counted=True)


def _deed(rest: str, tokens: list[str]) -> Claim | None:
    """ "Why did <a name> <verb> <object>": what the named actor is said to have done, when
    the question opens on the name and its verb follows it."""
    named = []
    for index, token in enumerate(tokens):
        if token.lower() in DETERMINERS and not named:
            continue
        if token[:1].isupper() or (named and token[:1].isdigit()):  # "the <Maker> VX 400"
            named.append(token.lower())
            continue
        if not named or not token.isalpha() or token.lower() in STOP:
            return None
        claim = _claim(rest, tokens, index, token.lower(), (), [], tuple(named))
        # What was done to is as often a name ("buy Boreal Feeder Services").
        after = {stem(t) for t in tokens[index + 1 : index + 4] if t.isalpha()} - STOP_STEMS
        objects = claim.objects or frozenset(after)
        return replace(claim, acted=True, objects=objects) if objects else None
    return None


# What follows a state word that is a verb with its object: "cut its rate", "raised rates to".
_VERB_FOLLOWERS = frozenset("its their the his her rates rate interest by to it them".split())


def _a_noun(tokens: list[str], index: int) -> bool:
    """Whether a state word is a noun: after a determiner ("the cut"), after "a" and a name ("a
    Fed cut"), or after a determiner and a word when no object follows ("a rate cut of 25")."""
    lows = [t.lower() for t in tokens]
    before = lows[max(0, index - 2) : index]
    after = lows[index + 1 : index + 2]
    if before[-1:] and before[-1] in DETERMINERS:
        return True
    if len(before) == 2 and before[0] in ("a", "an") and tokens[index - 1][:1].isupper():
        return True
    compound = len(before) == 2 and before[0] in DETERMINERS and not tokens[index - 1][:1].isupper()
    # A name after it is its object ("did the union accept <Name>'s offer"): a verb.
    named = index + 1 < len(tokens) and tokens[index + 1][:1].isupper()
    return compound and not (set(after) & _VERB_FOLLOWERS or named)


def _figures_from(rest: str, tokens: list[str], index: int,
                  before: bool = False) -> tuple[str, ...]:  # fmt: skip
    """The figures the claim's words give from its state word on, as written ("$9", "5%"), or
    (`before`) the count its subject is, ahead of its verb ("why did 60,000 visitors come")."""
    at = max(rest.find(tokens[index]) if tokens else 0, 0)
    said = rest[:at] if before else rest[at:]
    # A day, a month of a year ("released in March 2026"), a year: when the state came about.
    months = [f"{m} {y}" for m, y in _IN_MONTH.findall(said) if y]
    dates = [] if before else [*DAY_OF_MONTH.findall(said), *months, *_IN_YEAR.findall(said)]
    found = [*_FIGURE.findall(said), *_levels(said), *dates]
    return tuple(_signed(_spelled(f).replace(" ", "")) for f in found)


# A word and the number after it ("magnitude 7.9", "level 4"), never a share or a year.
_WORD_NUMBER = re.compile(r"\b([^\W\d_]+)\s+(\d+(?:\.\d+)?)(?![\d%,.]|\s*(?:percent|per cent))")


def _levels(text: str) -> list[str]:
    """The figures `text` gives as a curated quantity's word before a number ("magnitude 7.9"
    of a curated "magnitude"): a level the registry says is measured, whatever its unit."""
    named = figures.curated_stems()
    return [f"{m.group(1).lower()} {m.group(2)}" for m in _WORD_NUMBER.finditer(text)
            if stem(m.group(1).lower()) in named and not _YEAR.fullmatch(m.group(2))]  # fmt: skip


def _signed(figure: str) -> str:
    """A sum written with its currency's code ("EUR2.50") as rows write it ("€2.50")."""
    code = figure[:3].lower()
    return CURRENCY_CODES[code] + figure[3:] if code in CURRENCY_CODES else figure


def _claim(rest: str, tokens: list[str], index: int, verb: str, figures: tuple[str, ...],
           before: list[str], actor: tuple[str, ...]) -> Claim:  # fmt: skip
    # What the state is of: the question's own lower-case words around it (names are in every
    # row of the topic, so they single out none).
    around = [*before, *tokens[index + 1 : index + 4]]
    objects = {stem(t) for t in around if t.isalpha() and t.islower()
               and t not in STOP | DETERMINERS | FOCUSING}  # fmt: skip
    words = _own_sentence(_said(rest, tokens[: _phrase_end(tokens, index)]))
    whole = bool(_WHOLE & {t.lower() for t in tokens})
    return Claim(words, verb, figures, frozenset(objects), whole, actor)


_CLAIM_WORDS, _CLAIM_REACH = 6, 12  # the words a claim is quoted with after its state word
_OPEN_ENDED = frozenset("to for of in on at by from with and or a an the its their".split())


def _phrase_end(tokens: list[str], index: int) -> int:
    """Where the words a claim is quoted with end: a few after its state word, on through a
    phrase they leave open ("a 3.5% rent cap for" goes on to its year, "in the year" to what
    it ends, "on 5" to its month), never far."""
    if len(tokens) <= index + _CLAIM_REACH:
        return len(tokens)  # a short clause is quoted whole ("... fall to $7.4 billion")
    end, reach = min(len(tokens), index + _CLAIM_WORDS), index + _CLAIM_REACH
    while end < reach and (_open(tokens[end - 1]) or _open(tokens[end]) or _dated_on(
            tokens[end - 1], tokens[end])):  # fmt: skip
        end += 1
    return end


def _open(token: str) -> bool:
    return token.lower() in _OPEN_ENDED


def _dated_on(word: str, following: str) -> bool:
    """Whether `following` finishes a date `word` begins ("5 November", "September 2026")."""
    month = re.fullmatch(MONTH, word, re.IGNORECASE) is not None
    return (word.isdigit() and re.fullmatch(MONTH, following, re.IGNORECASE) is not None) or (
        month and following.isdigit()
    )


def _own_sentence(words: str) -> str:
    """A claim's words, never past their own sentence ("... to €169,000. Is that right?")."""
    return _STATEMENT.split(words.strip(), maxsplit=1)[0].rstrip(".!;")


def _position_claim(rest: str, tokens: list[str]) -> Claim | None:
    """A place in a range or an order the question takes for granted ("priced at the bottom
    of its range"): what it is of is the words after it."""
    lows = [t.lower() for t in tokens]
    for index, low in enumerate(lows):
        if low in POSITIONS:
            objects = {stem(t) for t in lows[index + 1 : index + 4] if t.isalpha()
                       and t not in STOP and t not in DETERMINERS}  # fmt: skip
            return Claim(_said(rest, tokens[: index + 4]), low, (), frozenset(objects))
    return None


def _said(text: str, tokens: list[str]) -> str:
    """The question's own words from the first of `tokens` to the last, as written."""
    start = text.find(tokens[0]) if tokens else 0
    end = start
    for token in tokens:
        end = text.find(token, end) + len(token)
    return text[start:end].strip()


def states(word: str) -> bool:
    """A form that states a state: a participle or past ("closed", "broken", "cut")."""
    return word.endswith(("ed", "en")) or word in IRREGULAR_PAST


def verdict(claim: Claim, statements: Iterable[str]) -> str | None:
    """ "contradicted", "unsupported" or None (the record holds the claim)."""
    if claim.acted:
        return _done_by_another(claim, statements)
    # What the claim says, as quantities ("deliveries" of rows that say "delivered").
    said = figures.quantities(stem_set(claim.words) - STOP_STEMS)
    holds = contradicted = -1  # the most of what the claim is of that such a sentence says
    for row in statements:
        # A row about something else ("inflation rose") says nothing of a deposit rate.
        if claim.objects and not claim.objects & {stem(t) for t in _TOKEN.findall(row)}:
            continue
        for sentence in _statements(row):
            held, against = _said_of(claim, sentence)
            near = len(said & figures.quantities(stem_set(sentence)))
            holds = max(holds, near) if held else holds
            contradicted = max(contradicted, near) if against else contradicted
    # One statement that holds it is enough: another saying an opposite word ("rose ... after
    # production cuts") is more often about something else than a denial, unless it says more
    # of the claim ("deliveries fell in the third quarter": "delivered 63 in the third
    # quarter, up from 51", not "cut its delivery target").
    if holds >= 0 and holds >= contradicted:
        return None
    return "contradicted" if contradicted >= 0 else "unsupported"


def outcome_undone(claim: Claim, statements: list[str], outcome: str) -> int | None:
    """The first statement that says the topic's curated outcome only as to come ("type
    certification is expected in February 2027"), when the claim takes it as done in other
    words ("received its type certificate") and no statement says it done; else None."""
    wanted = {stem(w) for w in _TOKEN.findall(outcome.lower()) if w not in STOP}
    if not wanted or claim.figures or not _names_outcome(stem_set(claim.words), wanted):
        return None
    to_come = None
    for index, statement in enumerate(statements):
        tokens = [t.lower() for t in _TOKEN.findall(statement)]
        for at, token in enumerate(tokens):
            if not _names_outcome({stem(token)}, wanted):
                continue
            near = set(tokens[max(0, at - 4) : at + 4])
            done = states(token) or bool(set(tokens[max(0, at - 3) : at]) & _RECEIVED)
            if done and not near & HEDGES:
                return None  # the record says it done
            to_come = index if to_come is None else to_come
    return to_come


def outcome_done(question: str, statements: list[str], outcome: str) -> bool:
    """Whether a question names the topic's curated outcome ("Did <the board> consent to ...?"
    of one curated "consent") and a statement says it done: its word with no hedge or
    negation in the three words before ("grants consent", "consents"; never "is expected to
    consent")."""
    wanted = {stem(w) for w in _TOKEN.findall(outcome.lower()) if w not in STOP}
    if not wanted or not _names_outcome(stem_set(question), wanted):
        return False
    for statement in statements:
        tokens = [t.lower() for t in _TOKEN.findall(statement)]
        for at, token in enumerate(tokens):
            hedged = set(tokens[max(0, at - 3) : at]) & (HEDGES | {"to"})
            if _names_outcome({stem(token)}, wanted) and not hedged:
                return True
    return False


def _names_outcome(said: set[str], wanted: set[str]) -> bool:
    """Whether stems name the outcome's word, one a form of the other of five letters or
    more ("certif" of certificate, "certifi" of certified), or the same."""
    return any(s == w or (min(len(s), len(w)) >= 5 and (s.startswith(w) or w.startswith(s)))
               for s in said for w in wanted)  # fmt: skip


def _done_by_another(claim: Claim, statements: Iterable[str]) -> str | None:
    """ "contradicted" when the record says the deed was done, of the claim's objects, only by
    others ("The union has called a second strike" against "why did the port authority call
    one"); None when one names the actor (a word of its name) as the doer, or none says it was
    done."""
    others = False
    for row in statements:
        for sentence in _statements(row):
            who = _doer(claim, sentence)
            if who is not None and set(claim.actor) & who:
                return None
            others = others or bool(who)
    return "contradicted" if others else None


def _doer(claim: Claim, sentence: str) -> set[str] | None:
    """The words of the clause before the deed's verb, where `sentence` states the deed (the
    verb done, of the claim's objects); else None."""
    tokens = _TOKEN.findall(sentence)
    lows = [t.lower() for t in tokens]
    family = family_of(claim.verb)
    for index, low in enumerate(lows):
        # Done, or decided ("agreed to acquire"): a deed the sentence says was undertaken.
        done = states(low) or low in IRREGULAR_PAST or lows[max(0, index - 2) : index] in _DECIDED
        alike = stem(low) == stem(claim.verb) or (family is not None and family_of(low) == family)
        # The deed as its noun after a verb done ("completed their merger with"): undertaken.
        nominal = _noun_of(low, claim.verb) and any(map(states, lows[max(0, index - 3) : index]))
        if not ((alike and done) or nominal):
            continue
        if any(b in HEDGES for b in lows[max(0, index - 3) : index]):
            continue
        # Of its noun, what it was of may stand before it ("X and Y completed their merger").
        of = lows if nominal else lows[index + 1 : index + 6]
        if claim.objects and not claim.objects & {stem(t) for t in of}:
            continue
        at = re.search(rf"(?<!\w){re.escape(low)}(?!\w)", sentence.lower())
        before = sentence[: at.start() if at else 0]
        clause = re.split(r"[,;:]", before)[-1]
        # "<Name>, the carrier formerly known as ..., agreed to": the doer is named before.
        if not any(t[:1].isupper() for t in _TOKEN.findall(clause)):
            clause = before
        # A deed done with another ("merged with <Name>") is that party's too.
        partner = _WITH_PARTY.match(sentence, at.end()) if at else None
        clause += f" {partner.group(1)}" if partner else ""
        return {t.lower() for t in _TOKEN.findall(clause)} - STOP - DETERMINERS
    return None


_WITH_PARTY = re.compile(r"\s+with\s+((?:[A-Z][\w'\u2019-]*\s?){1,4})")


def _noun_of(word: str, verb: str) -> bool:
    """Whether `word` is the noun of `verb` ("merger" of "merged", "acquisition" of "acquire"):
    another stem that opens with all but the last letter of the verb's, four at least."""
    said, done = stem(word), stem(verb)
    return len(done) >= 4 and said != done and said.startswith(done[:-1] if len(done) > 4 else done)


def _statements(row: str) -> list[str]:
    """A row's sentences that state something (a question states nothing)."""
    return [s for s in _STATEMENT.split(row) if s and "?" not in s]


def holding(claim: Claim, statements: list[str]) -> int | None:
    """Which of `statements` gives the figure a claimed figure is of, in the claim's unit (what
    the record holds instead of "inflation was 5%"), or that says who did a deed: the first,
    or None."""
    if claim.acted:
        found = (i for i, row in enumerate(statements)
                 if any(_doer(claim, s) for s in _statements(row)))  # fmt: skip
        return next(found, None)
    if not claim.figures or claim.family:
        # A state claimed the other way ("rates rising"): the first statement of the opposite.
        found = (i for i, row in enumerate(statements)
                 if any(_said_of(claim, s)[1] for s in _statements(row)))  # fmt: skip
        held = next(found, None)
        if held is not None or not claim.figures:
            return held
    # Of a date, a statement of the claim's own state first ("began on 17 November" for "began
    # on 24 November"), then any with a date ("from 3 December" of another strike); of a
    # figure, the first row that gives one (the issuer's reading, its newest).
    dated = any(_unit(_plain(f)) in ("date", "year") for f in claim.figures)
    # Of a figure claimed for a period ("150 GWh in September"), a statement of it first.
    when = periods(claim.words)
    deed = _deed_of_day(claim)  # "take effect on 1 December": a statement of its deed first
    for own_state in (True, False) if dated or when else (False,):
        found = []
        for index, row in enumerate(statements):
            for sentence in _statements(row):
                said = {stem(t) for t in _TOKEN.findall(sentence.lower())}
                if dated:
                    own = deed & said or _states_the_verb(claim, sentence)
                else:
                    own = when & periods(sentence)
                if own_state and not own:
                    continue
                if (not claim.objects or claim.objects & said) and any(
                    _figures_said(claim, sentence)
                ):
                    found.append((index, sentence))
        if found:
            return found[0][0] if dated else _exact_first(found)
    return None


def _exact_first(found: list[tuple[int, str]]) -> int:
    """Of the statements that give a figure in the claim's unit, the first that gives one as
    it is ("turnout was 79.2%"), before one that gives only a bound ("more than 50% of the
    votes", by `figures`' grammar of bounds): a bound is no reading to set a wrong figure
    against."""
    exact = (
        index
        for index, sentence in found
        if any(not figures.bound(sentence, m) for m in _FIGURE.finditer(sentence))
    )
    return next(exact, found[0][0])


def other_way(claim: Claim, statements: list[str]) -> tuple[int, str, str] | None:
    """(which statement, what it holds, the figure) when a claim with no figure of its own takes
    a curated quantity for granted gone the other way from a reading the rows give ("post a
    loss" of a company whose rows give its net income of $910 million; "a surplus" where they
    give a deficit: `Quantity.opposite_words`); None otherwise."""
    built = vocabulary.built()
    if claim.figures or built is None:
        return None
    said = stem_set(claim.words)
    turned = _tokens_said(said, built.opposite_words)  # "loss": a profit gone the other way
    kept = set() if claim.family else _tokens_said(said, built.quantity_words) - turned
    for index, statement in enumerate(statements):
        for f in figures.stated(statement):
            other = _tokens_said(f.quantity, built.opposite_words)
            held = figures.curated(f.quantity) - other
            if f.reading and (turned & held or kept & other):
                return index, f.named, f.text
    return None


def _tokens_said(stems: Iterable[str], table: dict[str, str]) -> set[str]:
    """The tokens of a curated words table (`Vocabulary.quantity_words`) whose words `stems`
    say, a phrase's every word."""
    said = set(stems)
    return {token for key, token in table.items() if set(key.split()) <= said}


def figures_held(claim: Claim, statements: list[str]) -> bool:
    """Whether some statement gives every figure the claim says: what it gets wrong is then
    its state word ("accept" of an offer rejected), never its figure."""
    return bool(claim.figures) and any(
        all(_plain(f) in _plain(statement) for f in claim.figures) for statement in statements
    )


def held_instead(claim: Claim, statement: str) -> tuple[str, str] | None:
    """What a statement holds of what a claimed figure measures, and the figure ("combined
    ratio", "94.1%" against "rose to 99%"): a reading in the claimed one's unit that shares a
    word of what it measures, named from the first word the claim says too ("will charge
    harbour dues of 1.8%": harbour dues); None when the claim states no such figure (a date)."""
    claimed = next((f for f in figures.stated(claim.words) if f.quantity), None)
    if claimed is None:
        return None
    held = [f for f in figures.stated(statement) if f.reading and f.unit == claimed.unit
            and f.quantity & claimed.quantity and not f.overlaps(claimed)]  # fmt: skip
    best = max(held, key=lambda f: len(f.quantity & claimed.quantity), default=None)
    if best is None:
        return None
    said = stem_set(claim.words)
    words = best.named.split()
    start = next((i for i, w in enumerate(words) if stem(w.lower()) in said), 0)
    return " ".join(words[start:]), best.text


_IN_MONTH = re.compile(
    rf"\b(?:in|during)\s+(?:early\s+|late\s+|mid-)?({MONTH})(?:\s+((?:19|20)\d\d))?\b",
    re.IGNORECASE,
)


def unheld_month(claim: Claim, rows: list) -> int | None:
    """When the claim says its state came about in a month and year ("raise its levy in March
    2026") that no row stating that state says or is dated in: the first row stating it (what
    the record holds instead); else None."""
    found = _IN_MONTH.search(claim.words) if claim.family and not claim.acted else None
    if found is None or not found.group(2):
        return None
    stating = [i for i, row in enumerate(rows)
               if any(_said_of(claim, s)[0] for s in _statements(row.snippet))]  # fmt: skip
    month = found.group(1).lower()[:3]
    number = [m.lower() for m in calendar.month_abbr].index(month)
    dated = f"{found.group(2)}-{number:02d}"
    if not stating or any(month in rows[i].snippet.lower() or (rows[i].date or "").startswith(
            dated) for i in stating):  # fmt: skip
        return None
    return stating[0]


def other_day(question: str, rows: list[str]) -> str:
    """A day the question says its subject was done on ("played on 22 November") that none of
    the rows says, while they say the day of what it was ("on 15 November"): a premise the
    record does not support, as the question words it; else empty."""
    found = EVENT_DAY.search(question)
    if not found:
        return ""
    held = frozenset().union(*(days_said(row) for row in rows))
    if not held or day_first(found.group("day")) in held:
        return ""
    said = found.group(0)
    return said[said.lower().index(" on ") + 1 :]


def other_month(question: str, topic) -> str:
    """A month the question sets its topic in that is not the month the topic is of ("the
    Velmora blackout in October 2026" of the November 2026 blackout, its year the same or
    unsaid): a premise the record does not support, as the question words it; else empty."""
    own = set(re.findall(MONTH, topic.period))
    said = list(_IN_MONTH.finditer(question)) if own else []
    if not said or any(m.group(1).lower() in own for m in said):
        return ""
    # Said of the topic's own noun, or of what it did ("the blackout in October", "the strike
    # take place in September"), not of a name ("reporting on the Federal Reserve in October")
    # nor of what was said of it ("the strike reported in September": when it was said).
    title = set(re.findall(r"\b[a-z]+\b", f"{topic.title} {topic.edition}"))  # never a name
    title |= _kind_nouns(topic)
    found = said[0]
    before = {w.lower() for w in re.findall(r"[\w']+", question[: found.start()])[-_NOUN_REACH:]}
    if not before & title or before & _SAYING:
        return ""
    if found.group(2) and found.group(2) not in topic.period:
        return ""
    return found.group(0)


_NOUN_REACH = 4  # the words before "in <month>" that may name what was done then


def _kind_nouns(topic) -> set[str]:
    """The words of the nouns its curated kind is called by ("decision", "quota" of a policy
    decision; "strike" of a place-bound event): a month said of one is said of the topic."""
    built = vocabulary.built()
    nouns = built.kind_nouns if built else {}
    return {w for noun, kinds in nouns.items() if topic.kind in kinds for w in noun.split()}


_SAYING = frozenset("said reported announced reporting covered wrote published news".split())


def misattributed(words: str, rows: list) -> int | None:
    """Which of `rows` (`answers.ground.Evidence`) gives the figure of the speaker a premise
    names, when the figure it says that speaker gives is only another's ("Tessaly Power puts
    the repair cost at €55 million" where the union gave €55 million and Tessaly €38
    million); None when the speaker gives it, or no row gives the speaker's own."""
    held = [(i, f) for i, row in enumerate(rows) for f in figures.held(row)]
    for claimed in figures.stated(words):
        who = figures.speaker(claimed)
        same = [f for _, f in held if f.unit == claimed.unit and f.overlaps(claimed)]
        if not who or not same or any(who <= figures.given_by(f) for f in same):
            continue
        own = [i for i, f in held if f.unit == claimed.unit and not f.overlaps(claimed)
               and who <= figures.given_by(f)]  # fmt: skip
        if own:
            return own[0]
    return None


def _states_the_verb(claim: Claim, sentence: str) -> bool:
    """Whether a sentence states the claim's state word (or one of its family) as done."""
    family = claim.family
    return any(stem(word) == stem(claim.verb) or (family and family_of(word) == family)
               for word, _ in _affirmed(sentence))  # fmt: skip


def _said_of(claim: Claim, sentence: str) -> tuple[bool, bool]:
    """Whether one sentence holds the claim, and whether it says the opposite."""
    if claim.verb in POSITIONS:
        said = {t.lower() for t in _TOKEN.findall(sentence)}
        return claim.verb in said, POSITIONS[claim.verb] in said
    deed = _deed_of_day(claim)
    if deed:  # "take effect on 1 December": a sentence of its deed holds that day, or another
        return _figures_said(claim, sentence) if deed & stem_set(sentence) else (False, False)
    # "Inflation was 5%", "why did 60,000 visitors come", "the breach exposed 2.3 million
    # records" (a verb of no state): the figure is what is claimed, whatever verb a row uses.
    if claim.verb in COPULAS or claim.counted or _figure_done(claim):
        return _figures_said(claim, sentence)
    family = claim.family
    opposites = OPPOSITE.get(family, set()) if family else set()
    holds = contradicted = False
    actor = _actor_said(claim, sentence)
    for word, stated in _affirmed(sentence):
        other = family_of(word)
        contradicted = contradicted or (stated and other is not None and other in opposites)
        same = stem(word) == stem(claim.verb) or (family is not None and other == family)
        # "Revised up to 612,000" holds "raised it to 612,000" (and down, "cut"): a figure
        # moved that way, by whichever verb.
        same = same or (family in ("up", "down") and other == f"revise-{family}")
        whole = not claim.whole or bool(_WHOLE_SAID.search(sentence))
        figures = all(_plain(f) in _plain(sentence) for f in claim.figures)
        holds = holds or (same and whole and figures and actor)
        # The same state with another figure of the claim's ("began on 3 November" against
        # "on 10 November"): the record says otherwise.
        contradicted = contradicted or (same and stated and _figures_said(claim, sentence)[1])
    return holds, contradicted


@functools.lru_cache(maxsize=256)
def _deed_of_day(claim: Claim) -> frozenset[str]:
    """What a claim says was done on its one day, by the words just before it ("take effect
    on 1 December": effect; "opened on 3 November": open), past names and light verbs; empty
    for a claim of no day, or one of a state family ("rose on 3 November") its rows say."""
    day = DAY_OF_MONTH.search(claim.words)
    if day is None or claim.family or not dated(claim):
        return frozenset()
    before = _TOKEN.findall(claim.words[: day.start()])[-3:]
    while before and before[-1].lower() in _DAY_JOINS:
        before.pop()
    told = [w for w in before[-2:] if w.islower() and w not in STOP]
    return frozenset(stem_set(" ".join(told)) - _LIGHT_VERBS)


_DAY_JOINS = frozenset("on in from by since until as of".split())
_LIGHT_VERBS = stem_set("take takes took taken make makes made have has had get gets got be is was")


def _actor_said(claim: Claim, sentence: str) -> bool:
    """Whether `sentence` names the claim's actor: its words, or another name of the tracked
    entity they name ("the Norvale Data Protection Authority" of "the NDPA")."""
    low = sentence.lower()
    return all(w in low for w in claim.actor) or any(n in low for n in claim.actor_names)


def _figures_said(claim: Claim, sentence: str) -> tuple[bool, bool]:
    """A figure claimed of a quantity ("inflation was 5%"): held where a statement of it gives
    that figure, contradicted where it gives another in the same unit."""
    said = [*_FIGURE.findall(sentence), *_levels(sentence), *DAY_OF_MONTH.findall(sentence),
            *_YEAR.findall(sentence)]  # fmt: skip
    given = [_plain(f) for f in said]
    wanted = [_plain(f) for f in claim.figures]
    held = bool(given) and all(w in given for w in wanted)
    units = {_unit(w) for w in wanted}
    other = [g for g in given if _unit(g) in units and g not in wanted]
    return held, bool(other) and not held


def _figure_done(claim: Claim) -> bool:
    """Whether a verb of no state has the claim's figure for its object, a name between at most
    ("exposed 2.3 million records", "fined <firm> EUR 48 million"), not a figure of something
    else it names ("beat its October forecast of 400,000": the beating is claimed)."""
    if not claim.figures or claim.family or dated(claim):
        return False
    tokens = _TOKEN.findall(claim.words)
    at = next((i for i, t in enumerate(tokens) if t.lower() == claim.verb.lower()), None)
    figure = next((i for i, t in enumerate(tokens) if i > (at or 0) and t[:1].isdigit()), None)
    if at is None or figure is None:
        return False
    between = [t for t in tokens[at + 1 : figure] if t.upper() not in _CODES]
    if len(between) <= 2 and not any(t.lower() == "of" for t in between):
        return True
    # "made a half-year pre-tax profit of £96m": the figure of a quantity curators keep, which
    # the verb only says was had, is what is claimed.
    before = [t.lower() for t in between]
    at_of = max((i for i, t in enumerate(before) if t == "of"), default=-1)
    return at_of > 0 and at_of == len(before) - 1 and bool(figures.curated({stem(before[-2])}))


def dated(claim: Claim) -> bool:
    """Whether every figure a claim gives is a day or a year, one day at most: when its state
    held ("contained on 2 November"); two days ("rise between 20 and 27 November") set two
    readings side by side."""
    units = [_unit(_plain(f)) for f in claim.figures]
    return set(units) <= {"date", "year"} and units.count("date") <= 1


def amounts(claim: Claim) -> bool:
    """Whether a claim gives figures and every one is an amount, no day or year among them
    ("grossed $75.9 million"; not "rose between 20 and 27 November")."""
    units = [_unit(_plain(f)) for f in claim.figures]
    return bool(units) and not set(units) & {"date", "year"}


def _unit(figure: str) -> str:
    """What a plain figure is of: "date" for a day of a month, "year" for a year, else its
    unit ("%", "gw")."""
    if _YEAR.fullmatch(figure):
        return "year"
    return "date" if re.search(MONTH, figure) else re.sub(r"[\d.$€£]", "", figure)


def _affirmed(sentence: str) -> list[tuple[str, bool]]:
    """The words `sentence` states, each with whether it is a past or participle form or a state
    adjective ("unchanged") rather than a present one ("Oil rises"); never a noun after a
    determiner ("a final launch rehearsal"), a hedged or a negated word."""
    tokens = [t.lower() for t in _TOKEN.findall(sentence)]
    out = []
    for index in range(len(tokens)):
        # "418,900 TEU, up 8.9% year on year", "63 aircraft, up from 51": the change a figure
        # states, as its verb would.
        moved = _MOVED.get(tokens[index]) if tokens[index + 1 : index + 2] else None
        figure = tokens[index + 2 if tokens[index + 1 : index + 2] == ["from"] else index + 1 :]
        if (
            moved
            and figure[:1]
            and figure[0][:1].isdigit()
            and tokens[index - 1 : index] != ["from"]
        ):
            out.append((moved, True))
            continue
        token = _phrasal(tokens, index)
        received = any(t in _RECEIVED for t in tokens[max(0, index - 2) : index])
        received = received or tokens[max(0, index - 2) : index] in _DECIDED  # "agreed to buy"
        base = token[:-3] if token.endswith("ing") else token  # "backed lowering": lowered
        family = family_of(token) or family_of(base) or family_of(f"{base}e")
        stated = states(token.split()[0]) or token in STATIVE or (received and family)
        if not (stated or (token.endswith("s") and family_of(token))):
            continue
        token = token if family_of(token) or not family else f"{base}ed"
        if index and tokens[index - 1] in DETERMINERS and not _relative(tokens, index):
            continue
        if any(b in HEDGES for b in tokens[max(0, index - 3) : index]):
            continue
        out.append((token, stated))
    return out


_DECIDED = (["agreed", "to"], ["decided", "to"], ["voted", "to"], ["chose", "to"])
_MOVED = {"up": "rose", "down": "fell"}  # before a figure ("up 8.9%"), the change it states


def _relative(tokens: list[str], index: int) -> bool:
    """Whether "that" before a past form opens a clause ("the strike that began"), not a
    determiner of a noun ("that cut")."""
    word = tokens[index].split()[0]
    return tokens[index - 1] == "that" and states(word) and word not in _NOUN_PASTS


_NOUN_PASTS = frozenset("cut set hit shut".split())  # past forms that are nouns as often
_UNITS = {"percent": "%", "per cent": "%", "gigawatts": "gw", "gigawatt": "gw",
          "megawatts": "mw", "megawatt": "mw", "kilometres": "km", "kilometers": "km",
          "kilometre": "km", "kilometer": "km"}  # fmt: skip


def _plain(text: str) -> str:
    low = DAY_OF_MONTH.sub(lambda m: day_first(m.group(0)), text.lower())
    for word, unit in _UNITS.items():
        low = low.replace(word, unit)
    low = _DURATION.sub(r"\1\2", low)  # "72 hours" and "a 72-hour strike" are one span
    low = _SCALED.sub(lambda m: m.group(1) + ("bn" if m.group(2)[0] in "bB" else "m"), low)
    return re.sub(r"\s+", "", _spelled(low)).replace(",", "")


def _spelled(text: str) -> str:
    """`text` with each count in words in digits ("five hikers": "5 hikers")."""
    return _SPELLED.sub(lambda m: str(SPELLED_OUT[m.group(0).lower()]), text)
