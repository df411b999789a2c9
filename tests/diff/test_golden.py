"""Golden-outcome checking: only given fields are checked, non-finite scores compare by kind."""

from __future__ import annotations

from compat import Case, get_scorer
from compat.diff import check_expected

legacy = get_scorer("legacy")


def case(**expected: object) -> Case:
    return Case.model_validate(
        {"id": "c", "statements_output": " \n", "grader_output": "Verdict: No.", "expected": {"legacy": expected}}
    )


def test_non_finite_expectations_compare_by_kind() -> None:
    c = case(score="-Infinity", passed=False, reason="Faithfulness -Infinity is < 0.5")
    assert check_expected(c, {"legacy": legacy.score(c)}) == []
    wrong = case(score="NaN")
    [failure] = check_expected(wrong, {"legacy": legacy.score(wrong)})
    assert (failure.field, failure.expected, failure.actual) == ("score", "NaN", "-Infinity")
    assert str(failure) == "c: legacy.score expected 'NaN', got '-Infinity'"


def test_only_given_fields_are_checked_and_null_means_undetermined() -> None:
    c = Case.model_validate(
        {"id": "c", "statements": ["A."], "grader_output": "I cannot.", "expected": {"ragas": {"score": None}}}
    )
    assert check_expected(c, {"ragas": get_scorer("ragas").score(c)}) == []
    assert check_expected(c, {"legacy": legacy.score(c)}) == []  # ragas not scored: not checked
    c2 = c.model_copy(update={"grader_output": "Verdict: Yes."})
    assert [f.field for f in check_expected(c2, {"ragas": get_scorer("ragas").score(c2)})] == ["score"]
