"""The real promptfoo runs faithcompat's assertion: ``promptfoo eval`` against the scripted grader on 127.0.0.1.

The npm package (the release README.md names) answers the tests with an OpenAI-compatible
provider pointed at the scripted server, grades them with its own ``context-faithfulness``
(the legacy arm, same server) and faithcompat's python assertion, as ``faithcompat
promptfoo config`` prints them for the stage; then ``faithcompat diff`` reads the results
file. Marked ``oracle``: skipped unless FAITHCOMPAT_PROMPTFOO_EVAL names a directory with
the package installed (docs/promptfoo.md: ``npm install promptfoo@0.119.14`` there).
Telemetry and update checks are off, and promptfoo's database goes to the test's directory.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from compat.cli import main
from compat.flag import bucket
from tests.grading.server import ANSWER_PROMPT, GraderServer

pytestmark = pytest.mark.oracle

PROMPTFOO_VERSION = "0.119.14"
HELP = (
    "set FAITHCOMPAT_PROMPTFOO_EVAL to a directory holding promptfoo: mkdir -p /tmp/pf && cd /tmp/pf && "
    f"echo '{{\"private\": true}}' > package.json && npm install promptfoo@{PROMPTFOO_VERSION} --no-audit --no-fund"
)
# (description, context, the model's answer): a supported answer, one half supported, one
# whose context makes the grader refuse (legacy scores a refusal 1.0, the fixed arm says undetermined).
TESTS = [
    ("refunds", "Refunds take five days and need a receipt.", "Refunds take five days. Refunds need a receipt."),
    ("shipping", "A receipt is required for every refund.", "A receipt is required. Shipping is free worldwide."),
    ("report", "The classified report covers budgets.", "The report covers budgets."),
]


def promptfoo_binary() -> Path:
    root = os.environ.get("FAITHCOMPAT_PROMPTFOO_EVAL")
    if not root:
        pytest.skip(HELP)
    binary = Path(root) / "node_modules" / ".bin" / "promptfoo"
    if not binary.exists():
        pytest.skip(f"no promptfoo under {root}: {HELP}")
    return binary


def config_yaml(server: GraderServer, stage: str, tmp: Path) -> str:
    entries = CliRunner().invoke(
        main, ["promptfoo", "config", "--stage", stage, "--base-url", server.base_url, "--model", "grader"]
    )
    assert entries.exit_code == 0, entries.output
    lines = [
        "prompts:",
        "  - " + json.dumps(ANSWER_PROMPT + "\nContext: {{context}}\nQuestion: {{query}}\nReply: {{reply}}"),
        "providers:",
        "  - id: openai:chat:answerer",
        f"    config: {{apiBaseUrl: {json.dumps(server.base_url)}, apiKey: unused}}",
        "defaultTest:",
        *("  " + line for line in entries.stdout.splitlines()),
        "tests:",
    ]
    for description, context, reply in TESTS:
        variables = {"query": "What does the policy say?", "context": context, "reply": reply}
        lines += [f"  - description: {description}", f"    vars: {json.dumps(variables)}"]
    # Each run has its own reply cache: the grader is asked every time, as in a new eval run.
    text = "\n".join(lines) + "\n"
    cache = f"        cache: {json.dumps(str(tmp / 'cache.sqlite'))}\n"
    return text.replace('        mode: "', cache + '        mode: "')


def run_eval(stage: str, tmp: Path) -> tuple[dict[str, Any], GraderServer]:
    binary = promptfoo_binary()
    with GraderServer() as server:
        (tmp / "promptfooconfig.yaml").write_text(config_yaml(server, stage, tmp), encoding="utf-8")
        env = {
            **os.environ,
            "PROMPTFOO_DISABLE_TELEMETRY": "1",
            "PROMPTFOO_DISABLE_UPDATE": "1",
            "PROMPTFOO_CONFIG_DIR": str(tmp / ".promptfoo"),
            "PROMPTFOO_PYTHON": sys.executable,
            "OPENAI_API_KEY": "unused",
        }
        argv = [str(binary), "eval", "-c", "promptfooconfig.yaml", "-o", "results.json", "--no-cache"]
        ran = subprocess.run(
            [*argv, "--no-progress-bar"], cwd=tmp, env=env, capture_output=True, text=True, timeout=300
        )
        assert (tmp / "results.json").exists(), ran.stdout[-3000:] + ran.stderr[-3000:]
    return json.loads((tmp / "results.json").read_text(encoding="utf-8")), server


def components(results: dict[str, Any]) -> dict[str, dict[str, dict[str, Any]]]:
    """Each test's components by assertion type."""
    by_test = {}
    for result in results["results"]["results"]:
        parts = result["gradingResult"]["componentResults"]
        by_test[result["testCase"]["description"]] = {part["assertion"]["type"]: part for part in parts}
    return by_test


def diff(path: Path, out: Path) -> dict[str, Any]:
    result = CliRunner().invoke(main, ["diff", str(path), "--out", str(out)])
    assert result.exit_code == 0, result.output
    report: dict[str, Any] = json.loads((out / "report.json").read_text(encoding="utf-8"))
    return report


def test_shadow_promptfoo_decides_and_faithcompat_records(tmp_path: Path) -> None:
    results, server = run_eval("shadow", tmp_path)
    arms = [entry["arm"] for entry in server.script.log]
    # two calls a test each; the refused verdicts call re-asked once on the ragas arm, as grade does
    assert arms.count("promptfoo") == 6 and arms.count("ragas") == 7 and arms.count("legacy") == 0
    tests = components(results)
    assert tests["refunds"]["context-faithfulness"]["score"] == 1
    assert tests["shipping"]["context-faithfulness"]["score"] == 0.5
    report = tests["report"]
    assert report["context-faithfulness"]["score"] == 1 and report["context-faithfulness"]["pass"] is True
    ours = report["python"]
    assert ours["pass"] is True  # weight 0: promptfoo passes it whatever it says; the legacy assertion decides
    assert "undetermined (refusal)" in ours["reason"]
    assert ours["metadata"]["faithcompat"]["scores"]["ragas"]["cause"] == "refusal"
    assert all(result["success"] for result in results["results"]["results"])
    drift = diff(tmp_path / "results.json", tmp_path / "report")
    assert drift["corpus"]["cases"] == 3 and drift["outcomes"]["match"] == 2
    assert drift["outcomes"]["candidate_undetermined"] == 1 and drift["unexplained"] == 0
    assert drift["observed"]["cases"] == 3  # the legacy scores promptfoo recorded


def test_live_the_fixed_arm_decides_for_its_share_of_tests(tmp_path: Path) -> None:
    results, server = run_eval("live:50", tmp_path)
    arms = [entry["arm"] for entry in server.script.log]
    assert arms.count("legacy") == 6 and arms.count("ragas") == 7 and arms.count("promptfoo") == 0
    outcome = {r["testCase"]["description"]: r for r in results["results"]["results"]}
    decided = {name: components(results)[name]["python"]["metadata"]["faithcompat"]["decided_by"] for name in outcome}
    assert decided == {name: "ragas" if bucket(name) < 5000 else "legacy" for name in outcome}
    # the refused test: legacy passes a refusal, the fixed arm fails it where it decides
    assert outcome["report"]["success"] is (decided["report"] == "legacy")
    drift = diff(tmp_path / "results.json", tmp_path / "report")
    assert drift["decomposition"]["cases"] == 3  # both arms' texts recorded: parser and prompt steps
    assert drift["outcomes"]["candidate_undetermined"] == 1 and drift["unexplained"] == 0
