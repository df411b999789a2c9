"""The legacy scorer: a bit-exact port of promptfoo generation A (0.114.2 to 0.120.26).

Bugs included, on purpose: this is the control arm of every comparison, and a port
that is almost right makes every drift figure wrong. docs/scoring.md (``legacy``) says
how the published code behaves; each JavaScript operation it relies on is reproduced
in ``compat.scoring._javascript``.
"""

from __future__ import annotations

from dataclasses import dataclass

from compat.cases import Case
from compat.scoring._javascript import js_divide, js_number_to_string, js_to_fixed_2, js_trim
from compat.scoring._score import Score, VerdictFormat, passes
from compat.scoring._statements import legacy_statement_count

FINAL_VERDICT_HEADER = "final verdict for each statement in order:"
VERDICT_NO_MARKER = "verdict: no"


@dataclass(frozen=True, slots=True)
class LegacyBreakdown:
    """How the legacy arithmetic arrived at its score (for explaining drift)."""

    statement_count: int
    bad_count: int  # the "no" count that is subtracted
    format: VerdictFormat  # final-line mode or "verdict: no" counting mode
    pieces: tuple[str, ...] = ()  # final-line mode: the non-empty pieces after the header
    header_count: int = 0  # occurrences of the exact header (legacy reads after the first)


def count_bad(call2_output: str) -> tuple[int, VerdictFormat, tuple[str, ...]]:
    """The legacy "no" count of a verdict output, and which branch produced it."""
    text = js_trim(call2_output.lower())
    at = text.find(FINAL_VERDICT_HEADER)
    if at >= 0:
        tail = text[at + len(FINAL_VERDICT_HEADER) :]
        pieces = tuple(piece for piece in tail.split(".") if js_trim(piece) != "")
        bad = sum(1 for piece in pieces if "yes" not in piece)
        return bad, VerdictFormat.TEXT_FINAL_LINE, pieces
    return text.count(VERDICT_NO_MARKER), VerdictFormat.TEXT_PER_STATEMENT, ()


def _counts(case: Case) -> tuple[int, int, VerdictFormat, tuple[str, ...]] | None:
    """Statements, the "no" count, its branch and pieces; ``None`` where legacy says ``No output``."""
    statement_count = legacy_statement_count(case)
    if statement_count is None or case.grader_output == "":
        return None
    return (statement_count, *count_bad(case.grader_output))


def legacy_breakdown(case: Case) -> LegacyBreakdown | None:
    """The legacy arithmetic's inputs, or ``None`` when it stops at ``No output``."""
    counts = _counts(case)
    if counts is None:
        return None
    statement_count, bad, verdict_format, pieces = counts
    headers = case.grader_output.lower().count(FINAL_VERDICT_HEADER) if pieces else 0
    return LegacyBreakdown(statement_count, bad, verdict_format, pieces, headers)


def legacy_reason(value: float, threshold: float, passed: bool) -> str:
    relation = " is >= " if passed else " is < "
    return "Faithfulness " + js_to_fixed_2(value) + relation + js_number_to_string(threshold)


class LegacyScorer:
    """promptfoo generation A's context-faithfulness scoring, bugs included."""

    name = "legacy"

    def score(self, case: Case) -> Score:
        threshold = case.threshold
        counts = _counts(case)  # not legacy_breakdown: its header count is for explaining drift
        if counts is None:
            return Score.scored(scorer=self.name, value=0.0, passed=False, threshold=threshold, reason="No output")
        count, bad, verdict_format, _pieces = counts
        value = 1 - js_divide(bad, count)
        passed = passes(value, threshold)
        reason = legacy_reason(value, threshold, passed)
        return Score.scored(
            scorer=self.name,
            value=value,
            passed=passed,
            threshold=threshold,
            reason=reason,
            format=verdict_format,
            statement_count=count,
        )
