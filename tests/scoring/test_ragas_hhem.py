"""``ragas-hhem-0.4.3``: ``FaithfulnesswithHHEM``'s arithmetic over recorded probabilities (no model needed)."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from compat.cases import Case, StatementCheck
from compat.scoring import Status, get_scorer, hhem_verdict

SCORER = get_scorer("ragas-hhem-0.4.3")


def recorded(statements: list[str], probabilities: list[float], threshold: float = 0.5) -> Case:
    checks = tuple(
        StatementCheck(statement=s, probability=p, supported=hhem_verdict(p))
        for s, p in zip(statements, probabilities, strict=True)
    )
    return Case(
        id="c",
        statements_output=json.dumps({"statements": statements}),
        grader_output="",
        threshold=threshold,
        checks=checks,
    )


def test_the_score_is_the_share_of_statements_above_one_half() -> None:
    score = SCORER.score(recorded(["a", "b", "c", "d"], [0.9, 0.51, 0.2, 0.5]))
    assert score.status is Status.SCORED and score.value == 0.5 and score.passed
    assert [v.verdict for v in score.verdicts] == [1, 1, 0, 0]
    assert score.reason == "Faithfulness 0.50 is >= 0.5"


def test_exactly_one_half_is_unsupported_as_torch_round_gives_it() -> None:
    assert hhem_verdict(0.5) is False
    assert hhem_verdict(math.nextafter(0.5, 1.0)) is True
    assert hhem_verdict(math.nextafter(0.5, 0.0)) is False


def test_the_rounding_is_torch_rounds_on_float32_probabilities() -> None:
    torch = pytest.importorskip("torch")
    values = torch.tensor([0.0, 0.25, 0.4999999, 0.5, 0.5000001, 0.75, 1.0], dtype=torch.float32)
    expected = values.round().tolist()
    assert [1.0 if hhem_verdict(float(v)) else 0.0 for v in values.tolist()] == expected


def test_no_statements_is_nan_before_any_verification_as_ragas_returns() -> None:
    case = Case(id="c", statements_output='{"statements": []}', grader_output="")
    score = SCORER.score(case)
    assert score.status is Status.SCORED and score.value is not None and math.isnan(score.value)
    assert not score.passed


@pytest.mark.parametrize(
    ("checks", "reason"),
    [
        (None, "no HHEM checks were recorded"),
        ((StatementCheck(statement="other", probability=0.9, supported=True),), "judged 1 statements, not call 1's 1"),
        ((), "judged 0 statements, not call 1's 1"),
    ],
)
def test_no_usable_checks_is_an_error_never_a_number(checks: tuple[StatementCheck, ...] | None, reason: str) -> None:
    case = Case(id="c", statements_output='{"statements": ["a"]}', grader_output="", checks=checks)
    score = SCORER.score(case)
    assert score.status is Status.ERROR and score.value is None and not score.passed
    assert reason in score.reason


def test_call_1_that_ragas_cannot_parse_is_an_error() -> None:
    case = Case(id="c", statements_output="not json at all", grader_output="")
    assert SCORER.score(case).status is Status.ERROR


@given(probabilities=st.lists(st.floats(0.0, 1.0), min_size=1, max_size=40), threshold=st.floats(0.0, 1.0))
@example(probabilities=[0.5], threshold=0.0)
def test_the_value_is_supported_over_all_and_passes_at_the_threshold(
    probabilities: list[float], threshold: float
) -> None:
    statements = [f"statement {i}" for i in range(len(probabilities))]
    score = SCORER.score(recorded(statements, probabilities, threshold))
    expected = sum(1.0 for p in probabilities if p > 0.5) / len(probabilities)
    assert score.value == expected
    assert score.passed is (expected >= threshold - 2.220446049250313e-16)
