"""From a dataset (or a promptfoo results file) through the test grader to a report that says why.

The scripted grader on 127.0.0.1 is told its prompt effect (how strict the RAGAS arm is)
and its noise (which seeds flip a verdict); the report must find exactly those.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.grading.server import GraderServer
from tests.grading.test_grade import invoke, write_rows

ROWS = [
    {
        "id": "strict-matters",
        "question": "How tall?",
        "answer": "The tower is 330 metres tall in Paris. The tower is blue.",
        "contexts": ["The tower is 330 metres tall."],
    },
    {
        "id": "plain",
        "question": "Capital?",
        "answer": "Paris is the capital of France.",
        "contexts": ["Paris is the capital of France."],
    },
    {
        "id": "two-claims",
        "question": "Founded?",
        "answer": "The company was founded in 2009. It sells bicycles in Berlin.",
        "contexts": ["The company was founded in 2009 in Berlin."],
    },
]


def grade_and_diff(server: GraderServer, tmp_path: Path, dataset: Path, *extra: str) -> dict[str, Any]:
    corpus, report = tmp_path / "corpus.jsonl", tmp_path / "report"
    code, _, err = invoke(
        "grade", str(dataset), "--output", str(corpus), "--base-url", server.base_url, "--model", "m",
        "--cache", str(tmp_path / "cache.sqlite"), *extra,
    )  # fmt: skip
    assert code == 0, err
    code, _, err = invoke("diff", str(corpus), "--out", str(report))
    assert code == 0, err
    return json.loads((report / "report.json").read_text())


def test_a_stricter_ragas_prompt_is_a_prompt_effect_and_nothing_else(server: GraderServer, tmp_path: Path) -> None:
    server.script.overlap["ragas"] = 1.0  # the RAGAS prompts make the grader demand every word
    report = grade_and_diff(server, tmp_path, write_rows(tmp_path / "d.jsonl", ROWS), "--samples", "2")
    steps, noise = report["decomposition"], report["noise"]
    assert steps["cases"] == steps["complete"] == 3
    assert abs(steps["effects"]["parser"]) < 1e-12 and steps["effects"]["noise"] == 0
    # strict-matters loses its first statement: 1/2 -> 0/2, a mean change of -1/6 over 3 cases.
    assert abs(steps["effects"]["prompts"] - (-0.5 / 3)) < 1e-12
    assert steps["steps"] == {"parser": 0, "prompts": 1, "noise": 0}
    assert noise["floor_max"] == 0 and report["outcomes"]["within_noise"] == 0


def test_a_grader_that_disagrees_with_itself_is_noise_not_drift(server: GraderServer, tmp_path: Path) -> None:
    server.script.noisy_arm, server.script.noisy_seeds = "ragas", {0}  # sample 0 flips, sample 1 does not
    report = grade_and_diff(server, tmp_path, write_rows(tmp_path / "d.jsonl", ROWS), "--samples", "2")
    steps, noise = report["decomposition"], report["noise"]
    assert steps["effects"]["prompts"] == 0 and abs(steps["effects"]["parser"]) < 1e-12
    # The flips move the cases +1/2, -1, +1/2: all of it noise, none of it prompts.
    assert steps["steps"] == {"parser": 0, "prompts": 0, "noise": 3}
    assert abs(steps["effects"]["noise"] - steps["effects"]["total"]) < 1e-12
    assert report["outcomes"]["within_noise"] == 3 and report["outcomes"]["drift"] + report["outcomes"]["flip"] == 0
    assert noise["cases"] == 3 and noise["noisy"] == 3
    assert report["agreement_beyond_noise"]["rate"] == 1.0 and report["agreement"]["sample_pairs"] == 6


def promptfoo_results(rows: list[tuple[dict[str, Any], float, bool, str]]) -> dict[str, Any]:
    """A `promptfoo eval -o results.json` file: one result per row with its recorded faithfulness."""
    results = []
    for row, score, passed, reason in rows:
        assertion = {"type": "context-faithfulness", "threshold": 0.5}
        component = {"pass": passed, "score": score, "reason": reason, "assertion": assertion}
        results.append(
            {
                "vars": {"query": row["question"], "context": row["contexts"]},
                "response": {"output": row["answer"]},
                "gradingResult": {"pass": passed, "score": score, "reason": reason, "componentResults": [component]},
            }
        )
    return {"evalId": "eval-x", "results": {"version": 3, "results": results}}


def test_scores_from_a_promptfoo_history_are_checked_against_todays_grader(
    server: GraderServer, tmp_path: Path
) -> None:
    # Two generations wrote this history: the first score is what the legacy scorer gives
    # today's grader output (1 - 1/2); the second was clamped by a later release to 0.
    history = promptfoo_results(
        [
            (ROWS[0], 0.5, True, "Faithfulness 0.50 is >= 0.5"),
            (ROWS[2], 0.0, False, "Faithfulness 0.00 is < 0.5"),
        ]
    )
    path = tmp_path / "results.json"
    path.write_text(json.dumps(history, indent=2))
    report = grade_and_diff(server, tmp_path, path)
    observed = report["observed"]
    assert observed["cases"] == 2 and observed["exact_checked"] == 0  # a results file holds no grader texts
    assert observed["regraded_cases"] == 2 and observed["regraded_reproduced"] == 1
    assert observed["regraded_samples"] == 2 and observed["regraded_samples_reproduced"] == 1
    lines = [json.loads(line) for line in (tmp_path / "report" / "cases.jsonl").read_text().splitlines()]
    assert [line["observed"]["first_reproduced"] for line in lines] == [True, False]


def test_an_alias_re_pointed_mid_corpus_is_warned_about_and_the_model_step_names_the_snapshots(
    server: GraderServer, tmp_path: Path
) -> None:
    """Issue 34 (12): the corpus did not keep what the server ran, so a provider re-pointing an
    alias mid-corpus showed as drift nobody could trace."""
    rows = [  # the second three ask anew: another question, another source
        {
            **row,
            "id": f"{row['id']}-{n}",
            "question": f"{row['question']} ({n})",
            "contexts": [*row["contexts"], f"{n}"],
        }
        for n in range(2)
        for row in ROWS
    ]
    dataset = tmp_path / "d.jsonl"
    server.script.served = {"m": "m-2026-01-15", "small": "small-2026-02-01"}
    arm = ("--arm", "ragas-small=ragas,model=small")
    corpus, report = tmp_path / "corpus.jsonl", tmp_path / "report"
    grade = ("grade", str(dataset), "--out", str(corpus), "--base-url", server.base_url, "--model", "m",
             "--cache", str(tmp_path / "cache.sqlite"), *arm)  # fmt: skip
    code, _, err = invoke(*grade[:1], str(write_rows(dataset, rows[:3])), *grade[2:])
    assert code == 0, err
    server.script.served["m"] = "m-2026-05-13"  # the provider moves the alias
    code, _, err = invoke(*grade[:1], str(write_rows(dataset, rows)), *grade[2:])
    assert code == 0, err
    code, stdout, err = invoke("diff", str(corpus), "--arm", "ragas-small", "--out", str(report))
    assert code == 0, err
    moved = (
        "the {arm} arm's grader served 2 models within the corpus (m-2026-01-15 on 3 cases, m-2026-05-13 on 3 "
        "cases): the model it asked for was re-pointed mid-corpus"
    )
    written = json.loads((report / "report.json").read_text())
    warnings = written["warnings"]
    assert [w for w in warnings if "served" in w] == [
        w for w in warnings if w.startswith(tuple(moved.format(arm=a) for a in ("legacy", "ragas")))
    ]
    assert len([w for w in warnings if "served" in w]) == 2  # legacy and ragas; ragas-small stayed put
    assert written["decomposition"]["served_models"] == {
        "legacy": ["m-2026-01-15", "m-2026-05-13"],
        "ragas": ["m-2026-01-15", "m-2026-05-13"],
        "ragas-small": ["small-2026-02-01"],
    }
    assert "model" in written["decomposition"]["steps"]
    assert "model " in stdout and "(m-2026-01-15, m-2026-05-13 -> small-2026-02-01)" in stdout
    assert moved.format(arm="ragas") in " ".join(stdout.split())  # the terminal says it too (wrapped)
    markdown = (report / "report.md").read_text()
    assert "The servers said they ran m-2026-01-15, m-2026-05-13 -> small-2026-02-01." in markdown
