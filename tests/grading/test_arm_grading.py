"""Arms as configurations, end to end: declared arms graded against the test server, a model
swap measured as its own step, an arm not graded reported as not recorded."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.grading.server import GraderServer, Script
from tests.grading.test_decomposition_end_to_end import ROWS
from tests.grading.test_grade import arms_of, invoke, run_grade, write_rows


def diff(tmp_path: Path, corpus: Path, *extra: str) -> dict[str, Any]:
    report = tmp_path / "report"
    code, _, err = invoke("diff", str(corpus), "--out", str(report), *extra)
    assert code in (0, 1), err
    return json.loads((report / "report.json").read_text())


def test_a_declared_arm_asks_its_own_model_and_records_its_configuration(server: GraderServer, tmp_path: Path) -> None:
    code, err, out = run_grade(server, tmp_path, "--arm", "ragas-mini=ragas,model=mini,temperature=0.3")
    assert code == 0, err
    models = {(entry["arm"], entry["model"], entry["temperature"]) for entry in server.script.log}
    assert models == {("legacy", "m", 0.0), ("ragas", "m", 0.0), ("ragas", "mini", 0.3)}
    for arms in arms_of(out):
        assert list(arms) == ["legacy", "ragas", "ragas-mini"]
        mini = arms["ragas-mini"]
        assert (mini["model"], mini["preset"], mini["verifier"], mini["temperature"]) == ("mini", "ragas", "llm", 0.3)
        assert mini["base_url"] == server.base_url
        assert set(arms["ragas"]) >= {"prompts", "model"} and "preset" not in arms["ragas"]  # as presets always were


def test_the_model_swap_is_the_model_step_and_nothing_else(server: GraderServer, tmp_path: Path) -> None:
    # The same RAGAS prompts; model "strict" demands every word of a statement in the context.
    server.script.model_overlap["strict"] = 1.0
    dataset = write_rows(tmp_path / "d.jsonl", ROWS)
    corpus = tmp_path / "corpus.jsonl"
    code, _, err = invoke(
        "grade", str(dataset), "--output", str(corpus), "--base-url", server.base_url, "--model", "m",
        "--cache", str(tmp_path / "cache.sqlite"), "--arm", "ragas-strict=ragas,model=strict",
    )  # fmt: skip
    assert code == 0, err
    report = diff(tmp_path, corpus, "--arm", "ragas-strict")
    assert report["scorers"]["candidate_arm"] == "ragas-strict" and report["scorers"]["control_arm"] == "legacy"
    steps = report["decomposition"]
    assert steps["cases"] == steps["complete"] == 3
    # legacy -> (parser) -> ragas prompts on m -> (model) -> ragas prompts on strict: the prompts change nothing
    # (both overlap 0.75), the model step takes strict-matters' first statement: 1/2 -> 0/2, -1/6 over 3 cases.
    effects = steps["effects"]
    assert abs(effects["parser"]) < 1e-12 and abs(effects["prompts"]) < 1e-12 and effects["noise"] == 0
    assert abs(effects["model"] - (-0.5 / 3)) < 1e-12 and "verifier" not in effects
    assert steps["steps"] == {"parser": 0, "prompts": 0, "model": 1, "noise": 0}
    assert "left_out" not in steps
    lines = [json.loads(line) for line in (tmp_path / "report" / "cases.jsonl").read_text().splitlines()]
    moved = [line for line in lines if line["id"] == "strict-matters"]
    assert moved[0]["cause"] == "model_differs"
    legs = moved[0]["decomposition"]["legs"]
    assert [(leg["dimensions"], leg["arm"]) for leg in legs] == [(["prompts"], "ragas"), (["model"], "ragas-strict")]
    assert legs[0]["delta"] == 0 and legs[1]["delta"] == -0.5
    # The waterfall draws the model step, and the steps table lists it.
    page = (tmp_path / "report" / "report.html").read_text()
    assert 'data-step="model"' in page and '<th scope="row">model</th>' in page
    assert 'data-step="verifier"' not in page


def test_without_the_arm_between_them_the_model_step_is_left_out_and_said_so(
    server: GraderServer, tmp_path: Path
) -> None:
    server.script.model_overlap["strict"] = 1.0
    dataset = write_rows(tmp_path / "d.jsonl", ROWS)
    corpus = tmp_path / "corpus.jsonl"
    code, _, err = invoke(
        "grade", str(dataset), "--output", str(corpus), "--base-url", server.base_url, "--model", "m",
        "--cache", str(tmp_path / "cache.sqlite"), "--arms", "legacy", "--arm", "ragas-strict=ragas,model=strict",
    )  # fmt: skip
    assert code == 0, err
    steps = diff(tmp_path, corpus, "--arm", "ragas-strict")["decomposition"]
    # No arm holds the RAGAS prompts on model m: prompts and model are one leg, counted as prompts.
    assert steps["left_out"] == {"model": 3}
    assert steps["steps"] == {"parser": 0, "prompts": 1, "model": 0, "noise": 0}
    assert abs(steps["effects"]["prompts"] - (-0.5 / 3)) < 1e-12 and steps["effects"]["model"] == 0


def test_an_arm_a_case_was_not_graded_on_is_not_recorded_never_an_empty_output(
    server: GraderServer, tmp_path: Path
) -> None:
    code, err, corpus = run_grade(server, tmp_path, "--arms", "legacy")
    assert code == 0, err
    report_dir = tmp_path / "report"
    code, out, err = invoke("diff", str(corpus), "--out", str(report_dir))
    assert code == 2  # nothing to decide on: no case records the candidate's arm
    report = json.loads((report_dir / "report.json").read_text())
    assert report["outcomes"]["not_recorded"] == 3 and report["outcomes"]["grader_error"] == 0
    assert [entry["cause"] for entry in report["causes"]] == ["arm_not_recorded"]
    said = " ".join((out + err).split())
    assert "3 not recorded" in said and "empty_output" not in said and "grader error" not in said
    assert "no case records the arm a side scores" in said


def test_diff_picks_the_control_arm_by_name_too(server: GraderServer, tmp_path: Path) -> None:
    server.script.model_overlap["strict"] = 1.0
    arms = ("--arms", "ragas", "--arm", "ragas-strict=ragas,model=strict")
    code, err, corpus = run_grade(server, tmp_path, *arms, rows=ROWS)
    assert code == 0, err
    report = diff(tmp_path, corpus, "--control", "ragas", "--control-arm", "ragas", "--arm", "ragas-strict")
    steps = report["decomposition"]
    assert report["scorers"]["control_arm"] == "ragas" and steps["steps"]["model"] == 1
    assert steps["steps"]["parser"] == 0 and steps["steps"]["prompts"] == 0


def test_an_arm_at_another_endpoint_is_asked_there(server: GraderServer, tmp_path: Path) -> None:
    with GraderServer(Script()) as other:
        code, err, out = run_grade(
            server, tmp_path, "--arms", "legacy", "--arm", f"far=ragas,base-url={other.base_url}"
        )
        assert code == 0, err
        assert {entry["arm"] for entry in server.script.log} == {"legacy"}
        assert {entry["arm"] for entry in other.script.log} == {"ragas"}
    assert all(arms["far"]["base_url"] == other.base_url for arms in arms_of(out))


def test_an_hhem_arm_whose_model_cannot_load_is_refused_before_any_request(
    server: GraderServer, tmp_path: Path
) -> None:
    """The verifier's grading itself is tested in test_hhem_arm.py (a tiny model, the [hhem] extra)."""
    code, err, out = run_grade(
        server, tmp_path, "--arm", "ragas-hhem=ragas,verifier=hhem", "--hhem", str(tmp_path / "no")
    )
    assert code == 2 and not out.exists() and server.script.requests == 0
    assert "cannot load the HHEM model" in err or "pip install 'faithcompat[hhem]'" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("mini", "write NAME=PRESET[,KEY=VALUE...]"),
        ("mini=gpt", "unknown preset 'gpt' (presets: legacy, ragas, deepeval)"),
        ("mini=ragas,colour=red", "'colour=red' is not KEY=VALUE"),
        ("mini=ragas,temperature=hot", "temperature='hot': not a number"),
        ("mini=ragas,samples=0", "samples='0': between 1 and 100"),
        ("mini=legacy,strict-json=true", "strict JSON is the ragas preset's"),
        ("mini=ragas,base-url=127.0.0.1:8000/v1", "is not an http:// or https:// URL"),
        ("mini=ragas,verifier=gpt", "verifiers are llm, hhem"),
        ("mini=ragas,model=a,model=b", "model given twice"),
        ("my arm=ragas", "arm name 'my arm'"),
        ("ragas=ragas,model=x", "arm 'ragas' is declared twice"),
        ("mini=ragas,prompts=/nowhere/p.toml", "/nowhere/p.toml"),
    ],
)
def test_an_arm_that_cannot_be_graded_is_refused_with_what_is_wrong(
    server: GraderServer, tmp_path: Path, spec: str, message: str
) -> None:
    code, err, out = run_grade(server, tmp_path, "--arm", spec)
    assert code == 2 and not out.exists() and server.script.requests == 0, err
    assert message in err and "Traceback" not in err


def test_arms_none_needs_a_declared_arm(server: GraderServer, tmp_path: Path) -> None:
    code, err, _ = run_grade(server, tmp_path, "--arms", "none")
    assert code == 2 and "--arms none grades nothing" in err
    code, err, out = run_grade(server, tmp_path, "--arms", "none", "--arm", "only=legacy,model=x")
    assert code == 0, err
    assert all(list(arms) == ["only"] for arms in arms_of(out))


def test_dry_run_counts_the_declared_arms_calls(server: GraderServer, tmp_path: Path) -> None:
    code, out, err = invoke(
        "grade", str(write_rows(tmp_path / "d.jsonl", ROWS)), "--model", "m", "--base-url", server.base_url,
        "--cache", str(tmp_path / "c.sqlite"), "--dry-run", "--arm", "x=legacy,samples=2",
    )  # fmt: skip
    assert code == 0, err
    # 3 rows x (legacy 1 + ragas 1 + x 2 samples) x 2 calls; ragas may re-ask once per call.
    assert out.strip() == "3 cases: 24 calls to make (0 replies cached), up to 30 with re-asks"


def test_a_model_the_grader_lacks_is_named_as_the_arm_asked_it(server: GraderServer, tmp_path: Path) -> None:
    server.script.inject("404")
    code, err, out = run_grade(server, tmp_path, "--arms", "none", "--arm", "only=legacy,model=no-such-model")
    assert code == 2 and not out.exists()
    assert "has no model 'no-such-model'" in err


def test_compare_ranks_the_candidates_on_the_arms_named(server: GraderServer, tmp_path: Path) -> None:
    server.script.model_overlap["strict"] = 1.0
    code, err, corpus = run_grade(server, tmp_path, "--arm", "ragas-strict=ragas,model=strict", rows=ROWS)
    assert code == 0, err
    code, out, err = invoke(
        "compare", str(corpus), "--candidates", "ragas", "--arm", "ragas-strict", "--control-arm", "legacy",
        "--format", "json",
    )  # fmt: skip
    assert code in (0, 1), err
    row = json.loads(out)["rows"][0]
    assert row["arm"] == "ragas-strict" and row["candidate"] == "ragas" and row["unreadable"] == 0


def test_a_dry_run_with_an_hhem_arm_counts_its_one_grader_call_and_loads_no_model(
    server: GraderServer, tmp_path: Path
) -> None:
    # The named model does not exist: a dry run that loaded it would stop with exit 2.
    code, out, err = invoke(
        "grade", str(write_rows(tmp_path / "d.jsonl", ROWS)), "--model", "m", "--base-url", server.base_url,
        "--cache", str(tmp_path / "c.sqlite"), "--dry-run", "--hhem", str(tmp_path / "no-such-model"),
    )  # fmt: skip
    assert code == 0, err
    # 3 rows x (legacy 2 + ragas 2 + the hhem arm's call 1); each of ragas' calls and the hhem arm's may re-ask once.
    assert out.strip() == "3 cases: 15 calls to make (0 replies cached), up to 24 with re-asks"
    assert server.script.requests == 0
