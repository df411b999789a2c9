"""What a person needs to judge one differing case: the texts each scorer read and how.

A case that matches needs no second look; one that differs does, so its cases.jsonl
line carries a ``detail`` section: the grader's two outputs as each side read them
(one copy where both read the same texts), and each verdict as each scorer read it.
The legacy scorer keeps no per-statement verdicts, so its reading is rebuilt from its
own arithmetic (``legacy_breakdown``): the pieces of the final line and whether each
counted as a "no", or the count of ``verdict: no`` markers.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from compat.cases import ArmName, Case
from compat.scoring import LegacyScorer, Score, Scorer, VerdictFormat, legacy_breakdown


class GraderTexts(NamedTuple):
    """The two grader outputs one side scored (``statements``: a list given instead of call 1's text)."""

    statements_output: str | None
    statements: tuple[str, ...] | None
    grader_output: str


class ReadVerdict(NamedTuple):
    """One verdict as a scorer read it: the statement (or the legacy piece), 1, 0 or none, and the reason."""

    text: str
    verdict: int | None
    reason: str | None = None


class CaseDetail(NamedTuple):
    control_texts: GraderTexts | None  # None: the side's grader call failed, nothing was read
    candidate_texts: GraderTexts | None
    control_read: tuple[ReadVerdict, ...]
    candidate_read: tuple[ReadVerdict, ...]
    control_note: str  # how the control's reading is to be taken (the legacy arithmetic's branch)


def texts_of(case: Case, arm: ArmName) -> GraderTexts | None:
    """The texts a scorer of ``arm`` reads (``score_arm``'s choice), or None when the call failed."""
    chosen = case if case.arms is None or case.arms.get(arm) is None else case.arm_case(arm)
    if chosen is None:
        return None
    return GraderTexts(chosen.statements_output, chosen.statements, chosen.grader_output)


def case_detail(
    case: Case, control: Score, candidate: Score, control_scorer: Scorer, control_arm: ArmName, candidate_arm: ArmName
) -> CaseDetail:
    control_texts = texts_of(case, control_arm)
    candidate_texts = texts_of(case, candidate_arm)
    control_read, note = _read(control, control_scorer, case, control_arm)
    candidate_read, _ = _read(candidate, None, case, candidate_arm)
    return CaseDetail(control_texts, candidate_texts, control_read, candidate_read, note)


def _read(score: Score, scorer: Scorer | None, case: Case, arm: ArmName) -> tuple[tuple[ReadVerdict, ...], str]:
    if score.verdicts:
        return tuple(ReadVerdict(v.statement, v.verdict, v.reason) for v in score.verdicts), ""
    if not isinstance(scorer, LegacyScorer):
        return (), ""
    chosen = case if case.arms is None or case.arms.get(arm) is None else case.arm_case(arm)
    breakdown = legacy_breakdown(chosen) if chosen is not None else None
    if breakdown is None:
        return (), "no output: the legacy scorer stopped before reading verdicts"
    if breakdown.format is VerdictFormat.TEXT_FINAL_LINE:
        pieces = tuple(ReadVerdict(piece.strip(), 0 if "yes" not in piece else 1) for piece in breakdown.pieces)
        return pieces, (
            f"{breakdown.statement_count} statements; the final line split at every '.', "
            f"each piece without 'yes' counted as a no ({breakdown.bad_count})"
        )
    return (), (
        f"{breakdown.statement_count} statements; no final-verdict line, so it counted "
        f"{breakdown.bad_count} 'verdict: no' in the whole text"
    )


def detail_record(detail: CaseDetail) -> dict[str, Any]:
    """The ``detail`` section of a cases.jsonl line (``CaseDetail`` in the report models)."""
    same = detail.candidate_texts == detail.control_texts
    return {
        "control_texts": _texts(detail.control_texts),
        "candidate_texts": None if same else _texts(detail.candidate_texts),
        "same_texts": same,
        "control_read": [_verdict(v) for v in detail.control_read],
        "candidate_read": [_verdict(v) for v in detail.candidate_read],
        "control_note": detail.control_note,
    }


def _texts(texts: GraderTexts | None) -> dict[str, Any] | None:
    if texts is None:
        return None
    statements = None if texts.statements is None else list(texts.statements)
    return {
        "statements_output": texts.statements_output,
        "statements": statements,
        "grader_output": texts.grader_output,
    }


def _verdict(verdict: ReadVerdict) -> dict[str, Any]:
    return {"text": verdict.text, "verdict": verdict.verdict, "reason": verdict.reason}
