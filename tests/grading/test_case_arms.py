"""The case model grows: per-arm recordings and promptfoo's observed score; old corpora stay valid."""

from __future__ import annotations

import pytest

from compat._errors import CaseError
from compat.cases import bundled_corpus, iter_cases, parse_case

ARM = {"statements_output": "A.", "grader_output": "Final verdict for each statement in order: Yes."}


def test_every_bundled_corpus_case_still_validates_unchanged() -> None:
    assert sum(1 for _ in iter_cases(bundled_corpus())) >= 150


def test_a_case_with_arms_may_omit_the_shared_texts() -> None:
    case = parse_case({"id": "a", "arms": {"legacy": ARM, "ragas": {**ARM, "samples": [ARM]}}})
    legacy = case.arm_case("legacy")
    assert legacy is not None and legacy.grader_output == ARM["grader_output"] and legacy.arms is None
    assert case.arms is not None and case.arms.ragas is not None and case.arms.ragas.sample_count == 2
    assert case.arm_case("ragas", 1) is not None


def test_a_case_without_arms_still_needs_its_grader_output() -> None:
    with pytest.raises(CaseError, match="missing required field 'grader_output'"):
        parse_case({"id": "a", "statements": ["x"]})


def test_a_failed_call_is_an_error_not_an_output() -> None:
    failed = {"statements_output": "A.", "error": {"call": "verdicts", "kind": "timeout", "message": "no reply"}}
    case = parse_case({"id": "a", "arms": {"legacy": failed}})
    assert case.arm_case("legacy") is None
    error = case.arm_error("legacy")
    assert error is not None and error.kind == "timeout"
    assert case.arm_case("ragas") is None and case.arm_error("ragas") is None


@pytest.mark.parametrize(
    "arm",
    [
        {"statements_output": "A."},  # no error, no verdicts
        {"grader_output": "x", "error": {"call": "statements", "kind": "timeout", "message": "m"}},
        {**ARM, "error": {"call": "verdicts", "kind": "timeout", "message": "m"}},
        {**ARM, "tokens": {"prompt": -1}},
        {**ARM, "extra": 1},
    ],
)
def test_inconsistent_arm_recordings_are_refused(arm: dict[str, object]) -> None:
    with pytest.raises(CaseError):
        parse_case({"id": "a", "arms": {"legacy": arm}})


def test_observed_holds_a_promptfoo_score() -> None:
    case = parse_case(
        {
            "id": "a",
            "grader_output": "",
            "statements": [],
            "observed": {"source": "promptfoo", "score": 1.0, "passed": True},
        }
    )
    assert case.observed is not None and case.observed.passed is True
