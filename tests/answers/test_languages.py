"""The question's language, and the catalogues the engine answers it from."""

# Japanese and Chinese questions are written with their own full-width punctuation.
# ruff: noqa: RUF001

import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po
from django.conf import settings
from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext

from answers.understand import phrases
from answers.understand.languages import (
    SUPPORTED,
    answering,
    capitals_mark_names,
    detect,
    identify,
    reads_as,
    uncatalogued,
)
from config.contract import schema_of

LOCALE = Path(settings.BASE_DIR) / "locale"
TRANSLATED = [code for code in SUPPORTED if code != "en"]
# The Makefile's `catalogues` keywords, beside Babel's defaults (_, gettext, ngettext, pgettext).
KEYWORDS = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "gettext_lazy": None,
    "ngettext_lazy": (1, 2),
    "pgettext_lazy": ((1, "c"), 2),
    "_lazy": None,
}

QUESTIONS = {
    "en": [
        "What did the central bank decide about interest rates?",
        "Is the storm still getting stronger tonight?",
        "How much has the launch been delayed so far?",
        "Who is winning the election according to the markets?",
    ],
    "es": [
        "¿Qué decidió la Federal Reserve?",
        "Qué dijo el banco central sobre los tipos de interés",
        "cuántos muertos dejó la tormenta en la costa",
        "¿Cuándo despega Artemis II?",
        "Qué cambió esta semana con Artemis II",
    ],
    "de": [
        "Was hat die Federal Reserve beschlossen?",
        "Wann startet Artemis II endlich?",
        "Wie hoch ist der Schaden nach dem Sturm?",
        "Was hat sich in dieser Woche geändert?",
        "Was sagt die Europäische Zentralbank zu den Zinsen?",
    ],
    "fr": [
        "Qu'a décidé la Federal Reserve ?",
        "Quand la mission Artemis II va-t-elle décoller ?",
        "Combien de dégâts la tempête a-t-elle causés ?",
        "Qu'est-ce qui a changé cette semaine ?",
    ],
    "ja": [
        "Federal Reserveは何を決めましたか？",
        "Artemis IIはいつ打ち上げられますか",
        "嵐の被害はどれくらいですか？",
        "今週何が変わりましたか",
    ],
    "ar": [
        "ماذا قرر الاحتياطي الفيدرالي؟",
        "متى تنطلق Artemis II؟",
        "ما حجم الأضرار التي خلفتها العاصفة؟",
        "ماذا قالت Federal Reserve عن أسعار الفائدة؟",
    ],
    "pt": [
        "O que a Federal Reserve decidiu sobre os juros?",
        "Quando a Artemis II vai ser lançada?",
        "Quanto custaram os danos da tempestade?",
        "O furacão ainda está a ganhar força esta noite?",
        "Quem está a ganhar as eleições segundo os mercados?",
    ],
}
# Without a catalogue: answered in English, not in the neighbour they resemble, and named.
ELSEWHERE = {
    "Cosa ha deciso la Federal Reserve sui tassi?": "Italian",
    "Quando partirà la missione Artemis II?": "Italian",
    "Quanti danni ha fatto la tempesta sulla costa?": "Italian",
    "Wat heeft de Federal Reserve besloten over de rente?": "Dutch",
    "Is er een staakt-het-vuren in het oosten van Congo?": "Dutch",
    "Kiedy wystartuje misja Artemis II?": "Polish",
    "Czy huragan nadal się wzmacnia na wybrzeżu?": "Polish",
    "Kapan misi Artemis II akan diluncurkan?": "Indonesian",
    "Berapa banyak dana yang dikumpulkan perusahaan itu?": "Indonesian",
    "Vad beslutade Federal Reserve om räntan?": "Swedish",
    "Är orkanen fortfarande aktiv vid kusten?": "Swedish",
    "美联储决定了什么？": "Chinese",
    "فدرال رزرو درباره نرخ بهره چه تصمیمی گرفت؟": "Persian",
}


@pytest.mark.parametrize(
    ("language", "question"),
    [(language, q) for language, questions in QUESTIONS.items() for q in questions],
)
def test_detect_names_the_question_language(language, question):
    assert detect(question) == language


@pytest.mark.parametrize("question", ELSEWHERE)
def test_detect_answers_other_languages_in_english(question):
    assert detect(question) == "en"


@pytest.mark.parametrize(("question", "name"), ELSEWHERE.items())
def test_a_language_without_a_catalogue_is_recognised_and_named(question, name):
    assert identify(question) not in SUPPORTED
    assert uncatalogued(question) == name


@pytest.mark.parametrize(
    "question", [q for language, questions in QUESTIONS.items() for q in questions]
)
def test_a_language_with_a_catalogue_or_english_names_no_other(question):
    assert uncatalogued(question) is None


@pytest.mark.parametrize("question", ["", "?", "Cuba?", "Artemis II", "ok", "Wer?"])
def test_too_little_to_tell_names_no_language(question):
    assert identify(question) == "en"
    assert uncatalogued(question) is None


@pytest.mark.parametrize("question", ["", "?", "Cuba?", "Federal Reserve", "Artemis II", "ok"])
def test_detect_too_little_to_tell_is_english(question):
    assert detect(question) == "en"


@pytest.mark.parametrize(
    ("words", "language"),
    [("Furacão Tavia", "pt"), ("Reserva Federal", "pt"), ("L'uragano Tavia", "it"),
     ("Rezerwa Federalna", "pl"), ("Apakah Badai Tavia", "id"), ("Orkaan Tavia", "nl")],
)  # fmt: skip
def test_a_run_of_the_questions_own_words_reads_as_its_language(words, language):
    assert reads_as(words, language)


@pytest.mark.parametrize(
    ("words", "language"),
    [("Bank of Japan", "pt"), ("Eastgate Robotics", "it"), ("Meridian Airlines", "pt"),
     ("Brightwater Bank", "sv"), ("Orchard Pay", "id"), ("Lusmak", "pt")],
)  # fmt: skip
def test_a_name_in_the_registrys_language_does_not(words, language):
    assert not reads_as(words, language)


def test_capitals_mark_names_only_where_the_language_capitalises_names_alone():
    assert all(capitals_mark_names(code) for code in ("en", "es", "fr", "ja", "ar"))
    assert not any(capitals_mark_names(code) for code in ("de", "pt", "it", "nl", "pl", "id"))


def test_registry_names_do_not_flip_a_spanish_question():
    assert detect("¿Qué decidió la Federal Reserve?") == "es"
    assert detect("Qué dijo la Federal Reserve Board sobre la Bank of England") == "es"


def test_answering_activates_the_language_and_restores_english():
    with answering("Was hat die Federal Reserve beschlossen?") as language:
        assert language == "de"
        assert translation.get_language() == "de"
        assert str(phrases.NO_LIVE_MARKET) != _msgid(phrases.NO_LIVE_MARKET)
    assert translation.get_language() == "en-us"


def test_a_phrase_is_looked_up_when_formatted():
    said = {"source": "Fed", "date": "2026-03-18", "words": "rates held"}
    assert phrases.SAID_ON.format(**said) == 'Fed said on 2026-03-18: "rates held"'
    with translation.override("ja"):
        assert phrases.SAID_ON.format(**said) == "Fedは2026-03-18に次のように述べた：「rates held」"


def _msgid(phrase: Promise) -> str:
    with translation.override(None):
        return str(phrase)


def _extracted() -> set[str]:
    """Every msgid in answers/ now, whether or not `make catalogues` has been run since."""
    found = extract_from_dir(str(Path(settings.BASE_DIR) / "answers"), keywords=KEYWORDS)
    return {msgid if isinstance(msgid, str) else msgid[0] for _, _, msgid, *_ in found}


def _catalogue(language: str):
    with (LOCALE / language / "LC_MESSAGES" / "django.po").open("rb") as po:
        return read_po(po, locale=language)


def _placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def test_every_engine_phrase_is_extracted():
    assert len(_phrases()) >= 33
    assert {_msgid(p) for p in _phrases()} <= _extracted()


def _phrases():
    return [v for v in vars(phrases).values() if isinstance(v, Promise)]


def test_portuguese_answers_like_every_catalogued_language():
    assert "pt" in TRANSLATED
    assert {p.name for p in LOCALE.iterdir() if p.is_dir()} == set(TRANSLATED)
    assert [code for code, _ in settings.LANGUAGES] == list(SUPPORTED)
    language = schema_of("svc.answer.v1")["properties"]["language"]
    assert language["enum"] == list(SUPPORTED)


# The source check refuses a market sentence that does not say it is belief, in the words of
# BELIEF_WORDS in the answering language: each language's market sentences must carry one.
MARKET_PHRASES = [phrases.CROWD_PRICES, phrases.HISTORICAL_PRICE, phrases.PRICE_MOVED,
                  phrases.COMPARE_MORE_LIKELY_BY]  # fmt: skip


@pytest.mark.parametrize("language", SUPPORTED)
def test_every_market_sentence_says_belief_in_its_language(language):
    with translation.override(language):
        belief = str(phrases.BELIEF_WORDS).casefold().split()
        for phrase in MARKET_PHRASES:
            said = str(phrase).casefold()
            assert any(word in said for word in belief), (language, said)


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_msgid_is_translated_with_its_placeholders(language):
    catalogue = _catalogue(language)
    assert not catalogue.fuzzy, f"{language}: the catalogue's header is marked fuzzy"
    for msgid in sorted(_extracted()):
        message = catalogue.get(msgid)
        assert message is not None, f"{language}: {msgid!r} is missing: run make catalogues"
        assert message.string, f"{language}: {msgid!r} is untranslated"
        assert not message.fuzzy, f"{language}: {msgid!r} is fuzzy: review it"
        assert _placeholders(message.string) == _placeholders(msgid), (
            f"{language}: {message.string!r} does not carry the placeholders of {msgid!r}"
        )


@pytest.mark.parametrize("language", TRANSLATED)
def test_compiled_catalogue_is_current(language):
    folder = LOCALE / language / "LC_MESSAGES"
    po, mo = folder / "django.po", folder / "django.mo"
    assert mo.exists(), f"{mo} is missing: run make messages"
    assert mo.stat().st_mtime >= po.stat().st_mtime, f"{po} is newer than {mo}: run make messages"


@pytest.mark.parametrize("language", TRANSLATED)
def test_django_loads_the_compiled_catalogue(language):
    msgid = _msgid(phrases.DISCLAIMER)
    with translation.override(language):
        assert gettext(msgid) == _catalogue(language).get(msgid).string != msgid
