"""The question's language: the Answer Engine answers in it, among those it has catalogues for.

The model is py3langid's (langid.py's naive Bayes over byte n-grams, shipped inside its wheel: no
download), cut to the languages it must tell apart: those with a catalogue, and a set without one
(`UNCATALOGUED`), recognised so that they are not read as a catalogued neighbour (Italian as
Spanish, Dutch as German) and so that the answer can say, in English, which language it did not
answer in (`uncatalogued`). Measured on short questions (docs/decisions.md): right more often
than lingua's detector on them, a tenth of a millisecond a question, about 50 MB resident once
loaded (lingua: about 180 MB).

Scripts settle what a model need not: kana is Japanese, Arabic script without Persian or Urdu
letters is Arabic, an inverted question or exclamation mark is Spanish. Registry names are mostly
English ("Federal Reserve", "Artemis II") and must not flip a Spanish question to English, so a
run of two or more capitalised words is left out of what the model reads.
"""

import contextlib
import functools
import re
from collections.abc import Iterator

import numpy as np
from babel import Locale
from django.utils import translation

SUPPORTED = ("en", "es", "de", "fr", "ja", "ar", "pt")
FALLBACK = "en"
# Told apart so that they are not mistaken for a supported neighbour; answered in English, with a
# line naming the language (docs/decisions/0046). Latin-script ones first: with them in the cut,
# the questions of every test and evaluation set keep their language (with Malay added,
# Indonesian questions split between the two under the bar, so neither is kept).
UNCATALOGUED = ("it", "nl", "pl", "id", "sv", "da", "no", "ro", "tr", "cs", "fi",
                "ru", "uk", "el", "he", "hi", "ko", "th", "zh", "fa", "ur")  # fmt: skip
_RECOGNISED = (*SUPPORTED, *UNCATALOGUED)
# Below this the model is guessing (a lone "Wer?" or "Cuba?"): English, said plainly, is safer
# than a confident answer in the wrong language.
_CONFIDENT = 0.6
_MIN_LETTERS = 6

_KANA = re.compile(r"[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]")
_ARABIC = re.compile(r"[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]")
# Letters of Persian and Urdu (pe, che, zhe, gaf, keheh, farsi yeh, ...) that Arabic does not use.
_NOT_ARABIC = re.compile(
    r"[\u067e\u0686\u0698\u06af\u06a9\u06cc\u0679\u0688\u0691\u06ba\u06be\u06d2]"
)
_LATIN = re.compile(r"[A-Za-z\u00c0-\u024f]")
_LETTER = re.compile(r"[^\W\d_]")
_SPANISH_MARKS = re.compile(r"[¿¡]")
# Two or more capitalised words (or a capitalised word then a numeral): a name, in any language.
_NAME_RUN = re.compile(
    r"(?<![\w'])[A-Z][\w'\u2019.-]*(?:\s+(?:[A-Z][\w'\u2019.-]*|[IVXLC]+|\d[\w.-]*))+(?![\w'])"
)


@functools.cache
def _identifier():
    """The model cut to `_RECOGNISED`, loaded once per process (about a second).

    Built from the model's arrays rather than `set_languages`, which keeps the 97-language table
    alive beside the cut (78 MB resident instead of 52)."""
    from py3langid.langid import MODEL_DIR, MODEL_FILE, LanguageIdentifier
    from py3langid.modelio import load_model

    ptc, pc, classes, nextmove, row, output = load_model(MODEL_DIR / MODEL_FILE)
    keep = [i for i, c in enumerate(classes) if c in _RECOGNISED]
    return LanguageIdentifier(
        np.ascontiguousarray(np.asarray(ptc)[:, keep]),
        np.asarray(pc)[keep],
        [classes[i] for i in keep],
        nextmove,
        output,
        norm_probs=True,
        tk_row=row,
    )


def detect(text: str) -> str:
    """The language of `text` among SUPPORTED; English when it is another or too short to tell."""
    language = identify(text)
    return language if language in SUPPORTED else FALLBACK


@functools.lru_cache(maxsize=1024)  # asked by each step of one answer
def identify(text: str) -> str:
    """The language of `text` among those recognised (`SUPPORTED` and `UNCATALOGUED`); English
    when too short to tell or the model is unsure."""
    if _KANA.search(text):
        return "ja"
    arabic = len(_ARABIC.findall(text))
    if arabic > len(_LATIN.findall(text)) and not _NOT_ARABIC.search(text):
        return "ar"
    if _SPANISH_MARKS.search(text):
        return "es"
    words = _without_names(text)
    if len(_LETTER.findall(words)) < _MIN_LETTERS:
        return FALLBACK
    language, confidence = _identifier().classify(words)
    return language if confidence >= _CONFIDENT else FALLBACK


def uncatalogued(text: str) -> str | None:
    """The English name of the language of `text` when it is one the engine recognises and has
    no catalogue for ("Italian"), else None: the answer is in English and says so."""
    language = identify(text)
    return None if language in SUPPORTED else Locale("en").languages.get(language, language)


def reads_as(words: str, language: str) -> bool:
    """Whether the model finds `words` (a few of a question's) likelier in `language` than in
    English: "Furacão Tavia" in a Portuguese question is its own words for a tracked name, "Bank
    of Japan" is a name in the registry's language. A run it has no n-grams for ("OPEP") is
    likelier in neither."""
    likely = dict(_identifier().rank(words))
    return likely.get(language, 0.0) > likely[FALLBACK]


def capitals_mark_names(language: str) -> bool:
    """Whether a capitalised word of a question in `language` may be read as a name. Not in
    German, which capitalises every noun, nor in Portuguese or a language without a catalogue:
    their questions say the registry's names in their own words ("O Furacão Tavia", "L'uragano
    Tavia"), which the registry's English vocabulary cannot tell from another name."""
    return language not in ("de", "pt", *UNCATALOGUED)


def _without_names(text: str) -> str:
    """`text` less its runs of capitalised words, unless that leaves next to nothing (a question
    typed in title case is read whole)."""
    rest = _NAME_RUN.sub(" ", text)
    return rest if len(_LETTER.findall(rest)) >= _MIN_LETTERS else text


@contextlib.contextmanager
def answering(text: str) -> Iterator[str]:
    """Django's active language set to the language of `text` for the block; yields its code.

    `override` restores the language the caller had, also on an exception, so a request or task
    that answers in German leaves the site, the admin and the API in English."""
    language = detect(text)
    with translation.override(language):
        yield language
