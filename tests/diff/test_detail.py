"""A differing case's cases.jsonl line carries what a person needs to judge it; a match carries none."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from compat import Case, bundled_corpus, get_scorer, load_cases
from compat.cli import main
from compat.diff import CaseComparer, case_json_line, parse_case_line
from compat.diff._case_json import case_record

FINAL = "Final verdict for each statement in order:"


def line_of(case: dict[str, Any], control: str = "legacy", candidate: str = "ragas") -> dict[str, Any]:
    comparison = CaseComparer(get_scorer(control), get_scorer(candidate)).compare(Case.model_validate(case))
    line = case_json_line(comparison)
    assert json.loads(line) == case_record(comparison)  # the fast writer and the plain record agree
    parse_case_line(line)  # and the line is a valid CaseLine
    record: dict[str, Any] = json.loads(line)
    return record


def test_a_match_carries_no_detail() -> None:
    record = line_of({"id": "m", "statements_output": "A.\nB.", "grader_output": f"{FINAL} Yes. No."})
    assert record["outcome"] == "match"
    assert "detail" not in record


def test_the_legacy_reading_shows_the_pieces_it_counted() -> None:
    record = line_of({"id": "e", "statements_output": "A.\nB.", "grader_output": f"{FINAL} 1. Yes. 2. Yes."})
    assert record["outcome"] == "flip" and record["cause"] == "enumeration_counted_as_no"
    detail = record["detail"]
    # legacy lower-cases the text and splits the final line at every "."; a piece without "yes" is a no
    assert [(v["text"], v["verdict"]) for v in detail["control_read"]] == [("1", 0), ("yes", 1), ("2", 0), ("yes", 1)]
    assert detail["control_note"] == (
        "2 statements; the final line split at every '.', each piece without 'yes' counted as a no (2)"
    )
    assert [(v["text"], v["verdict"]) for v in detail["candidate_read"]] == [("A.", 1), ("B.", 1)]
    assert detail["same_texts"] is True and detail["candidate_texts"] is None
    assert detail["control_texts"] == {
        "statements_output": "A.\nB.",
        "statements": None,
        "grader_output": f"{FINAL} 1. Yes. 2. Yes.",
    }


def test_per_statement_markers_are_described_not_listed() -> None:
    grader = "1. A. Verdict: Yes\n2. B. Verdict: No\nNote: verdict: no means the context does not say it."
    record = line_of({"id": "p", "statements_output": "A.\nB.", "grader_output": grader})
    assert record["outcome"] != "match"
    detail = record["detail"]
    assert detail["control_read"] == []
    assert (
        detail["control_note"] == "2 statements; no final-verdict line, so it counted 2 'verdict: no' in the whole text"
    )


def test_json_verdicts_keep_their_reasons() -> None:
    grader = json.dumps(
        [{"statement": "A.", "reason": "in the context", "verdict": 1}, {"statement": "B.", "verdict": 0}]
    )
    record = line_of({"id": "j", "statements_output": "A.\nB.", "grader_output": grader})
    read = record["detail"]["candidate_read"]
    assert read == [
        {"text": "A.", "verdict": 1, "reason": "in the context"},
        {"text": "B.", "verdict": 0, "reason": None},
    ]


def test_statements_given_as_a_list_are_kept_as_a_list() -> None:
    record = line_of({"id": "l", "statements": ["A.", "B."], "grader_output": f"{FINAL} 1. Yes. 2. Yes."})
    assert record["detail"]["control_texts"]["statements"] == ["A.", "B."]
    assert record["detail"]["control_texts"]["statements_output"] is None


def test_each_arm_shows_its_own_recording_and_a_failed_call_none() -> None:
    by_id = {case.id: case for case in load_cases(bundled_corpus())}
    comparer = CaseComparer(get_scorer("legacy"), get_scorer("ragas"))
    flip = comparer.compare(by_id["recorded-prompts-differ-flip"])
    detail = json.loads(case_json_line(flip))["detail"]
    arms = by_id["recorded-prompts-differ-flip"].arms
    assert arms is not None
    legacy_arm, ragas_arm = arms.get("legacy"), arms.get("ragas")
    assert legacy_arm is not None and ragas_arm is not None
    assert detail["same_texts"] is False
    assert detail["control_texts"]["grader_output"] == legacy_arm.sample(0).grader_output
    assert detail["candidate_texts"]["grader_output"] == ragas_arm.sample(0).grader_output
    failed = comparer.compare(by_id["recorded-legacy-statements-rate-limited"])
    detail = json.loads(case_json_line(failed))["detail"]
    assert detail["control_texts"] is None  # the legacy arm's call failed: nothing was read
    assert detail["candidate_texts"] is not None and detail["same_texts"] is False


def test_the_league_keeps_no_detail() -> None:
    comparer = CaseComparer(get_scorer("legacy"), get_scorer("ragas"), detail=False)
    case = Case.model_validate({"id": "e", "statements_output": "A.\nB.", "grader_output": f"{FINAL} 1. Yes. 2. Yes."})
    comparison = comparer.compare(case)
    assert comparison.outcome.value == "flip" and comparison.detail is None


def test_no_detail_leaves_it_out_and_changes_nothing_else(tmp_path: Path) -> None:
    runner = CliRunner()
    for name, extra in (("with", []), ("without", ["--no-detail"])):
        result = runner.invoke(main, ["diff", "--out", str(tmp_path / name), "--jobs", "1", *extra])
        assert result.exit_code == 0, result.output
    with_lines = (tmp_path / "with" / "cases.jsonl").read_text(encoding="utf-8").splitlines()
    without_lines = (tmp_path / "without" / "cases.jsonl").read_text(encoding="utf-8").splitlines()
    assert sum('"detail": ' in line for line in with_lines) > 0
    assert not any('"detail": ' in line for line in without_lines)
    stripped = []
    for line in with_lines:
        record = json.loads(line)
        record.pop("detail", None)
        stripped.append(record)
    assert stripped == [json.loads(line) for line in without_lines]
    assert (tmp_path / "with" / "report.json").read_bytes() == (tmp_path / "without" / "report.json").read_bytes()


def test_the_page_holds_what_the_caps_allow(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["diff", "--out", str(tmp_path), "--html-cases", "5", "--html-mb", "1"])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    start = page.index('<script type="application/json" id="case-data">') + len(
        '<script type="application/json" id="case-data">'
    )
    rows = json.loads(page[start : page.index("</script>", start)])
    assert len(rows) == 5 and all(row["outcome"] != "match" for row in rows)  # differing cases first
    assert "The page holds 5 of the 364 cases" in page
