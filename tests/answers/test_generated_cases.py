"""Cases generated from the registry's own structure (issue 51), and the engine held to them.

The generator reads whatever registry is loaded (the curated worlds here, and a registry a test
curates itself), deterministically by seed; the floors are per class, on a fixed sample, so no
class can hide behind another's count.
"""

import pytest

from answers.measure.casegen import cases_generate
from answers.measure.evaluation import (
    REGISTRIES,
    generated_cases,
    identity_scored,
    synth_cases,
)
from registry import services
from tests.answers.test_figures_asked import _reports, _topic
from tests.conftest import loaded_once, registries_load_at_the_demo_hour

pytestmark = pytest.mark.django_db

registries_once = loaded_once(registries_load_at_the_demo_hour)
SEED = 51
# Per class: the share right on the sample, at least (measured on the whole set: decision 0048).
FLOORS = {"kind": 0.9, "edition": 0.9, "place": 0.8, "period": 0.9, "longer-name": 0.8,
          "untracked": 0.9, "alias": 0.9, "typo": 0.85, "lower-case": 0.85,
          "upper-case": 0.85, "own-kind": 0.8, "possessive": 0.9}  # fmt: skip
# The figure classes, each counted by its own tally (`answers.measure.figurecases`).
FIGURE_FLOORS = {"comparison": ("verdicts", 0.9), "comparison-lower": ("verdicts", 0.9),
                 "comparison-yes-no": ("verdicts", 0.9), "premise": ("premises", 0.9),
                 "newest": ("newest", 0.9), "plan": ("verdicts", 0.9),
                 "revision": ("verdicts", 0.9), "place-premise": ("premises", 0.9),
                 "premise-in-passing": ("premises", 0.9), "premise-beside": ("premises", 0.8),
                 # Measured at 2 of 6 on the curated worlds (decision 0066): held, not met.
                 "comparison-one-side": ("verdicts", 0.3)}  # fmt: skip
SAMPLE = 8  # cases of each class from each registry


def test_a_registry_a_curator_builds_yields_cases_of_its_own_names():
    storm = services.entity_upsert(slug="cyclone-ilse", name="Cyclone Ilse", kind="storm",
                                   aliases=["Ilse"])  # fmt: skip
    services.event_upsert(subject="disaster-cyclone-ilse", title="Cyclone Ilse",
                          lead_entity=storm, entities=[storm], action_class="disaster")  # fmt: skip
    cases = cases_generate(registry="own", seed=SEED)
    classes = {case["class"] for case in cases}
    assert {"kind", "alias", "own-kind"} <= classes
    named = [case for case in cases if case["class"] != "untracked"]
    assert all("ilse" in case["question"].lower() for case in named)
    fresh = [case for case in cases if case["class"] == "untracked"]
    assert fresh
    assert all("Ilse" not in case["untracked"] for case in fresh)
    assert all(case["registry"] == "own" for case in cases)


def test_a_curator_s_plans_and_revisions_yield_cases_the_engine_meets(settings):
    """A forecast said in one report and the figure in another, and a sentence revising a
    figure "to" one value "from" another, each become a case of its class; the values a case
    expects are the rows' own, and the engine is held to them."""
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    _topic("harlow-foods-results", "Harlow Foods quarterly results",
           ("harlow-foods", "Harlow Foods", "company"), ["revenue"], "company")  # fmt: skip
    _reports([
        (6, "Harlow Foods posted third-quarter revenue of $3.4 billion, the grocer said."),
        (5, "Harlow Foods revenue topped analysts' forecasts of $3.1 billion, shares rose."),
        (1, "Harlow Foods revised its third-quarter revenue to $3.5 billion from $3.4 billion."),
    ])  # fmt: skip
    cases = {c["class"]: c for c in cases_generate(registry="own", seed=SEED)}
    plan, revision = cases["plan"], cases["revision"]
    assert plan["above"] is True
    assert set(plan["held"]) >= {"3.4", "3.5"}
    assert "3.1" not in plan["held"]
    assert (revision["higher"], revision["lower"]) == (["3.5"], ["3.4"])
    scored = identity_scored([{**plan, "registry": "synth"}, {**revision, "registry": "synth"}])
    assert scored["verdicts"] == "2/2", scored["failures"]


@pytest.mark.usefixtures("registries_once")
def test_the_same_seed_gives_the_same_cases_and_another_seed_others():
    one = cases_generate(registry="demo", seed=SEED, subjects=REGISTRIES["demo"].subjects)
    again = cases_generate(registry="demo", seed=SEED, subjects=REGISTRIES["demo"].subjects)
    other = cases_generate(registry="demo", seed=SEED + 1, subjects=REGISTRIES["demo"].subjects)
    assert one == again
    assert one != other


@pytest.mark.usefixtures("registries_once")
def test_every_class_is_generated_from_every_curated_world():
    for name, registry in REGISTRIES.items():
        cases = cases_generate(registry=name, seed=SEED, subjects=registry.subjects)
        assert len(cases) >= 4 * len(registry.subjects), name
        assert {c["class"] for c in cases} >= {"kind", "alias", "typo", "longer-name",
                                               "untracked", "premise"}, name  # fmt: skip
    generated = {c["class"] for c in generated_cases(seed=SEED)}
    assert generated == set(FLOORS) | set(FIGURE_FLOORS)


@pytest.mark.usefixtures("registries_once")
def test_the_engine_meets_each_class_s_floor_on_generated_cases():
    cases = [
        case
        for name, registry in REGISTRIES.items()
        for case in cases_generate(
            registry=name, seed=SEED, per_class=SAMPLE, subjects=registry.subjects
        )
    ]
    scored = identity_scored(cases)
    _floors_held(scored)


def _floors_held(scored: dict, classes: set[str] | None = None) -> None:
    for klass, floor in FLOORS.items():
        if classes is not None and klass not in classes:
            continue
        figures = scored["classes"][klass]
        right = figures["declinesRight"] if figures["declines"] else figures["nearMissesRight"]
        assert right >= floor, (klass, figures, [f for f in scored["failures"]
                                                 if f["class"] == klass])  # fmt: skip
    for klass, (counted, floor) in FIGURE_FLOORS.items():
        if classes is not None and klass not in classes:
            continue
        right, of = map(int, scored["classes"][klass][counted].split("/"))
        assert right >= floor * of, (klass, [f for f in scored["failures"]
                                             if f["class"] == klass])  # fmt: skip


@pytest.mark.usefixtures("registries_once")
def test_a_slice_of_the_synthetic_registry_yields_cases_the_engine_meets():
    cases = synth_cases(seed=SEED)
    assert len(cases) >= 1000  # 200 topics, every class that applies to them
    assert all(c["registry"] == "synth" for c in cases)
    sample = synth_cases(seed=SEED, per_class=SAMPLE)
    classes = {c["class"] for c in sample}
    assert {"kind", "untracked", "typo", "lower-case", "upper-case", "own-kind"} <= classes
    _floors_held(identity_scored(sample), classes)
