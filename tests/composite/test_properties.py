"""Properties of every composite: a number in [0, 1] or undetermined with the metric that made it so;
rules that differ only on unanswerable questions agree elsewhere; the hardened detection ignores case,
surrounding white space and a final full stop."""

from __future__ import annotations

import math

from hypothesis import example, given
from hypothesis import strategies as st

from compat.composite import CompositeRule, composite_score, load_rule, reference_is_unanswerable

METRICS = ("answer_correctness", "context_relevancy", "context_recall", "faithfulness")
# Ground truths as teams write them in datasets and spreadsheets: the phrases, real answers, anything.
WRITTEN = [
    "No information available",
    "No information available.",
    "not available",
    "Unknown",
    "N/A",
    "n/a",
    "NA",
    "None",
    "Not in the document",
    "Not mentioned in the document",
    "The document does not say.",
    "no info",
    "3 March 2023",
    "Parental leave is 16 weeks at full pay.",
    "$8,200",
    "The claimant is unknown to the insurer.",
]
ground_truths = st.one_of(st.sampled_from(WRITTEN), st.text(max_size=40))
# A metric as an evaluation records it: a score, a 0 or 1 exactly, or not measured.
scores = st.one_of(st.floats(0, 1), st.sampled_from([0.0, 0.8, 1.0]), st.none())
metric_sets = st.dictionaries(st.sampled_from(METRICS[:3]), scores, min_size=0, max_size=3)
answers = st.one_of(
    st.none(), st.sampled_from(["No information available.", "It is O negative.", ""]), st.text(max_size=30)
)


@st.composite
def rules(draw: st.DrawFn) -> CompositeRule:
    """A rule a team could write: some metrics with weights, maybe an unanswerable section."""
    names = draw(st.lists(st.sampled_from(METRICS), min_size=1, max_size=4, unique=True))
    weights = {name: draw(st.floats(0.01, 10)) for name in names}
    document: dict[str, object] = {
        "name": "drawn",
        "metrics": weights,
        "threshold": draw(st.floats(0, 1)),
        "undetermined": draw(st.sampled_from(["undetermined", "omit"])),
    }
    if draw(st.booleans()):
        document["unanswerable"] = {
            "phrases": draw(st.lists(st.sampled_from(WRITTEN[:11]), min_size=1, max_size=4)),
            "match": draw(st.sampled_from(["exact", "normalised"])),
            "answer_refusal": True,
            "answer_phrases": ["no information", "not available"],
            "min_correctness": draw(st.floats(0, 1)),
            "context_relevancy": draw(st.sampled_from(["one", "zero_to_one", "omit", "keep"])),
            "faithfulness": draw(st.sampled_from(["success", "omit", "keep"])),
        }
    return CompositeRule.model_validate(document)


@given(rules(), metric_sets, ground_truths, answers, scores)
@example(
    CompositeRule.model_validate({"name": "r", "metrics": {"a": 0.1, "b": 0.2}, "threshold": 1.0}),
    {"a": 1.0, "b": 1.0},
    "x",
    None,
    None,
)
def test_a_composite_is_in_0_1_or_undetermined_by_a_named_metric(
    rule: CompositeRule,
    metrics: dict[str, float | None],
    reference: str,
    answer: str | None,
    faithfulness: float | None,
) -> None:
    result = composite_score(metrics, reference, answer, rule, faithfulness)
    if result.value is None:
        assert result.passed is None and result.undetermined_by in rule.metrics
    else:
        assert not math.isnan(result.value) and 0.0 <= result.value <= 1.0
        assert result.undetermined_by is None and result.passed is (result.value >= rule.threshold)


PAIRS = [("mean-3", "seed-004"), ("mean-3", "unanswerable-aware"), ("seed-004", "unanswerable-aware")]


@given(st.sampled_from(PAIRS), metric_sets, ground_truths, answers)
def test_old_and_new_agree_on_every_case_that_is_not_unanswerable(
    pair: tuple[str, str], metrics: dict[str, float | None], reference: str, answer: str | None
) -> None:
    old = composite_score(metrics, reference, answer, load_rule(pair[0]))
    new = composite_score(metrics, reference, answer, load_rule(pair[1]))
    if not (old.adjusted or new.adjusted):  # not unanswerable, or answered wrongly: nothing is adjusted
        assert (old.value, old.passed, old.undetermined_by) == (new.value, new.passed, new.undetermined_by)


CASINGS = [str.lower, str.upper, str.title, str.swapcase, str.capitalize]
SPACE = st.text(alphabet=" \t\n\r\u00a0\u2003", max_size=4)


@given(ground_truths, st.sampled_from(CASINGS), SPACE, SPACE, st.booleans())
@example("No information available", str.upper, "  ", "\n", True)
def test_hardened_detection_ignores_case_surrounding_space_and_a_final_full_stop(
    reference: str, casing: object, before: str, after: str, full_stop: bool
) -> None:
    detection = load_rule("unanswerable-aware").unanswerable
    assert detection is not None
    written = before + casing(reference) + ("." if full_stop else "") + after  # type: ignore[operator]
    assert reference_is_unanswerable(written, detection) == reference_is_unanswerable(reference, detection)
