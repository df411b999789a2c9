"""The drift of a composite score between two rules: outcomes, causes, the split between the
faithfulness scorer and the rule, and `faithcompat diff --composite` end to end."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from compat.cases import Case
from compat.cli import main
from compat.composite import load_rule
from compat.diff import CompositeCause, Faithfulness, composite_drift
from compat.report import report_schema

ROOT = Path(__file__).resolve().parents[2]
SEED = {"answer_correctness": 1.0, "context_relevancy": 0.0, "context_recall": 1.0}


def case(
    case_id: str, reference: str, metrics: dict[str, float | None], answer: str = "No information available."
) -> Case:
    return Case(
        id=case_id, statements=[], grader_output="", reference=reference, answer=answer, metrics=metrics, tags=["t"]
    )


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def test_each_cause_is_named_where_it_applies() -> None:
    cases = [
        case("adjusted", "No information available", SEED),
        case("full-stop", "No information available.", SEED),
        case("overridden", "not available", {**SEED, "context_relevancy": 0.5}),
        case("answerable", "Paris", {**SEED, "context_relevancy": 0.9}, answer="Paris"),
        case("unmeasured", "Paris", {**SEED, "answer_correctness": None}),
        case("no-metrics", "Paris", {}),
    ]
    drift = composite_drift(cases, {}, load_rule("seed-004"), load_rule("unanswerable-aware"))
    causes = {row.cause: row.examples for row in drift.causes}
    assert causes == {
        CompositeCause.UNANSWERABLE_NOT_DETECTED.value: ["full-stop"],
        CompositeCause.METRIC_UNDETERMINED.value: ["unmeasured"],  # undetermined under both rules
    }
    assert drift.outcomes["match"] == 3 and drift.outcomes["flip"] == 1 and drift.without_metrics == 1
    assert drift.outcomes["both_undetermined"] == 1
    drift = composite_drift(cases, {}, load_rule("mean-3"), load_rule("seed-004"))
    causes = {row.cause: row.examples for row in drift.causes}
    assert causes == {
        "unanswerable_adjusted": ["adjusted"],
        "relevancy_overridden": ["overridden"],
        "metric_undetermined": ["unmeasured"],
    }
    assert drift.missed == 1 and drift.missed_examples == ["full-stop"]  # the seed's phrases miss it
    assert drift.flip_matrix["fail"]["pass"] == 1 and drift.flip_matrix["undetermined"]["undetermined"] == 1
    assert drift.unexplained == 0 and drift.cohorts[0].cases == 5


FOUR = """
name = "{name}"
threshold = 0.7
[metrics]
answer_correctness = 1
context_relevancy = 1
context_recall = 1
faithfulness = 1
"""
AWARE = """
[unanswerable]
phrases = ["no information available"]
match = "normalised"
answer_refusal = true
answer_phrases = ["no information"]
faithfulness = "omit"
"""


def rules(tmp_path: Path) -> tuple[Path, Path]:
    old, new = tmp_path / "mean-4.toml", tmp_path / "aware-4.toml"
    old.write_text(FOUR.format(name="mean-4"), encoding="utf-8")
    new.write_text(FOUR.format(name="aware-4") + AWARE, encoding="utf-8")
    return old, new


def test_the_change_is_split_between_the_faithfulness_scorer_and_the_rule(tmp_path: Path) -> None:
    old_path, new_path = rules(tmp_path)
    old, new = load_rule(str(old_path)), load_rule(str(new_path))
    answerable = {**SEED, "context_relevancy": 1.0}
    cases = [
        case("scorer-only", "Paris", answerable, answer="Paris is in France."),
        case("refusal", "No information available", SEED),
    ]
    faithfulness = {"scorer-only": Faithfulness(1.0, 0.6), "refusal": Faithfulness(0.0, None)}
    drift = composite_drift(cases, faithfulness, old, new)
    rows = {row.id: row for row in drift.differing}
    # scorer-only: (1+1+1+1)/4 -> (1+1+1+0.6)/4, all of it the faithfulness scorer's change.
    assert rows["scorer-only"].cause == CompositeCause.FAITHFULNESS_CHANGED.value
    assert rows["scorer-only"].faithfulness_share == pytest.approx(-0.1)
    assert rows["scorer-only"].rule_share == pytest.approx(0.0)
    # refusal: legacy's 'No output' 0 counts in the old mean (0.5); the candidate is undetermined, which
    # the new rule leaves out for a correct 'no information' answer and lifts relevancy: 1.0.
    assert rows["refusal"].old_score == pytest.approx(0.5) and rows["refusal"].new_score == pytest.approx(1.0)
    assert rows["refusal"].faithfulness_share is None  # the middle (old rule, candidate faithfulness) is undetermined
    assert drift.faithfulness == "old: the control, new: the candidate"
    assert drift.split.cases == 1 and drift.split.faithfulness == pytest.approx(-0.1)


def test_faithfulness_undetermined_is_named(tmp_path: Path) -> None:
    old_path, _ = rules(tmp_path)
    old = load_rule(str(old_path))
    cases = [case("undetermined", "Paris", {**SEED, "context_relevancy": 1.0}, answer="Paris.")]
    drift = composite_drift(cases, {"undetermined": Faithfulness(1.0, None)}, old, old)
    assert [row.cause for row in drift.causes] == [CompositeCause.FAITHFULNESS_UNDETERMINED.value]
    assert drift.outcomes["new_undetermined"] == 1


def test_diff_composite_writes_the_four_reports_explained_by_cause(tmp_path: Path) -> None:
    code, stdout, _ = invoke("diff", "--out", str(tmp_path), "--composite", "mean-3,unanswerable-aware")
    assert code == 0
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    jsonschema.validate(report, report_schema())
    composite = report["composite"]
    assert composite["cases"] == 17 and composite["unexplained"] == 0
    assert {row["cause"]: row["count"] for row in composite["causes"]} == {
        "unanswerable_adjusted": 9,
        "metric_undetermined": 2,  # one of them undetermined under both rules
        "relevancy_overridden": 1,
    }
    assert composite["outcomes"]["both_undetermined"] == 1 and composite["outcomes"]["match"] == 5
    assert composite["verdict"] in stdout
    markdown = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert "### Composite: `mean-3` → `unanswerable-aware`" in markdown and "`relevancy_overridden`" in markdown
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert 'id="s-composite"' in page and "unanswerable-policy-relevancy-overridden" in page


def test_without_composite_the_report_has_none(tmp_path: Path) -> None:
    assert invoke("diff", "--out", str(tmp_path))[0] == 0
    assert json.loads((tmp_path / "report.json").read_text(encoding="utf-8")).get("composite") is None


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("mean-3", "give two rules, OLD,NEW"),
        ("mean-3,mean-5", "unknown composite rule 'mean-5'"),
        ("mean-3,missing.toml", "missing.toml: cannot read"),
    ],
)
def test_a_bad_composite_option_exits_2_with_one_line(tmp_path: Path, value: str, message: str) -> None:
    code, _, stderr = invoke("diff", "--out", str(tmp_path / "out"), "--composite", value)
    assert code == 2 and message in stderr and "Traceback" not in stderr
    assert not (tmp_path / "out").exists()  # failed before the corpus: nothing written


def test_a_bad_rule_file_names_its_key(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('name = "bad"\nthreshold = 2\n[metrics]\nanswer_correctness = 1\n', encoding="utf-8")
    code, _, stderr = invoke("diff", "--out", str(tmp_path / "out"), "--composite", f"mean-3,{path}")
    assert code == 2 and f"{path}: threshold: Input should be less than or equal to 1" in stderr


def test_composite_reads_standard_input_as_it_reads_files(tmp_path: Path) -> None:
    """The composite is folded as the cases are compared: the corpus is read once, so `-` works."""
    corpus = ROOT / "fixtures" / "corpus" / "unanswerable.jsonl"
    runner = CliRunner()
    piped = runner.invoke(
        main,
        ["diff", "-", "--out", str(tmp_path / "piped"), "--composite", "mean-3,seed-004", "--format", "json"],
        input=corpus.read_text(encoding="utf-8"),
    )
    named = runner.invoke(
        main,
        ["diff", str(corpus), "--out", str(tmp_path / "named"), "--composite", "mean-3,seed-004", "--format", "json"],
    )
    assert piped.exit_code == named.exit_code == 0, piped.stderr
    assert json.loads(piped.stdout)["composite"] == json.loads(named.stdout)["composite"]
    assert json.loads(piped.stdout)["composite"]["cases"] == 17
    piped_lines = (tmp_path / "piped" / "cases.jsonl").read_bytes()
    assert piped_lines == (tmp_path / "named" / "cases.jsonl").read_bytes() and b'"composite": {' in piped_lines


def test_a_golden_composite_that_does_not_hold_is_listed_and_blocks_the_rollout() -> None:
    from compat.diff import DiffSettings, DriftReport, run_diff
    from compat.rollout import Recommendation, decide, load_policy

    wrong = Case(
        id="wrong",
        statements=[],
        grader_output="",
        reference="No information available.",
        metrics=SEED,
        expected_composite={"seed-004": {"score": 1.0, "adjusted": True}, "mean-3": {"passed": False}},
    )
    drift = composite_drift([wrong], {}, load_rule("mean-3"), load_rule("seed-004"))
    assert (drift.expectations.checked, drift.expectations.failed) == (1, 1)
    assert drift.expectations.failures == [
        "wrong: seed-004.score expected 1.0, got 0.6666666666666666",
        "wrong: seed-004.adjusted expected True, got False",
    ]
    report: DriftReport = run_diff([ROOT / "fixtures" / "corpus" / "clean.jsonl"], DiffSettings())
    decision = decide(report.model_copy(update={"composite": drift}), load_policy(None).rollout)
    failing = [criterion.name for criterion in decision.criteria if not criterion.holds]
    assert "composite expected-outcome failures" in failing and decision.verdict is Recommendation.NO_GO


def test_undetermined_under_both_rules_is_its_own_outcome_not_a_match() -> None:
    """The trial: a case with context_recall null on both sides was a match, while the matrix showed it
    undetermined -> undetermined and the rollout's composite undetermined rate counted it."""
    from compat.diff import DiffSettings, DriftReport, run_diff
    from compat.rollout import decide, load_policy

    cases = [
        case("unmeasured", "Paris", {**SEED, "context_recall": None}, answer="Paris."),
        case("same", "Paris", {**SEED, "context_relevancy": 1.0}, answer="Paris."),
    ]
    drift = composite_drift(cases, {}, load_rule("mean-3"), load_rule("mean-3"))
    assert drift.outcomes == {
        "match": 1,
        "drift": 0,
        "flip": 0,
        "old_undetermined": 0,
        "new_undetermined": 0,
        "both_undetermined": 1,
    }
    counted = "1 match, 0 drift, 0 flip, 0 old undetermined, 0 new undetermined, 1 both undetermined"
    assert drift.verdict.endswith(counted)
    assert drift.flip_matrix["undetermined"]["undetermined"] == 1
    assert [(row.id, row.outcome, row.cause) for row in drift.differing] == [
        ("unmeasured", "both_undetermined", CompositeCause.METRIC_UNDETERMINED.value)
    ]
    assert drift.cohorts[0].agreement == 0.5  # one match of two: the undetermined one does not agree
    report: DriftReport = run_diff([ROOT / "fixtures" / "corpus" / "clean.jsonl"], DiffSettings())
    decision = decide(report.model_copy(update={"composite": drift}), load_policy(None).rollout)
    rate = next(c for c in decision.criteria if c.name == "composite undetermined rate")
    assert rate.measured == 0.5 and not rate.holds
    assert rate.note == (
        "1 of 2 cases with metrics have no new composite: 0 new undetermined, 1 undetermined under both rules"
    )
