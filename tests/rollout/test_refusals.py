"""The refusals a rollout decision names, each with the arm whose grader refused."""

from __future__ import annotations

from pathlib import Path

from compat.diff import ComparedBatch, DiffSettings, run_diff
from compat.rollout import Refusal, decide, load_policy, refusals_in, render_decision
from tests.diff.graded import ROWS, arm, graded_case, legacy_sample, ragas_sample, write

APOLOGY = "I'm sorry, but I can't evaluate these statements."


def refused(statements: list[str]) -> dict[str, object]:
    """A grader that lists the statements, then refuses to give verdicts."""
    return {"seed": 0, "statements_output": "\n".join(statements), "grader_output": APOLOGY}


def refusals_of(path: Path) -> list[Refusal]:
    found: list[Refusal] = []

    def collect(batch: ComparedBatch) -> None:
        found.extend(refusals_in(batch.lines))

    run_diff([path], DiffSettings(), on_comparisons=collect)
    return found


def test_each_refusal_is_named_with_the_arm_that_refused(tmp_path: Path) -> None:
    first, second, third = ROWS
    cases = [
        # Only the legacy arm's grader refused: legacy passes the refusal (1.0), the fixed scorer scores the answer.
        graded_case(
            0,
            first,
            arm("legacy", [refused(first["statements"])]),
            arm("ragas", [ragas_sample(first["statements"], "YN")]),
        ),
        # Only the RAGAS arm's grader refused: the fixed scorer declines; legacy scored an answer.
        graded_case(
            1,
            second,
            arm("legacy", [legacy_sample(second["statements"], "YY")]),
            arm("ragas", [refused(second["statements"])]),
        ),
        # Both refused.
        graded_case(
            2, third, arm("legacy", [refused(third["statements"])]), arm("ragas", [refused(third["statements"])])
        ),
        # One text for both scorers (a corpus of shared texts): the grader refused it.
        {"id": "shared", "statements_output": "A.\nB.", "grader_output": APOLOGY},
    ]
    found = refusals_of(write(tmp_path / "graded.jsonl", cases))
    assert found == [
        Refusal("row-1", "legacy", True),
        Refusal("row-2", "ragas", True),
        Refusal("row-3", "both", True),
        Refusal("shared", "both", True),
    ]
    report = run_diff([tmp_path / "graded.jsonl"], DiffSettings())
    text = render_decision(decide(report, load_policy(None).rollout, invariant_violations=None, refusals=found))
    assert "2 refusal(s) legacy passed that the fixed scorer declines to score (expected):\n  row-3\n  shared" in text
    assert (
        "1 refusal(s) by the legacy arm's grader alone: legacy passed the refusal; the RAGAS arm's grader answered, "
        "and the fixed scorer scored that answer:\n  row-1"
    ) in text
    assert (
        "1 refusal(s) by the RAGAS arm's grader alone: the fixed scorer declines; legacy scored the legacy arm's "
        "answer:\n  row-2" in text
    )
