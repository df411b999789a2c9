"""faithcompat's promptfoo assertion, called as promptfoo calls it, against the scripted grader on 127.0.0.1.

``get_assert(output, context)`` gets what promptfoo hands a python assertion (the test's
vars, its description, the assertion's ``config``); each mode grades the arms it needs
through the grading client and cache, and the GradingResult it returns is read back by
``faithcompat diff`` from a results file laid out as promptfoo writes one. The real
promptfoo runs it in ``test_promptfoo_oracle.py``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from compat.cli import main
from compat.flag import bucket
from compat.rollout.promptfoo_assertion import get_assert
from tests.grading.server import GraderServer, free_port

QUESTION = "How long do refunds take?"
CONTEXT = "Refunds take five days and need a receipt."
SUPPORTED = "Refunds take five days. Refunds need a receipt."
HALF = "Refunds take five days. Shipping is always free worldwide."
REFUSED_CONTEXT = "The classified report covers budgets."


def context(server: GraderServer, tmp: Path, description: str, ctx: str = CONTEXT, **config: Any) -> dict[str, Any]:
    settings = {"model": "grader", "base_url": server.base_url, "cache": str(tmp / "cache.sqlite"), **config}
    return {"vars": {"query": QUESTION, "context": ctx}, "test": {"description": description}, "config": settings}


def keys(below: bool, percent: float, count: int = 1) -> list[str]:
    """Test names whose sticky bucket is (``below``) or is not within ``percent``."""
    found = [f"test-{n}" for n in range(500) if (bucket(f"test-{n}") < percent * 100) == below]
    return found[:count]


def test_shadow_grades_the_fixed_arm_alone_and_records_its_texts(tmp_path: Path) -> None:
    with GraderServer() as server:
        result = get_assert(HALF, context(server, tmp_path, "refunds", mode="shadow"))
        assert [entry["arm"] for entry in server.script.log] == ["ragas", "ragas"]
        again = get_assert(HALF, context(server, tmp_path, "refunds", mode="shadow"))
        assert server.script.requests == 2  # the reply cache answers the same test again
    assert again == result
    assert result["pass"] is True and result["score"] == 0.5
    assert result["reason"].startswith("faithcompat shadow, ragas arm (recorded beside promptfoo's")
    assert result["namedScores"] == {"faithfulness-ragas": 0.5}
    record = result["metadata"]["faithcompat"]
    assert record["key"] == "refunds" and record["mode"] == "shadow" and set(record["arms"]) == {"ragas"}
    statements = json.loads(record["arms"]["ragas"]["statements_output"])["statements"]
    assert statements == ["Refunds take five days.", "Shipping is always free worldwide."]
    assert [v["verdict"] for v in record["scores"]["ragas"]["verdicts"]] == [1, 0]


@pytest.mark.parametrize("candidate", [True, False])
def test_live_decides_by_the_sticky_bucket_with_both_arms_recorded(tmp_path: Path, candidate: bool) -> None:
    [key] = keys(candidate, 30)
    with GraderServer() as server:
        server.script.overlap["ragas"] = 2.0  # a stricter fixed arm: the arms disagree, so the decider shows
        result = get_assert(SUPPORTED, context(server, tmp_path, key, mode="live", percent=30))
        assert sorted(entry["arm"] for entry in server.script.log) == ["legacy", "legacy", "ragas", "ragas"]
    record = result["metadata"]["faithcompat"]
    assert record["decided_by"] == ("ragas" if candidate else "legacy") and set(record["arms"]) == {"legacy", "ragas"}
    assert result["pass"] is (not candidate) and result["score"] == (0.0 if candidate else 1.0)
    assert result["namedScores"] == {"faithfulness-legacy": 1.0, "faithfulness-ragas": 0.0}
    assert result["reason"].startswith(f"faithcompat live 30%, {record['decided_by']} arm: Faithfulness")


def test_complete_grades_and_decides_by_the_fixed_arm(tmp_path: Path) -> None:
    with GraderServer() as server:
        result = get_assert(HALF, context(server, tmp_path, "t", mode="candidate", threshold=0.75))
        assert server.script.requests == 2
    assert result["pass"] is False and result["score"] == 0.5
    assert result["metadata"]["faithcompat"]["decided_by"] == "ragas"


@pytest.mark.parametrize(("undetermined", "passed"), [("fail", False), ("skip", True)])
def test_undetermined_is_never_a_score(tmp_path: Path, undetermined: str, passed: bool) -> None:
    with GraderServer() as server:
        ctx = context(server, tmp_path, "r", REFUSED_CONTEXT, mode="candidate", undetermined=undetermined)
        result = get_assert("The report covers budgets.", ctx)
    assert result["pass"] is passed
    verdict = "skipped (undetermined: skip)" if passed else "failed (undetermined: fail)"
    assert f"undetermined (refusal), {verdict}; no score:" in result["reason"]
    assert result["namedScores"] == {}  # no number stands for it where promptfoo averages metrics
    assert result["metadata"]["faithcompat"]["scores"]["ragas"]["value"] is None


def test_the_environment_sets_what_the_config_leaves_out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    [key] = keys(True, 10)
    monkeypatch.setenv("FAITHCOMPAT_MODE", "live")
    monkeypatch.setenv("FAITHCOMPAT_PERCENT", "10")
    monkeypatch.setenv("FAITHCOMPAT_GRADER_MODEL", "grader")
    with GraderServer() as server:
        monkeypatch.setenv("FAITHCOMPAT_GRADER_BASE_URL", server.base_url)
        result = get_assert(SUPPORTED, {"vars": {"query": QUESTION, "context": CONTEXT}, "test": {"description": key},
                                        "config": {"cache": str(tmp_path / "c.sqlite")}})  # fmt: skip
        assert {entry["model"] for entry in server.script.log} == {"grader"}
    record = result["metadata"]["faithcompat"]
    assert (record["mode"], record["percent"], record["decided_by"]) == ("live", 10.0, "ragas")


@pytest.mark.parametrize(
    ("config", "vars_", "said"),
    [
        ({"mode": "sideways"}, None, "config: mode 'sideways' is not a mode"),
        ({"mode": "live"}, None, "config: live mode needs percent above 0"),
        ({"mode": "shadow", "percnt": 5}, None, "config: unknown key 'percnt'"),
        ({"mode": "shadow", "undetermined": "pass"}, None, "config: undetermined must be fail or skip"),
        ({"mode": "shadow", "strict_json": "maybe"}, None, "config: strict_json: 'maybe' is not true or false"),
        ({"mode": "shadow", "percent": "many"}, None, "config: percent must be a number"),
        ({"mode": "shadow"}, {"context": CONTEXT}, 'the test needs a "query" variable'),
        ({"mode": "shadow"}, {"query": QUESTION, "context": 3}, 'the test needs a "context" variable'),
    ],
)
def test_a_bad_config_fails_the_assertion_saying_what(
    tmp_path: Path, config: dict[str, Any], vars_: dict[str, Any] | None, said: str
) -> None:
    with GraderServer() as server:
        ctx = context(server, tmp_path, "t", **config)
        if vars_ is not None:
            ctx["vars"] = vars_
        result = get_assert(SUPPORTED, ctx)
        assert server.script.requests == 0
    assert result["pass"] is False and result["score"] == 0
    assert result["reason"].startswith(f"faithcompat: {said}"), result["reason"]


def test_a_grader_that_cannot_be_reached_fails_the_assertion_in_one_line(tmp_path: Path) -> None:
    settings = {"mode": "shadow", "model": "grader", "base_url": f"http://127.0.0.1:{free_port()}/v1"}
    result = get_assert(SUPPORTED, {"vars": {"query": QUESTION, "context": CONTEXT}, "config": settings})
    assert result["pass"] is False and "cannot reach the grader at http://127.0.0.1:" in result["reason"]
    assert "\n" not in result["reason"]


# ---------------------------------------------------------------- the results file is a corpus


def results_file(path: Path, tests: list[tuple[str, str, str, dict[str, Any], dict[str, Any] | None]]) -> Path:
    """A results file laid out as promptfoo 0.119 writes one: faithcompat's component and, in
    shadow, promptfoo's own context-faithfulness component beside it."""
    results = []
    for index, (description, ctx, output, ours, legacy) in enumerate(tests):
        components = []
        if legacy is not None:
            components.append({**legacy, "assertion": {"type": "context-faithfulness", "threshold": 0.5}})
        components.append({**ours, "assertion": {"type": "python", "weight": 0}})
        results.append(
            {
                "testIdx": index,
                "promptIdx": 0,
                "vars": {"query": QUESTION, "context": ctx},
                "testCase": {"description": description, "vars": {"query": QUESTION, "context": ctx}},
                "response": {"output": output},
                "gradingResult": {"pass": True, "score": 1, "reason": "", "componentResults": components},
            }
        )
    document = {"evalId": "eval-1", "results": {"version": 3, "results": results}}
    path.write_text(json.dumps(document, indent=2), encoding="utf-8")
    return path


def test_diff_reads_both_arms_of_a_shadow_run_from_the_results_file(tmp_path: Path) -> None:
    legacy_pass = {"pass": True, "score": 1, "reason": "Faithfulness 1.00 is >= 0.5"}
    legacy_nan = {"pass": False, "score": None, "reason": "Faithfulness NaN is < 0.5"}
    with GraderServer() as server:
        ours = [
            get_assert(SUPPORTED, context(server, tmp_path, "same", mode="shadow")),
            get_assert("The report covers budgets.", context(server, tmp_path, "refused", REFUSED_CONTEXT)),
            get_assert(HALF, context(server, tmp_path, "nan", mode="shadow")),
        ]
    path = results_file(
        tmp_path / "results.json",
        [
            ("same", CONTEXT, SUPPORTED, ours[0], legacy_pass),
            ("refused", REFUSED_CONTEXT, "The report covers budgets.", ours[1], legacy_pass),
            ("nan", CONTEXT, HALF, ours[2], legacy_nan),
        ],
    )
    result = CliRunner().invoke(main, ["diff", str(path), "--out", str(tmp_path / "report")])
    assert result.exit_code == 0, result.output
    report = json.loads((tmp_path / "report" / "report.json").read_text(encoding="utf-8"))
    assert report["corpus"]["cases"] == 3
    assert report["outcomes"]["match"] == 1 and report["outcomes"]["candidate_undetermined"] == 1
    assert report["outcomes"]["legacy_invalid"] == 1  # promptfoo's NaN, written as null, is still NaN
    assert report["unexplained"] == 0
    lines = {line["id"]: line for line in map(json.loads, (tmp_path / "report" / "cases.jsonl").open())}
    assert lines["refused"]["control_score"] == 1.0 and lines["refused"]["candidate_cause"] == "refusal"
    assert lines["nan"]["control_score"] == "NaN" and lines["nan"]["candidate_score"] == 0.5


def test_a_shadow_diff_says_the_legacy_side_is_promptfoos_recorded_score(tmp_path: Path) -> None:
    """promptfoo keeps no grader text of its own assertion: the legacy side of a shadow run is its
    recorded score. No warning may say the control finds nothing, nor a line "reproduces 0 of 0"."""
    legacy_pass = {"pass": True, "score": 1, "reason": "Faithfulness 1.00 is >= 0.5"}
    legacy_fail = {"pass": False, "score": 0, "reason": "Faithfulness 0.00 is < 0.5"}
    with GraderServer() as server:
        ours = [get_assert(SUPPORTED, context(server, tmp_path, f"t{i}", mode="shadow")) for i in range(3)]
    tests = [(f"t{i}", CONTEXT, SUPPORTED, ours[i], legacy_pass if i else legacy_fail) for i in range(3)]
    path = results_file(tmp_path / "results.json", tests)
    out = tmp_path / "report"
    result = CliRunner().invoke(main, ["diff", str(path), "--out", str(out)])
    assert result.exit_code == 0, result.output
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert report["means"]["control"]["mean"] == pytest.approx(2 / 3)  # the recorded scores are used
    said = " ".join(result.stdout.split())
    markdown = (out / "report.md").read_text(encoding="utf-8")
    assert report["warnings"] == [
        "the control (legacy) reads promptfoo's recorded score on 3 of 3 cases graded per arm: promptfoo keeps no "
        "grader text of its own assertion, so the legacy scorer has nothing there to re-score"
    ]
    assert (
        "recorded scores (3 cases): 3 keep no legacy grader text to re-score: there the legacy side is "
        "promptfoo's recorded score" in said
    )
    rollout = CliRunner().invoke(main, ["rollout", "--report", str(out / "report.json")])
    for text in (said, markdown, " ".join(rollout.stdout.split()), (out / "report.html").read_text("utf-8")):
        assert "finds nothing recorded" not in text and "0 of 0" not in text and "reproduces" not in text


def test_diff_on_a_live_run_reads_the_legacy_texts_and_decomposes(tmp_path: Path) -> None:
    [key] = keys(True, 50)
    with GraderServer() as server:
        ours = get_assert(HALF, context(server, tmp_path, key, mode="live", percent=50))
    path = results_file(tmp_path / "live.json", [(key, CONTEXT, HALF, ours, None)])
    result = CliRunner().invoke(main, ["diff", str(path), "--out", str(tmp_path / "report")])
    assert result.exit_code == 0, result.output
    report = json.loads((tmp_path / "report" / "report.json").read_text(encoding="utf-8"))
    assert report["decomposition"]["cases"] == 1 and report["outcomes"]["match"] == 1


def test_a_results_file_without_the_assertion_is_still_named_a_dataset(tmp_path: Path) -> None:
    path = results_file(tmp_path / "plain.json", [])
    path.write_text(json.dumps({"evalId": "e", "results": {"version": 3, "results": [{"vars": {}}]}}), "utf-8")
    result = CliRunner().invoke(main, ["diff", str(path), "--out", str(tmp_path / "report")])
    assert result.exit_code == 2 and "a promptfoo results file, a dataset" in result.stderr


# ---------------------------------------------------------------- the config command


@pytest.mark.parametrize(
    ("stage", "types", "weights", "mode"),
    [
        ("off", ["context-faithfulness"], [1], None),
        ("shadow", ["context-faithfulness", "python"], [1, 0], "shadow"),
        ("live:25", ["python"], [1], "live"),
        ("complete", ["python"], [1], "candidate"),
    ],
)
def test_config_prints_the_entries_of_each_stage(
    stage: str, types: list[str], weights: list[int], mode: str | None
) -> None:
    argv = ["promptfoo", "config", "--stage", stage, "--base-url", "http://127.0.0.1:8000/v1", "--model", "grader"]
    result = CliRunner().invoke(main, argv)
    assert result.exit_code == 0, result.output
    entries = yaml.safe_load(result.stdout)["assert"]
    assert [e["type"] for e in entries] == types and [e["weight"] for e in entries] == weights
    if mode is not None:
        ours = entries[-1]
        path, _, function = ours["value"].removeprefix("file://").rpartition(":")
        assert Path(path).is_file() and function == "get_assert" and ours["config"]["mode"] == mode
        assert ours["config"]["base_url"] == "http://127.0.0.1:8000/v1" and ours["config"]["model"] == "grader"
    if types[0] == "context-faithfulness":
        assert entries[0]["provider"] == {
            "id": "openai:chat:grader",
            "config": {"apiBaseUrl": "http://127.0.0.1:8000/v1"},
        }


@pytest.mark.parametrize("stage", ["live:0", "live:150", "halfway"])
def test_config_refuses_a_stage_it_does_not_know(stage: str) -> None:
    result = CliRunner().invoke(main, ["promptfoo", "config", "--stage", stage])
    assert result.exit_code == 2 and f"unknown stage {stage!r}" in result.stderr


@pytest.mark.parametrize("stage", ["off", "shadow", "live:25", "complete"])
def test_config_without_a_model_is_an_error_and_prints_nothing(stage: str) -> None:
    """Issue 34 (11): without --model the entries were printed with no grader model, a config
    docs/promptfoo.md calls incomplete (the model is required)."""
    result = CliRunner().invoke(main, ["promptfoo", "config", "--stage", stage])
    assert result.exit_code == 2 and result.stdout == ""
    assert "--model is required: the grader model both assertions use" in result.stderr


def test_the_same_grader_model_at_another_endpoint_is_asked_not_replayed(tmp_path: Path) -> None:
    """Issue 34 (12): the cache key had no endpoint, so a model name served elsewhere replayed the first's replies."""
    with GraderServer() as first, GraderServer() as second:
        get_assert(HALF, context(first, tmp_path, "refunds", mode="shadow"))
        get_assert(HALF, context(second, tmp_path, "refunds", mode="shadow"))
        assert first.script.requests == second.script.requests == 2
