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

import re
from collections.abc import Iterable
from dataclasses import dataclass

from answers.vocabulary import STOP, stem

# State groups by stem: a question's state word and a statement's meet when their stems share a
# group ("raised" and "hiked"); a statement in an opposite group contradicts it.
FAMILIES: dict[str, frozenset[str]] = {
    name: frozenset(stem(w) for w in text.split())
    for name, text in {
        "up": """raise hike rise rose risen increase higher boost climb jump surge soar gain
            grow grew grown accelerate rising""",
        "down": """cut lower reduce decrease fall fell fallen drop slash ease decline slip slide
            plunge sink sank tumble slump shrink shrank fade falling collapsing""",
        "hold": "hold held unchanged steady keep kept pause maintain unmoved",
        "stronger": "strengthen intensify stronger upgrade",
        "weaker": "weaken weaker downgrade dissipate",
        "launch": "launch lift liftoff",
        "delay": "delay postpone scrub push",
        "cancel": "cancel canceled cancelled scrap abandon axe",
        "sign": "sign seal",
        "collapse": "collapse break broke broken fail",
        "approve": "approve clear authorise authorize",
        "reject": "reject deny block refuse",
        "open": "open reopen restore resume",
        "close": "close shut halt suspend",
        "win": "win won",
        "lose": "lose lost",
        "end": "end finish complete conclude",
        "contain": "contain extinguish",
        "spread": "spread escalate",
    }.items()
}
OPPOSITE = {"up": {"down", "hold"}, "down": {"up", "hold"}, "hold": {"up", "down"},
            "stronger": {"weaker"}, "weaker": {"stronger"}, "launch": {"delay", "cancel"},
            "delay": {"launch"}, "cancel": {"launch"}, "sign": {"collapse"},
            "collapse": {"sign"}, "approve": {"reject"}, "reject": {"approve"},
            "open": {"close"}, "close": {"open"}, "win": {"lose"}, "lose": {"win"},
            "contain": {"spread"}, "spread": {"contain"}}  # fmt: skip
# Two-word verbs whose state is their own ("called off" is cancelled, "pushed back" delayed).
PHRASAL = {"called off": "cancel", "call off": "cancel", "lifted off": "launch",
           "lift off": "launch", "pushed back": "delay", "push back": "delay",
           "broke down": "collapse", "broken down": "collapse", "shut down": "close",
           "wound down": "end", "put out": "contain"}  # fmt: skip
# A claim of a whole state ("fully contained") is held only by a statement of a whole state.
_WHOLE = frozenset("fully completely entirely totally wholly".split())
_WHOLE_SAID = re.compile(r"\b(?:fully|completely|entirely|totally|wholly|100\s?%)", re.I)
_IRREGULAR = frozenset(
    """cut set held kept rose risen fell fallen won lost broke broken shut hit sank shrank grew
    grown began begun left led met paid sold spent struck""".split()
)
HEDGES = frozenset(
    """not no never yet without will would could may might should shall expected expects expect
    plans plan planned aims aim hopes hope if whether unless before cannot can't won't isn't
    hasn't haven't wasn't weren't didn't doesn't don't""".split()
)
# A state received is stated too: "won marketing authorisation", "received approval".
_RECEIVED = frozenset("won received got gained secured granted obtained earned".split())
STATIVE = frozenset("unchanged steady higher lower stronger weaker open closed shut".split())
DETERMINERS = frozenset("a an the any this that its their his her our".split())
_TOKEN = re.compile(r"\d+(?:[.,]\d+)*%?|[^\W_]+(?:['\u2019][^\W_]+)?|%", re.UNICODE)
# A figure a claim sets a state to: a percentage, basis points or a sum ("set to 5%", "$3 billion").
_FIGURE = re.compile(
    r"[$€£]\s?\d+(?:[.,]\d+)*|\d+(?:[.,]\d+)*\s*(?:%|percent|per cent|bps?\b)", re.IGNORECASE
)
_STATEMENT = re.compile(r"(?<=[.!;])\s+")
# What presupposes: why, how or when something came about, or a clause opening on it. A yes or
# no question ("Has the port reopened?") asks, it does not assert, and is answered, not corrected.
_LEAD = re.compile(
    r"^\s*(?:(?:what\s+made|what\s+caused|(?P<why>why|how|when)(?:\s+(?:far|long|soon))?"
    r"\s+(?P<aux>did|has|have|had|was|were|is|are))\b"
    r"|(?P<since>since|after|following|now that|given that|once)\b)",
    re.IGNORECASE,
)
# A statement put before the question ("The bank set its rate to 5%: why so low?").
_STATED = re.compile(
    r"^(?P<claim>[^:?]{8,}?)\s*(?:[:;]|,(?!\d))\s*(?:why|how|what)\b", re.IGNORECASE
)


@dataclass(frozen=True)
class Claim:
    words: str  # the question's own words for it
    verb: str  # the state word as asked
    figures: tuple[str, ...]
    objects: frozenset[str] = frozenset()  # stems of what the state is of ("deposit", "rate")
    whole: bool = False  # "fully", "completely": only a whole state holds it

    @property
    def family(self) -> str | None:
        return family_of(self.verb)


def family_of(word: str) -> str | None:
    if " " in word:
        return PHRASAL.get(word.lower())
    root = stem(word.lower())
    return next((name for name, stems in FAMILIES.items() if root in stems), None)


def _phrasal(tokens: list[str], index: int) -> str:
    """The token at `index`, joined to the next when the two make a phrasal state verb."""
    pair = " ".join(t.lower() for t in tokens[index : index + 2])
    return pair if pair in PHRASAL else tokens[index].lower()


def claim_of(question: str, subject_words: Iterable[str]) -> Claim | None:
    """The claim `question` takes for granted, or None. `subject_words` are the topic's own
    words (names, title, terms): they are its subject, never its state word."""
    for clause in re.split(r"[?;]|,\s+(?=(?:and|but)\b)", question):
        claim = _claim_in(clause.strip(), {w.lower() for w in subject_words})
        if claim:
            return claim
    return None


def _claim_in(clause: str, subject: set[str]) -> Claim | None:
    lead, stated = _LEAD.match(clause), _STATED.match(clause)
    if lead:
        rest = re.split(r",(?!\d)", clause[lead.end() :])[0]  # the claim ends with its clause
        aux = (lead.group("aux") or "").lower()
        after_do = aux == "did" or not (aux or lead.group("since"))
    elif stated:  # only with a figure: "the Corvala rate cut: what's the story?" states nothing
        rest, after_do = stated.group("claim"), False
        if not _FIGURE.search(rest):
            return None
    else:
        return None
    tokens = _TOKEN.findall(rest)
    before: list[str] = []
    for index, token in enumerate(tokens):
        low = _phrasal(tokens, index)
        if token[:1].isupper() or low in DETERMINERS:
            continue
        if not family_of(low) and (low in subject or low in STOP):
            before.append(token)
            continue
        if low in _WHOLE:
            continue
        if not low.replace(" ", "").isalpha():
            continue
        figures = tuple(f.replace(" ", "") for f in _FIGURE.findall(" ".join(tokens[index:])))
        # A state word makes a claim; any other verb only with a figure ("set its rate to 5%"):
        # "How has the fire developed?" takes nothing for granted that the record could deny.
        if family_of(low) or (figures and (after_do or states(low))):
            # What the state is of: the question's own lower-case words around it (names are in
            # every row of the topic, so they single out none).
            around = [*before, *tokens[index + 1 : index + 4]]
            objects = {stem(t) for t in around
                       if t.isalpha() and t.islower() and t not in STOP
                       and t not in DETERMINERS}  # fmt: skip
            words = _said(rest, tokens[: index + 6])
            whole = bool(_WHOLE & {t.lower() for t in tokens})
            return Claim(words, low, figures, frozenset(objects), whole)
        before.append(token)
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
    return word.endswith(("ed", "en")) or word in _IRREGULAR


def verdict(claim: Claim, statements: Iterable[str]) -> str | None:
    """ "contradicted", "unsupported" or None (the record holds the claim)."""
    family = claim.family
    opposites = OPPOSITE.get(family, set()) if family else set()
    holds = contradicted = False
    for row in statements:
        # A row about something else ("inflation rose") says nothing of a deposit rate.
        if claim.objects and not claim.objects & {stem(t) for t in _TOKEN.findall(row)}:
            continue
        for sentence in (s for s in _STATEMENT.split(row) if s and "?" not in s):
            for word, stated in _affirmed(sentence):
                other = family_of(word)
                contradicted = contradicted or (stated and other is not None and other in opposites)
                same = stem(word) == stem(claim.verb) or (family is not None and other == family)
                whole = not claim.whole or bool(_WHOLE_SAID.search(sentence))
                figures = all(_plain(f) in _plain(sentence) for f in claim.figures)
                holds = holds or (same and whole and figures)
    # One statement that holds it is enough: another saying an opposite word ("rose ... after
    # production cuts") is more often about something else than a denial.
    if holds:
        return None
    return "contradicted" if contradicted else "unsupported"


def _affirmed(sentence: str) -> list[tuple[str, bool]]:
    """The words `sentence` states, each with whether it is a past or participle form or a state
    adjective ("unchanged") rather than a present one ("Oil rises"); never a noun after a
    determiner ("a final launch rehearsal"), a hedged or a negated word."""
    tokens = [t.lower() for t in _TOKEN.findall(sentence)]
    out = []
    for index in range(len(tokens)):
        token = _phrasal(tokens, index)
        received = any(t in _RECEIVED for t in tokens[max(0, index - 2) : index])
        stated = states(token.split()[0]) or token in STATIVE or (received and family_of(token))
        if not (stated or (token.endswith("s") and family_of(token))):
            continue
        if index and tokens[index - 1] in DETERMINERS:
            continue
        if any(b in HEDGES for b in tokens[max(0, index - 3) : index]):
            continue
        out.append((token, stated))
    return out


def _plain(text: str) -> str:
    return re.sub(r"\s+|percent|per cent", "", text.lower()).replace(",", "")
