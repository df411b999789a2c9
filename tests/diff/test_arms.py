"""Cases with per-arm recordings (faithcompat grade): each side scores its own arm's texts."""

from __future__ import annotations

import json
from pathlib import Path

from compat import Case, get_scorer
from compat.diff import DiffSettings, Outcome, compare, run_diff, score_arm

LEGACY_TEXT = "Final verdict for each statement in order: Yes. No."
RAGAS_JSON = json.dumps(
    {
        "statements": [
            {"statement": "A.", "reason": "stated", "verdict": 1},
            {"statement": "B.", "reason": "stated too", "verdict": 1},
        ]
    }
)
RAGAS_STATEMENTS = json.dumps({"statements": ["A.", "B."]})


def graded(case_id: str, ragas_arm: dict[str, object], **shared: object) -> dict[str, object]:
    return {
        "id": case_id,
        "arms": {"legacy": {"statements_output": "A.\nB.", "grader_output": LEGACY_TEXT}, "ragas": ragas_arm},
        **shared,
    }


def test_each_side_scores_its_own_arm() -> None:
    case = Case.model_validate(graded("c", {"statements_output": RAGAS_STATEMENTS, "grader_output": RAGAS_JSON}))
    control = score_arm(get_scorer("legacy"), case, "legacy")
    candidate = score_arm(get_scorer("ragas"), case, "ragas")
    assert control.value == 0.5  # the legacy arm's "Yes. No."
    assert candidate.value == 1.0 and candidate.format is not None and candidate.format.value == "json"
    comparison = compare(case, control, candidate)
    assert comparison.outcome is Outcome.DRIFT
    assert comparison.cause is not None and comparison.cause.value == "prompts_differ"


def test_a_failed_grader_call_is_its_own_outcome_never_a_score(tmp_path: Path) -> None:
    failed = {
        "statements_output": RAGAS_STATEMENTS,
        "error": {"call": "verdicts", "kind": "timeout", "message": "no reply in 60 s"},
    }
    corpus = tmp_path / "graded.jsonl"
    corpus.write_text(json.dumps(graded("timed-out", failed)) + "\n", encoding="utf-8")
    candidate = score_arm(get_scorer("ragas"), Case.model_validate(graded("t", failed)), "ragas")
    assert candidate.value is None and not candidate.passed
    assert candidate.cause is not None and candidate.cause.value == "grader_error"
    assert "verdicts call failed (timeout): no reply in 60 s" in candidate.reason
    report = run_diff([corpus], DiffSettings())
    assert report.outcomes[Outcome.GRADER_ERROR.value] == 1
    assert [row.cause for row in report.causes] == ["grader_error"]


def test_an_arm_without_a_recording_scores_the_shared_texts() -> None:
    case = Case.model_validate(
        {
            "id": "half",
            "arms": {"legacy": {"statements_output": "A.\nB.", "grader_output": LEGACY_TEXT}},
            "statements_output": "A.\nB.",
            "grader_output": "Final verdict for each statement in order: Yes. Yes.",
        }
    )
    assert score_arm(get_scorer("legacy"), case, "legacy").value == 0.5
    assert score_arm(get_scorer("ragas"), case, "ragas").value == 1.0  # the shared text
