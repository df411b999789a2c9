"""The observed-score check: the legacy scorer reproduces promptfoo's recorded scores, or a generation is named."""

from __future__ import annotations

import math

import pytest

from compat.cases import Case, Observed, bundled_corpus, load_cases
from compat.diff import reproduces
from compat.diff.compare.observed import ObservedChecker
from compat.scoring import get_scorer

OBSERVED = {case.id: case for case in load_cases(bundled_corpus()) if case.observed is not None}


@pytest.mark.parametrize(
    ("case_id", "exact", "generations"),
    [
        (
            "observed-legacy-reproduced",
            True,
            ("legacy", "promptfoo-0.120.27", "promptfoo-0.121.19", "promptfoo-0.123.1"),
        ),
        ("observed-missing-verdicts-later-release", False, ("promptfoo-0.121.19", "promptfoo-0.123.1")),
        ("observed-negative-clamped", False, ("promptfoo-0.120.27", "promptfoo-0.121.19", "promptfoo-0.123.1")),
    ],
)
def test_a_mismatch_names_the_generations_that_reproduce_the_recorded_score(
    case_id: str, exact: bool, generations: tuple[str, ...]
) -> None:
    check = ObservedChecker().check(OBSERVED[case_id])
    assert check is not None
    assert check.exact is exact and check.generations == generations
    assert check.regraded == 0 and check.first_reproduced is None


def test_a_regraded_case_counts_the_samples_that_reproduce_it() -> None:
    check = ObservedChecker().check(OBSERVED["recorded-observed-regraded"])
    assert check is not None and check.exact is None  # it holds no shared grader texts
    assert (check.regraded, check.regraded_reproduced, check.first_reproduced) == (1, 1, True)


def test_score_pass_and_reason_must_all_match() -> None:
    case = OBSERVED["observed-legacy-reproduced"]
    score = get_scorer("legacy").score(case)
    assert case.observed is not None and reproduces(case.observed, score)
    assert not reproduces(case.observed.model_copy(update={"reason": "Faithfulness 0.7 is >= 0.5"}), score)
    assert not reproduces(case.observed.model_copy(update={"passed": False}), score)
    assert not reproduces(case.observed.model_copy(update={"score": 0.67}), score)  # exact, not rounded


def test_promptfoo_writes_nan_as_null_which_stands_for_a_non_finite_score() -> None:
    null = Observed(source="promptfoo", score=None)
    nan = Observed(source="promptfoo", score="NaN")
    legacy_nan = get_scorer("legacy").score(
        Case.model_validate({"id": "n", "statements_output": "\n", "grader_output": "x"})
    )
    assert legacy_nan.value is not None and math.isnan(legacy_nan.value)
    assert reproduces(null, legacy_nan) and reproduces(nan, legacy_nan)
    assert not reproduces(Observed(source="promptfoo", score=0.0), legacy_nan)
