"""The deepeval preset arm, end to end against the test server: deepeval 4.3.1's three calls
recorded, read by the deepeval-4.3.1 scorer, cached, resumed, counted by a dry run, and ranked."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from compat.cases import load_cases
from compat.grading.prompts import BUILT_IN
from compat.scoring import Status, get_scorer
from tests.grading.server import GraderServer
from tests.grading.test_decomposition_end_to_end import ROWS as DECOMPOSITION_ROWS
from tests.grading.test_grade import ROWS, arms_of, invoke, run_grade, write_rows


def test_the_deepeval_arm_records_its_three_calls_and_its_scorer_reads_them(
    server: GraderServer, tmp_path: Path
) -> None:
    code, err, out = run_grade(server, tmp_path, "--arms", "deepeval")
    assert code == 0, err
    log = list(server.script.log)
    calls = Counter((entry["arm"], entry["call"]) for entry in log)
    assert calls == {("deepeval", "truths"): 3, ("deepeval", "statements"): 3, ("deepeval", "verdicts"): 3}
    assert all(entry["prompt"].startswith(BUILT_IN.deepeval.truths[:60]) for entry in log if entry["call"] == "truths")
    # The verdicts call is handed the claims as deepeval prints them, and the truths joined by a blank line.
    verdicts_prompt = [entry["prompt"] for entry in log if entry["call"] == "verdicts"]
    assert "Claims:\n['It is 330 metres tall.', 'It is blue.']\n\nJSON:" in "\n".join(verdicts_prompt)
    for arms in arms_of(out):
        assert list(arms) == ["deepeval"]
        assert json.loads(arms["deepeval"]["truths_output"])["truths"]
        assert "claims" in json.loads(arms["deepeval"]["statements_output"])
    scorer = get_scorer("deepeval-4.3.1")
    scores = {case.id: scorer.score(case.arm_case("deepeval")) for case in load_cases([out])}  # type: ignore[arg-type]
    assert {name: score.value for name, score in scores.items()} == {"a": 1.0, "b": 0.5, "c": 0.0}
    assert all(score.status is Status.SCORED for score in scores.values())


def test_the_deepeval_arm_is_cached_resumed_and_counted_by_a_dry_run(server: GraderServer, tmp_path: Path) -> None:
    code, stdout, _ = invoke(
        "grade", str(_dataset(tmp_path)), "--base-url", server.base_url, "--model", "m",
        "--cache", str(tmp_path / "cache.sqlite"), "--arms", "deepeval", "--dry-run",
    )  # fmt: skip
    assert code == 0 and server.script.requests == 0
    assert stdout == "3 cases: 9 calls to make (0 replies cached), up to 9 with re-asks\n"
    # One verdicts call fails: the case records the error, its two calls before it are kept.
    server.script.inject("500", call="verdicts", arm="deepeval")
    code, err, out = run_grade(server, tmp_path, "--arms", "deepeval", "--retries", "0", "--max-error-rate", "1")
    assert code == 0, err
    failed = [arms["deepeval"] for arms in arms_of(out) if "error" in arms["deepeval"]]
    assert len(failed) == 1 and failed[0]["error"]["call"] == "verdicts"
    assert "truths_output" in failed[0] and "statements_output" in failed[0] and "grader_output" not in failed[0]
    asked = server.script.requests
    # The run again resumes from the cache: only the failed call is asked.
    code, err, out = run_grade(server, tmp_path, "--arms", "deepeval")
    assert code == 0, err
    assert server.script.requests - asked == 1
    assert all("error" not in arms["deepeval"] for arms in arms_of(out))
    first = out.read_bytes()
    code, err, out = run_grade(server, tmp_path, "--arms", "deepeval")
    assert code == 0 and server.script.requests - asked == 1 and out.read_bytes() == first
    code, stdout, _ = invoke(
        "grade", str(_dataset(tmp_path)), "--base-url", server.base_url, "--model", "m",
        "--cache", str(tmp_path / "cache.sqlite"), "--arms", "deepeval", "--dry-run",
    )  # fmt: skip
    assert stdout == "3 cases: 0 calls to make (9 replies cached), up to 0 with re-asks\n"


def test_grade_lists_the_deepeval_arm() -> None:
    code, stdout, _ = invoke("grade", "--help")
    assert code == 0
    assert "[both|legacy|ragas|deepeval|none]" in stdout.replace("\n", "").replace(" ", "")


def test_diff_and_compare_read_the_deepeval_arm(server: GraderServer, tmp_path: Path) -> None:
    # A grader that refuses the verdicts call: deepeval's metric raises on it (no JSON to read).
    refused = {"id": "r", "question": "Q?", "answer": "It is secret.", "contexts": ["A classified memo."]}
    code, err, out = run_grade(server, tmp_path, "--arm", "deepeval=deepeval", rows=[*ROWS, refused])
    assert code == 0, err
    report = tmp_path / "report"
    code, _, err = invoke("diff", str(out), "--candidate", "deepeval-4.3.1", "--out", str(report))
    assert code in (0, 1), err
    written = json.loads((report / "report.json").read_text())
    assert written["scorers"]["candidate"] == "deepeval-4.3.1" and written["scorers"]["candidate_arm"] == "deepeval"
    # deepeval cannot read the legacy text: its parser step is left out (0), said in a warning.
    steps = written["decomposition"]
    assert steps["complete"] == 3 and steps["effects"]["parser"] == 0 and "prompts" in steps["effects"]
    assert any("the parser step is left out: the candidate (deepeval-4.3.1)" in line for line in written["warnings"])
    code, stdout, err = invoke("compare", str(out), "--format", "json")
    assert code in (0, 1), err
    rows = {row["candidate"]: row for row in json.loads(stdout)["rows"]}
    assert rows["deepeval-4.3.1"]["arm"] == "deepeval" and rows["deepeval-4.3.1"]["errors"] == 1


def test_a_deepeval_arm_takes_no_prompts_file_strict_json_nor_hhem(server: GraderServer, tmp_path: Path) -> None:
    for spec, said in (
        ("d=deepeval,strict-json=true", "strict JSON is the ragas preset's"),
        ("d=deepeval,verifier=hhem", "the deepeval preset's verdicts are its grader's"),
        ("d=deepeval,prompts=p.toml", "deepeval 4.3.1's own prompts"),
    ):
        code, err, _ = run_grade(server, tmp_path, "--arm", spec)
        assert code == 2 and said in err, err
    assert server.script.requests == 0


def _dataset(tmp_path: Path) -> Path:
    return write_rows(tmp_path / "data.jsonl", ROWS)


def test_a_model_swap_on_deepeval_prompts_is_the_model_step(server: GraderServer, tmp_path: Path) -> None:
    # legacy -> (parser: left out) -> deepeval's prompts on m -> (model) -> deepeval's prompts on "strict".
    server.script.model_overlap["strict"] = 1.0
    arms = ("--arms", "legacy", "--arm", "deepeval=deepeval", "--arm", "deepeval-strict=deepeval,model=strict")
    code, err, out = run_grade(server, tmp_path, *arms, rows=DECOMPOSITION_ROWS)
    assert code == 0, err
    report = tmp_path / "report"
    code, _, err = invoke(
        "diff", str(out), "--candidate", "deepeval-4.3.1", "--arm", "deepeval-strict", "--out", str(report)
    )
    assert code in (0, 1), err
    steps = json.loads((report / "report.json").read_text())["decomposition"]
    assert steps["complete"] == 3 and steps["steps"] == {"parser": 0, "prompts": 0, "model": 1, "noise": 0}
    assert abs(steps["effects"]["model"] - (-0.5 / 3)) < 1e-12 and steps["effects"]["parser"] == 0
