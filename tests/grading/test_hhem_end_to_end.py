"""Issue 25's "done when": the bundled dataset graded with the presets plus one HHEM arm, then diffed.

`faithcompat grade` asks the scripted grader on 127.0.0.1 (both presets) and has the tiny
HHEM checkpoint the tests build judge the HHEM arm's statements; `faithcompat diff` with the
HHEM arm as the candidate's must walk parser -> prompts -> verifier, and put the per-statement
agreement of the LLM's verdicts and HHEM's in every report. Skips without the [hhem] extra.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from compat.cases import Case
from compat.scoring import get_scorer
from tests.grading.server import GraderServer
from tests.grading.test_grade import invoke

# The two ways to ask for an HHEM arm: `--hhem` (the arm `ragas-hhem`) and a declared arm.
HHEM_ARMS = {"ragas-hhem": (), "judge": ("--arm", "judge=ragas,verifier=hhem")}


def grade_and_diff_with_hhem(server: GraderServer, model: Path, tmp_path: Path, arm: str) -> tuple[Path, Path]:
    """The bundled dataset graded on `legacy`, `ragas` and the HHEM arm `arm`; then diffed with
    `arm` as the candidate's. Returns the corpus and the report directory."""
    corpus, report = tmp_path / "graded.jsonl", tmp_path / "hhem-report"
    code, _, err = invoke(
        "grade", "--base-url", server.base_url, "--model", "grader", *HHEM_ARMS[arm], "--hhem", str(model),
        "--hhem-threads", "1", "--cache", str(tmp_path / "cache.sqlite"), "--output", str(corpus),
    )  # fmt: skip
    assert code == 0, err
    code, _, err = invoke("diff", str(corpus), "--arm", arm, "--out", str(report))
    assert code in (0, 1), err
    return corpus, report


def _value(scorer: str, case: Case, arm: str) -> float | None:
    recorded = case.arm_case(arm)
    return None if recorded is None else get_scorer(scorer).score(recorded).value


@pytest.mark.parametrize("arm", sorted(HHEM_ARMS))
def test_the_hhem_arm_as_candidate_has_a_verifier_step_and_the_statement_agreement(
    server: GraderServer, hhem_local: Path, tmp_path: Path, arm: str
) -> None:
    corpus, report_dir = grade_and_diff_with_hhem(server, hhem_local, tmp_path, arm)
    cases = [Case.model_validate_json(line) for line in corpus.read_text(encoding="utf-8").splitlines()]
    assert len(cases) == 51
    report: dict[str, Any] = json.loads((report_dir / "report.json").read_text(encoding="utf-8"))
    assert report["scorers"]["candidate_arm"] == arm
    steps = report["decomposition"]
    # The HHEM arm differs from `ragas` in its verifier only: no model step, a verifier step.
    assert list(steps["steps"]) == ["parser", "prompts", "verifier", "noise"]
    assert set(steps["flips"]) == set(steps["steps"]) and "verifier" in steps["effects"]
    assert "left_out" not in steps
    # The verifier step is the fixed scorer's change from the ragas arm's text to the HHEM arm's.
    changes = {
        case.id: (verified - judged)
        for case in cases
        if (verified := _value("ragas", case, arm)) is not None
        and (judged := _value("ragas", case, "ragas")) is not None
        and _value("legacy", case, "legacy") is not None
    }
    assert len(changes) == steps["complete"]
    assert steps["effects"]["verifier"] == pytest.approx(sum(changes.values()) / len(changes))
    moved = sum(abs(change) > 1e-9 for change in changes.values())
    assert steps["steps"]["verifier"] == moved > 0
    assert 0 < steps["flips"]["verifier"] <= moved
    causes = {row["cause"]: row["count"] for row in report["causes"]}
    assert 0 < causes["verifier_differs"] <= moved
    # The agreement: every statement HHEM judged whose case the LLM judged too, in the matrix.
    agreement = report["statement_agreement"]
    assert (agreement["control"], agreement["candidate"]) == ("llm", "hhem")
    judged = [len(checks) for case in cases if case.arms and (checks := case.arms.get(arm).checks)]  # type: ignore[union-attr]
    in_matrix = sum(sum(row.values()) for row in agreement["matrix"].values())
    assert in_matrix == agreement["statements"] and in_matrix + agreement["unpaired"] == sum(judged)
    assert agreement["kappa_low"] <= agreement["kappa"] <= agreement["kappa_high"]
    off_diagonal = agreement["matrix"]["supported"]["unsupported"] + agreement["matrix"]["unsupported"]["supported"]
    assert 0 < len(agreement["disagreements"]) <= off_diagonal
    # report.html draws the verifier step in the waterfall and has the agreement section.
    html = (report_dir / "report.html").read_text(encoding="utf-8")
    assert 'rect class="bar up" ' in html or 'rect class="bar down" ' in html
    assert 'data-step="verifier"' in html and 'data-step="model"' not in html
    assert 'aria-labelledby="s-statements"' in html
    assert "Per-statement agreement: can HHEM replace the verdict call?" in html
    markdown = (report_dir / "report.md").read_text(encoding="utf-8")
    assert "verifier" in markdown and "kappa" in markdown
