"""`diff --composite`: each case's composites on its cases.jsonl line, as report.json counts them,
and nothing else changed (without --composite the lines are as before)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from compat import load_cases
from compat.cases import Case, bundled_corpus
from compat.cli import main
from compat.composite import CompositeRule, load_rule
from compat.diff import (
    CaseComparer,
    CompositeAggregator,
    DiffSettings,
    Faithfulness,
    compose_case,
    composite_drift,
    line_composite,
    parse_case_line,
    run_diff,
)
from compat.diff._case_json import case_json_line, case_record
from compat.report import HeldCases, report_schema
from compat.scoring import get_scorer
from tests.composite.test_properties import answers, ground_truths, metric_sets, rules

RULES = "mean-3,unanswerable-aware"


def diff(out: Path, *options: str) -> tuple[dict[str, Any], list[str]]:
    result = CliRunner().invoke(main, ["diff", "--out", str(out), *options])
    assert result.exit_code == 0, result.stderr
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    return report, (out / "cases.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)


@pytest.fixture(scope="module")
def both(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], list[str], dict[str, Any], list[str]]:
    tmp = tmp_path_factory.mktemp("composite-lines")
    with_report, with_lines = diff(tmp / "with", "--composite", RULES)
    without_report, without_lines = diff(tmp / "without")
    return with_report, with_lines, without_report, without_lines


def _line_schema() -> dict[str, Any]:
    schema = report_schema()
    return {"$defs": schema["$defs"], "$ref": "#/$defs/CaseLine"}


def test_each_case_with_metrics_carries_both_composites_as_report_json_counts_them(
    both: tuple[dict[str, Any], list[str], dict[str, Any], list[str]],
) -> None:
    report, lines, _, _ = both
    metrics = {case.id for case in load_cases(bundled_corpus()) if case.metrics}
    validator = jsonschema.Draft202012Validator(_line_schema())
    composites: dict[str, dict[str, Any]] = {}
    for line in lines:
        record = json.loads(line)
        validator.validate(record)
        assert parse_case_line(line).composite is not None or "composite" not in record
        if "composite" in record:
            composites[record["id"]] = record["composite"]
    assert set(composites) == metrics and len(metrics) == report["composite"]["cases"] == 17
    counted = {outcome: 0 for outcome in report["composite"]["outcomes"]}
    for composite in composites.values():
        counted[composite["outcome"]] += 1
    assert counted == report["composite"]["outcomes"]
    causes: dict[str, int] = {}
    for composite in composites.values():
        if composite["cause"] is not None:
            causes[composite["cause"]] = causes.get(composite["cause"], 0) + 1
    assert causes == {row["cause"]: row["count"] for row in report["composite"]["causes"]}
    for row in report["composite"]["differing"]:
        line = composites[row["id"]]
        for key in ("outcome", "cause", "delta", "faithfulness_share", "rule_share", "reference", "answer_refusal"):
            assert line[key] == row[key], (row["id"], key)
        for side in ("old", "new"):
            assert line[side]["score"] == row[f"{side}_score"] and line[side]["passed"] == row[f"{side}_passed"]
            assert line[side]["unanswerable"] == row["unanswerable"][side]
            assert line[side]["adjusted"] == row["adjusted"][side]
            assert line[side]["undetermined_by"] == row["undetermined_by"][side]


def test_a_composite_is_the_weighted_mean_of_the_parts_its_line_lists(
    both: tuple[dict[str, Any], list[str], dict[str, Any], list[str]],
) -> None:
    _, lines, _, _ = both
    thresholds = {"old": load_rule("mean-3").threshold, "new": load_rule("unanswerable-aware").threshold}
    seen = 0
    for line in lines:
        composite = json.loads(line).get("composite")
        if composite is None:
            continue
        for side in ("old", "new"):
            found = composite[side]
            used = [part for part in found["parts"] if not part["omitted"]]
            if found["score"] is None:
                assert any(part["value"] is None for part in used) and found["undetermined_by"] is not None
                continue
            mean = sum(part["weight"] * part["value"] for part in used) / sum(part["weight"] for part in used)
            assert found["score"] == pytest.approx(mean) and found["passed"] == (mean >= thresholds[side])
            changed = [part["metric"] for part in found["parts"] if part["value"] != part["before"]]
            assert not changed or found["adjusted"]  # a value moves only where the rule adjusted the case
            seen += 1
    assert seen >= 30


def test_the_composite_is_only_added_to_the_lines(
    both: tuple[dict[str, Any], list[str], dict[str, Any], list[str]],
) -> None:
    with_report, with_lines, without_report, without_lines = both
    assert len(with_lines) == len(without_lines)
    added = 0
    for with_line, without_line in zip(with_lines, without_lines, strict=True):
        record = json.loads(with_line)
        composite = record.pop("composite", None)
        if composite is None:
            assert with_line == without_line  # byte for byte
        else:
            assert with_line.startswith(without_line[:-2] + ', "composite": {') and record == json.loads(without_line)
            added += 1
    assert added == 17
    assert without_report["composite"] is None and with_report["composite"] is not None
    assert {**with_report, "composite": None} == without_report  # largest_drifts as before: no composite


def test_the_fast_line_is_json_dumps_of_the_record_with_a_composite() -> None:
    comparer = CaseComparer(
        get_scorer("legacy"),
        get_scorer("ragas"),
        composite=(load_rule("seed-004"), load_rule("unanswerable-aware")),
    )
    cases = [case for case in load_cases(bundled_corpus()) if case.metrics]
    plain = Case(id="plain", statements=["A."], grader_output="Final verdict for each statement in order: Yes.")
    for case in [*cases, plain]:
        comparison = comparer.compare(case)
        assert (comparison.composite is None) == (case is plain)
        assert case_json_line(comparison) == json.dumps(case_record(comparison), ensure_ascii=True) + "\n", case.id


def test_the_page_holds_cases_whose_composite_moved_among_the_differing() -> None:
    held = HeldCases(limit=2)
    held.add(["a\n", "b\n", "c\n", "d\n"], ["match", "match", "match", "drift"], [False, True, False, False])
    assert held.lines() == ["b\n", "d\n"]
    plain = HeldCases(limit=2)
    plain.add(["a\n", "b\n", "c\n", "d\n"], ["match", "match", "match", "drift"])
    assert plain.lines() == ["a\n", "d\n"]


def test_a_capped_page_still_holds_every_case_whose_composite_moved(tmp_path: Path) -> None:
    # 258 cases differ in faithfulness; 7 of the 12 whose composite moved (one undetermined under both
    # rules) match in faithfulness.
    report, lines = diff(tmp_path, "--composite", RULES, "--html-cases", "265")
    records = [json.loads(line) for line in lines]
    moved = {record["id"] for record in records if record.get("composite", {}).get("outcome", "match") != "match"}
    quiet = {record["id"] for record in records if record["id"] in moved and record["outcome"] == "match"}
    assert len(moved) == 12 and len(quiet) == 7
    assert report["corpus"]["cases"] - report["outcomes"]["match"] == 258
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    data = json.loads(page.split('<script type="application/json" id="case-data">')[1].split("</script>")[0])
    held = {row["id"] for row in data}
    assert len(held) == 265 and moved <= held
    assert "(every differing case first, and every case whose composite moved, then matches)" in page


def _within(shown: Any, real: Any) -> bool:
    """Every key ``shown`` has, ``real`` has with the same value (the page may cut a section)."""
    if isinstance(shown, dict):
        return isinstance(real, dict) and all(key in real and _within(shown[key], real[key]) for key in shown)
    return bool(shown == real)


def test_the_line_composite_page_shows_is_real(
    both: tuple[dict[str, Any], list[str], dict[str, Any], list[str]],
) -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "composite.md").read_text(encoding="utf-8")
    block = page.split("```text\n", 1)[1].split("```", 1)[0]
    shown = json.loads(block.replace(", ...}", "}"))
    _, lines, _, _ = both
    real = next(json.loads(line)["composite"] for line in lines if '"unanswerable-policy-relevancy-overridden"' in line)
    assert _within(shown, real) and shown["new"] == real["new"]


# Grader outputs as graders write them: verdicts legacy and the fixed scorer read alike or not, a
# refusal (legacy 1.0, the fixed scorer undetermined), more "no"s than statements (legacy negative).
GRADER_OUTPUTS = [
    "Final verdict for each statement in order: Yes. Yes.",
    "Final verdict for each statement in order: Yes. No.",
    '[{"statement": "A.", "verdict": 1}, {"statement": "B.", "verdict": 0}]',
    "I apologize, but I cannot evaluate these statements.",
    "Final verdict for each statement in order: No. No. No.",
]


@given(
    rules(),
    rules(),
    metric_sets,
    ground_truths,
    answers,
    st.sampled_from(GRADER_OUTPUTS),
)
def test_a_line_carries_the_composite_the_report_makes_of_its_case(
    old: CompositeRule,
    new: CompositeRule,
    metrics: dict[str, float | None],
    reference: str,
    answer: str | None,
    grader_output: str,
) -> None:
    case = Case(
        id="drawn",
        statements=["A.", "B."],
        grader_output=grader_output,
        reference=reference,
        answer=answer,
        metrics=metrics or {"answer_correctness": None},  # with metrics: the composite's cases
    )
    comparer = CaseComparer(get_scorer("legacy"), get_scorer("ragas"), composite=(old, new))
    line = case_json_line(comparer.compare(case))
    composite = parse_case_line(line).composite
    assert composite is not None
    drift = composite_drift([case], dict([line_composite(line)[:2]]), old, new)
    assert drift.outcomes[composite.outcome] == 1
    if composite.cause is None:
        assert composite.outcome == "match" and drift.differing == []
        return
    [row] = drift.differing
    assert (row.outcome, row.cause, row.delta, row.old_score, row.new_score) == (
        composite.outcome,
        composite.cause,
        composite.delta,
        composite.old.score,
        composite.new.score,
    )
    assert (row.faithfulness_share, row.rule_share, row.reference) == (
        composite.faithfulness_share,
        composite.rule_share,
        composite.reference,
    )
    assert row.undetermined_by == {"old": composite.old.undetermined_by, "new": composite.new.undetermined_by}


def test_the_composites_are_the_same_whatever_the_jobs_and_kept_without_detail(
    tmp_path: Path, both: tuple[dict[str, Any], list[str], dict[str, Any], list[str]]
) -> None:
    _, lines, _, _ = both
    one = diff(tmp_path / "one", "--composite", RULES, "--jobs", "1")[1]
    three = diff(tmp_path / "three", "--composite", RULES, "--jobs", "3")[1]  # rules pickled to the processes
    assert one == three and [json.loads(line).get("composite") for line in one] == [
        json.loads(line).get("composite") for line in lines
    ]
    brief = diff(tmp_path / "brief", "--composite", RULES, "--no-detail")[1]
    assert [json.loads(line).get("composite") for line in brief] == [json.loads(line).get("composite") for line in one]


@pytest.fixture(scope="module")
def bundled_faithfulness() -> tuple[list[Case], dict[str, Faithfulness]]:
    lines: list[str] = []
    run_diff(bundled_corpus(), DiffSettings(), on_comparisons=lambda batch: lines.extend(batch.lines))
    scores = {item.case_id: item.faithfulness for item in map(line_composite, lines)}
    return load_cases(bundled_corpus()), scores


@given(st.lists(st.integers(0, 364), max_size=8), st.sampled_from(["mean-3", "seed-004", "unanswerable-aware"]))
def test_the_composite_folded_in_any_cut_and_merged_in_order_is_the_one_pass(
    bundled_faithfulness: tuple[list[Case], dict[str, Faithfulness]], cuts: list[int], old_name: str
) -> None:
    """What a block or a Dask piece folds, merged in corpus order, is the drift of one pass over the corpus."""
    cases, scores = bundled_faithfulness
    old, new = load_rule(old_name), load_rule("unanswerable-aware")
    edges = [0, *sorted(cuts), len(cases)]
    merged = CompositeAggregator(old, new)
    for start, end in itertools.pairwise(edges):
        piece = CompositeAggregator(old, new)
        for case in cases[start:end]:
            if case.metrics:
                piece.add(compose_case(case, scores.get(case.id, Faithfulness(None, None)), old, new, 1e-9))
            else:
                piece.add_without_metrics()
        merged.merge(piece)
    assert merged.drift() == composite_drift(cases, scores, old, new)
