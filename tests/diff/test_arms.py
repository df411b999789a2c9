"""Cases with per-arm recordings (faithcompat grade): each side scores its own arm's texts."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from compat import Case, get_scorer
from compat.cli import main
from compat.diff import (
    CaseComparer,
    DiffSettings,
    DriftCause,
    Outcome,
    arm_read_by,
    compare,
    has_text_for,
    run_diff,
    score_arm,
)
from compat.scoring import scorer_names
from tests.diff.graded import REFUSED, ROWS, answered_corpus, arm, failed_arm, graded_case, ragas_sample

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


def test_each_scorer_reads_the_arm_its_contract_reads() -> None:
    assert {name: arm_read_by(name) for name in scorer_names()} == {
        "legacy": "legacy",
        "plan-minimal": "legacy",
        "plan-parser": "legacy",
        "plan-ragas-port": "legacy",
        "promptfoo-0.120.27": "legacy",
        "promptfoo-0.121.19": "legacy",
        "promptfoo-0.123.1": "legacy",
        "ragas": "ragas",
        "ragas-0.4.3": "ragas",
        "ragas-hhem-0.4.3": "ragas-hhem",  # the arm `grade --hhem` records: call 1's JSON and HHEM's checks
        "deepeval-4.3.1": "deepeval",  # the deepeval preset: deepeval 4.3.1's own three calls
    }


def test_a_text_scorer_as_candidate_reads_the_legacy_arms_text_beside_the_control(tmp_path: Path) -> None:
    # Graded both ways: the legacy prompts' text says 1 of 2 supported, the RAGAS prompts' JSON 2 of 2.
    corpus = answered_corpus(tmp_path / "graded.jsonl", legacy="YN", ragas="YY")
    report = run_diff([corpus], DiffSettings(candidate="plan-minimal"))
    assert report.scorers.candidate_arm == "legacy"
    assert report.means["candidate"].mean == 0.5 and report.outcomes["match"] == 3  # the text it reads, read alike
    assert report.decomposition is None  # one text, two parsers: no prompt step to walk
    # Made to read the RAGAS arm's JSON, it finds no verdict in it: the 0.0 the issue saw on every case.
    forced = run_diff([corpus], DiffSettings(candidate="plan-minimal", candidate_arm="ragas"))
    assert forced.scorers.candidate_arm == "ragas" and forced.means["candidate"].mean == 0.0
    # The fixed scorer reads its own arm, as before.
    fixed = run_diff([corpus], DiffSettings())
    assert fixed.scorers.candidate_arm == "ragas" and fixed.means["candidate"].mean == 1.0


def test_a_text_candidate_on_a_failed_legacy_arm_has_nothing_to_read(tmp_path: Path) -> None:
    row = ROWS[0]
    case = Case.model_validate(
        graded_case(0, row, failed_arm("legacy", REFUSED), arm("ragas", [ragas_sample(row["statements"], "YY")]))
    )
    comparison = CaseComparer(get_scorer("legacy"), get_scorer("plan-minimal")).compare(case)
    assert comparison.outcome is Outcome.GRADER_ERROR and comparison.candidate.value is None
    assert "legacy arm's grader statements call failed (connection)" in comparison.candidate.reason
    assert comparison.detail is not None and comparison.detail.candidate_texts is None  # not the RAGAS arm's


def test_an_arm_not_recorded_and_no_shared_texts_has_nothing_to_score() -> None:
    row = ROWS[0]
    case = Case.model_validate(
        {
            "id": "ragas-only",
            **{k: row[k] for k in ("question", "answer", "contexts")},
            "arms": {"ragas": arm("ragas", [ragas_sample(row["statements"], "YY")])},
        }
    )
    score = score_arm(get_scorer("legacy"), case, "legacy")
    # Never asked: not recorded, neither an empty output nor a grader error.
    assert score.value is None and score.cause is not None and score.cause.value == "not_recorded"
    assert score.reason == "Faithfulness undetermined: the legacy arm is not recorded on this case (it records: ragas)"
    assert not has_text_for(case, "legacy") and has_text_for(case, "ragas")
    comparison = CaseComparer(get_scorer("legacy"), get_scorer("ragas")).compare(case)
    assert comparison.outcome is Outcome.NOT_RECORDED and comparison.cause is DriftCause.ARM_NOT_RECORDED


def test_diff_takes_the_arm_a_team_chooses(tmp_path: Path) -> None:
    corpus = answered_corpus(tmp_path / "graded.jsonl", legacy="YN", ragas="YY")
    for arm_given, read, mean in (("auto", "legacy", 0.5), ("ragas", "ragas", 0.0), ("legacy", "legacy", 0.5)):
        out = tmp_path / arm_given
        result = CliRunner().invoke(
            main, ["diff", str(corpus), "--candidate", "plan-minimal", "--arm", arm_given, "--out", str(out)]
        )
        assert result.exit_code == 0, result.output
        report = json.loads((out / "report.json").read_text(encoding="utf-8"))
        assert (report["scorers"]["candidate_arm"], report["means"]["candidate"]["mean"]) == (read, mean)
