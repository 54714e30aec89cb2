"""Scope: what the service answers, and the requests it does not serve.

It answers from the record. It does not write creative text (a poem, a story, a speech), give
investment, legal or personal advice ("should I buy", "is it a good time to"), make predictions
of its own ("what do you predict": market prices are what a crowd believes, and are served as
such), or do arithmetic ("17 times 23"). A request of those kinds is declined in one line,
pointing to the record where the question names one; a question that mixes one with a question
of fact is answered on the facts, and says first that it gives no advice.
"""

import re
from dataclasses import dataclass

CREATIVE = re.compile(
    r"\b(?:write|compose|draft|pen|make up|create|generate|invent|escribe|escriba|schreib|"
    r"schreibe|écris|écrivez|escreve|escreva)\b[^.?!]{0,40}?\b(?:poem|poems|story|stories|song|"
    r"lyrics|haiku|limerick|essay|joke|tweet|speech|script|rap|sonnet|novel|fiction|ballad|op-ed|"
    r"slogan|poema|cuento|canción|gedicht|geschichte|lied|poème|histoire|chanson|conto|canção|"
    r"história)\b"
    r"|\b(?:tell me a (?:story|joke)|pretend (?:that|you)|imagine (?:that|you|a world))\b",
    re.IGNORECASE,
)
ADVICE = re.compile(
    "|".join(
        [
            r"\b(?:should|shall|must|ought)\s+(?:i|we)\b",
            r"\b(?:is it|is now) (?:a )?(?:good|wise|smart|safe|bad) (?:time|idea|moment|"
            r"investment|bet)\b",
            r"\b(?:a|an) (?:good|great|wise|smart|safe|sound|bad|risky) (?:investment|buy|bet|"
            r"stock|pick)\b",
            r"\badvise (?:me|us)\b",
            r"\b(?:give|need|want) (?:me |us )?(?:some |any )?(?:\w+ )?advice\b",
            r"\brecommend (?:me|us|a|an|which|what|some)\b|\byour recommendation\b",
            r"\bwhat (?:stock|stocks|shares|fund|funds|crypto|coin) (?:should|to)\b",
            r"\b(?:worth|good) (?:buying|selling|investing)\b",
            r"\bmy (?:portfolio|savings|pension|investments?|mortgage|money)\b",
            r"\b(?:debería|deberíamos|soll ich|sollte ich|sollten wir|dois-je|devrais-je|"
            r"faut-il que je|devo|devemos)\b",
        ]
    ),
    re.IGNORECASE,
)
PREDICTION = re.compile(
    r"\byour (?:own )?(?:prediction|predictions|forecast|guess|opinion|view|take|bet)\b"
    r"|\bwhat do you (?:predict|think will|expect|forecast|reckon)\b|\b(?:can|could) you "
    r"(?:predict|forecast)\b|\bpredict (?:whether|if|what|who|how|when)\b"
    r"|\bin your (?:opinion|view)\b",
    re.IGNORECASE,
)
CALCULATION = re.compile(
    # the multiplication and division signs as written, and * and +
    r"\b\d+(?:[.,]\d+)?\s*(?:times|plus|minus|divided by|multiplied by|[\u00d7\u00f7*+])\s*\d+",
    re.IGNORECASE,
)
KINDS = (
    ("creative", CREATIVE),
    ("advice", ADVICE),
    ("prediction", PREDICTION),
    ("calculation", CALCULATION),
)
# A clause that asks a question of fact: what happened, is, did, how much, who...
_FACT = re.compile(
    # "... and also tell me how many": a joining word may open the clause of fact.
    r"^\W*(?:(?:also|then|please|and|but|plus)\s+)*"
    r"(?:what|who|which|when|where|why|how|is|are|was|were|did|does|do|has|have|had|will|"
    r"(?:tell|show|give) me (?:what|about|whether|if|how|who|which|when|where|why)|"
    r"qué|quién|cuándo|cómo|was|wer|wann|wie|que|qui|quand|"
    r"comment|quem|quando|como|qual|quanto|onde|o que)\b",
    re.IGNORECASE,
)
_CLAUSES = re.compile(r"(?<=[?.!;])\s+|\s*,\s*(?:and|but|also)\s+|\s+(?:and|but) also\s+")


@dataclass(frozen=True)
class Scope:
    kind: str | None  # creative | advice | prediction | calculation; None: a question it answers
    facts: str  # what of the question asks for facts (the whole question when kind is None)

    @property
    def declined(self) -> bool:
        """Nothing left to answer from the record once the request is set aside."""
        return self.kind is not None and not self.facts


def scope_of(question: str) -> Scope:
    """The kind of request the question makes that the service does not serve, and the part of
    it that asks for facts."""
    clauses = [c.strip() for c in _CLAUSES.split(question) if c and c.strip()]
    kind, facts = None, []
    for clause in clauses:
        found = next((name for name, pattern in KINDS if pattern.search(clause)), None)
        if found:
            kind = kind or found
        else:
            facts.append(clause)
    if kind is None:
        return Scope(None, question)
    asked = [c for c in facts if _FACT.search(c) or c.rstrip().endswith("?")]
    return Scope(kind, " ".join(asked))
