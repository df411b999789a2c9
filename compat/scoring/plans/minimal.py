"""Seed 000's plan, ``plan-minimal``: the existing counting with validation, a refusal list and a clamp."""

from __future__ import annotations

from compat.cases import Case
from compat.scoring._javascript import js_trim
from compat.scoring._legacy import FINAL_VERDICT_HEADER, VERDICT_NO_MARKER, legacy_reason
from compat.scoring._score import Score, VerdictFormat, passes
from compat.scoring.plans.parts import call_one_statements, dot_pieces, plan_score
from compat.scoring.plans.reasons import (
    MINIMAL,
    MINIMAL_NO_STATEMENTS,
    MINIMAL_NO_VERDICTS_LOG,
    NO_OUTPUT,
    REFUSED,
    with_log,
)

MINIMAL_REFUSAL_PATTERNS = ("i cannot", "i apologize", "i am unable", "no verdicts", "cannot determine")


def _score_minimal(case: Case) -> Score:
    statements = call_one_statements(case)
    if statements is None:
        return plan_score(MINIMAL, case, 0.0, NO_OUTPUT)
    n = len(statements)
    if n == 0:  # "Validate we have statements to work with", right after they are split
        return plan_score(MINIMAL, case, 0.0, MINIMAL_NO_STATEMENTS)
    if case.grader_output == "":
        return plan_score(MINIMAL, case, 0.0, NO_OUTPUT, statement_count=n)
    verdicts = js_trim(case.grader_output.lower())
    log = None
    at = verdicts.find(FINAL_VERDICT_HEADER)
    if at >= 0:
        tail = verdicts[at + len(FINAL_VERDICT_HEADER) :]
        no_count = sum(1 for answer in dot_pieces(tail) if "yes" not in answer and js_trim(answer))
        score = no_count / n
        verdict_format: VerdictFormat | None = VerdictFormat.TEXT_FINAL_LINE
    elif VERDICT_NO_MARKER in verdicts:
        score = verdicts.count(VERDICT_NO_MARKER) / n
        verdict_format = VerdictFormat.TEXT_PER_STATEMENT
    else:
        if any(pattern in verdicts for pattern in MINIMAL_REFUSAL_PATTERNS):
            return plan_score(MINIMAL, case, 0.0, REFUSED, statement_count=n)
        score = 1.0  # "Maximum penalty for no verdicts": every "Verdict: Yes" output lands here too
        verdict_format = None
        log = MINIMAL_NO_VERDICTS_LOG
    score = max(0.0, min(1.0, score))  # the clamp before inversion; the one after never fires
    value = 1 - score
    passed = passes(value, case.threshold)
    reason = legacy_reason(value, case.threshold, passed)
    return plan_score(
        MINIMAL,
        case,
        value,
        with_log(reason, log) if log else reason,
        passed=passed,
        verdict_format=verdict_format,
        statement_count=n,
    )


class PlanMinimalScorer:
    """Seed 000: legacy counting with validation, a refusal list, a clamp, worst case for no verdicts."""

    name = MINIMAL

    def score(self, case: Case) -> Score:
        return _score_minimal(case)
