"""Golden outcomes: does a case's ``expected`` block hold for the scores we computed?"""

from __future__ import annotations

import math
from typing import NamedTuple

from compat._text import decode_float, encode_float
from compat.cases import Case, ExpectedOutcome
from compat.diff._outcomes import DEFAULT_TOLERANCE
from compat.scoring import Score


class ExpectationFailure(NamedTuple):
    """One expected field that did not hold."""

    case_id: str
    scorer: str
    field: str
    expected: object
    actual: object

    def __str__(self) -> str:
        return f"{self.case_id}: {self.scorer}.{self.field} expected {self.expected!r}, got {self.actual!r}"


def check_expected(
    case: Case, scores: dict[str, Score], *, tolerance: float = DEFAULT_TOLERANCE
) -> list[ExpectationFailure]:
    """Every field of ``case.expected`` (for the scorers in ``scores``) that does not hold.

    Only fields the case gives are checked; a scorer the case names but ``scores``
    lacks is skipped (the caller decides which scorers run).
    """
    failures: list[ExpectationFailure] = []
    for scorer, expected in case.expected.items():
        score = scores.get(scorer)
        if score is not None:
            failures.extend(_check_one(case.id, scorer, expected, score, tolerance))
    return failures


def _check_one(
    case_id: str, scorer: str, expected: ExpectedOutcome, score: Score, tolerance: float
) -> list[ExpectationFailure]:
    given = expected.model_fields_set
    actual = {
        "passed": score.passed,
        "status": score.status.value,
        "cause": score.cause.value if score.cause else None,
        "reason": score.reason,
        "format": score.format.value if score.format else None,
    }
    failures = [
        ExpectationFailure(case_id, scorer, name, getattr(expected, name), value)
        for name, value in actual.items()
        if name in given and getattr(expected, name) != value
    ]
    if "score" in given and not _same_score(decode_float(expected.score), score.value, tolerance):
        failures.insert(0, ExpectationFailure(case_id, scorer, "score", expected.score, encode_float(score.value)))
    return failures


def _same_score(expected: float | None, actual: float | None, tolerance: float) -> bool:
    if expected is None or actual is None:
        return expected is None and actual is None
    if math.isnan(expected) or math.isnan(actual):
        return math.isnan(expected) and math.isnan(actual)
    if math.isinf(expected) or math.isinf(actual):
        return expected == actual
    return abs(expected - actual) <= tolerance
