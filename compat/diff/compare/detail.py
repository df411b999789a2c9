"""What a person needs to judge one differing case: what was graded, the texts each scorer read and how.

A case that matches needs no second look; one that differs does, so its cases.jsonl
line carries a ``detail`` section: the question, the answer and the contexts that were
graded (to tell which grader was right), the grader's two outputs as each side read them
(one copy where both read the same texts), and each verdict as each scorer read it.
The legacy scorer keeps no per-statement verdicts, so its reading is rebuilt from its
own arithmetic (``legacy_breakdown``): the pieces of the final line and whether each
counted as a "no", or the count of ``verdict: no`` markers.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from compat.cases import ArmName, Case, recorded_config
from compat.diff._outcomes import CANDIDATE_ARM, CONTROL_ARM
from compat.diff.compare.arms import case_for_arm
from compat.diff.compare.values import CaseDetail, GraderTexts
from compat.scoring import LegacyScorer, Score, Scorer, Verdict, VerdictFormat, legacy_breakdown, sent_statements


def case_detail(
    case: Case,
    control: Score,
    candidate: Score,
    *,
    control_scorer: Scorer,
    candidate_scorer: Scorer,
    candidate_arm: ArmName = CANDIDATE_ARM,
    control_arm: ArmName = CONTROL_ARM,
    graded: Case | None = None,
) -> CaseDetail:
    """``candidate_arm``, ``control_arm``: the arm each side scored; ``graded``: the case as the
    corpus holds it, its arms' recordings (``case`` may be one arm's text, read by both sides)."""
    graded = case if graded is None else graded
    control_case = case_for_arm(case, control_arm)
    candidate_case = case_for_arm(case, candidate_arm)
    control_read, note = _read(control, control_scorer, control_case)
    candidate_read, _ = _read(candidate, candidate_scorer, candidate_case)
    return CaseDetail(
        question=case.question,
        answer=case.answer,
        contexts=case.contexts,
        control_texts=_texts_of(control_case),
        candidate_texts=_texts_of(candidate_case),
        control_read=control_read,
        candidate_read=candidate_read,
        control_note=note,
        control_sent=_sent(graded, control_arm, control_case),
        candidate_sent=_sent(graded, candidate_arm, candidate_case),
    )


def _sent(case: Case, arm: ArmName, chosen: Case | None) -> tuple[str, ...] | None:
    """The statements ``arm``'s verdict call was sent: ``grade``'s rule for the arm's preset on
    its call 1, or the list the case gives; None where the corpus does not say (texts graded
    elsewhere) or nothing was read."""
    if chosen is None:
        return None
    recording = case.arms.get(arm) if case.arms is not None else None
    if recording is not None and chosen.statements_output is not None:
        config = recorded_config(arm, recording)
        structured = config.structured or config.verifier == "hhem"  # HHEM reads the statements as RAGAS does
        return tuple(sent_statements(chosen.statements_output, structured=structured))
    if chosen.statements_output is None and chosen.statements is not None:
        return chosen.statements
    return None


def _texts_of(chosen: Case | None) -> GraderTexts | None:
    return None if chosen is None else GraderTexts(chosen.statements_output, chosen.statements, chosen.grader_output)


def _read(score: Score, scorer: Scorer, chosen: Case | None) -> tuple[tuple[Verdict, ...], str]:
    """The verdicts ``scorer`` read in ``chosen``, and how to take them (the legacy arithmetic)."""
    if score.verdicts:
        return score.verdicts, ""
    if not isinstance(scorer, LegacyScorer):
        return (), ""
    breakdown = legacy_breakdown(chosen) if chosen is not None else None
    if breakdown is None:
        return (), "no output: the legacy scorer stopped before reading verdicts"
    if breakdown.format is VerdictFormat.TEXT_FINAL_LINE:
        pieces = tuple(Verdict(piece.strip(), 0 if "yes" not in piece else 1) for piece in breakdown.pieces)
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
    same = detail.same_texts
    return {
        "question": detail.question,
        "answer": detail.answer,
        "contexts": list(detail.contexts),
        "control_texts": _texts(detail.control_texts),
        "candidate_texts": None if same else _texts(detail.candidate_texts),
        "same_texts": same,
        "control_read": [_verdict(v) for v in detail.control_read],
        "candidate_read": [_verdict(v) for v in detail.candidate_read],
        "control_note": detail.control_note,
        "control_sent": _listed(detail.control_sent),
        "candidate_sent": _listed(detail.candidate_sent),
    }


def _listed(statements: tuple[str, ...] | None) -> list[str] | None:
    return None if statements is None else list(statements)


def _texts(texts: GraderTexts | None) -> dict[str, Any] | None:
    if texts is None:
        return None
    statements = None if texts.statements is None else list(texts.statements)
    return {
        "statements_output": texts.statements_output,
        "statements": statements,
        "grader_output": texts.grader_output,
    }


def _verdict(verdict: Verdict) -> dict[str, Any]:
    value = None if verdict.verdict is None else int(bool(verdict.verdict))  # 1 or 0, whatever a port stored
    return {"text": verdict.statement, "verdict": value, "reason": verdict.reason}


# The C string encoder behind json.dumps(..., ensure_ascii=True).
_quote: Callable[[str], str] = json.encoder.encode_basestring_ascii


def detail_json(detail: CaseDetail) -> str:
    """``json.dumps(detail_record(detail), ensure_ascii=True)``, built from a template.

    A differing case pays for its detail on every line written; the generic encoder
    walking a fresh dict costs more than the grader texts' own encoding (a test holds
    the two equal).
    """
    same = detail.same_texts
    return (
        f'{{"question": {_optional(detail.question)}, "answer": {_optional(detail.answer)}, '
        f'"contexts": [{", ".join(map(_quote, detail.contexts))}], '
        f'"control_texts": {_texts_json(detail.control_texts)}, '
        f'"candidate_texts": {"null" if same else _texts_json(detail.candidate_texts)}, '
        f'"same_texts": {"true" if same else "false"}, '
        f'"control_read": [{", ".join(map(_verdict_json, detail.control_read))}], '
        f'"candidate_read": [{", ".join(map(_verdict_json, detail.candidate_read))}], '
        f'"control_note": {_quote(detail.control_note)}, '
        f'"control_sent": {_listed_json(detail.control_sent)}, '
        f'"candidate_sent": {_listed_json(detail.candidate_sent)}}}'
    )


def _listed_json(statements: tuple[str, ...] | None) -> str:
    return "null" if statements is None else f"[{', '.join(map(_quote, statements))}]"


def _optional(text: str | None) -> str:
    return "null" if text is None else _quote(text)


def _texts_json(texts: GraderTexts | None) -> str:
    if texts is None:
        return "null"
    output = _optional(texts.statements_output)
    statements = "null" if texts.statements is None else f"[{', '.join(map(_quote, texts.statements))}]"
    return (
        f'{{"statements_output": {output}, "statements": {statements}, "grader_output": {_quote(texts.grader_output)}}}'
    )


def _verdict_json(verdict: Verdict) -> str:
    value = "null" if verdict.verdict is None else "1" if verdict.verdict else "0"
    reason = _optional(verdict.reason)
    return f'{{"text": {_quote(verdict.statement)}, "verdict": {value}, "reason": {reason}}}'
