"""The built-in composite rules read as their docs say, seed 004's example and edges included,
and a rule file is checked key by key."""

from __future__ import annotations

from pathlib import Path

import pytest

from compat.cases import bundled_corpus, load_cases
from compat.composite import BUILTIN_RULES, CompositeRuleError, composite_score, load_rule

SEED_EXAMPLE = {"answer_correctness": 1.0, "context_relevancy": 0.0, "context_recall": 1.0}


def score(
    rule: str, metrics: dict[str, float | None], reference: str | None, answer: str | None = None
) -> float | None:
    return composite_score(metrics, reference, answer, load_rule(rule)).value


def test_the_seeds_example_moves_from_067_to_100() -> None:
    assert score("mean-3", SEED_EXAMPLE, "No information available") == pytest.approx(2 / 3)
    assert round(score("mean-3", SEED_EXAMPLE, "No information available") or 0, 2) == 0.67
    assert score("seed-004", SEED_EXAMPLE, "No information available") == 1.0
    assert score("unanswerable-aware", SEED_EXAMPLE, "No information available") == 1.0


def test_the_seeds_average_moves_from_084_to_088() -> None:
    # The seed gives no other case's inputs: eight cases averaging 0.84 reproduce its arithmetic,
    # the unanswerable one among them (0.67 -> 1.00 lifts the mean by 0.33 / 8).
    others = [
        {"answer_correctness": 1.0, "context_relevancy": 0.96, "context_recall": 1.0},
        {"answer_correctness": 0.9, "context_relevancy": 0.7, "context_recall": 1.0},
        {"answer_correctness": 0.8, "context_relevancy": 0.9, "context_recall": 0.9},
        {"answer_correctness": 1.0, "context_relevancy": 0.6, "context_recall": 0.9},
        {"answer_correctness": 0.9, "context_relevancy": 0.8, "context_recall": 0.8},
        {"answer_correctness": 0.8, "context_relevancy": 0.8, "context_recall": 0.9},
        {"answer_correctness": 1.0, "context_relevancy": 0.7, "context_recall": 0.8},
    ]
    before = [score("mean-3", metrics, "Paris") or 0.0 for metrics in others]
    after = [score("seed-004", metrics, "Paris") or 0.0 for metrics in others]
    assert before == after  # answerable cases: the rule changes nothing
    unanswerable_before = score("mean-3", SEED_EXAMPLE, "No information available") or 0.0
    unanswerable_after = score("seed-004", SEED_EXAMPLE, "No information available") or 0.0
    assert round(sum([*before, unanswerable_before]) / 8, 2) == 0.84
    assert round(sum([*after, unanswerable_after]) / 8, 2) == 0.88


@pytest.mark.parametrize(
    ("reference", "seed", "aware"),
    [
        ("No information available", True, True),
        ("NO INFORMATION AVAILABLE", True, True),  # the seed lower-cases
        ("N/A", True, True),
        ("not available", True, True),
        ("No information available.", False, True),  # the full stop: the seed compares exactly
        ("Unknown ", False, True),  # the seed does not strip
        ("  unknown", False, True),
        ("Not in the document", False, True),  # none of the seed's four phrases
        ("n/a.", False, True),
        ("Paris", False, False),
        ("The claimant is unknown to the insurer.", False, False),  # a phrase inside a real answer is not one
    ],
)
def test_detection_edges(reference: str, seed: bool, aware: bool) -> None:
    assert composite_score(SEED_EXAMPLE, reference, None, load_rule("seed-004")).unanswerable is seed
    assert composite_score(SEED_EXAMPLE, reference, None, load_rule("unanswerable-aware")).unanswerable is aware


def test_the_seed_sets_relevancy_to_one_whatever_it_was() -> None:
    metrics = {"answer_correctness": 0.9, "context_relevancy": 0.5, "context_recall": 1.0}
    result = composite_score(metrics, "not available", None, load_rule("seed-004"))
    relevancy = result.part("context_relevancy")
    assert relevancy is not None and (relevancy.before, relevancy.value) == (0.5, 1.0)
    assert result.value == pytest.approx((0.9 + 1 + 1) / 3)
    unmeasured = composite_score({**metrics, "context_relevancy": None}, "not available", None, load_rule("seed-004"))
    assert unmeasured.value == pytest.approx((0.9 + 1 + 1) / 3)  # even a relevancy nobody measured
    assert composite_score({**metrics, "context_relevancy": None}, "x", None, load_rule("seed-004")).value is None


@pytest.mark.parametrize(("correctness", "adjusted"), [(0.8, True), (0.79, False), (1.0, True), (0.0, False)])
def test_the_condition_is_answer_correctness_at_least_08(correctness: float, adjusted: bool) -> None:
    metrics = {**SEED_EXAMPLE, "answer_correctness": correctness}
    for rule in ("seed-004", "unanswerable-aware"):
        result = composite_score(metrics, "unknown", None, load_rule(rule))
        assert result.unanswerable and result.adjusted is adjusted
        assert result.value == pytest.approx((correctness + (1.0 if adjusted else 0.0) + 1.0) / 3)


def test_mean_3_adjusts_nothing() -> None:
    result = composite_score(SEED_EXAMPLE, "No information available", "No information available.", load_rule("mean-3"))
    assert (result.unanswerable, result.adjusted, result.value) == (False, False, pytest.approx(2 / 3))


def test_an_undetermined_metric_leaves_the_composite_undetermined() -> None:
    result = composite_score({**SEED_EXAMPLE, "answer_correctness": None}, "Paris", None, load_rule("mean-3"))
    assert (result.value, result.passed, result.undetermined_by) == (None, None, "answer_correctness")
    missing = composite_score({"answer_correctness": 1.0}, "Paris", None, load_rule("mean-3"))
    assert (missing.value, missing.undetermined_by) == (None, "context_relevancy")


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "rule.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


FAITHFUL = """
name = "mean-4"
threshold = 0.7
undetermined = "{undetermined}"
[metrics]
answer_correctness = 1
context_relevancy = 1
context_recall = 1
faithfulness = 1
[unanswerable]
phrases = ["no information available"]
match = "normalised"
answer_refusal = true
answer_phrases = ["no information"]
faithfulness = "{faithfulness}"
"""


@pytest.mark.parametrize(
    ("faithfulness", "undetermined", "value"),
    [
        ("success", "undetermined", 1.0),
        ("omit", "undetermined", 1.0),
        ("keep", "undetermined", None),
        ("keep", "omit", 1.0),
    ],
)
def test_faithfulness_of_a_correct_no_information_answer(
    tmp_path: Path, faithfulness: str, undetermined: str, value: float | None
) -> None:
    rule = load_rule(write(tmp_path, FAITHFUL.format(faithfulness=faithfulness, undetermined=undetermined)))
    result = composite_score(SEED_EXAMPLE, "No information available.", "No information available.", rule, None)
    assert result.value == value
    assert result.answer_refusal
    # An answer that does not say 'no information' keeps its faithfulness, whatever the rule says of refusals.
    other = composite_score(SEED_EXAMPLE, "No information available.", "It is O negative.", rule, 0.0)
    assert not other.answer_refusal and other.value == pytest.approx(3 / 4)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            'name = "x"\n[metrics]\nanswer_correctness = "high"\n',
            "metrics.answer_correctness: Input should be a valid number",
        ),
        (
            'name = "x"\n[metrics]\nanswer_correctness = 0\n',
            "metrics.answer_correctness: Input should be greater than 0",
        ),
        ('name = "x"\nthreshold = 0.7\n', "metrics: Field required"),
        ('name = "x"\n[metrics]\na = 1\n[unanswerable]\nphrases = ["n/a"]\nmatch = "fuzzy"\n', "unanswerable.match"),
        (
            'name = "x"\n[metrics]\na = 1\n[unanswerable]\nphrases = ["n/a"]\nmatch = "exact"\nanswer_refusal = true\n',
            "answer_refusal = true needs answer_phrases",
        ),
        ('name = "x"\nweights = 1\n[metrics]\na = 1\n', "weights: Extra inputs are not permitted"),
        ('name = "x"\n[metrics\n', "invalid TOML"),
    ],
)
def test_a_bad_rule_file_names_the_file_and_the_key(tmp_path: Path, text: str, message: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(CompositeRuleError) as raised:
        load_rule(path)
    assert str(raised.value).startswith(f"{path}: ") and message in str(raised.value)


def test_an_unknown_rule_name_lists_the_built_in_ones() -> None:
    with pytest.raises(
        CompositeRuleError, match="unknown composite rule 'mean-5': built-in rules are mean-3, seed-004"
    ):
        load_rule("mean-5")


def test_every_built_in_rule_loads_under_its_own_name() -> None:
    assert [load_rule(name).name for name in BUILTIN_RULES] == list(BUILTIN_RULES)


def test_the_bundled_unanswerable_cases_give_their_expected_composites() -> None:
    checked = 0
    for case in load_cases(bundled_corpus()):
        for rule_name, expected in case.expected_composite.items():
            result = composite_score(case.metrics, case.reference, case.answer, load_rule(rule_name))
            where = f"{case.id} under {rule_name}"
            assert (
                result.value == pytest.approx(expected.score) if expected.score is not None else result.value is None
            ), where
            assert (result.passed, result.unanswerable, result.adjusted) == (
                expected.passed,
                expected.unanswerable,
                expected.adjusted,
            ), where
            checked += 1
    assert checked == 17 * len(BUILTIN_RULES)
