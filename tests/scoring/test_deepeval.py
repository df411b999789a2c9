"""Fixed examples for ``deepeval-4.3.1``, its named quirks, its totality and its speed.

Every expected (score, success) here was produced by deepeval 4.3.1's own ``FaithfulnessMetric``
through ``oracle/deepeval_upstream.py`` (a canned model, no network), so CI checks the port against
the package without installing it; ``test_deepeval_oracle.py`` compares 1,500 generated cases live.
"""

from __future__ import annotations

import json
import math
import struct
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from compat.cases import Case
from compat.rollout.gate.strategies import case_text
from compat.scoring import Cause, ScoreWarning, Status, get_scorer

# (name, truths output, claims output, verdicts output, threshold, penalize_ambiguous_claims,
#  deepeval's (score, success), or ("error", None) where measure raises)
FIXED = [
    (
        "plain",
        '{"truths": ["The refund window is 14 days."]}',
        '{"claims": ["a", "b", "c", "d"]}',
        '{"verdicts": [{"verdict": "yes"}, {"verdict": "no", "reason": "r"}, {"verdict": "yes"}, {"verdict": "yes"}]}',
        0.5,
        False,
        (0.75, True),
    ),
    (
        "idk-faithful",
        '{"truths": ["The refund window is 14 days."]}',
        '{"claims": ["a", "b"]}',
        '{"verdicts": [{"verdict": "yes"}, {"verdict": "idk", "reason": "not said"}]}',
        0.9,
        False,
        (1.0, True),
    ),
    (
        "idk-penalized",
        '{"truths": ["The refund window is 14 days."]}',
        '{"claims": ["a", "b"]}',
        '{"verdicts": [{"verdict": "yes"}, {"verdict": "idk", "reason": "not said"}]}',
        0.9,
        True,
        (0.5, False),
    ),
    (
        "borderline",
        '{"truths": ["The refund window is 14 days."]}',
        '{"claims": ["a", "b"]}',
        '{"verdicts": [{"verdict": "borderline"}, {"verdict": "no"}]}',
        0.5,
        False,
        (0.5, True),
    ),
    (
        "no-claims",
        '{"truths": ["The refund window is 14 days."]}',
        '{"claims": []}',
        "I cannot judge this.",
        0.5,
        False,
        (1.0, True),
    ),
    (
        "empty-claims-string",
        '{"truths": ["The refund window is 14 days."]}',
        '{"claims": ""}',
        "",
        1.0,
        True,
        (1.0, True),
    ),
    (
        "all-dropped",
        '{"truths": ["The refund window is 14 days."]}',
        '{"claims": ["a", "b"]}',
        '{"verdicts": [{"verdict": "not supported"}, {"verdict": "maybe"}]}',
        0.5,
        False,
        (1.0, True),
    ),
    (
        "no-verdicts",
        '{"truths": ["The refund window is 14 days."]}',
        '{"claims": ["a", "b"]}',
        '{"verdicts": []}',
        0.5,
        False,
        (1.0, True),
    ),
    (
        "leading-word",
        '{"truths": ["The refund window is 14 days."]}',
        '{"claims": ["a", "b"]}',
        '{"verdicts": [{"verdict": "No, the context says 14 days"}, {"verdict": "YES."}]}',
        0.5,
        False,
        (0.5, True),
    ),
    (
        "fewer-verdicts",
        '{"truths": ["The refund window is 14 days."]}',
        '{"claims": ["a", "b", "c"]}',
        '{"verdicts": [{"verdict": "no"}]}',
        0.5,
        False,
        (0.0, False),
    ),
    (
        "more-verdicts",
        '{"truths": ["The refund window is 14 days."]}',
        '{"claims": ["a"]}',
        '{"verdicts": [{"verdict": "yes"}, {"verdict": "yes"}, {"verdict": "no"}]}',
        0.6,
        False,
        (0.6666666666666666, True),
    ),
    (
        "trailing-comma",
        '{"truths": ["The refund window is 14 days."]}',
        '{"claims": ["a", "b"]}',
        '{"verdicts": [{"verdict": "yes"}, {"verdict": "no"},]}',
        0.5,
        False,
        (0.5, True),
    ),
    (
        "fenced-prose",
        '{"truths": ["The refund window is 14 days."]}',
        '{"claims": ["a"]}',
        'Sure!\n```json\n{"verdicts": [{"verdict": "yes", "claim": "a"}]}\n```',
        1.0,
        False,
        (1.0, True),
    ),
    (
        "unclosed",
        '{"truths": ["The refund window is 14 days."]}',
        '{"claims": ["a"]}',
        '{"verdicts": [{"verdict": "yes"}]',
        0.5,
        False,
        ("error", None),
    ),
    (
        "refusal",
        '{"truths": ["The refund window is 14 days."]}',
        '{"claims": ["a"]}',
        "I apologize, but I cannot evaluate this.",
        0.5,
        False,
        ("error", None),
    ),
    (
        "reason-number",
        '{"truths": ["The refund window is 14 days."]}',
        '{"claims": ["a"]}',
        '{"verdicts": [{"verdict": "yes", "reason": 3}]}',
        0.5,
        False,
        ("error", None),
    ),
    (
        "reason-number-dropped",
        '{"truths": ["The refund window is 14 days."]}',
        '{"claims": ["a", "b"]}',
        '{"verdicts": [{"verdict": "unsure", "reason": 3}, {"verdict": "no"}]}',
        0.5,
        False,
        (0.0, False),
    ),
    (
        "verdict-bool",
        '{"truths": ["The refund window is 14 days."]}',
        '{"claims": ["a", "b"]}',
        '{"verdicts": [{"verdict": true}, {"verdict": "yes"}]}',
        0.5,
        False,
        (1.0, True),
    ),
    (
        "item-string",
        '{"truths": ["The refund window is 14 days."]}',
        '{"claims": ["a"]}',
        '{"verdicts": ["yes"]}',
        0.5,
        False,
        ("error", None),
    ),
    ("truths-null", '{"truths": null}', '{"claims": []}', "", 0.5, False, ("error", None)),
    (
        "truths-numbers",
        '{"truths": [1, 2]}',
        '{"claims": ["a"]}',
        '{"verdicts": [{"verdict": "yes"}]}',
        0.5,
        False,
        ("error", None),
    ),
    ("truths-numbers-no-claims", '{"truths": [1, 2]}', '{"claims": []}', "", 0.5, False, (1.0, True)),
    (
        "claims-missing",
        '{"truths": ["The refund window is 14 days."]}',
        '{"statements": ["a"]}',
        '{"verdicts": [{"verdict": "yes"}]}',
        0.5,
        False,
        ("error", None),
    ),
    (
        "claims-null",
        '{"truths": ["The refund window is 14 days."]}',
        '{"claims": null}',
        '{"verdicts": [{"verdict": "yes"}]}',
        0.5,
        False,
        ("error", None),
    ),
    (
        "threshold-exact",
        '{"truths": ["The refund window is 14 days."]}',
        '{"claims": ["a", "b", "c"]}',
        '{"verdicts": [{"verdict": "yes"}, {"verdict": "yes"}, {"verdict": "no"}]}',
        0.6666666666666666,
        False,
        (0.6666666666666666, True),
    ),
]


def _case(truths: str, claims: str, verdicts: str, threshold: float = 0.5) -> Case:
    return Case(id="d", truths_output=truths, statements_output=claims, grader_output=verdicts, threshold=threshold)


@pytest.mark.parametrize(("name", "truths", "claims", "verdicts", "threshold", "penalize", "expected"), FIXED)
def test_deepeval_port_gives_what_the_package_gave(
    name: str,
    truths: str,
    claims: str,
    verdicts: str,
    threshold: float,
    penalize: bool,
    expected: tuple[float | str, bool | None],
) -> None:
    result = get_scorer("deepeval-4.3.1", penalize_ambiguous_claims=penalize).score(
        _case(truths, claims, verdicts, threshold)
    )
    score, success = expected
    if score == "error":
        assert result.status is Status.ERROR and result.value is None and not result.passed, result
        return
    assert result.status is Status.SCORED and result.value is not None, result
    assert struct.pack("<d", result.value) == struct.pack("<d", float(score)), result
    assert result.passed is success


TRUTHS = json.dumps({"truths": ["The refund window is 14 days."]})


def test_no_claims_scores_one_and_passes_named_no_statements() -> None:
    result = get_scorer("deepeval-4.3.1").score(_case(TRUTHS, '{"claims": []}', "I cannot judge this.", 1.0))
    assert (result.value, result.passed, result.cause) == (1.0, True, Cause.NO_STATEMENTS)
    assert "no claims" in result.reason


def test_no_kept_verdict_scores_one_named_no_verdicts_and_invalid_verdict() -> None:
    verdicts = json.dumps({"verdicts": [{"verdict": "not supported"}, {"verdict": "maybe"}]})
    result = get_scorer("deepeval-4.3.1").score(_case(TRUTHS, '{"claims": ["a", "b"]}', verdicts))
    assert (result.value, result.passed, result.cause) == (1.0, True, Cause.NO_VERDICTS)
    assert ScoreWarning.INVALID_VERDICT in result.warnings and ScoreWarning.FEWER_VERDICTS in result.warnings


def test_idk_is_faithful_unless_ambiguous_claims_are_penalized() -> None:
    verdicts = json.dumps({"verdicts": [{"verdict": "yes"}, {"verdict": "idk"}]})
    case = _case(TRUTHS, '{"claims": ["a", "b"]}', verdicts)
    assert get_scorer("deepeval-4.3.1").score(case).value == 1.0
    penalized = get_scorer("deepeval-4.3.1", penalize_ambiguous_claims=True).score(case)
    assert penalized.value == 0.5 and [verdict.verdict for verdict in penalized.verdicts] == [1, 0]
    assert ScoreWarning.COERCED_VERDICT in penalized.warnings  # idk read as borderline


def test_more_verdicts_than_claims_are_counted_not_reconciled() -> None:
    verdicts = json.dumps({"verdicts": [{"verdict": "yes"}, {"verdict": "No, it says 14"}, {"verdict": "no"}]})
    result = get_scorer("deepeval-4.3.1").score(_case(TRUTHS, '{"claims": ["a"]}', verdicts))
    assert result.value == 1 / 3 and result.statement_count == 1
    assert ScoreWarning.MORE_VERDICTS in result.warnings and ScoreWarning.COERCED_VERDICT in result.warnings


def test_a_case_without_the_truths_call_reads_claims_and_verdicts() -> None:
    case = Case(id="d", statements_output='{"claims": ["a"]}', grader_output='{"verdicts": [{"verdict": "no"}]}')
    assert get_scorer("deepeval-4.3.1").score(case).value == 0.0


def test_the_scorer_takes_only_its_metric_option() -> None:
    with pytest.raises(TypeError, match="takes no option policy"):
        get_scorer("deepeval-4.3.1", policy="unsupported")


@given(truths=case_text, claims=case_text, verdicts=case_text, threshold=st.floats(-1, 2, allow_nan=False))
def test_deepeval_scorer_is_total(truths: str, claims: str, verdicts: str, threshold: float) -> None:
    for text in (claims, '{"claims": ["a"]}'):
        result = get_scorer("deepeval-4.3.1").score(_case(truths, text, verdicts, threshold))
        assert result.status in (Status.SCORED, Status.ERROR)
        assert result.value is None or 0.0 <= result.value <= 1.0
        assert result.status is Status.ERROR or not math.isnan(result.value or 0.0)


def _best_time(scorer_name: str, cases: list[Case]) -> float:
    scorer = get_scorer(scorer_name)
    timings = []
    for _ in range(5):  # CPU time, the best of five: a busy machine slows one run, not all five
        start = time.process_time()
        for case in cases:
            scorer.score(case)
        timings.append(time.process_time() - start)
    return min(timings)


@pytest.mark.parametrize("unit", ["{", "[", '{"verdicts": [', '{"verdict": "yes"},', ",", '"', "}"])
def test_deepeval_scorer_is_linear(unit: str) -> None:
    """10x the input costs about 10x the time, never 100x (quadratic)."""

    def cost(size: int) -> float:
        text = unit * (size // len(unit))
        return _best_time("deepeval-4.3.1", [_case(TRUTHS, '{"claims": ["a"]}', '{"verdicts": [' + text)])

    small, large = cost(50_000), cost(500_000)
    assert large < 40 * max(small, 1e-3)
