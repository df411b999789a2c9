"""`diff --arm` / `--control-arm` checked as `compare` checks a candidate's arm (one rule, ``cannot_read``):
an arm named that no case records is exit 2 naming the arms the corpus holds, with no report left
behind; a side given an arm whose output it cannot read, or an arm some cases do not record, is a
warning in the terminal summary, report.md, report.html and report.json (``warnings``, schema 1.6)."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from compat.cli import main
from compat.diff import cannot_read
from tests.diff.graded import ROWS, write
from tests.diff.test_arm_headers import hhem_corpus

NOT_JSON = "it holds the RAGAS prompts' JSON, and it reads the legacy prompts' free text"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["diff", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def page(out: Path) -> str:
    return (out / "report.html").read_text(encoding="utf-8")


def reports(out: Path) -> tuple[dict[str, Any], str]:
    return json.loads((out / "report.json").read_text(encoding="utf-8")), (out / "report.md").read_text("utf-8")


@pytest.mark.parametrize("option", ["--arm", "--control-arm"])
def test_an_arm_no_case_records_is_refused_naming_the_arms_the_corpus_holds(tmp_path: Path, option: str) -> None:
    out = tmp_path / "report"
    code, stdout, stderr = run(str(hhem_corpus(tmp_path / "graded.jsonl")), "--out", str(out), option, "hhm")
    assert code == 2 and not out.exists() and stdout == ""
    assert stderr == (
        f"faithcompat: error: {option} hhm: no case of the corpus records the arm hhm; "
        "its cases record: hhem, legacy, ragas\n"
    )


def test_an_arm_named_on_a_corpus_without_arms_is_refused_but_a_presets_name_reads_as_before(tmp_path: Path) -> None:
    # Cases as a promptfoo export holds them: one grading each, no per-arm recordings.
    plain = write(
        tmp_path / "plain.jsonl",
        [
            {
                "id": f"row-{i}",
                "statements_output": "\n".join(row["statements"]),
                "grader_output": "Final verdict for each statement in order: Yes. No.",
            }
            for i, row in enumerate(ROWS)
        ],
    )
    code, _, stderr = run(str(plain), "--out", str(tmp_path / "r"), "--arm", "hhem")
    assert code == 2 and not (tmp_path / "r").exists()
    assert "--arm hhem: no case of the corpus records the arm hhem; it records no arms" in stderr
    code, stdout, _ = run(str(plain), "--out", str(tmp_path / "r"), "--arm", "ragas")
    report, _ = reports(tmp_path / "r")
    assert code == 0 and "warnings" not in report and "warning" not in stdout


@pytest.mark.parametrize(
    ("args", "warning"),
    [
        # A text scorer given the RAGAS prompts' JSON, by the preset's name and by a declared arm's preset.
        (
            ["--candidate", "plan-minimal", "--arm", "ragas"],
            f"the candidate (plan-minimal) cannot read the ragas arm: {NOT_JSON}",
        ),
        (["--candidate", "legacy", "--arm", "hhem"], f"the candidate (legacy) cannot read the hhem arm: {NOT_JSON}"),
        (["--control-arm", "ragas"], f"the control (legacy) cannot read the ragas arm: {NOT_JSON}"),
        # The ragas library reads JSON only.
        (
            ["--candidate", "ragas-0.4.3", "--arm", "legacy"],
            "the candidate (ragas-0.4.3) cannot read the legacy arm: it holds the legacy prompts' free text, and it "
            "reads the RAGAS prompts' JSON",
        ),
    ],
)
def test_a_side_given_an_arm_it_cannot_read_is_warned_about_in_every_format(
    tmp_path: Path, args: list[str], warning: str
) -> None:
    out = tmp_path / "report"
    code, stdout, _ = run(str(hhem_corpus(tmp_path / "graded.jsonl")), "--out", str(out), "--jobs", "2", *args)
    assert code in (0, 2)  # the ragas library scores nothing of the text: no decision, the report written
    report, markdown = reports(out)
    assert report["schema_version"] == "1.8" and report["warnings"] == [warning]
    assert f"warning: {warning}" in " ".join(stdout.split())
    assert f"> **Warning**: {warning}." in markdown
    assert f'<ul id="warnings"><li><b>Warning</b>: {html.escape(warning)}.</li></ul>' in page(out)


def test_the_warning_is_the_rule_compare_applies(tmp_path: Path) -> None:
    corpus = hhem_corpus(tmp_path / "graded.jsonl")
    league = CliRunner().invoke(
        main, ["compare", str(corpus), "--candidates", "plan-minimal", "--arm", "ragas", "--format", "json"]
    )
    (row,) = json.loads(league.stdout)["rows"]
    rule = cannot_read("plan-minimal", "ragas")
    assert rule is not None and f"it {rule}" in row["why"]
    run(str(corpus), "--out", str(tmp_path / "r"), "--candidate", "plan-minimal", "--arm", "ragas")
    assert reports(tmp_path / "r")[0]["warnings"] == [f"the candidate (plan-minimal) {rule}"]


def test_an_arm_some_cases_do_not_record_is_warned_about(tmp_path: Path) -> None:
    corpus = hhem_corpus(tmp_path / "graded.jsonl")
    cases = [json.loads(line) for line in corpus.read_text(encoding="utf-8").splitlines()]
    del cases[1]["arms"]["hhem"]  # the HHEM arm was not graded on the second row
    write(corpus, cases)
    out = tmp_path / "report"
    code, stdout, _ = run(str(corpus), "--out", str(out), "--arm", "hhem")
    report, markdown = reports(out)
    said = "the candidate (ragas) finds nothing recorded for the hhem arm on 1 of 3 cases graded per arm"
    assert code == 0 and report["warnings"] == [said] and report["outcomes"]["not_recorded"] == 1
    assert f"warning: {said}" in " ".join(stdout.split()) and f"> **Warning**: {said}." in markdown


def test_sides_that_read_their_arms_are_not_warned_about(tmp_path: Path) -> None:
    corpus = hhem_corpus(tmp_path / "graded.jsonl")
    for args in (
        [],
        ["--arm", "hhem"],
        ["--candidate", "ragas-hhem-0.4.3", "--arm", "hhem"],
        ["--candidate", "plan-minimal"],
    ):
        out = tmp_path / "-".join(["r", *args])
        code, stdout, _ = run(str(corpus), "--out", str(out), *args)
        report, markdown = reports(out)
        assert code == 0 and "warnings" not in report, args
        assert "warning" not in stdout.lower() and "Warning" not in markdown and 'id="warnings"' not in page(out)


def test_a_declared_arms_contract_is_its_preset_and_a_checks_reader_is_not_judged_by_it() -> None:
    assert cannot_read("legacy", "hhem", "ragas") is not None
    assert cannot_read("legacy", "small", "legacy") is None
    assert cannot_read("ragas", "hhem", "ragas") is None and cannot_read("ragas", "mini", "legacy") is None
    assert cannot_read("ragas-0.4.3", "mini", "legacy") is not None
    assert cannot_read("ragas-hhem-0.4.3", "hhem", "ragas") is None  # it reads HHEM's checks
    assert cannot_read("legacy", "hhem") is None  # a declared arm whose preset is unknown: nothing said


def test_the_dask_engine_checks_the_arms_alike(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    corpus = hhem_corpus(tmp_path / "graded.jsonl")
    out = tmp_path / "report"
    code, _, _ = run(str(corpus), "--out", str(out), "--engine", "dask", "--jobs", "2", "--control-arm", "ragas")
    assert code == 0 and reports(out)[0]["warnings"] == [f"the control (legacy) cannot read the ragas arm: {NOT_JSON}"]
    code, _, stderr = run(str(corpus), "--out", str(out / "again"), "--engine", "dask", "--arm", "hhm")
    assert code == 2 and "--arm hhm: no case of the corpus records the arm hhm" in stderr
