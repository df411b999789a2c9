"""`grade --hhem` against the test grader on 127.0.0.1 and a tiny HHEM checkpoint, then `diff`.

The hhem arm asks the grader only its statements call, the same request as the ragas arm's
(served from that reply), and HHEM judges the statements; the report holds the per-statement
agreement of the two. Skips without the [hhem] extra.
"""

from __future__ import annotations

import json
from pathlib import Path

from compat.cases import Case
from compat.scoring import get_scorer
from tests.grading.server import GraderServer
from tests.grading.test_decomposition_end_to_end import ROWS
from tests.grading.test_grade import invoke, write_rows


def grade(server: GraderServer, tmp_path: Path, *extra: str) -> tuple[int, str, Path]:
    tmp_path.mkdir(parents=True, exist_ok=True)
    corpus = tmp_path / "corpus.jsonl"
    code, _, err = invoke(
        "grade", str(write_rows(tmp_path / "d.jsonl", ROWS)), "--output", str(corpus), "--base-url", server.base_url,
        "--model", "m", "--cache", str(tmp_path / "cache.sqlite"), *extra,
    )  # fmt: skip
    return code, err, corpus


def test_the_hhem_arm_records_checks_beside_the_presets_and_the_report_compares_them(
    server: GraderServer, hhem_local: Path, tmp_path: Path
) -> None:
    code, err, corpus = grade(server, tmp_path, "--hhem", str(hhem_local), "--batch-size", "1")
    assert code == 0, err
    cases = [Case.model_validate_json(line) for line in corpus.read_text(encoding="utf-8").splitlines()]
    for case in cases:
        assert case.arms is not None and case.arms.names() == ("legacy", "ragas", "ragas-hhem")
        ragas, hhem = case.arms.get("ragas"), case.arms.get("ragas-hhem")
        assert ragas is not None and hhem is not None
        assert hhem.statements_output == ragas.statements_output  # the same call 1
        assert hhem.verifier == "hhem" and hhem.verifier_model is not None
        assert hhem.verifier_model.startswith("sha256:") and hhem.checks
        statements = json.loads(hhem.statements_output or "")["statements"]
        assert [check.statement for check in hhem.checks] == statements
        # ragas-hhem-0.4.3 reads the arm: supported checks over all statements.
        score = get_scorer("ragas-hhem-0.4.3").score(case.arm_case("ragas-hhem") or case)
        assert score.value == sum(check.supported for check in hhem.checks) / len(hhem.checks)
    code, _, err = invoke("diff", str(corpus), "--out", str(tmp_path / "report"))
    assert code in (0, 1), err
    report = json.loads((tmp_path / "report" / "report.json").read_text(encoding="utf-8"))
    agreement = report["statement_agreement"]
    statements = sum(len(case.arms.get("ragas-hhem").checks or ()) for case in cases if case.arms)  # type: ignore[union-attr]
    assert agreement["statements"] == statements and agreement["cases"] == len(ROWS)
    assert sum(sum(row.values()) for row in agreement["matrix"].values()) == statements
    html = (tmp_path / "report" / "report.html").read_text(encoding="utf-8")
    assert "Per-statement agreement: can HHEM replace the verdict call?" in html


def test_the_hhem_arm_asks_the_grader_nothing_the_ragas_arm_did_not(
    server: GraderServer, hhem_local: Path, tmp_path: Path
) -> None:
    code, err, _ = grade(server, tmp_path / "plain")
    assert code == 0, err
    without = server.script.requests
    code, err, _ = grade(server, tmp_path / "with", "--hhem", str(hhem_local))
    assert code == 0, err
    assert server.script.requests - without == without  # a fresh cache: the same calls again, and no more


def test_a_pair_over_the_limit_is_recorded_on_the_case_as_call_2s_error(
    server: GraderServer, hhem_local: Path, tmp_path: Path
) -> None:
    # The tiny tokenizer makes 29 tokens of the shortest case's longest pair, 30 of the others'.
    code, err, corpus = grade(
        server, tmp_path, "--hhem", str(hhem_local), "--hhem-max-tokens", "29", "--max-error-rate", "1"
    )
    assert code == 0, err
    cases = [Case.model_validate_json(line) for line in corpus.read_text(encoding="utf-8").splitlines()]
    errors = {case.id: case.arm_error("ragas-hhem") for case in cases}
    assert errors["plain"] is None
    for name in ("strict-matters", "two-claims"):
        error = errors[name]
        assert error is not None and (error.call, error.kind) == ("verdicts", "too_long")
        assert "over the limit of 29 (--hhem-max-tokens)" in error.message
        assert cases[[c.id for c in cases].index(name)].arm_error("ragas") is None  # the LLM arm is untouched
    # Every case failing is a failed run, as for grader errors: exit 1, no corpus.
    code, err, corpus = grade(server, tmp_path / "all", "--hhem", str(hhem_local), "--hhem-max-tokens", "5")
    assert code == 1 and not corpus.exists(), err


def test_no_such_model_stops_the_run_before_any_call(server: GraderServer, tmp_path: Path) -> None:
    import pytest

    pytest.importorskip("transformers")
    code, err, corpus = grade(server, tmp_path, "--hhem", str(tmp_path / "nowhere"))
    assert code == 2 and "cannot load the HHEM model" in err and err.count("\n") == 1
    assert server.script.requests == 0 and not corpus.exists()


def test_diff_with_the_hhem_scorer_reads_the_hhem_arm(server: GraderServer, hhem_local: Path, tmp_path: Path) -> None:
    code, err, corpus = grade(server, tmp_path, "--hhem", str(hhem_local))
    assert code == 0, err
    code, _, err = invoke("diff", str(corpus), "--candidate", "ragas-hhem-0.4.3", "--out", str(tmp_path / "r"))
    assert code in (0, 1), err
    report = json.loads((tmp_path / "r" / "report.json").read_text(encoding="utf-8"))
    assert report["scorers"]["candidate_arm"] == "ragas-hhem"
    cases = [Case.model_validate_json(line) for line in corpus.read_text(encoding="utf-8").splitlines()]
    expected = [
        sum(c.supported for c in checks) / len(checks)
        for case in cases
        if case.arms and (checks := case.arms.get("ragas-hhem").checks)  # type: ignore[union-attr]
    ]
    assert report["means"]["candidate"]["mean"] == sum(expected) / len(expected)


def test_a_declared_arm_with_verifier_hhem_grades_with_hhem(
    server: GraderServer, hhem_local: Path, tmp_path: Path
) -> None:
    code, err, corpus = grade(server, tmp_path, "--arm", "judge=ragas,verifier=hhem", "--hhem", str(hhem_local))
    assert code == 0, err
    for line in corpus.read_text(encoding="utf-8").splitlines():
        case = Case.model_validate_json(line)
        assert case.arms is not None and case.arms.names() == ("legacy", "ragas", "judge")  # no second hhem arm
        judge = case.arms.get("judge")
        assert judge is not None and judge.verifier == "hhem" and judge.checks
        assert judge.verifier_model is not None and judge.verifier_model.startswith("sha256:")
