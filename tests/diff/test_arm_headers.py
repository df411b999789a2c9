"""The arm each side read, named wherever a header names its scorer (terminal, report.md, report.html),
and the model and verifier steps explained in words, on small multi-arm corpora graded as `grade` writes them."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from compat.cli import main
from tests.diff.graded import ROWS, arm, graded_case, legacy_sample, ragas_sample, verified_case, write

# HHEM is stricter than the LLM on the second statement of every row.
LLM, HHEM = ["YY", "YY", "YN"], [[0.9, 0.2], [0.8, 0.3], [0.7, 0.1]]


def hhem_corpus(path: Path, *, with_ragas: bool = True) -> Path:
    """The rows graded on the presets and on an HHEM arm named ``hhem`` (as `grade --arm hhem=ragas,verifier=hhem`)."""
    cases = []
    for index, row in enumerate(ROWS):
        case = verified_case(index, row, LLM[index], HHEM[index])
        case["arms"]["hhem"] = {**case["arms"].pop("ragas-hhem"), "preset": "ragas"}
        if not with_ragas:
            del case["arms"]["ragas"]
        cases.append(case)
    return write(path, cases)


def model_swap_corpus(path: Path) -> Path:
    """The rows graded on the presets and on ``ragas-small``: the RAGAS prompts on a stricter model."""
    cases = []
    for index, row in enumerate(ROWS):
        case = graded_case(
            index,
            row,
            arm("legacy", [legacy_sample(row["statements"], "YY")]),
            arm("ragas", [ragas_sample(row["statements"], "YY")]),
        )
        small = arm("ragas", [ragas_sample(row["statements"], "YN")])
        case["arms"]["ragas-small"] = {**small, "model": "small-model", "preset": "ragas", "verifier": "llm"}
        cases.append(case)
    return write(path, cases)


def diff(corpus: Path, out: Path, *extra: str) -> tuple[str, dict[str, Any], str, str]:
    """stdout (the terminal summary), report.json, report.md and report.html of ``faithcompat diff``."""
    result = CliRunner().invoke(main, ["diff", str(corpus), "--out", str(out), *extra])
    assert result.exit_code in (0, 1), result.output
    read = lambda name: (out / name).read_text(encoding="utf-8")  # noqa: E731
    return result.stdout, json.loads(read("report.json")), read("report.md"), read("report.html")


def h1(page: str) -> str:
    """The page's title as a reader sees it: the first <h1>'s text, tags dropped."""
    found = re.search(r"<h1>(.*?)<span", page, re.S)
    assert found is not None
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(1))).strip()


def test_a_candidate_reading_another_arm_is_named_with_it_in_every_header(tmp_path: Path) -> None:
    terminal, report, markdown, page = diff(hhem_corpus(tmp_path / "graded.jsonl"), tmp_path / "r", "--arm", "hhem")
    assert report["scorers"]["candidate_arm"] == "hhem"
    assert "mean legacy 0.833 (n=3), mean ragas (arm hhem) 0.500 (n=3)" in terminal
    assert "pass/fail: legacy (rows) vs ragas on arm hhem (columns)" in terminal
    assert markdown.startswith("## faithcompat: `legacy` vs `ragas` on arm `hhem`\n")
    assert "Mean legacy 0.833, mean ragas (arm hhem) 0.500." in markdown
    assert h1(page) == "Switch legacy → ragas on arm hhem?"
    assert "| legacy \\ ragas (arm hhem) | pass | fail | undetermined |" in markdown
    assert "| case | legacy | ragas (arm hhem) | delta | cause |" in markdown


def test_the_control_reading_another_arm_is_named_too(tmp_path: Path) -> None:
    corpus = hhem_corpus(tmp_path / "graded.jsonl")
    terminal, report, markdown, page = diff(corpus, tmp_path / "r", "--control", "ragas", "--control-arm", "hhem")
    assert (report["scorers"]["control_arm"], report["scorers"]["candidate_arm"]) == ("hhem", "ragas")
    assert "mean ragas (arm hhem) 0.500 (n=3), mean ragas 0.833 (n=3)" in terminal
    assert markdown.startswith("## faithcompat: `ragas` on arm `hhem` vs `ragas`\n")
    assert h1(page) == "Switch ragas on arm hhem → ragas?"


def test_sides_on_their_default_arms_read_as_before(tmp_path: Path) -> None:
    # The candidate's default is the arm its contract reads; naming it changes nothing.
    corpus = hhem_corpus(tmp_path / "graded.jsonl")
    for extra in ((), ("--arm", "ragas"), ("--arm", "auto", "--control-arm", "legacy")):
        terminal, _, markdown, page = diff(corpus, tmp_path / "-".join(("r", *extra)), *extra)
        assert "mean legacy 0.833 (n=3), mean ragas 0.833 (n=3)" in terminal
        assert markdown.startswith("## faithcompat: `legacy` vs `ragas`\n")
        assert h1(page) == "Switch legacy → ragas?"
        assert " arm " not in h1(page) and "(arm " not in terminal + markdown


def test_a_path_with_a_verifier_step_explains_it(tmp_path: Path) -> None:
    _, report, markdown, page = diff(hhem_corpus(tmp_path / "graded.jsonl"), tmp_path / "r", "--arm", "hhem")
    assert list(report["decomposition"]["steps"]) == ["parser", "prompts", "verifier", "noise"]
    said = "Verifier: the verdicts on the same statements came from the other verifier (HHEM in place of the LLM's"
    intro = markdown.split("### Why the numbers move\n\n", 1)[1].split("\n", 1)[0]
    assert said in intro and "Model:" not in intro
    assert said in html.unescape(page.split('id="s-steps"', 1)[1].split("</p>", 1)[0])


def test_a_path_with_a_model_step_explains_it(tmp_path: Path) -> None:
    _, report, markdown, page = diff(
        model_swap_corpus(tmp_path / "graded.jsonl"), tmp_path / "r", "--arm", "ragas-small"
    )
    assert list(report["decomposition"]["steps"]) == ["parser", "prompts", "model", "noise"]
    said = "Model: the grader model changed (with its endpoint and call options), on the same prompts and verifier"
    intro = markdown.split("### Why the numbers move\n\n", 1)[1].split("\n", 1)[0]
    assert said in intro and "Verifier:" not in intro
    assert said in html.unescape(page)
    assert "| = mean, ragas (arm ragas-small) | 0.500 |" in markdown


def test_a_step_left_out_is_said_to_be_and_why(tmp_path: Path) -> None:
    # No ragas arm: nothing holds the RAGAS prompts judged by the LLM, between legacy and hhem.
    corpus = hhem_corpus(tmp_path / "graded.jsonl", with_ragas=False)
    _, report, markdown, page = diff(corpus, tmp_path / "r", "--arm", "hhem")
    assert report["decomposition"]["left_out"] == {"verifier": 3}
    said = (
        "Verifier: left out on every case: no arm between was recorded, so its change is counted in the prompts step."
    )
    assert said in markdown.split("### Why the numbers move\n\n", 1)[1].split("\n", 1)[0]
    assert said in html.unescape(page)


def test_a_path_of_parser_and_prompts_only_explains_no_other_step(tmp_path: Path) -> None:
    _, report, markdown, page = diff(hhem_corpus(tmp_path / "graded.jsonl"), tmp_path / "r")
    assert list(report["decomposition"]["steps"]) == ["parser", "prompts", "noise"]
    assert "Model:" not in markdown + page and "Verifier:" not in markdown + page
